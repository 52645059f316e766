#!/bin/bash
# next round: the skeleton's item ends with no O store, the probe's stores, the kernels' stores, a bulk-copied O
R=/tmp/r; mkdir -p $R; cp .devrun/run321.sh $R/run.sh
P=.devrun
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Ikernels -diag-suppress 179 $P/skeleton_next.cu -o /tmp/skeleton > $R/skel_build.txt 2>&1; echo "build rc=$?"
timeout 60 /tmp/skeleton 2000 > $R/skeleton.txt 2>&1; echo "rc=$?"
cat $R/skeleton.txt
cd /tmp && tar czf $OUT/all.tgz r
