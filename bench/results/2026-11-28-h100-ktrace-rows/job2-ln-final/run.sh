#!/bin/sh
# LayerNorm rows in one wave (NCH = 2 and the 32-register bound where the blocks exceed 6 per SM) against HEAD's
# layernorm.cu (v0), in place (ktrace), SD1.5 320 @64 b1 / b2 fp16 and int8 row, two interleaved rounds; the qa
# tiles forced (--fuse-quant on) in place at the SD1.5 blocks; tests: int8-row, lnfold. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/fq; cp .devrun/run192.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null
cp kernels/layernorm.cu /tmp/ln_new.cu
cp .devrun/ln_v0.cu kernels/layernorm.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_v0.txt 2>&1 || { tail -20 $R/build_v0.txt; save; exit 1; }
cp build/unetrun build/unetrun_v0; cp /tmp/ln_new.cu kernels/layernorm.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
KT=$PWD/build/libktrace.so
blk() { # tag bin args...
  tag=$1; bin=$2; shift 2
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/$tag.kt timeout 60 $bin --block transformer --ref none --kernel-select heuristic "$@" > /dev/null 2>&1
  timeout 60 $bin --block transformer --ref none --kernel-select heuristic "$@" > $R/$tag.txt 2>&1
  echo "$tag: block $(grep -E '^block \(graph' $R/$tag.txt | tr -s ' ' | cut -d' ' -f4) span $(grep -E '^span' $R/$tag.kt | awk '{print $(NF-1)}') ($(el))"; }
for round in 1 2; do for v in v0 new; do for b in 2 1; do
  blk kt/${v}_fp16_320_64_b${b}_r$round build/unetrun_$v --c 320 --hw 64 --batch $b --linear fp16
  blk kt/${v}_int8_320_64_b${b}_r$round build/unetrun_$v --c 320 --hw 64 --batch $b --linear int8 --int8-scales row
done; done; done
for s in 320:64:1 320:64:2 640:32:1 640:32:2 1280:16:1 1280:16:2; do IFS=: read c hw b <<EOT
$s
EOT
  for fq in auto on; do blk fq/${fq}_${c}_${hw}_b$b build/unetrun_new --c $c --hw $hw --batch $b --linear int8 --int8-scales row --fuse-quant $fq; done
done
echo "tests from $(el) s"
timeout 200 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el))"
[ $(el) -lt 420 ] && { timeout $((560 - $(el))) build/test_gpu build/unetrun --section lnfold > $R/section_lnfold.txt 2>&1; echo "lnfold rc $? $(tail -1 $R/section_lnfold.txt) ($(el))"; }
grep -h "FAIL" $R/section_*.txt | head -20
for f in $R/*.txt $R/kt/* $R/fq/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
