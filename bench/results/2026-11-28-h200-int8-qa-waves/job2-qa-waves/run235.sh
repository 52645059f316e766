#!/bin/sh
# H200 x2: the qa rule by row-block waves (kernels/gemm_int8_rows.cu) against main's (.devrun/base_gemm_int8_rows.cu),
# interleaved on card 0: INT8 row heuristic SD2.1 320 @96 blocks b1 / b2, the 9216 x 320 x 1280 node, SD2.1 steps,
# and two unchanged shapes (SD1.5 320 @64 b2, SDXL b2 step). Card 1: test_gpu --section int8-row, then the diffusers
# goldens at full SD shapes (generated here). carry [".deps", ".devrun", ".whl2"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blk $R/unet; cp .devrun/run235.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv,noheader; date -u; } > $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
(export PYTHONPATH=/tmp/site CUDA_VISIBLE_DEVICES=1
 timeout 200 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log
 timeout 150 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $R/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $R/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
rm -rf /tmp/base && mkdir -p /tmp/base && cp -a . /tmp/base/ && cp .devrun/base_gemm_int8_rows.cu /tmp/base/kernels/gemm_int8_rows.cu && touch /tmp/base/kernels/gemm_int8_rows.cu
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun > $R/build_base.txt 2>&1) || { tail -20 $R/build_base.txt; save; exit 1; }
cp /tmp/base/build/unetrun build/unetrun_base; cp build/unetrun build/unetrun_new
echo "built $(el) s"
B=build/unetrun; T=build/test_gpu; L() { echo $((560 - $(el))); }
( CUDA_VISIBLE_DEVICES=1 timeout $(L) $T $B --section int8-row > $R/section_int8-row.txt 2>&1
  echo "section int8-row: $(tail -n 1 $R/section_int8-row.txt) $(el) s"; grep "^FAIL" $R/section_int8-row.txt | head -3
  wait $GEN 2>/dev/null; echo "$(tail -n 1 $R/golden_gen.log); $(tail -n 1 $R/golden_gen_unet.log)"
  for k in 0 1 2; do CUDA_VISIBLE_DEVICES=1 timeout $(L) $T $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $R/golden_full_$k.txt 2>&1 & done; wait
  for k in 0 1 2; do echo "golden full $k/3: $(tail -n 1 $R/golden_full_$k.txt)"; grep "^FAIL" $R/golden_full_$k.txt | head -3; done ) &
I8="--linear int8 --int8-scales row --kernel-select heuristic --ref none"
blk() { # name args...
  n=$1; shift; line="$n:"; for r in 1 2; do for v in base new; do f=$R/blk/${n}_${v}_$r.txt
    CUDA_VISIBLE_DEVICES=0 timeout 60 build/unetrun_$v "$@" > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line $(el) s"; }
stp() { # model batch
  line="step $1 b$2 int8 heuristic:"; for r in 1 2; do for v in base new; do f=$R/unet/${v}_$1_b$2_$r.txt
    CUDA_VISIBLE_DEVICES=0 timeout 80 build/unetrun_$v --unet $1 --batch $2 $I8 --iters 20 > $f 2>&1
    line="$line $v $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line $(el) s"; }
SD21="--head-dim 64 --context-dim 1024 --proj linear"
blk sd21_320_96_b1 --block transformer --c 320 --hw 96 $SD21 $I8
blk sd21_320_96_b2 --block transformer --c 320 --hw 96 --batch 2 $SD21 $I8
blk gemm_9216x320x1280 --block gemm --m 9216 --n 320 --k 1280 --epilogue residual $I8
blk gemm_18432x320x320 --block gemm --m 18432 --n 320 --k 320 --epilogue residual $I8
blk sd15_320_64_b2 --block transformer --c 320 --hw 64 --batch 2 $I8
save
stp sd21 1; stp sd21 2; save
stp sdxl 2; save
f=$R/unet/fp16_sd21_b1.txt; CUDA_VISIBLE_DEVICES=0 timeout 60 $B --unet sd21 --batch 1 --linear fp16 --kernel-select heuristic --ref none --iters 20 > $f 2>&1
f2=$R/unet/fp16_sd21_b2.txt; CUDA_VISIBLE_DEVICES=0 timeout 80 $B --unet sd21 --batch 2 --linear fp16 --kernel-select heuristic --ref none --iters 20 > $f2 2>&1
echo "step sd21 fp16 heuristic b1 $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1) b2 $(grep '^step (graph' $f2 | grep -o '[0-9.]* ms' | head -1) $(el) s"
wait
for f in $R/*.txt $R/*.log $R/blk/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
