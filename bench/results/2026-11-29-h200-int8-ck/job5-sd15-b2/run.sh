#!/bin/bash
# issue 16's SD1.5 batch-2 linears (19 shapes) on the tree with the ck tiles: INT8 row against FP16, both tuned,
# --check, two rounds
R=/tmp/r; mkdir -p $R; cp .devrun/run302.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for rep in 1 2; do
  t=$(date +%s)
  SHAPES=sd15-b2 PRECS="int8-row fp16" timeout 100 sh bench/gemm.sh $R/sd15_$rep --peak-tflops 700 --peak-gbps 4000 > $R/sd15_$rep.txt 2>&1
  echo "round $rep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  (cd /tmp && tar czf $OUT/all.tgz r)
done
cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log
cd /tmp && tar czf $OUT/all.tgz r
