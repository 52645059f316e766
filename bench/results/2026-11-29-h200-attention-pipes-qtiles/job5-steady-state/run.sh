#!/bin/bash
# the real d64 kernels in a steady state (one wave of items with 256 key tiles each) against the skeleton
R=/tmp/r; mkdir -p $R; cp .devrun/run316.sh $R/run.sh
T0=$(date +%s)
P=bench/results/2026-11-29-h200-pipes
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Ikernels $P/skeleton.cu -o /tmp/skeleton > $R/skel_build.txt 2>&1
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/bench_attention > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv -lms 100 > $R/smi.csv 2>&1 &
SP=$!
for s in "1 6 4224 32768 64" "1 6 2816 32768 64" "2 8 4096 4096 64"; do
  echo "$(date +%s.%N) start $s" >> $R/marks.txt
  timeout 100 build/bench_attention bench $s > $R/bench_$(echo $s | tr ' ' _).txt 2>&1
  echo "$(date +%s.%N) end rc=$?" >> $R/marks.txt
done
timeout 60 /tmp/skeleton 2000 > $R/skeleton.txt 2>&1
kill $SP
cat $R/times.txt; for f in $R/bench_*.txt; do echo "== $f"; grep -E "wgmma.*(Br192|Br128)|best" $f | head -30; done; cat $R/skeleton.txt
cd /tmp && tar czf $OUT/all.tgz r
