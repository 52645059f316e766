#!/bin/bash
# issue 16's GEMM targets on the final tree (H200): INT8 row scheme against the FP16 engine, tuned, at 4096^3,
# the feed-forward shapes (two rounds) and the 19 SD1.5 batch-2 linears
R=/tmp/r; mkdir -p $R; cp .devrun/run288.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 240 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for r in 1 2; do
  t=$(date +%s); PRECS="int8-row fp16" SHAPES="4096x4096x4096 2048x10240x1280 8192x10240x1280 2048x1280x5120 8192x1280x5120" timeout 150 sh bench/gemm.sh $R/ff$r > $R/ff$r.txt 2>&1; echo "ff round $r rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  (cd /tmp && tar czf $OUT/all.tgz r)
done
t=$(date +%s); PRECS="int8-row fp16" SHAPES=sd15-b2 timeout $(( 540 - ($(date +%s) - T0) )) sh bench/gemm.sh $R/sd15 > $R/sd15.txt 2>&1; echo "sd15 rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt
for d in ff1 ff2 sd15; do echo "== $d"; [ -f $R/$d/summary.csv ] && cat $R/$d/summary.csv | cut -c1-160; done
gzip -9 $R/build.log; cd /tmp && tar czf $OUT/all.tgz r
