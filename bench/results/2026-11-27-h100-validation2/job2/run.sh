#!/bin/sh
# validation of the tree with the tensors poisoned before kernel selection, second job: the initcheck probe with
# every report counted, then in parallel the blocks section (CLI block/UNet runs and the committed goldens), the
# refine section, and the diffusers goldens at full SD shapes (3 shards). carry [".deps", ".whl2", ".devrun/run124.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
# diffusers without its pipelines (the working tree and the wheels together must stay under 64 MiB), unpacked
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $W/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $W/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $W/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $W/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $W/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
$cs --tool initcheck --print-limit 100000 build/initcheck_tma_probe > $W/probe_initcheck.txt 2>&1
echo "probe rc=$?: $(grep '^probe' $W/probe_initcheck.txt); $(grep 'ERROR SUMMARY' $W/probe_initcheck.txt | head -1)"
for k in plain bulk tma; do echo "  $k: $(grep -c "at read_after_${k}_store" $W/probe_initcheck.txt) reports," \
  "first address $(grep -A3 "at read_after_${k}_store" $W/probe_initcheck.txt | grep -m1 Address)"; done
gzip -q $W/probe_initcheck.txt
B=build/unetrun
timeout $((560 - $(el))) build/test_gpu $B --section blocks > $W/blocks_section.txt 2>&1 &
timeout $((560 - $(el))) build/test_gpu $B --section refine > $W/refine_section.txt 2>&1 &
wait $GEN
echo "$(tail -n 1 $W/golden_gen.log); $(tail -n 1 $W/golden_gen_unet.log)"
for k in 0 1 2; do
  timeout $((560 - $(el))) build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $W/golden_full_$k.txt 2>&1 &
done
wait
echo "blocks: $(tail -n 1 $W/blocks_section.txt)"; grep "^FAIL" $W/blocks_section.txt | cut -c1-300 | head -5
echo "refine: $(tail -n 1 $W/refine_section.txt)"; grep "^FAIL" $W/refine_section.txt | cut -c1-300 | head -5
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $W/golden_full_$k.txt)"; grep "^FAIL" $W/golden_full_$k.txt | cut -c1-300 | head -5; done
save
echo "done $(el) s"
