#!/bin/sh
# tuned sweeps --vs cudnn of SD1.5, SD2.1, SDXL at batch 1 and 2 on main (the im2col tiles): per-node counts
# against cuDNN / cuBLASLt for the targets; then the blocks section. carry [".deps", ".devrun/run113.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for m in sdxl sd21 sd15; do for b in 2 1; do
  [ $(el) -gt 330 ] && break
  timeout 110 $B --sweep $m --batch $b --vs cudnn --json $W/sweep-$m-b$b.json > $W/sweep-$m-b$b.txt 2>&1
  echo "sweep $m b$b rc=$? $(grep -E 'of .* blocks run' $W/sweep-$m-b$b.txt) ($(el) s)"
  gzip -q $W/sweep-$m-b$b.json; save
done; done
timeout $((585 - $(el))) build/test_gpu $B --section blocks > $W/blocks_section.txt 2>&1
echo "blocks: $(tail -n 1 $W/blocks_section.txt)"; grep "^FAIL" $W/blocks_section.txt | cut -c1-300 | head -5
save
echo "done $(el) s"
