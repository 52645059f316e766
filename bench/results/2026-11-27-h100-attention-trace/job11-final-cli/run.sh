#!/bin/sh
# final tree: suite, bench, trace and its error lines
R=/tmp/r; mkdir -p $R; cp .devrun/run173.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt; git log --oneline -1 >> $R/device.txt 2>/dev/null
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
build/bench_attention test > $R/suite_attention.txt 2>&1; tail -1 $R/suite_attention.txt
build/bench_attention bench 2 8 4096 4096 64 > $R/bench_d64_b2h8.txt 2>&1; grep "pp sk\|best" $R/bench_d64_b2h8.txt
TRACE_CSV=$R/d64_b2h8_br192_sk_m15.csv build/trace_attention trace 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp sk" 0 15 > $R/d64_b2h8_br192_sk_m15.txt 2>&1; echo "rc $?"; head -8 $R/d64_b2h8_br192_sk_m15.txt
{ echo "== plain build"; build/bench_attention trace 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp sk"; echo "rc $?"
  echo "== CTA 9999"; build/trace_attention trace 1 1 256 256 64 "flash d64 wgmma Br128 Bc128 4st pp" 9999; echo "rc $?"
  echo "== bad name"; build/trace_attention trace 1 1 256 256 64 "no such"; echo "rc $?"
  echo "== negative mask"; build/trace_attention trace 1 1 256 256 64 "flash d64 wgmma Br128 Bc128 4st pp" 0 -1; echo "rc $?"
  echo "== few args"; build/trace_attention trace 1 1 256; echo "rc $?"; } > $R/errors.txt 2>&1
cat $R/errors.txt | grep -v "^attention on"
cd /tmp && tar czf $OUT/all.tgz r
