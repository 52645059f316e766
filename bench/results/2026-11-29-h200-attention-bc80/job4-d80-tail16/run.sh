#!/bin/bash
# d = 80 rows as 64 + 16 columns in shared memory (the 16 in a 32-byte-swizzled chunk): Bc128 stages of 40 KB, so
# the ping-pong kernel gets 3-5 ring stages; pp 4st first in the d80 list. Attention suite, every d80 variant by
# bench_attention twice, CUPTI busy times, the d80 sanitizer runs, the sweep of all 28 twice, the goldens' fast pass
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/kt; cp .devrun/run329.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
  t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PG=$!
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 280 $MK -j14 build/bench_attention build/unetrun build/test_gpu build/libktrace.so build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
wait $PG
for rep in 1 2; do
for s in "2 8 1024 1024 80" "1 8 1024 1024 80" "2 8 1024 77 80" "1 8 1024 77 80" "1 8 2304 2304 80"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/${n}_$rep.txt 2>&1
  echo "$n $rep rc=$? $(grep -E 'best:' $R/ab/${n}_$rep.txt)" >> $R/ab.txt
done; done
cat $R/ab.txt
for b in 1 2; do
CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_RAW=$R/kt/self$b.raw timeout 60 build/unetrun --block attention --kind self --seq 1024 --heads 8 --head-dim 80 --batch $b --vs cudnn --ref none > $R/kt/self$b.log 2>&1
python3 - $R/kt/self$b.raw >> $R/kt.txt <<'PY'
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
done
cat $R/kt.txt; gzip -9 $R/kt/*.raw
for rep in 1 2; do timeout 100 sh bench/attention.sh $R/sweep$rep > $R/sweep$rep.txt 2>&1; echo "sweep$rep rc=$?" >> $R/times.txt; done
timeout 60 build/unetrun --block attention --kind self --seq 1024 --heads 8 --head-dim 80 --batch 2 --vs cudnn --kernel-select heuristic > $R/heur_d80_b2.txt 2>&1
grep -h "d80" $R/sweep1.txt $R/sweep2.txt; grep -E "^attn" $R/heur_d80_b2.txt
(cd /tmp && tar czf $OUT/all.tgz r)
TL=$(( 570 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PIDS=""
for k in 0 1 2 3 4 5; do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-pass fast --golden-shard $k/6 > $R/golden_$k.txt 2>&1; echo "golden fast $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PIDS="$PIDS $!"
done
( t=$(date +%s); SANITIZE_JOBS=6 SANITIZE_ONLY='attention' SANITIZE_LOG=$R/sanitize_attention.log timeout $TL sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize attention rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PIDS="$PIDS $!"
wait $PIDS
for k in 0 1 2 3 4 5; do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep -m3 '^FAIL' $R/golden_$k.txt; done
tail -n2 $R/sanitize.txt; grep -m5 FAIL $R/sanitize.txt
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log $R/golden_*.txt $R/golden_make*.log $R/attn_test.txt $R/sanitize_attention.log* 2>/dev/null
(cd /tmp && tar czf $OUT/all.tgz r)
