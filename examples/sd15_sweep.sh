#!/bin/sh
# SD1.5 sweep: every distinct ResBlock and transformer shape of the SD1.5 UNet
# at batch 1 and 2 (classifier-free guidance), with the cuDNN/cuBLAS baseline
# when this build has one, plus the timing chart and error heatmap of the
# first ResBlock (320 -> 320 at 64x64).
#
#   examples/sd15_sweep.sh RESULTS_DIR [extra unetrun flags]
#
# Writes into RESULTS_DIR:
#   sweep-b1.json sweep-b1.csv sweep-b1.txt   (and -b2 for batch 2)
#   resblock-320-64-timing.png resblock-320-64-error.png resblock-320-64.json
# UNETRUN=path overrides the binary (default build/unetrun, built if missing).
set -e
if [ $# -lt 1 ]; then
    echo "usage: examples/sd15_sweep.sh RESULTS_DIR [extra unetrun flags]" >&2
    exit 2
fi
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${UNETRUN:-$root/build/unetrun}
if [ ! -x "$bin" ]; then
    make -C "$root" --no-print-directory build/unetrun
fi
mkdir -p "$out"
vs=""
if "$bin" --help | grep -q -- "--vs"; then
    vs="--vs cudnn"
fi
for b in 1 2; do
    "$bin" --sweep sd15 --batch $b $vs --json "$out/sweep-b$b.json" --csv "$out/sweep-b$b.csv" "$@" \
        | tee "$out/sweep-b$b.txt"
done
"$bin" --block resblock --c 320 --hw 64 $vs --json "$out/resblock-320-64.json" \
    --png "$out/resblock-320-64-timing.png" --error-png "$out/resblock-320-64-error.png" "$@" \
    > "$out/resblock-320-64.txt"
echo "results in $out" >&2
