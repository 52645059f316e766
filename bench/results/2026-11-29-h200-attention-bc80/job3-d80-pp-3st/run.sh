#!/bin/bash
# d = 80 Bc128 with three ring stages in the ping-pong and overlapped schedules (probe; the two-stage ones starve?):
# every d80 variant by bench_attention at 1024 x 1024 b2 / b1 twice, kernel busy times by the CUPTI trace
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/kt; cp .devrun/run328.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 280 $MK -j14 build/bench_attention build/unetrun build/libktrace.so > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for rep in 1 2; do
for s in "2 8 1024 1024 80" "1 8 1024 1024 80"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/${n}_$rep.txt 2>&1
  echo "$n $rep rc=$? $(grep -E 'best:' $R/ab/${n}_$rep.txt)" >> $R/ab.txt
done; done
cat $R/ab.txt; grep -h "3st\|Bc128 2st  \|Bc128 2st pp  " $R/ab/*.txt
CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_RAW=$R/kt/self2.raw timeout 60 build/unetrun --block attention --kind self --seq 1024 --heads 8 --head-dim 80 --batch 2 --vs cudnn --ref none > $R/kt/self2.log 2>&1
python3 - $R/kt/self2.raw > $R/kt.txt <<'PY'
import sys, collections, statistics
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split('\t')
    try: s, e = float(f[3]), float(f[4])
    except Exception: continue
    d[f[-1].strip()[:60]].append(e - s)
for k, v in d.items():
    if len(v) >= 20: print(f"  {statistics.median(v)/1000:8.2f} us busy (n={len(v)})  {k}")
PY
cat $R/kt.txt; grep -E "^attn" $R/kt/self2.log | head -3
gzip -9 $R/build.log $R/kt/*.raw
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
