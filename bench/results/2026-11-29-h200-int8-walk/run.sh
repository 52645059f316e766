#!/bin/bash
# the INT8 ping-pong tiles' N-fastest walk where A is over half the L2 (8192 x 1280 x 5120): the targets' nodes, tuned,
# INT8 row against FP16 in the same job; then test_gpu --section int8-row (the walk forced at every tile)
R=/tmp/r; mkdir -p $R; cp .devrun/run290.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 150 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); PRECS="int8-row" SHAPES="8192x1280x5120 2048x1280x5120 4096x4096x4096 2048x10240x1280 8192x10240x1280" timeout 60 sh bench/gemm.sh $R/i8 > $R/i8.txt 2>&1; echo "int8 rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); PRECS="fp16" SHAPES="8192x1280x5120 2048x1280x5120" timeout 30 sh bench/gemm.sh $R/f16 > $R/f16.txt 2>&1; echo "fp16 rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
cat $R/i8/summary.csv $R/f16/summary.csv | cut -d, -f1-7
t=$(date +%s); timeout $(( 255 - ($(date +%s) - T0) )) build/test_gpu build/unetrun --section int8-row > $R/int8_row.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt; tail -1 $R/int8_row.txt; grep -c "walk-n" $R/int8_row.txt; grep -i "FAIL" $R/int8_row.txt | head -5
gzip -9 $R/int8_row.txt $R/build.log; cd /tmp && tar czf $OUT/all.tgz r
