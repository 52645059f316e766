#!/bin/sh
# H200: the d = 64 Bc192 key tile in the attention heuristic (attention_wgmma_keys_pick) against HEAD (base):
# the SD2.1 576-token node and the SD2.1 1280 @24 b1 blocks / steps, interleaved; test_gpu --section ops and the
# blocks shard 1/4; SASS of the LayerNorm kernels. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/att $R/blocks $R/unet; cp .devrun/run241.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff HEAD --stat >> $R/device.txt
git diff HEAD > /tmp/change.patch; cp /tmp/change.patch $R/change.patch
git apply -R /tmp/change.patch || { echo "patch -R failed"; save; exit 1; }
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; git apply /tmp/change.patch || { echo "patch failed"; save; exit 1; }
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
cuobjdump -sass build/kernels/layernorm.o > $R/layernorm.sass 2>&1
pair() { # tag grep-pattern args...
  tag=$1; pat=$2; shift 2; line="$tag:"
  for r in 1 2; do for v in base new; do
    if [ $v = base ]; then B=build/unetrun_base; else B=build/unetrun; fi
    f=$R/$tag.${v}_$r.txt; timeout 90 $B "$@" > $f 2>&1
    line="$line $v $(grep -E "$pat" $f | grep -o '[0-9.]* [um]s' | head -1)"; done; done; echo "$line ($(el) s)"; }
pair att/d64_576_h20_b1 '^block \(' --block attention --seq 576 --heads 20 --head-dim 64 --batch 1 --kernel-select heuristic --vs cudnn
grep -E "^attn|speedup" $R/att/d64_576_h20_b1.new_1.txt | cut -c1-150 | head -4
timeout 90 build/unetrun --block attention --seq 576 --heads 20 --head-dim 64 --batch 1 --kernel-select tune --verbose > $R/att/d64_576_h20_b1.tune.txt 2>&1
grep -E "Bc192|Bc128 4st pp fmaexp1/8|^attn" $R/att/d64_576_h20_b1.tune.txt | cut -c1-110 | head -6
SD21="--head-dim 64 --context-dim 1024 --proj linear"
pair blocks/sd21_1280_24_b1_fp16 '^block \(' --block transformer --c 1280 --hw 24 $SD21 --batch 1 --kernel-select heuristic --ref none
pair blocks/sd21_1280_24_b1_int8 '^block \(' --block transformer --c 1280 --hw 24 $SD21 --batch 1 --kernel-select heuristic --ref none --linear int8 --int8-scales row
timeout 90 build/unetrun --block transformer --c 1280 --hw 24 $SD21 --batch 1 --kernel-select heuristic --check > $R/blocks/check_sd21_1280_24_b1.txt 2>&1; echo "check: rc $? $(grep -E '^verdict' $R/blocks/check_sd21_1280_24_b1.txt | cut -c1-60)"
grep -E "^attn1" $R/blocks/check_sd21_1280_24_b1.txt | cut -c1-100
pair unet/sd21_b1_fp16 '^step \(graph' --unet sd21 --batch 1 --kernel-select heuristic --ref none --iters 20
save
timeout $((400 - $(el))) build/test_gpu build/unetrun --section ops > $R/section_ops.txt 2>&1; echo "ops rc $? $(tail -1 $R/section_ops.txt) ($(el) s)"
[ $(el) -lt 420 ] && { timeout $((560 - $(el))) build/test_gpu build/unetrun --section blocks --shard 1/4 > $R/section_blocks_1of4.txt 2>&1; echo "blocks 1/4 rc $? $(tail -1 $R/section_blocks_1of4.txt) ($(el) s)"; }
grep -h "FAIL" $R/section_*.txt | head -10
for f in $R/*.txt $R/*.sass $R/att/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
