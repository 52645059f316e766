#!/bin/sh
# Nsight Compute on the INT8 row tiles against the FP16 engine: GEGLU and plain at 8192 x 2560 x 320,
# residual at 2048 x 1280 x 5120 and 8192 x 320 x 320 (heuristic picks), plus node timings without the profiler.
R=/tmp/r; mkdir -p $R/ncu $R/gemm; cp .devrun/run182.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el)"
I8="--linear int8 --int8-scales row"
cases="geglu:8192:2560:320 none:8192:2560:320 residual:2048:1280:5120 residual:8192:320:320 residual:8192:320:1280"
for c in $cases; do IFS=: read e m n k <<EOT
$c
EOT
  for p in i8 f16; do if [ $p = i8 ]; then fl="$I8"; else fl="--linear fp16"; fi
    tag=${p}_${e}_${m}x${n}x${k}
    build/unetrun --block gemm --m $m --n $n --k $k --epilogue $e $fl --kernel-select heuristic --ref none --json $R/gemm/$tag.json > $R/gemm/$tag.txt 2>&1
    echo "$tag: $(grep -E '^(gemm|block \()' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-120 | tr '\n' '|')"
  done; done
save
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for c in $cases; do IFS=: read e m n k <<EOT
$c
EOT
  for p in i8 f16; do if [ $p = i8 ]; then fl="$I8"; else fl="--linear fp16"; fi
    tag=${p}_${e}_${m}x${n}x${k}
    timeout 100 "$ncu" -k regex:'gemm|quantize' --launch-count 4 --section SpeedOfLight --section ComputeWorkloadAnalysis \
      --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats --section LaunchStats \
      --metrics smsp__inst_executed_pipe_xu.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_write.sum,dram__bytes_read.sum \
      build/unetrun --block gemm --m $m --n $n --k $k --epilogue $e $fl --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/ncu/$tag.txt 2>&1
    echo "== $tag rc=$? $(el)"
    grep -E '^  [a-zA-Z_].*\(|^    (Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Compute \(SM\) Throughput|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|Registers Per|Executed Ipc A)|pipe_tensor|pipe_alu|pipe_fma|pipe_xu|pipe_shared|dram__bytes' $R/ncu/$tag.txt | tr -s ' ' | cut -c1-130
  done; done
for f in $R/ncu/*.txt $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
