#!/bin/sh
# The quantizer's final rule (split rows for K <= 4096, or <= 512 rows up to 8192) and the LayerNorm change, against
# the tree before both (base: layernorm.cu and gemm_int8_rows.cu of the session's start): GEMM nodes at K = 5120,
# SD1.5 UNet steps (fp16 and int8 row, heuristic, two rounds); test_gpu --section int8-row; the int8-row sanitizer
# runs. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/unet; cp .devrun/run194.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp kernels/gemm_int8_rows.cu /tmp/i8r_new.cu; cp kernels/layernorm.cu /tmp/ln_new.cu
cp .devrun/i8r_base.cu kernels/gemm_int8_rows.cu; cp .devrun/ln_v0.cu kernels/layernorm.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp /tmp/i8r_new.cu kernels/gemm_int8_rows.cu; cp /tmp/ln_new.cu kernels/layernorm.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
for c in 512:1280:5120 1024:1280:5120 2048:1280:5120; do IFS=: read m n k <<EOT
$c
EOT
  for v in base new base new; do
    tag=${v}_${m}x${n}x${k}
    timeout 60 build/unetrun_$v --block gemm --m $m --n $n --k $k --epilogue residual --linear int8 --int8-scales row --kernel-select heuristic --ref none --json $R/gemm/$tag.json > $R/gemm/$tag.txt 2>&1
    echo "$tag: $(grep -E '^block \(' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-60)"
  done; done
for r in 1 2; do for b in 1 2; do for l in fp16 int8; do for v in base new; do
  fl="--linear fp16"; [ $l = int8 ] && fl="--linear int8 --int8-scales row"
  tag=sd15_b${b}_${l}_${v}_r$r
  timeout 60 build/unetrun_$v --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 30 $fl --peak-tflops 990 --peak-gbps 3350 --json $R/unet/$tag.json > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(json.load(open('$R/unet/$tag.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el))"
done; done; done; done
timeout 150 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el))"
SANITIZE_ONLY='gemm-int8-row|transformer-int8-row' SANITIZE_JOBS=12 SANITIZE_LOG=$R/sanitize.log timeout $((580 - $(el))) sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1
echo "sanitize rc $? $(tail -1 $R/sanitize.txt) ($(el))"; grep -i "fail" $R/sanitize.txt | head
for f in $R/*.txt $R/*.log $R/gemm/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
