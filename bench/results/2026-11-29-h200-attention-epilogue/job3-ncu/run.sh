#!/bin/bash
# the skeleton's item ends: constant stores, stmatrix + bulk; Nsight Compute source counters on three variants
R=/tmp/r; rm -rf $R; mkdir -p $R/ncu; cp .devrun/run322.sh $R/run.sh
P=.devrun
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Ikernels -diag-suppress 179 $P/skeleton_next.cu -o /tmp/skeleton > $R/skel_build.txt 2>&1; echo "build rc=$?"
timeout 90 /tmp/skeleton 2000 > $R/skeleton.txt 2>&1; echo "rc=$?"
cat $R/skeleton.txt
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null); $ncu --version | tail -1 > $R/ncu/version.txt
for v in 11 12 15 16; do
  timeout 100 $ncu --launch-count 1 --launch-skip 1 --section SourceCounters --section WarpStateStats --section SpeedOfLight --section SchedulerStats \
    -o $R/ncu/v$v -f /tmp/skeleton 400 $v > $R/ncu/v$v.log 2>&1; echo "ncu v$v rc=$?"
  timeout 60 $ncu --import $R/ncu/v$v.ncu-rep --page details --print-details all > $R/ncu/v$v.details.txt 2>&1
  timeout 60 $ncu --import $R/ncu/v$v.ncu-rep --page source --csv --print-source sass > $R/ncu/v$v.sass.csv 2>$R/ncu/v$v.sass.err
  echo "  v$v sass csv $(wc -l < $R/ncu/v$v.sass.csv) lines"
done
rm -f $R/ncu/*.ncu-rep
cd /tmp && tar czf $OUT/all.tgz r
