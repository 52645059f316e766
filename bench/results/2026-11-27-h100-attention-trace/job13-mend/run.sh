#!/bin/sh
# after the mend: suite, one trace run
R=/tmp/r; mkdir -p $R; cp .devrun/run175.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
build/bench_attention test > $R/suite_attention.txt 2>&1; tail -1 $R/suite_attention.txt
build/trace_attention trace 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp" 0 15 > $R/readme_trace.txt 2>&1; echo "rc $?"
cat $R/readme_trace.txt
cd /tmp && tar czf $OUT/all.tgz r
