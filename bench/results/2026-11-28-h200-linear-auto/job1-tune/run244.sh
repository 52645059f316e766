#!/bin/sh
# H200: --linear auto. Tuned SD blocks with --verbose (each prec_auto node timed in FP16 and INT8 row: the
# data for the rule), test_gpu --section int8-row. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/tune; cp .devrun/run244.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
SD21="--head-dim 64 --context-dim 1024 --proj linear"
SDXL="--head-dim 64 --context-dim 2048 --proj linear"
tn() { # name args...
  name=$1; shift; f=$R/tune/$name.txt
  timeout 60 build/unetrun --block transformer "$@" --linear auto --kernel-select tune --verbose --ref none > $f 2>&1
  echo "$name: rc $? block $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) | $(grep '^auto ' $f | awk '{printf "%s %s %s; ", $2, $3, $4}') ($(el) s)"; }
tn sd15_320_64_b1 --c 320 --hw 64 --batch 1
tn sd15_320_64_b2 --c 320 --hw 64 --batch 2
tn sd15_640_32_b1 --c 640 --hw 32 --batch 1
tn sd15_640_32_b2 --c 640 --hw 32 --batch 2
tn sd15_1280_16_b1 --c 1280 --hw 16 --batch 1
tn sd15_1280_16_b2 --c 1280 --hw 16 --batch 2
tn sd15_1280_8_b1 --c 1280 --hw 8 --batch 1
tn sd15_1280_8_b2 --c 1280 --hw 8 --batch 2
save
tn sdxl_640_64_b1 --c 640 --hw 64 --batch 1 $SDXL
tn sdxl_640_64_b2 --c 640 --hw 64 --batch 2 $SDXL
tn sdxl_1280_32_b1 --c 1280 --hw 32 --batch 1 $SDXL
tn sdxl_1280_32_b2 --c 1280 --hw 32 --batch 2 $SDXL
save
timeout 200 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
grep -h FAIL $R/section_int8_row.txt | head
save
for s in "320 96" "640 48" "1280 24" "1280 12"; do set -- $s
  [ $(el) -lt 520 ] && { tn sd21_$1_$2_b1 --c $1 --hw $2 --batch 1 $SD21; tn sd21_$1_$2_b2 --c $1 --hw $2 --batch 2 $SD21; }
done
for f in $R/*.txt $R/tune/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
