#!/bin/sh
# ff2 quantizing its A from the GEGLU GEMM's row maxima (--fuse-quant), a converter warpgroup in the A16 tiles: test_gpu --section int8-row, the SD1.5
# transformer blocks (heuristic; fp16, int8-row with --fuse-quant on and off; two rounds), then the int8-row
# sanitizer runs. carry [".deps", ".devrun/run146.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/tfh1 $W/tfh2
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 240 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-400 | head -12
grep -E "a16|amax|fuse-quant" $W/section_int8_row.txt | grep -c "^ok"
save
for r in 1 2; do for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row int8-row-nofq; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; int8-row-nofq) f="--linear int8 --int8-scales row --fuse-quant off";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tfh$r/tf_${c}_${hw}_b${b}_$p.json > $W/tfh$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
done; done; done
for d in tfh1 tfh2; do echo "$d:"; python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/$d fp16 int8-row int8-row-nofq | grep -E "@|ff"; done
grep -h "^verdict" $W/tf*/*.txt | cut -c1-20 | sort | uniq -c
grep -h "ff2\|ff1" $W/tfh1/tf_320_64_b2_int8-row.txt | cut -c1-150
save; echo "tf done $(el) s"
mkdir -p $W/unet
for m in sd15:1 sd15:2 sdxl:1; do mm=${m%%:*}; b=${m#*:}; for p in fp16 int8-row int8-row-nofq; do
  [ $(el) -gt 470 ] && continue
  case $p in int8-row) f="--linear int8 --int8-scales row";; int8-row-nofq) f="--linear int8 --int8-scales row --fuse-quant off";; *) f="--linear $p";; esac
  timeout 40 $B --unet $mm --batch $b --ref none --kernel-select heuristic --iters 30 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/${mm}_b${b}_$p.json > $W/unet/${mm}_b${b}_$p.txt 2>&1
  echo "unet $mm b$b $p: $(python3 -c "import json; print(json.load(open('$W/unet/${mm}_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us"
done; done
save
L=$((585 - $(el)))
SANITIZE_ONLY=int8-row SANITIZE_JOBS=8 SANITIZE_LOG=$W/sanitize.log timeout $L sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize: $(tail -1 $W/sanitize.txt)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200
for f in $W/*.txt $W/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
