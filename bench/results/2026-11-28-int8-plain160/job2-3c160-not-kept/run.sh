#!/bin/sh
# H100: a three-consumer TS 64 x 160 INT8 row tile, taken where the rule's three-consumer 64 x 128 tile (K <= 640)
# gives way to 160-column tiles (N = 320). Base (HEAD's gemm_int8_rows.cu) against new, interleaved: GEMM nodes
# (heuristic, --fuse-quant off so both run the pass + the rule's tile), SD1.5 320 @64 transformer blocks b1 / b2
# (heuristic), SD1.5 UNet steps; every tile tuned at 8192 / 4096 x 320 x 320; test_gpu --section int8-row.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks $R/unet; cp .devrun/run198.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp kernels/gemm_int8_rows.cu /tmp/i8r_new.cu; cp .devrun/i8r_base.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp /tmp/i8r_new.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
I8="--linear int8 --int8-scales row"
for s in 8192:320:320 4096:320:320 8192:960:320; do IFS=: read m n k <<EOT
$s
EOT
  for v in base new base new; do tag=${v}_${m}x${n}x${k}
    timeout 60 build/unetrun_$v --block gemm --m $m --n $n --k $k --epilogue residual $I8 --fuse-quant off --kernel-select heuristic --ref none > $R/gemm/$tag.txt 2>&1
    echo "$tag: $(grep -E '^block \(' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-44) $(grep -E '^gemm' $R/gemm/$tag.txt | head -1 | tr -s ' ' | cut -c1-62)"
  done
done
for m in 8192 4096; do
  timeout 90 build/unetrun_new --block gemm --m $m --n 320 --k 320 --epilogue residual $I8 --fuse-quant off --verbose --ref none > $R/gemm/tune_${m}x320x320.txt 2>&1
  grep -E "^tune" $R/gemm/tune_${m}x320x320.txt
  timeout 90 build/unetrun_new --block gemm --m $m --n 320 --k 320 --epilogue residual --ref none --kernel-select heuristic > $R/gemm/fp16_${m}x320x320.txt 2>&1
  echo "fp16 $m: $(grep -E '^block \(' $R/gemm/fp16_${m}x320x320.txt | tr -s ' ' | cut -c1-44)"
done
echo "($(el) s)"
for r in 1 2; do for b in 1 2; do for v in base new; do tag=int8_320_64_b${b}_${v}_r$r
  timeout 60 build/unetrun_$v --block transformer --c 320 --hw 64 --batch $b $I8 --kernel-select heuristic --ref none --json $R/blocks/$tag.json > $R/blocks/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(' $R/blocks/$tag.txt | tr -s ' ' | cut -c1-44)"
done
  [ $r = 1 ] && { timeout 60 build/unetrun_new --block transformer --c 320 --hw 64 --batch $b --kernel-select heuristic --ref none --json $R/blocks/fp16_320_64_b$b.json > $R/blocks/fp16_320_64_b$b.txt 2>&1
  echo "fp16 b$b: $(grep -E '^block \(' $R/blocks/fp16_320_64_b$b.txt | tr -s ' ' | cut -c1-44)"; }
done; done
echo "($(el) s)"
for b in 1 2; do for v in base new; do tag=sd15_b${b}_int8_$v
  timeout 60 build/unetrun_$v --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 30 $I8 --json $R/unet/$tag.json > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(json.load(open('$R/unet/$tag.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el))"
done; done
timeout 200 build/test_gpu build/unetrun_new --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el))"
grep -E "FAIL|heuristic" $R/section_int8_row.txt | head -5
for f in $R/*.txt $R/gemm/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
