#!/bin/bash
# the current tree's full-shape diffusers goldens (make_golden.py --set full on the card, then six
# --golden-only shards side by side); the build stays for the next job (the sanitizer suite)
R=/tmp/r; mkdir -p $R; cp .devrun/run309.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
free -g >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1 ) &
PP=$!
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PP
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
TL=$(( 540 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PIDS=""
for k in 0 1 2 3 4 5; do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-shard $k/6 > $R/golden_$k.txt 2>&1; echo "golden $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PIDS="$PIDS $!"
done
wait $PIDS
cat $R/times.txt | tr '\n' ';'; echo
for k in 0 1 2 3 4 5; do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep -m3 '^FAIL' $R/golden_$k.txt; done
gzip -9 $R/build.log $R/golden_*.txt $R/golden_make.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
