#!/bin/sh
# validation of main (2a434a8): blocks suite, diffusers goldens at full SD shapes (3 shards)
out=$OUT/r; mkdir -p $out
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log -1 --format=%h 2>/dev/null; } > $out/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > $out/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 240 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $out/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $out/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $out/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $out/golden_gen_unet.log) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $out/build.txt 2>&1 || { tail -20 $out/build.txt; exit 1; }
echo "built $(el) s"
wait
tail -1 $out/golden_gen.log; tail -1 $out/golden_gen_unet.log
timeout $((575 - $(el))) build/test_gpu build/unetrun --section blocks > $out/blocks_section.txt 2>&1 &
for k in 0 1 2; do
  timeout $((575 - $(el))) build/test_gpu build/unetrun --golden-only --golden /tmp/gfull --golden-shard $k/3 > $out/golden_full_$k.txt 2>&1 &
done
wait
echo "blocks: $(tail -1 $out/blocks_section.txt)"; grep "^FAIL" $out/blocks_section.txt | cut -c1-300 | head
for k in 0 1 2; do echo "golden shard $k: $(tail -1 $out/golden_full_$k.txt)"; grep "^FAIL" $out/golden_full_$k.txt | cut -c1-300 | head -5; done
echo "done $(el) s"
cd $OUT && tar czf all.tgz r && rm -rf r
