#!/bin/sh
# Validation of the stream-K attention tree: attention suite (bench_attention test), test_gpu sections blocks and
# refine, whole-UNet --check (SD2.1 b1, SDXL b1: their 4096 / 9216-token d64 attention runs the sk kernel) with the
# GPU FP32 reference. carry [".deps", ".devrun/run157.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/bench_attention > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 150 build/bench_attention test > $W/suite.txt 2>&1
echo "attention suite: $(tail -n 1 $W/suite.txt) ($(el) s)"; grep "^FAIL" $W/suite.txt | cut -c1-300 | head -5
for m in sd21 sdxl; do
  timeout 150 $B --unet $m --batch 1 --check --kernel-select heuristic --iters 3 --warmup 1 --json $W/unet/${m}_check.json \
    > $W/unet/${m}_check.txt 2>&1
  echo "check $m b1 rc=$?: $(grep -E '^verdict' $W/unet/${m}_check.txt | cut -c1-160) | sk nodes: $(grep -c ' sk ' $W/unet/${m}_check.txt) ($(el) s)"
done
save
timeout $((560 - $(el))) build/test_gpu $B --section blocks > $W/section_blocks.txt 2>&1
echo "blocks: $(tail -n 1 $W/section_blocks.txt) ($(el) s)"; grep "^FAIL" $W/section_blocks.txt | cut -c1-300 | head -5
save
timeout $((585 - $(el))) build/test_gpu $B --section refine > $W/section_refine.txt 2>&1
echo "refine: $(tail -n 1 $W/section_refine.txt) ($(el) s)"; grep "^FAIL" $W/section_refine.txt | cut -c1-300 | head -5
for f in $W/*.txt $W/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
