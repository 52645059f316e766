#!/bin/sh
# timeline probe: the issue split into Q K^T and P V
R=/tmp/r; mkdir -p $R; cp .devrun/run163.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
tr() { # tag B H sq skv d name
  tag=$1; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 > $R/$tag.txt 2>&1
}
tr A_pp 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr C_br192 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp"
tr F_d40_br256 2 8 4096 4096 40 "flash d40 wgmma Br256 Bc64 6st pp"
cat $R/[A-G]_*.txt | grep -v "^warp [0-9]*:"
cd /tmp && tar czf $OUT/all.tgz r
