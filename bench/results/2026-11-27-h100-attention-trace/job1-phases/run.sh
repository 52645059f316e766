#!/bin/sh
# timeline probe of the d64 / d40 attention kernels (build/trace_attention)
R=/tmp/r; mkdir -p $R; cp .devrun/run162.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }

build/bench_attention bench 1 10 1024 1024 64 > $R/bench_d64_1024_b1h10.txt 2>&1; build/bench_attention bench 2 8 4096 4096 40 > $R/bench_d40.txt 2>&1
tr() { # tag B H sq skv d name
  tag=$1; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 > $R/$tag.txt 2>&1
  TRACE_CSV=$R/${tag}_cta77.csv build/trace_attention trace "$@" 77 > $R/${tag}_cta77.txt 2>&1
}
tr A_pp 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr B_pp_fma1 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp fmaexp1/8"
tr C_br192 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp"
tr D_bc192 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc192 4st pp fmaexp1/8"
tr E_1024 1 10 1024 1024 64 "flash d64 wgmma Br128 Bc128 4st pp fmaexp2/8"
tr F_d40_br256 2 8 4096 4096 40 "flash d40 wgmma Br256 Bc64 6st pp"
tr G_d40_pp 2 8 4096 4096 40 "flash d40 wgmma Br128 Bc128 4st pp"
cat $R/[A-G]_*.txt | head -300
cd /tmp && tar czf $OUT/all.tgz r
