#!/bin/sh
# H200: the final tree: test_gpu --section int8-row (--linear auto's CPU == GPU, heuristic and tuned block runs),
# the SD1.5 UNet at latent 16 with --linear auto --check. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run248.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
timeout 30 build/unetrun --unet sd15 --latent 16 --linear auto --kernel-select heuristic --check > $R/check_sd15_latent16_auto.txt 2>&1; echo "sd15 check rc $? $(grep '^verdict' $R/check_sd15_latent16_auto.txt | cut -c1-60) ($(el) s)"
save
timeout 110 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
grep -h "FAIL\|linear auto" $R/section_int8_row.txt | cut -c1-220 | head
for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
