#!/bin/sh
# H200: Nsight Compute on the group tiles at the large shapes and on the K <= 1280 INT8 misses, beside the row
# and FP16 picks. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/ncu $R/t; cp .devrun/run268.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
export XDG_CACHE_HOME=/tmp/cc
H="--kernel-select heuristic --ref none"
build/unetrun --block gemm --m 256 --n 256 --k 256 $H > /dev/null 2>&1  # calibration cached
for s in "2048 10240 1280" "2048 1280 5120" "8192 320 320" "8192 320 1280" "8192 960 320" "2048 640 640"; do set -- $s
  for v in "fp16" "int8 --int8-scales row" "int8 --int8-scales group"; do tag=$1x$2x$3_$(echo $v | cut -c1-4)$(echo $v | awk '{print $3}')
    timeout 30 build/unetrun --block gemm --m $1 --n $2 --k $3 --linear $v $H --iters 200 > $R/t/$tag.txt 2>&1
    echo "$tag $(grep -E '^block \(' $R/t/$tag.txt | grep -o '[0-9.]* us' | head -1) | $(awk '/^node/{p=1;next} /^$/{p=0} p' $R/t/$tag.txt | cut -c1-75 | tr -s ' ' | tr '\n' ';')"
    timeout 90 ncu --kernel-name regex:"gemm_int8|gemm_wgmma" --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis \
      --section WarpStateStats --section ComputeWorkloadAnalysis --section LaunchStats \
      --metrics sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio \
      build/unetrun --block gemm --m $1 --n $2 --k $3 --linear $v $H --iters 1 --warmup 0 > $R/ncu/$tag.txt 2>&1
    grep -E "^  [a-z_]+.*\(|Duration|Compute \(SM\) Th|Memory Throughput|L2 Cache Th|DRAM Th|Shared.*%|sm__pipe_tensor|stalled_(long|wait|barrier|math|short|sleep|mio)" $R/ncu/$tag.txt | head -20 | cut -c1-150
  done; echo "($(el) s)"; done
timeout 150 ncu --kernel-name regex:group_kernel --launch-count 1 --section SourceCounters --print-details all \
  build/unetrun --block gemm --m 2048 --n 10240 --k 1280 --linear int8 --int8-scales group $H --iters 1 --warmup 0 > $R/ncu/group_src.txt 2>&1
grep -A40 -i "warp stall sampling" $R/ncu/group_src.txt | head -50 | cut -c1-160
gzip $R/ncu/*.txt; rm -f $R/build.txt; save; echo "done $(el) s"
