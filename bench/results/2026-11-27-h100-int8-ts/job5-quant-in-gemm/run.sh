#!/bin/sh
# INT8 row GEMMs that quantize their A themselves (--quant-in-gemm on): a smoke run, test_gpu --section int8-row,
# the SD1.5 transformer blocks (heuristic: fp16, int8-row in-GEMM, int8-row --quant-in-gemm off; two rounds),
# SD1.5 / SDXL UNet steps, the int8-row sanitizer runs. carry [".deps", ".devrun/run140.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/tfh1 $W/tfh2 $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 30 $B --block transformer --c 320 --hw 64 --batch 2 --linear int8 --int8-scales row --kernel-select heuristic --check > $W/smoke.txt 2>&1
echo "smoke rc=$?: $(grep -E '^(ln1|out1|ff2)' $W/smoke.txt | cut -c1-100 | tr '\n' '|') $(grep -E '^verdict' $W/smoke.txt | cut -c1-40)"
[ -s $W/smoke.txt ] && grep -q "verdict  PASS" $W/smoke.txt || { save; exit 1; }
for r in 1 2; do for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row int8-row-sep; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; int8-row-sep) f="--linear int8 --int8-scales row --quant-in-gemm off";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tfh$r/tf_${c}_${hw}_b${b}_$p.json > $W/tfh$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
done; done; done
for d in tfh1 tfh2; do echo "$d:"; python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/$d fp16 int8-row int8-row-sep | grep "@"; done
grep -h "^verdict" $W/tfh*/*.txt | cut -c1-20 | sort | uniq -c
save; echo "tf done $(el) s"
for m in sd15 sdxl; do for b in 1 2; do for p in fp16 int8-row int8-row-sep; do
  [ $m = sdxl ] && [ $b = 2 ] && continue
  case $p in int8-row) f="--linear int8 --int8-scales row";; int8-row-sep) f="--linear int8 --int8-scales row --quant-in-gemm off";; *) f="--linear $p";; esac
  timeout 120 $B --unet $m --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/${m}_b${b}_$p.json > $W/unet/${m}_b${b}_$p.txt 2>&1
  echo "unet $m b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/${m}_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done; done
save
timeout 200 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -12
save
SANITIZE_ONLY=int8-row SANITIZE_JOBS=8 SANITIZE_LOG=$W/sanitize.log timeout 150 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize: $(tail -1 $W/sanitize.txt)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200
for f in $W/*.txt $W/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
