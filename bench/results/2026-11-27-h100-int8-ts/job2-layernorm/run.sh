#!/bin/sh
# The LayerNorm's float4 gamma / beta loads and the TS INT8 heuristic: Nsight Compute durations of the LayerNorm
# kernels in the SD1.5 320 @64 b2 transformer (int8-row, fp16), the SD1.5 transformer blocks tuned and heuristic
# (fp16, int8-row), SD1.5 UNet steps, then test_gpu sections int8-row, lnfold, norm, blocks at once.
# carry [".deps", ".devrun/run137.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu $W/tf $W/tfh $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for v in int8-row fp16; do
  case $v in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear fp16";; esac
  timeout 60 "$ncu" -k regex:'layernorm|quantize_rows' --section SpeedOfLight --section LaunchStats \
    $B --block transformer --c 320 --hw 64 --batch 2 $f --kernel-select heuristic --iters 1 --warmup 0 --ref none > $W/ncu/tf_$v.txt 2>&1
  echo "== $v: $(grep -E '^  [a-zA-Z_].*\(|Duration|L1/TEX Cache' $W/ncu/tf_$v.txt | sed -E 's/^  void <unnamed>::([a-zA-Z_0-9<>]*)[(].*/\1/' | tr -s ' ' | paste - - - | awk '{print $1, $(NF-4), $NF}' | tr '\n' '|' | cut -c1-900)"
done
save; echo "ncu $(el) s"
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_$p.json > $W/tf/tf_${c}_${hw}_b${b}_$p.txt 2>&1
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tfh/tf_${c}_${hw}_b${b}_$p.json > $W/tfh/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
done; done
python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/tf fp16 int8-row | grep "@" ; echo heuristic:
python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/tfh fp16 int8-row | grep "@"
grep -h "^verdict" $W/tf/*.txt $W/tfh/*.txt | cut -c1-20 | sort | uniq -c
save; echo "tf done $(el) s"
for b in 1 2; do for p in fp16 int8-row; do
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 120 $B --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/sd15_b${b}_$p.json > $W/unet/sd15_b${b}_$p.txt 2>&1
  echo "unet sd15 b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/sd15_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done
save
L=$((560 - $(el)))
for s in int8-row lnfold norm blocks; do timeout $L build/test_gpu $B --section $s > $W/section_$s.txt 2>&1 & done
wait
for s in int8-row lnfold norm blocks; do echo "$s: $(tail -1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | head -5 | cut -c1-250; done
for f in $W/*.txt; do [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
