#!/bin/sh
# validation of the --gn-stats tree (078d09c), second job: initcheck of the sanitizer suite's failing case with
# --gn-stats off (is the uninitialized read in layernorm_stats this change's?), the blocks section, and the
# diffusers goldens at full SD shapes. carry [".deps", ".whl", ".devrun/run122.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > $W/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $W/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $W/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $W/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $W/golden_gen_unet.log) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for v in off on; do
  timeout 120 $cs --tool initcheck --error-exitcode 99 --print-limit 3 $B --unet sd15 --latent 16 --context-len 7 --kernel-select heuristic \
    --ref none --iters 1 --warmup 0 --tune-reps 1 --gn-stats $v > $W/initcheck_unet16_$v.txt 2>&1
  echo "initcheck unet sd15 latent 16 --gn-stats $v: rc=$? $(grep -E 'ERROR SUMMARY' $W/initcheck_unet16_$v.txt) $(grep -m1 -E '^=========     at ' $W/initcheck_unet16_$v.txt) ($(el) s)"
done
save
timeout $((320 - $(el))) build/test_gpu $B --section blocks > $W/blocks_section.txt 2>&1
echo "blocks: $(tail -n 1 $W/blocks_section.txt) ($(el) s)"; grep "^FAIL" $W/blocks_section.txt | cut -c1-300 | head -5
wait
echo "$(tail -n 1 $W/golden_gen.log); $(tail -n 1 $W/golden_gen_unet.log)"
save
for k in 0 1 2; do
  timeout $((510 - $(el))) build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $W/golden_full_$k.txt 2>&1 &
done
wait
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $W/golden_full_$k.txt)"; grep "^FAIL" $W/golden_full_$k.txt | cut -c1-300 | head -5; done
save
echo "done $(el) s"
