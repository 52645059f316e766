#!/bin/bash
# full-shape diffusers goldens on the tile-walk tree (the SD2.1 96x96 b2 transformer's ff2 takes the FP16 walk);
# first the FP16 heuristic against tuning at the K >= 2560 linears (walk auto), and SD2.1 768 px b2 UNet steps m / auto
R=/tmp/r; mkdir -p $R/perf; cp .devrun/run292.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
(make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
BP=$!
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1; python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
(python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1 && \
 python3 tests/golden/make_golden.py --set unet-full --out build/golden-full --device cuda >> $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt)
wait $BP
cat $R/times.txt
B=build/unetrun
t=$(date +%s)
for s in 8192x640x2560 4608x640x2560 2048x640x2560 8192x1280x5120 2048x1280x5120 18432x320x1280; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for ks in heuristic tune; do
    timeout 40 $B --block gemm --m $M --n $N --k $K --epilogue residual --kernel-select $ks --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/perf/fp16_${ks}_$s.json > $R/perf/fp16_${ks}_$s.txt 2>&1
    echo "fp16 $ks $s rc=$?" >> $R/perf.txt
  done
done
for rep in 1 2; do for w in m auto; do
  timeout 90 $B --unet sd21 --latent 96 --batch 2 --kernel-select heuristic --ref none --tile-walk $w --json $R/perf/unet_sd21_b2_${w}_$rep.json > $R/perf/unet_sd21_b2_${w}_$rep.txt 2>&1
  echo "unet $w $rep rc=$? $(grep -E '^block \(graph|^unet \(graph|graph replay' $R/perf/unet_sd21_b2_${w}_$rep.txt | head -1)" >> $R/perf.txt
done; done
echo "perf $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/perf.txt
(cd /tmp && tar czf $OUT/all.tgz r)
N=6; TL=$(( 560 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
for k in $(seq 0 $((N-1))); do
  ( t=$(date +%s); timeout $TL build/test_gpu $B --golden-only --golden build/golden-full --golden-shard $k/$N > $R/golden_$k.txt 2>&1; echo "shard $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
done
wait
cat $R/times.txt
for k in $(seq 0 $((N-1))); do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep '^FAIL' $R/golden_$k.txt | head -5; done
grep -h '^golden ' $R/golden_*.txt | grep -v 'golden cases' | wc -l
gzip -9 $R/build.log $R/golden_*.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
