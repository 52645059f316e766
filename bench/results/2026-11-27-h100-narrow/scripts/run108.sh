#!/bin/sh
# validation of main (78e99ad: the narrow pp tiles and their heuristic rule): blocks section, diffusers goldens at
# full SD shapes (3 shards), and compute-sanitizer (memcheck, racecheck, synccheck) on few-row GEMMs with the
# heuristic picks (the narrow tiles), and memcheck on one tuned GEMM (every candidate once).
out=$OUT/r; mkdir -p $out
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $out/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > $out/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 240 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $out/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $out/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $out/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $out/golden_gen_unet.log) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $out/build.txt 2>&1 || { tail -20 $out/build.txt; exit 1; }
echo "built $(el) s"
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for t in memcheck racecheck synccheck; do
  for s in "77 2560 768" "154 2560 2048" "64 1280 1280"; do set -- $s
    timeout 150 $cs --tool $t --error-exitcode 9 build/unetrun --block gemm --m $1 --n $2 --k $3 --epilogue residual \
      --kernel-select heuristic --iters 1 --warmup 0 --ref none > $out/san_${t}_$1x$2x$3.txt 2>&1; echo "rc=$?" >> $out/san_${t}_$1x$2x$3.txt
  done &
done
# every candidate once (the 64 x 32 and two-consumer 64 x 96 tiles too) under memcheck
timeout 200 $cs --tool memcheck --error-exitcode 9 build/unetrun --block gemm --m 77 --n 2560 --k 768 --tune-reps 1 \
  --iters 1 --warmup 0 --ref none > $out/san_memcheck_tuned_77x2560x768.txt 2>&1; echo "rc=$?" >> $out/san_memcheck_tuned_77x2560x768.txt
wait
for f in $out/san_*.txt; do echo "$(basename $f): $(tail -n 1 $f) $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | head -1)"; done
echo "sanitizers done $(el) s"
tail -n 1 $out/golden_gen.log; tail -n 1 $out/golden_gen_unet.log
timeout $((575 - $(el))) build/test_gpu build/unetrun --section blocks > $out/blocks_section.txt 2>&1 &
for k in 0 1 2; do
  timeout $((575 - $(el))) build/test_gpu build/unetrun --golden-only --golden /tmp/gfull --golden-shard $k/3 > $out/golden_full_$k.txt 2>&1 &
done
wait
echo "blocks: $(tail -n 1 $out/blocks_section.txt)"; grep "^FAIL" $out/blocks_section.txt | cut -c1-300 | head
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $out/golden_full_$k.txt)"; grep "^FAIL" $out/golden_full_$k.txt | cut -c1-300 | head -5; done
echo "done $(el) s"
cd $OUT && tar czf all.tgz r && rm -rf r
