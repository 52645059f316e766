#!/bin/sh
# Validation of the tree (23b8cfa's kernels): --check of whole UNets with INT8 row linears at latent 16 (SD1.5,
# SD2.1, SDXL; every node's layer and chain error against the GPU FP32 reference), the diffusers goldens at full
# SD shapes (3 shards) with the refine section beside them, then SD2.1 steps fp16 / int8-row (heuristic, alone).
# carry [".deps", ".whl2", ".devrun/run143.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $W/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $W/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $W/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $W/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $W/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for m in sd15 sd21 sdxl; do
  timeout 90 $B --unet $m --latent 16 --linear int8 --int8-scales row --check --kernel-select heuristic --iters 3 --warmup 1 \
    --json $W/unet/${m}_l16_int8-row_check.json > $W/unet/${m}_l16_int8-row_check.txt 2>&1
  echo "check $m latent 16 int8-row rc=$?: $(grep -E '^verdict' $W/unet/${m}_l16_int8-row_check.txt | cut -c1-150) ($(el) s)"
done
save
timeout $((420 - $(el))) build/test_gpu $B --section refine > $W/refine_section.txt 2>&1 &
wait $GEN
echo "$(tail -n 1 $W/golden_gen.log); $(tail -n 1 $W/golden_gen_unet.log)"
for k in 0 1 2; do
  timeout $((430 - $(el))) build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $W/golden_full_$k.txt 2>&1 &
done
wait
echo "refine: $(tail -n 1 $W/refine_section.txt)"; grep "^FAIL" $W/refine_section.txt | cut -c1-300 | head -5
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $W/golden_full_$k.txt)"; grep "^FAIL" $W/golden_full_$k.txt | cut -c1-300 | head -5; done
save
for b in 1 2; do for p in fp16 int8-row; do
  [ $(el) -gt 540 ] && break
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 40 $B --unet sd21 --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/sd21_b${b}_$p.json > $W/unet/sd21_b${b}_$p.txt 2>&1
  echo "unet sd21 b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/sd21_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done
for f in $W/*.txt $W/*.log $W/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
