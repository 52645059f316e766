#!/bin/bash
# d = 80 variants: Bc80 (one key tile for 77-key cross-attention), Bc128 with three ring stages, Bc64 with six
# (serial and ping-pong): every d80 variant timed by bench_attention at the four SD1.5 d80 shapes, the tuned
# unetrun nodes against cuDNN twice, kernel busy times by the CUPTI trace, then the attention suite
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/kt; cp .devrun/run326.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 280 $MK -j14 build/bench_attention build/unetrun build/libktrace.so > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do
for s in "2 8 1024 1024 80" "1 8 1024 1024 80" "2 8 1024 77 80" "1 8 1024 77 80"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/${n}_$rep.txt 2>&1
  echo "$n $rep rc=$? $(grep -E 'best:' $R/ab/${n}_$rep.txt)" >> $R/ab.txt
done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
t=$(date +%s)
for rep in 1 2; do ONLY='d80' timeout 100 sh bench/attention.sh $R/sweep$rep > $R/sweep$rep.txt 2>&1; echo "sweep$rep rc=$?" >> $R/times.txt; done
echo "sweeps $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/sweep1.txt $R/sweep2.txt
(cd /tmp && tar czf $OUT/all.tgz r)
for k in "self --seq 1024" "cross --seq 1024 --kv 77"; do for b in 1 2; do
  n=$(echo "$k $b" | tr -d ' -')
  CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_RAW=$R/kt/$n.raw KTRACE_REPORT=$R/kt/$n.txt timeout 60 build/unetrun --block attention --kind $k --heads 8 --head-dim 80 --batch $b --vs cudnn --ref none > $R/kt/$n.log 2>&1
  echo "ktrace $n rc=$?" >> $R/times.txt
  python3 - $R/kt/$n.raw >> $R/kt.txt <<'PY'
import sys, collections, statistics
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split('\t')
    try: s, e = float(f[3]), float(f[4])
    except Exception: continue
    d[f[-1].strip()[:60]].append(e - s)
print(sys.argv[1].split('/')[-1])
for k, v in d.items():
    if len(v) >= 20: print(f"  {statistics.median(v)/1000:8.2f} us busy (n={len(v)})  {k}")
PY
done; done
cat $R/kt.txt; head -3 $R/kt/*.raw | head -12
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 150 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
