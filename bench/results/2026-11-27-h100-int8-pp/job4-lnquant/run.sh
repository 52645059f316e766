#!/bin/sh
# The LayerNorm that quantizes its rows (--int8-scales row, --fuse-ln auto) and the tuned-pick heuristic: test_gpu
# --section int8, then alone on the GPU the SD1.5 transformer blocks (tuned) with fp16, int8-row and int8-row
# --fuse-ln off, the SD1.5 UNet step (b1, heuristic) with fp16 and int8-row, then the int8-row sanitizer runs.
# carry [".deps", ".devrun/run132.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/tf $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 240 build/test_gpu $B --section int8 > $W/section_int8.txt 2>&1
echo "int8 section: $(tail -n 1 $W/section_int8.txt) ($(el) s)"; grep "^FAIL" $W/section_int8.txt | cut -c1-300 | head -12
save
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row int8-row-sep; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; int8-row-sep) f="--linear int8 --int8-scales row --fuse-ln off";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_$p.json > $W/tf/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
  echo "tf $c @$hw b$b: $(for p in fp16 int8-row int8-row-sep; do grep -m1 '^verdict' $W/tf/tf_${c}_${hw}_b${b}_$p.txt | cut -c1-14; done | tr '\n' '|')"
done; done
save; echo "tf done $(el) s"
for b in 1 2; do for p in fp16 int8-row; do
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 120 $B --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/sd15_b${b}_$p.json > $W/unet/sd15_b${b}_$p.txt 2>&1
  echo "unet sd15 b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/sd15_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done
save; echo "unet done $(el) s"
SANITIZE_ONLY=int8-row SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200; tail -1 $W/sanitize.txt
gzip -q $W/sanitize.log; save
echo "done $(el) s"
