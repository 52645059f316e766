#!/bin/sh
# final tree: attention suite, timeline probe of the d64 / d40 kernels (tile mask 15), bench beside it
R=/tmp/r; mkdir -p $R; cp .devrun/run170.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
build/bench_attention test > $R/suite_attention.txt 2>&1; tail -1 $R/suite_attention.txt
build/bench_attention bench 2 8 4096 4096 64 > $R/bench_d64_b2h8.txt 2>&1
tr() { tag=$1; m=$2; shift; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 $m > $R/$tag.txt 2>&1; }
tr d64_b2h8_br128_pp_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr d64_b2h8_br128_pp_all 0 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr d64_b2h8_br192_pp_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp"
tr d64_b2h8_br192_sk_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp sk"
tr d64_b2h8_bc192_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc192 4st pp fmaexp1/8"
tr d40_b2h8_br128_pp_m15 15 2 8 4096 4096 40 "flash d40 wgmma Br128 Bc128 4st pp"
tr d64_b1h10_1024_m0 0 1 10 1024 1024 64 "flash d64 wgmma Br128 Bc128 4st pp fmaexp2/8"
grep -h "pp " $R/bench_d64_b2h8.txt | head -20
cat $R/d*_m*.txt $R/d*_all.txt | grep -v "^warp [0-9]*: softmax"
cd /tmp && tar czf $OUT/all.tgz r
