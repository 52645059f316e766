#!/bin/sh
# timeline probe: row max vs exp phase, the producer's copy times
R=/tmp/r; mkdir -p $R; cp .devrun/run167.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
tr() { tag=$1; m=$2; shift; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 $m > $R/$tag.txt 2>&1; }
tr A_pp_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr A_pp_m0 0 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr C_br192_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp"
tr S_br192sk_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp sk"
cat $R/[A-Z]_*.txt | grep -v "^warp [0-9]*:"
cd /tmp && tar czf $OUT/all.tgz r
