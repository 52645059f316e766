#!/bin/bash
# the committed tree plus d = 40 Br256 Bc80 (the heuristic's pick at contexts of <= 80 tokens): attention suite,
# heuristic d40 cross nodes, the d40 sweep shapes, the goldens' fast pass beside the attention sanitizer runs
R=/tmp/r; rm -rf $R; mkdir -p $R/node; cp .devrun/run338.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
  t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PG=$!
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 280 $MK -j14 build/bench_attention build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
for s in "4096 77 1" "4096 77 2" "9216 77 2"; do set -- $s
  n=d40_cross_$1x$2_b$3
  timeout 60 build/unetrun --block attention --kind cross --seq $1 --kv $2 --heads 8 --head-dim 40 --batch $3 --vs cudnn --check --kernel-select heuristic --json $R/node/$n.json > $R/node/$n.txt 2>&1
  echo "$n rc=$? $(grep -A3 '^node.*vendor kernel' $R/node/$n.txt | grep attn | tr -s ' ') | $(grep -E '^attn' $R/node/$n.txt | head -1 | tr -s ' ' | cut -d' ' -f2-12)" >> $R/node.txt
done
cat $R/node.txt
t=$(date +%s); ONLY='d40' timeout 60 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
for f in $R/sweep/*.txt; do echo "$(basename $f .txt) $(grep -A3 '^node.*vendor kernel' $f | grep attn | tr -s ' ' | cut -d' ' -f5-9) | $(grep -E '^attn' $f | head -1 | tr -s ' ' | cut -d' ' -f2-10)"; done
wait $PG
(cd /tmp && tar czf $OUT/all.tgz r)
TL=$(( 560 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
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
gzip -9 $R/build.log $R/golden_*.txt $R/golden_make*.log $R/attn_test.txt $R/sanitize_attention.log* $R/node/*.json $R/sweep/* 2>/dev/null
(cd /tmp && tar czf $OUT/all.tgz r)
