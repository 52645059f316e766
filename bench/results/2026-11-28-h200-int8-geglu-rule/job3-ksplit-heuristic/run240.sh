#!/bin/sh
# H200: the key-split attention in the heuristic (d = 80, 128-row items on at most half the SMs) against HEAD
# (base), and the final INT8 GEGLU rule (five waves): attention node and SD1.5 640 @32 b1 blocks / steps,
# interleaved; test_gpu --section int8-row, ops (the attention suite), blocks shard 1/4. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/att $R/blocks $R/unet; cp .devrun/run240.sh $R/
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
pair() { # tag grep-pattern args...
  tag=$1; pat=$2; shift 2; line="$tag:"
  for r in 1 2; do for v in base new; do
    if [ $v = base ]; then B=build/unetrun_base; else B=build/unetrun; fi
    f=$R/$tag.${v}_$r.txt; timeout 90 $B "$@" > $f 2>&1
    line="$line $v $(grep -E "$pat" $f | grep -o '[0-9.]* [um]s' | head -1)"; done; done; echo "$line ($(el) s)"; }
pair att/d80_1024_h8_b1 '^block \(' --block attention --seq 1024 --heads 8 --head-dim 80 --batch 1 --kernel-select heuristic --vs cudnn
grep -E "^attn|vendor|speedup" $R/att/d80_1024_h8_b1.new_1.txt | cut -c1-150 | head -6
timeout 90 build/unetrun --block attention --seq 1024 --heads 8 --head-dim 80 --batch 1 --kernel-select tune --verbose --vs cudnn > $R/att/d80_1024_h8_b1.tune.txt 2>&1
grep -E "^attn" $R/att/d80_1024_h8_b1.tune.txt | cut -c1-120 | head -3
pair blocks/sd15_640_32_b1_fp16 '^block \(' --block transformer --c 640 --hw 32 --batch 1 --kernel-select heuristic --ref none
pair blocks/sd15_640_32_b1_int8 '^block \(' --block transformer --c 640 --hw 32 --batch 1 --kernel-select heuristic --ref none --linear int8 --int8-scales row
timeout 90 build/unetrun --block transformer --c 640 --hw 32 --batch 1 --kernel-select heuristic --check > $R/blocks/check_640_32_b1.txt 2>&1; echo "check 640@32 b1 heuristic: rc $? $(grep -E '^verdict' $R/blocks/check_640_32_b1.txt | cut -c1-60)"
grep -E "^attn1" $R/blocks/check_640_32_b1.txt | cut -c1-100
pair unet/sd15_b1_fp16 '^step \(graph' --unet sd15 --batch 1 --kernel-select heuristic --ref none --iters 20
pair unet/sd15_b1_int8 '^step \(graph' --unet sd15 --batch 1 --kernel-select heuristic --ref none --iters 20 --linear int8 --int8-scales row
save
timeout 150 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
timeout $((530 - $(el))) build/test_gpu build/unetrun --section ops > $R/section_ops.txt 2>&1; echo "ops rc $? $(tail -1 $R/section_ops.txt) ($(el) s)"
grep -h "FAIL" $R/section_*.txt | head -10; grep -h "key-split kernel" $R/section_ops.txt | head -2
for f in $R/*.txt $R/att/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
