#!/bin/sh
# The final tree of this round: test_gpu --section int8-row, SD1.5 / SDXL UNet steps (fp16, int8-row, heuristic),
# SD1.5 ResBlocks (time_emb_proj), the SD1.5 transformer blocks heuristic and tuned (two rounds each), then
# test_gpu --section blocks and the int8-row sanitizer runs at once. carry [".deps", ".devrun/run139.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/tf1 $W/tf2 $W/tfh1 $W/tfh2 $W/rb $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for m in sd15 sdxl; do for b in 1 2; do for p in fp16 int8-row; do
  [ $m = sdxl ] && [ $b = 2 ] && continue
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 120 $B --unet $m --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/${m}_b${b}_$p.json > $W/unet/${m}_b${b}_$p.txt 2>&1
  echo "unet $m b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/${m}_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done; done
save
for b in 1 2; do for s in 320:320:64 320:640:32 640:1280:16 1280:1280:8; do set -- $(echo $s | tr : ' ')
  for p in fp16 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block resblock --c $1 --cout $2 --hw $3 --batch $b $f --check --kernel-select heuristic \
      --peak-tflops 990 --peak-gbps 3350 --json $W/rb/rb_$1_$2_$3_b${b}_$p.json > $W/rb/rb_$1_$2_$3_b${b}_$p.txt 2>&1
  done
  echo "rb $1->$2 @$3 b$b: $(for p in fp16 int8-row; do grep -E '^(time_emb_proj|block \()' $W/rb/rb_$1_$2_$3_b${b}_$p.txt | tr -s ' ' | cut -c1-62 | tr '\n' ' '; echo -n '| '; done)"
done; done
save
for r in 1 2; do for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tfh$r/tf_${c}_${hw}_b${b}_$p.json > $W/tfh$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf$r/tf_${c}_${hw}_b${b}_$p.json > $W/tf$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
done; done; done
for d in tfh1 tfh2 tf1 tf2; do echo "$d:"; python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/$d fp16 int8-row | grep "@"; done
grep -h "^verdict" $W/tf*/*.txt $W/rb/*.txt | cut -c1-20 | sort | uniq -c
save; echo "tf done $(el) s"
timeout 200 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -12
save
L=$((580 - $(el)))
timeout $L build/test_gpu $B --section blocks > $W/section_blocks.txt 2>&1 &
SANITIZE_ONLY=int8-row SANITIZE_JOBS=8 SANITIZE_LOG=$W/sanitize.log timeout $L sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1 &
wait
echo "blocks: $(tail -n 1 $W/section_blocks.txt)"; grep "^FAIL" $W/section_blocks.txt | cut -c1-250 | head -5
echo "sanitize: $(tail -1 $W/sanitize.txt)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200
for f in $W/*.txt $W/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
