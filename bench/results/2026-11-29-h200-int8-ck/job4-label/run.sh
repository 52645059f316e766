#!/bin/bash
# the blocks section's shard 1 of 4 again (its confirm case on the INT8 row GEMM 64 x 1280 x 5120 failed in
# run300: a ck candidate's --verbose label did not read as the report's kernel name; now it does), and the refine
# section (the confirm cases)
R=/tmp/r; mkdir -p $R; cp .devrun/run301.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s)
( timeout 240 build/test_gpu build/unetrun --section blocks --shard 1/4 > $R/t_blocks_1.txt 2>&1; echo "blocks 1 rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( timeout 240 build/test_gpu build/unetrun --section refine > $R/t_refine.txt 2>&1; echo "refine rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
cat $R/times.txt | tr '\n' ';'; echo
echo "blocks 1: $(tail -1 $R/t_blocks_1.txt)"; grep -E "^FAIL" $R/t_blocks_1.txt | head -3
echo "refine: $(tail -1 $R/t_refine.txt)"; grep -E "^FAIL" $R/t_refine.txt | head -3
gzip -9 $R/build.log
cd /tmp && tar czf $OUT/all.tgz r
