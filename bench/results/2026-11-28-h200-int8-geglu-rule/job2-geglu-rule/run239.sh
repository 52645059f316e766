#!/bin/sh
# H200: the INT8 GEGLU rule (kernels/i8r_rule.h: two consumers between two and six waves at K > 640, 64 x 160
# where it fills better by 0.1) against main's (base), heuristic INT8 row, interleaved: the GEGLU blocks it
# changes and steps; test_gpu --section int8-row. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks $R/unet; cp .devrun/run239.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
cp kernels/i8r_rule.h /tmp/rule_new.h; git show HEAD:kernels/i8r_rule.h > kernels/i8r_rule.h
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp /tmp/rule_new.h kernels/i8r_rule.h
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row --kernel-select heuristic --ref none"
SD21="--head-dim 64 --context-dim 1024 --proj linear"
blk() { # name args...
  name=$1; shift; line="$name:"
  for r in 1 2; do for v in base new; do
    if [ $v = base ]; then B=build/unetrun_base; else B=build/unetrun; fi
    f=$R/blocks/${v}_${name}_$r.txt
    timeout 60 $B --block transformer "$@" $I8 > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) [$(grep -E '^ln3\+ff1' $f | grep -o '[0-9.]* us' | head -1) $(grep -E '^ln3\+ff1' $f | grep -o 'i8r pp [0-9x/st]* *[23c]*' | head -1)]"
  done; done; echo "$line ($(el) s)"; }
blk sd15_1280_16_b1 --c 1280 --hw 16 --batch 1
blk sd15_1280_16_b2 --c 1280 --hw 16 --batch 2
blk sd15_1280_8_b1 --c 1280 --hw 8 --batch 1
blk sd15_1280_8_b2 --c 1280 --hw 8 --batch 2
blk sd21_1280_24_b1 --c 1280 --hw 24 $SD21 --batch 1
blk sd21_1280_12_b1 --c 1280 --hw 12 $SD21 --batch 1
blk sd21_1280_12_b2 --c 1280 --hw 12 $SD21 --batch 2
save
stp() { # model batch
  line="step $1 b$2:"; for r in 1 2; do for v in base new; do
    if [ $v = base ]; then B=build/unetrun_base; else B=build/unetrun; fi
    f=$R/unet/${v}_$1_b$2_$r.txt
    timeout 90 $B --unet $1 --batch $2 --linear int8 --int8-scales row --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $v $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line ($(el) s)"; }
stp sd15 1; stp sd15 2; save
timeout 200 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
grep -h FAIL $R/section_int8_row.txt | head
[ $(el) -lt 400 ] && { stp sd21 1; stp sd21 2; }
for f in $R/*.txt $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
