#!/bin/bash
# the attention sweep against cuDNN (bench/attention.sh: 28 shapes, tuned) on the current tree, two rounds
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run325.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for k in 1 2; do t=$(date +%s); timeout 80 sh bench/attention.sh $R/sweep$k > $R/sweep$k.txt 2>&1; echo "sweep$k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt; done
cat $R/times.txt; gzip -9 $R/build.log
cd /tmp && tar czf $OUT/all.tgz r
