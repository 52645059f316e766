#!/bin/bash
# full-shape diffusers goldens, fast pass (the default kernels), on the tree with the ping-pong rule past K = 2048
R=/tmp/r; mkdir -p $R; cp .devrun/run296.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
(make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
BP=$!
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1; python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
(python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt)
wait $BP
N=6; TL=$(( 250 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
for k in $(seq 0 $((N-1))); do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-pass fast --golden-shard $k/$N > $R/golden_$k.txt 2>&1; echo "shard $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
done
wait
cat $R/times.txt | tr '\n' ';'; echo
for k in $(seq 0 $((N-1))); do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep '^FAIL' $R/golden_$k.txt | head -3; done
gzip -9 $R/build.log $R/golden_*.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
