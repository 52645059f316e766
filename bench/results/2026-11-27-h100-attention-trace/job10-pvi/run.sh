#!/bin/sh
# P V issued inside the softmax ("pvi"): suite, bench, timeline probe
R=/tmp/r; mkdir -p $R; cp .devrun/run172.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
build/bench_attention test > $R/suite_attention.txt 2>&1; grep -i "fail" $R/suite_attention.txt | grep -v " 0 failed" | head -5; tail -1 $R/suite_attention.txt
for i in 1 2; do
for sh in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 4096 4096 64" "1 10 1024 1024 64" "2 8 4096 4096 40"; do
  t=$(echo $sh | tr ' ' _); build/bench_attention bench $sh > $R/bench_${t}_$i.txt 2>&1
done; done
tr() { tag=$1; m=$2; shift; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 $m > $R/$tag.txt 2>&1; }
tr pvi_br128_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp pvi"
tr pvi_br192_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp pvi"
for f in $R/bench_*_1.txt; do echo "== $f"; grep -h -E "Br128 Bc128 4st pp  |Br128 Bc128 4st pp pvi|Br192 Bc128 4st pp  |Br192 Bc128 4st pp sk|Br192 Bc128 4st pp pvi|Br192 Bc128 4st pp sk pvi|Br128 Bc192 4st pp fmaexp1/8  |Br256|best" $f $(echo $f | sed 's/_1.txt/_2.txt/'); done
cat $R/pvi_*.txt | grep -v "^warp [0-9]*: softmax"
cd /tmp && tar czf $OUT/all.tgz r
