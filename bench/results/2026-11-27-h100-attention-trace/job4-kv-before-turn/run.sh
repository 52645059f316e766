#!/bin/sh
# K/V wait before the turn (PK loop): base (HEAD) vs this tree, bench_attention + timeline probe
R=/tmp/r; mkdir -p $R; cp .devrun/run166.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/base && tar -xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/bench_attention > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
wait
for i in 1 2; do
for sh in "2 8 4096 4096 64" "1 10 1024 1024 64" "2 8 4096 4096 40" "1 8 4096 4096 64"; do
  t=$(echo $sh | tr ' ' _)
  /tmp/base/build/bench_attention bench $sh > $R/base_${t}_$i.txt 2>&1
  build/bench_attention bench $sh > $R/head_${t}_$i.txt 2>&1
done; done
tr() { tag=$1; m=$2; shift; shift
  TRACE_CSV=$R/$tag.csv build/trace_attention trace "$@" 0 $m > $R/$tag.txt 2>&1; }
tr A_pp_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp"
tr C_br192_m15 15 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp"
for f in $R/base_*_1.txt; do h=$(echo $f | sed 's/base_/head_/'); echo "== $f"; paste <(grep wgmma $f | sed 's/TFLOP.*//') <(grep wgmma $h | awk '{print $(NF-3)}') 2>/dev/null || true; done
cat $R/[A-G]_*.txt | grep -v "^warp [0-9]*:"
cd /tmp && tar czf $OUT/all.tgz r
