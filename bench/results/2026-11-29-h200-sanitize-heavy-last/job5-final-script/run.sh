#!/bin/bash
# the final sanitize.sh on a GPU host: two light runs and the two heavy ones (heavy racecheck last, alone)
R=/tmp/r5; mkdir -p $R
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1; free -g > $R/free.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 120 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); GPUS=1 PARTS='sanitize' PARTS_LOG=$R/parts PARTS_TIMEOUT=$(( 250 - ($(date +%s) - T0) )) SANITIZE_LOG=$R/sanitize.log SANITIZE_ONLY='conv-1x1-s1-3x3 |attention-self-d80-s100 |groupnorm-one-pass-cluster-48x48 |gemm-int8-row-pp-m8257 ' sh tests/test_gpu_parts.sh build/unetrun > $R/parts.txt 2>&1; echo "parts rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt $R/parts.txt; cat $R/parts/sanitize.txt | tail -20
gzip -9 $R/sanitize.log; cd /tmp && tar czf $OUT/all.tgz r5
