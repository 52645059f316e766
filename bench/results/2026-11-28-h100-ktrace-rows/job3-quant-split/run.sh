#!/bin/sh
# The row quantizer with several warps per row for a few long rows (new) against one warp per row (base: the
# file at the commit before), in place (ktrace) in the SD1.5 blocks with INT8 row linears, two interleaved rounds;
# GEMM nodes (the pass + tile) at the K = 2560 / 5120 shapes; FP16 beside; test_gpu --section int8-row.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/gemm; cp .devrun/run193.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp kernels/gemm_int8_rows.cu /tmp/i8r_new.cu; cp .devrun/i8r_base.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp /tmp/i8r_new.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
KT=$PWD/build/libktrace.so
blk() { tag=$1; bin=$2; shift 2
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 $bin --block transformer --ref none --kernel-select heuristic "$@" > /dev/null 2>&1
  timeout 60 $bin --block transformer --ref none --kernel-select heuristic "$@" > $R/kt/$tag.txt 2>&1
  echo "$tag: block $(grep -E '^block \(graph' $R/kt/$tag.txt | tr -s ' ' | cut -d' ' -f4) span $(grep -E '^span' $R/kt/$tag.kt | awk '{print $(NF-1)}') quant $(grep quantize_rows $R/kt/$tag.kt | awk '{printf "%s/%s ", $5, $6}')($(el))"; }
for s in 1280:16:1 1280:16:2 1280:8:1 1280:8:2 640:32:1 640:32:2; do IFS=: read c hw b <<EOT
$s
EOT
  blk fp16_${c}_${hw}_b$b build/unetrun_new --c $c --hw $hw --batch $b --linear fp16
  for round in 1 2; do for v in base new; do
    blk ${v}_${c}_${hw}_b${b}_r$round build/unetrun_$v --c $c --hw $hw --batch $b --linear int8 --int8-scales row
  done; done; done
for c in 2048:1280:5120 1024:1280:5120 256:1280:5120 2048:640:2560 8192:1280:5120; do IFS=: read m n k <<EOT
$c
EOT
  for v in base new fp16; do
    fl="--linear int8 --int8-scales row"; bin=build/unetrun_$v; [ $v = fp16 ] && { fl="--linear fp16"; bin=build/unetrun_new; }
    tag=${v}_${m}x${n}x${k}
    timeout 60 $bin --block gemm --m $m --n $n --k $k --epilogue residual $fl --kernel-select heuristic --ref none --json $R/gemm/$tag.json > $R/gemm/$tag.txt 2>&1
    echo "$tag: $(grep -E '^(gemm|quant|block \()' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-110 | tr '\n' '|')"
  done; done
echo "tests from $(el) s"
timeout $((570 - $(el))) build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el))"
grep -h "FAIL" $R/section_*.txt | head -20
for f in $R/*.txt $R/kt/* $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
