#!/bin/bash
# the committed tree (d80: pp sk 4st the stream-K pick, Bc80 pp before serial; d160: 64-row CTAs weighed past 256
# tokens): attention suite, the heuristic's d80 nodes at 1024 / 2304 tokens, the sweep of the 28 shapes, the goldens'
# fast pass (six shards)
R=/tmp/r; rm -rf $R; mkdir -p $R/node; cp .devrun/run336.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
  t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PG=$!
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 280 $MK -j14 build/bench_attention build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
wait $PG
for s in "self 2304 2304 1" "self 2304 2304 2" "cross 2304 77 1" "cross 2304 77 2" "cross 1024 77 2" "self 1024 1024 2"; do set -- $s
  n=d80_$1_$2x$3_b$4
  timeout 60 build/unetrun --block attention --kind $1 --seq $2 --kv $3 --heads 8 --head-dim 80 --batch $4 --vs cudnn --check --kernel-select heuristic --json $R/node/$n.json > $R/node/$n.txt 2>&1
  echo "$n rc=$? $(grep -A3 '^node.*vendor kernel' $R/node/$n.txt | grep attn | tr -s ' ') | $(grep -E '^attn' $R/node/$n.txt | head -1 | tr -s ' ' | cut -d' ' -f2-12)" >> $R/node.txt
done
cat $R/node.txt
t=$(date +%s); timeout 100 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
TL=$(( 570 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PIDS=""
for k in 0 1 2 3 4 5; do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-pass fast --golden-shard $k/6 > $R/golden_$k.txt 2>&1; echo "golden fast $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PIDS="$PIDS $!"
done
wait $PIDS
for k in 0 1 2 3 4 5; do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep -m3 '^FAIL' $R/golden_$k.txt; done
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log $R/golden_*.txt $R/golden_make*.log $R/attn_test.txt $R/node/*.json $R/sweep/* 2>/dev/null
(cd /tmp && tar czf $OUT/all.tgz r)
