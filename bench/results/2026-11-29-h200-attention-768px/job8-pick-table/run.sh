#!/bin/bash
# the attention suite with the heuristic-pick checks as one table (tests/gpu_attention.c), verbose lines of those checks
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run339.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/bench_attention > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); VERBOSE=1 timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt; grep "heuristic picks a" $R/attn_test.txt | cut -c1-160
cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log $R/attn_test.txt; (cd /tmp && tar czf $OUT/all.tgz r)
