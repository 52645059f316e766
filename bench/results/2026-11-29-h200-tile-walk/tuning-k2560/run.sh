#!/bin/bash
# FP16 tuning tables (--verbose: every candidate's time) at the K >= 2560 ff2 GEMMs of SD1.5 / SD2.1 / SDXL at
# b1 / b2 (residual epilogue, walk auto) with the heuristic's pick beside them; then issue 16's targets, FP16
# and INT8 row, both tuned, in one job
R=/tmp/r; mkdir -p $R/tt $R/i16; cp .devrun/run293.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
B=build/unetrun; P="--peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
for s in 1024x640x2560 2048x640x2560 2304x640x2560 4096x640x2560 4608x640x2560 8192x640x2560 9216x640x2560 256x1280x5120 512x1280x5120 576x1280x5120 1024x1280x5120 1152x1280x5120 2048x1280x5120 4096x1280x5120; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 40 $B --block gemm --m $M --n $N --k $K --epilogue residual --ref none $P --verbose --json $R/tt/tune_$s.json > $R/tt/tune_$s.txt 2> $R/tt/tune_$s.err
  echo "tune $s rc=$?" >> $R/tt.txt
  timeout 40 $B --block gemm --m $M --n $N --k $K --epilogue residual --ref none $P --kernel-select heuristic --json $R/tt/heur_$s.json > $R/tt/heur_$s.txt 2>&1
  echo "heur $s rc=$?" >> $R/tt.txt
done
echo "tt $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for s in 4096x4096x4096 2048x10240x1280 8192x10240x1280 2048x1280x5120 8192x1280x5120; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for p in fp16 int8-row; do
    f=""; [ $p = int8-row ] && f="--linear int8 --int8-scales row"
    timeout 40 $B --block gemm --m $M --n $N --k $K $f --check --json $R/i16/${p}_$s.json > $R/i16/${p}_$s.txt 2>&1
    echo "$p $s rc=$?" >> $R/i16.txt
  done
done
echo "i16 $(( $(date +%s) - t )) s, total $(( $(date +%s) - T0 )) s" >> $R/times.txt
cat $R/times.txt $R/tt.txt $R/i16.txt | tr '\n' ';'
gzip -9 $R/build.log $R/tt/*.err 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
