#!/bin/bash
# the whole-UNet goldens (make_golden.py --set unet-full: the SD1.5 UNet at latent 64, batch 2; the committed tiny
# UNets) on the current tree: test_gpu --golden-only --golden-pass unet
R=/tmp/r3; mkdir -p $R; cp .devrun/run311.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
( [ -d /tmp/site/diffusers ] || { python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site; } ) > $R/pip.log 2>&1 &
PP=$!
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PP
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set unet-full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); timeout 240 build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-pass unet > $R/golden_unet.txt 2>&1; echo "golden unet rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt; tail -n 12 $R/golden_unet.txt
gzip -9 $R/build.log $R/golden_make.log 2>/dev/null; cd /tmp && tar czf $OUT/all.tgz r3
