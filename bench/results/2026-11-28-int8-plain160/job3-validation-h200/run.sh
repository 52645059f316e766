#!/bin/sh
# validation of this tree (the plain 128 x 160 INT8 row tile, the qa fallback, the sanitizer's 6400-row LayerNorm runs): the sanitizer suite (16 at once), then in parallel the blocks section (CLI
# blocks and UNets, committed goldens), the int8 section (per-tile and row INT8 kernels and CLI runs), refine,
# and the diffusers goldens at full SD shapes (3 shards). carry [".deps", ".devrun", ".whl2"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run199.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 200 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log
 timeout 150 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $R/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $R/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
SANITIZE_JOBS=16 SANITIZE_LOG=$R/sanitize.log timeout 280 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $R/sanitize.txt | tr '\n' ' ')"; grep -E "6400rows" $R/sanitize.txt | head; grep "^FAIL\|did not finish" $R/sanitize.txt | head -20 | cut -c1-250
save
B=build/unetrun
L=$((585 - $(el)))
timeout $L build/test_gpu $B --section blocks > $R/section_blocks.txt 2>&1 &
timeout $L build/test_gpu $B --section int8-row > $R/section_int8-row.txt 2>&1 &
timeout $L build/test_gpu $B --section refine > $R/section_refine.txt 2>&1 &
wait $GEN
echo "$(tail -n 1 $R/golden_gen.log); $(tail -n 1 $R/golden_gen_unet.log)"
L=$((585 - $(el)))
for k in 0 1 2; do timeout $L build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $R/golden_full_$k.txt 2>&1 & done
wait
for s in blocks int8-row refine; do echo "$s: $(tail -n 1 $R/section_$s.txt)"; grep "^FAIL" $R/section_$s.txt | cut -c1-300 | head -5; done
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $R/golden_full_$k.txt)"; grep "^FAIL" $R/golden_full_$k.txt | cut -c1-300 | head -5; done
for f in $R/*.txt $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
