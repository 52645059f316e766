#!/bin/sh
# H100: Nsight Compute and ktrace on the INT8 row nodes that lose at K = 320 / 640 / 1280 (pass + plain tile, qa tile)
# against FP16. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/ncu $R/kt; cp .devrun/run203.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for c in 8192x320x320 8192x320x1280 2048x640x640 8192x960x320; do
  m=${c%%x*}; nk=${c#*x}; n=${nk%%x*}; k=${nk#*x}
  for p in off on f16; do
    case $p in f16) fl="--linear fp16";; *) fl="$I8 --fuse-quant $p";; esac
    tag=${p}_$c
    CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun --block gemm --m $m --n $n --k $k $fl --kernel-select heuristic --ref none > $R/kt/$tag.txt 2>&1
    timeout 100 "$ncu" -k regex:'gemm|quantize' --launch-count 4 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy \
      --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_write.sum,dram__bytes_read.sum,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct \
      build/unetrun --block gemm --m $m --n $n --k $k $fl --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/ncu/$tag.txt 2>&1
    echo "== $tag rc=$? $(el)"
    grep -E '^  [a-zA-Z_].*\(|^    (Duration|DRAM Throughput|Elapsed Cycles|SM Active Cycles|Memory Throughput|Compute \(SM\) Throughput)|pipe_tensor|dram__bytes' $R/ncu/$tag.txt | tr -s ' ' | cut -c1-120
    grep -A30 "^ *kernel" $R/kt/$tag.kt 2>/dev/null | head -12
  done
done
for f in $R/*.txt $R/ncu/* $R/kt/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
