#!/bin/sh
# INT8 row tiles, TS heuristic: Nsight Compute durations of the SD1.5 320 @64 b2 transformer's kernels (int8-row with
# and without --fuse-ln, fp16), the GEMMs (24 shapes) tuned int8-row + fp16 --vs cudnn and int8-row heuristic, the
# SD1.5 transformer blocks tuned and heuristic, SD1.5 UNet steps, test_gpu --section int8-row.
# carry [".deps", ".devrun/run136.sh"]
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
for v in int8-row int8-row-sep fp16; do
  case $v in int8-row) f="--linear int8 --int8-scales row";; int8-row-sep) f="--linear int8 --int8-scales row --fuse-ln off";; *) f="--linear fp16";; esac
  timeout 100 "$ncu" -k regex:'layernorm|quantize_rows|int8_rows|gemm_wgmma|conv2d' --section SpeedOfLight --section LaunchStats \
    $B --block transformer --c 320 --hw 64 --batch 2 $f --kernel-select heuristic --iters 1 --warmup 0 --ref none > $W/ncu/tf_$v.txt 2>&1
  echo "== $v: $(grep -E '^  [a-zA-Z_].*\(|Duration' $W/ncu/tf_$v.txt | sed -E 's/\(.*//' | tr -s ' ' | paste - - | awk '{print $1, $(NF)}' | tr '\n' '|' | cut -c1-1500)"
done
save; echo "ncu $(el) s"
SHAPES="4096x4096x4096 2048x10240x1280 8192x10240x1280 2048x1280x5120 8192x1280x5120 8192x960x320 8192x320x320 8192x2560x320 8192x320x1280 2048x1920x640 2048x640x640 2048x5120x640 2048x640x2560 512x3840x1280 512x1280x1280 512x10240x1280 512x1280x5120 128x3840x1280 128x1280x1280 128x10240x1280 128x1280x5120 154x640x768 154x1280x768 154x2560x768"
SHAPES="$SHAPES" PRECS="int8-row fp16" VS=cudnn timeout 200 sh bench/gemm.sh $W/gemm --verbose --peak-tflops 990 --peak-gbps 3350 > $W/gemm.log 2>&1
echo "gemm tuned done ($(el) s)"; save
SHAPES="$SHAPES" PRECS="int8-row" timeout 100 sh bench/gemm.sh $W/gemmh --kernel-select heuristic --peak-tflops 990 --peak-gbps 3350 > $W/gemmh.log 2>&1
echo "gemm heuristic done ($(el) s)"
python3 - $W <<'PY'
import json, glob, os, sys
W = sys.argv[1]
def load(d):
    r = {}
    for p in glob.glob(os.path.join(W, d, "gemm_*.json")):
        j = json.load(open(p)); n = os.path.basename(p)[5:-5]
        prec, s = n.rsplit("_", 1)
        node = j["nodes"][0]
        r[(prec, s)] = (node["time_us"]["median"], node.get("kernel", "?"))
    return r
t, h = load("gemm"), load("gemmh")
for (prec, s), (us, k) in sorted(t.items(), key=lambda x: x[0][1]):
    if prec != "int8-row": continue
    f = t.get(("fp16", s), (0, ""))[0]; hu, hk = h.get((prec, s), (0, "?"))
    print(f"{s:>16} fp16 {f:8.2f}  i8r tuned {us:8.2f} ({k})  heur {hu:8.2f} ({hk})  fp16/heur {f/hu if hu else 0:5.2f}")
PY
save
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
save; echo "tf done $(el) s"
for b in 1 2; do for p in fp16 int8-row; do
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 120 $B --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 50 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/sd15_b${b}_$p.json > $W/unet/sd15_b${b}_$p.txt 2>&1
  echo "unet sd15 b$b $p rc=$?: $(python3 -c "import json; print(json.load(open('$W/unet/sd15_b${b}_$p.json'))['unet']['step_us'])" 2>&1 | tail -1) us ($(el) s)"
done; done
save
timeout 150 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -12
save; echo "done $(el) s"
