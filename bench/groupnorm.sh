#!/bin/sh
# bench/groupnorm.sh: GroupNorm+SiLU numbers, this tree against a baseline
# tree, on a GPU machine.
#
#   BASE=path/to/baseline/tree MAKEARGS="ARCH=sm_90" sh bench/groupnorm.sh
#
# 1. builds this tree's unetrun and test_gpu and BASE's unetrun, at once;
# 2. the GroupNorm GPU suite (test_gpu --section groupnorm);
# 3. ResBlocks at SD1.5 shapes, heuristic kernel picks, both binaries
#    (text and JSON; norm1+silu / norm2+silu rows and the graph replay);
# 4. the SD1.5 UNet step with --nodes, both binaries: the up blocks' norm1
#    rows read the concatenated input in place;
# 5. compute-sanitizer's memcheck, racecheck and synccheck on the GroupNorm
#    suite, instrumenting the GroupNorm kernels only (the FP32 references run
#    uninstrumented; initcheck is left to tests/sanitize.sh: with a kernel
#    filter it takes every write of an uninstrumented kernel for missing).
# Outputs in $RES (default build/groupnorm-bench): NAME.txt, NAME.json,
# build logs; new-* is this tree, base-* the baseline.
RES=${RES:-build/groupnorm-bench}
mkdir -p "$RES"
RES=$(cd "$RES" && pwd)
ROOT=$(pwd)
SAN=${COMPUTE_SANITIZER:-compute-sanitizer}
command -v "$SAN" >/dev/null 2>&1 || SAN=/usr/local/cuda/bin/compute-sanitizer

(timeout 200 make $MAKEARGS -j16 build/unetrun build/test_gpu >"$RES/build-new.log" 2>&1
 echo "exit $?" >>"$RES/build-new.log") &
if [ -n "$BASE" ]; then
    (cd "$BASE" && timeout 200 make $MAKEARGS -j16 build/unetrun >"$RES/build-base.log" 2>&1
     echo "exit $?" >>"$RES/build-base.log") &
fi
wait
tail -n 1 "$RES"/build-*.log

timeout 60 build/test_gpu --section groupnorm >"$RES/test_gpu-groupnorm.txt" 2>&1
echo "exit $?" >>"$RES/test_gpu-groupnorm.txt"
tail -n 1 "$RES/test_gpu-groupnorm.txt"

BINS="new=$ROOT/build/unetrun"
[ -n "$BASE" ] && BINS="$BINS base=$BASE/build/unetrun"
for s in "320 64 1" "320 64 2" "640 32 2" "1280 16 2" "1280 8 2"; do
    set -- $s
    for nb in $BINS; do
        n=${nb%%=*} bin=${nb#*=}
        f="$RES/$n-resblock_$1_hw$2_b$3"
        timeout 30 "$bin" --block resblock --c "$1" --hw "$2" --batch "$3" --kernel-select heuristic \
            --json "$f.json" >"$f.txt" 2>&1
        echo "exit $?" >>"$f.txt"
    done
done
for nb in $BINS; do
    n=${nb%%=*} bin=${nb#*=}
    timeout 45 "$bin" --unet sd15 --latent 64 --batch 2 --nodes --ref none --kernel-select heuristic \
        --iters 20 --warmup 5 --json "$RES/$n-unet_sd15_b2.json" >"$RES/$n-unet_sd15_b2.txt" 2>&1
    echo "exit $?" >>"$RES/$n-unet_sd15_b2.txt"
done

for tool in memcheck racecheck synccheck; do
    (timeout 60 "$SAN" --tool "$tool" --kernel-name kns=gn_ --error-exitcode 99 --print-limit 20 \
        build/test_gpu --section groupnorm >"$RES/sanitize-$tool.txt" 2>&1
     echo "exit $?" >>"$RES/sanitize-$tool.txt") &
done
wait
for tool in memcheck racecheck synccheck; do
    echo "$tool: $(grep -E '(ERROR|RACECHECK) SUMMARY|passed, |^exit ' "$RES/sanitize-$tool.txt" | tr '\n' ' ')"
done
