#!/bin/bash
# the attention key-loop skeleton (no memory): cycles per consumer tile for the schedules
R=/tmp/r; mkdir -p $R; cp .devrun/run319.sh $R/run.sh
P=bench/results/2026-11-29-h200-attention-pipes-qtiles
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Ikernels $P/skeleton.cu -o /tmp/skeleton > $R/skel_build.txt 2>&1; echo "build rc=$?"
timeout 60 /tmp/skeleton 2000 > $R/skeleton.txt 2>&1; echo "rc=$?"
cat $R/skeleton.txt
cd /tmp && tar czf $OUT/all.tgz r
