#!/bin/sh
# H200, main 168c5a6: where the SD1.5 320 @64 INT8 row block loses to FP16, in place (ktrace), heuristic and tuned,
# b1 / b2, two rounds; 640 @32 b2 for contrast; Nsight Compute (if this runtime has counters) on the kernels of the
# 320 @64 b2 blocks, one-node runs (serialized: each kernel alone, L2 left as it was). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/ncu; cp .devrun/run238.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
KT=$PWD/build/libktrace.so
I8="--linear int8 --int8-scales row"
blk() { # tag args...
  tag=$1; shift
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun --block transformer --ref none "$@" > /dev/null 2>&1
  timeout 60 build/unetrun --block transformer --ref none "$@" > $R/kt/$tag.txt 2>&1
  echo "$tag: block $(grep -E '^block \(graph' $R/kt/$tag.txt | tr -s ' ' | cut -d' ' -f4) span $(grep -E '^span' $R/kt/$tag.kt | awk '{print $(NF-1)}') ($(el))"; }
for r in 1 2; do for sel in heuristic tune; do for b in 2 1; do
  blk fp16_${sel}_320_64_b${b}_r$r --c 320 --hw 64 --batch $b --linear fp16 --kernel-select $sel
  blk int8_${sel}_320_64_b${b}_r$r --c 320 --hw 64 --batch $b $I8 --kernel-select $sel
done; done; done
blk fp16_heuristic_640_32_b2_r1 --c 640 --hw 32 --batch 2 --linear fp16 --kernel-select heuristic
blk int8_heuristic_640_32_b2_r1 --c 640 --hw 32 --batch 2 $I8 --kernel-select heuristic
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $ncu ($(el))"
if [ -n "$ncu" ]; then for v in fp16 int8; do
  if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  timeout 150 "$ncu" --clock-control none --cache-control none -k regex:'gemm|layernorm|quantize' --launch-count 24 \
    --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section LaunchStats \
    --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_bytes.sum,dram__bytes_read.sum,dram__bytes_write.sum \
    build/unetrun --block transformer --c 320 --hw 64 --batch 2 $fl --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/ncu/${v}_320_64_b2.txt 2>&1
  echo "ncu $v rc $? ($(el))"
  grep -E '^  [a-zA-Z_].*\(|^    Duration' $R/ncu/${v}_320_64_b2.txt | tr -s ' ' | paste - - | cut -c1-150 | head -30
done; fi
for f in $R/*.txt $R/kt/* $R/ncu/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
