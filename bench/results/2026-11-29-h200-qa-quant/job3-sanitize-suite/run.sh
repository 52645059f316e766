#!/bin/bash
# validation of this tree (kernels as 5d38f4c3): the whole sanitizer suite on one card (heavy racecheck runs last),
# beside test_gpu --section int8-row (with the new awkward K = 48 / 336 / 640 shapes)
R=/tmp/r; mkdir -p $R; cp .devrun/run305.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt; free -g >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s)
( GPUS=1 PARTS='sanitize' PARTS_LOG=$R/parts PARTS_TIMEOUT=400 SANITIZE_LOG=$R/sanitize.log sh tests/test_gpu_parts.sh build/unetrun > $R/parts.txt 2>&1; echo "parts rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( timeout 300 build/test_gpu build/unetrun --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
( while kill -0 $P1 2>/dev/null; do echo "$(( $(date +%s) - T0 )) $(free -m | awk '/Mem:/{print $3}')" >> $R/mem_used_mib.txt; sleep 2; done ) &
P3=$!
wait $P2
(cd /tmp && tar czf $OUT/all.tgz r)
wait $P1 $P3
cat $R/times.txt; tail -1 $R/t_i8r.txt; grep -E "FAIL" $R/t_i8r.txt | head -5; tail -4 $R/parts.txt; tail -3 $R/parts/sanitize.txt
sort -k2 -n $R/mem_used_mib.txt | tail -1; dmesg 2>/dev/null | grep -i -E "killed process|out of memory" | tail -3 > $R/dmesg.txt
gzip -9 $R/build.log $R/t_i8r.txt $R/sanitize.log $R/mem_used_mib.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
