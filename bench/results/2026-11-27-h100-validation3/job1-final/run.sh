#!/bin/sh
# Validation of the final tree (888019e's kernels, the 64 x 32 tile's K >= 1024 rule): test_gpu sections int8-row and
# blocks, whole-UNet --check with INT8 row linears at latent 16 (SD1.5), SD1.5 / SDXL steps fp16 / int8-row.
# carry [".deps", ".devrun/run149.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for m in sd15:1 sd15:2 sdxl:1; do mm=${m%%:*}; b=${m#*:}; for p in fp16 int8-row; do
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 40 $B --unet $mm --batch $b --ref none --kernel-select heuristic --iters 30 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/${mm}_b${b}_$p.json > $W/unet/${mm}_b${b}_$p.txt 2>&1
  echo "unet $mm b$b $p: $(python3 -c "import json; print(json.load(open('$W/unet/${mm}_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us"
done; done
timeout 90 $B --unet sd15 --latent 16 --linear int8 --int8-scales row --check --kernel-select heuristic --iters 3 --warmup 1 \
  > $W/unet/sd15_l16_int8-row_check.txt 2>&1
echo "check sd15 latent 16 int8-row rc=$?: $(grep -E '^verdict' $W/unet/sd15_l16_int8-row_check.txt | cut -c1-150)"
save
timeout $((570 - $(el))) build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1 &
timeout $((570 - $(el))) build/test_gpu $B --section blocks > $W/section_blocks.txt 2>&1 &
wait
echo "int8-row: $(tail -n 1 $W/section_int8_row.txt)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -5
echo "blocks: $(tail -n 1 $W/section_blocks.txt)"; grep "^FAIL" $W/section_blocks.txt | cut -c1-300 | head -5
for f in $W/*.txt $W/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
