#!/bin/bash
# Bc80 at d = 80 kept (the heuristic's pick for contexts of <= 80 tokens): the attention sweep twice, the SD1.5
# 640-channel transformer blocks (the cross-attention 1024 x 77 in place), the full-shape diffusers goldens in six
# shards beside the attention sanitizer runs, then the attention suite
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run327.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
  t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  t=$(date +%s); timeout 100 python3 tests/golden/make_golden.py --set unet-full --out build/golden-full --device cuda > $R/golden_make_unet.log 2>&1; echo "golden make unet rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PG=$!
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j13 build/bench_attention build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PG
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do timeout 100 sh bench/attention.sh $R/sweep$rep > $R/sweep$rep.txt 2>&1; echo "sweep$rep rc=$?" >> $R/times.txt; done
for b in 1 2; do timeout 60 build/unetrun --block transformer --c 640 --hw 32 --batch $b --vs cudnn --json $R/tf640_b$b.json > $R/tf640_b$b.txt 2>&1; echo "tf640 b$b rc=$?" >> $R/times.txt; done
echo "sweeps $(( $(date +%s) - t )) s" >> $R/times.txt; grep -h "d80" $R/sweep1.txt $R/sweep2.txt; grep -E "^(total|attn2|transformer)" $R/tf640_b*.txt | head
(cd /tmp && tar czf $OUT/all.tgz r)
TL=$(( 560 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PIDS=""
for k in 0 1 2 3 4 5; do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-shard $k/6 > $R/golden_$k.txt 2>&1; echo "golden $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PIDS="$PIDS $!"
done
( t=$(date +%s); SANITIZE_JOBS=6 SANITIZE_ONLY='attention' SANITIZE_LOG=$R/sanitize_attention.log timeout $TL sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize attention rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PIDS="$PIDS $!"
wait $PIDS
for k in 0 1 2 3 4 5; do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep -m3 '^FAIL' $R/golden_$k.txt; done
tail -n3 $R/sanitize.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 30 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log $R/golden_*.txt $R/golden_make*.log $R/attn_test.txt $R/sanitize_attention.log 2>/dev/null
(cd /tmp && tar czf $OUT/all.tgz r)
