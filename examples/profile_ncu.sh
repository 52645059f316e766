#!/bin/sh
# Profile one node of a block with Nsight Compute, selected by its NVTX range
# (unetrun --nvtx wraps every node launch in a range named like the report
# row: time_emb_proj, norm1+silu, conv1, norm2+silu, conv2, qkv, attn1, ...).
#
#   examples/profile_ncu.sh NODE OUT_BASENAME [unetrun block flags]
#   examples/profile_ncu.sh conv1 conv1-320-64 --block resblock --c 320 --hw 64
#
# Writes OUT_BASENAME.ncu-rep (open with ncu-ui or `ncu --import`). The run
# uses the heuristic kernel configs (no tuning launches) and one timed
# iteration, so the profiled launch is the node's first one in its range;
# --launch-count N profiles N launches.
set -e
if [ $# -lt 2 ]; then
    echo "usage: examples/profile_ncu.sh NODE OUT_BASENAME [unetrun block flags]" >&2
    exit 2
fi
node=$1
base=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${UNETRUN:-$root/build/unetrun}
if [ ! -x "$bin" ]; then
    make -C "$root" --no-print-directory build/unetrun
fi
if ! command -v ncu >/dev/null 2>&1; then
    echo "profile_ncu.sh: ncu (Nsight Compute) is not on PATH; it ships with the CUDA toolkit under nsight-compute/" >&2
    exit 1
fi
ncu --nvtx --nvtx-include "$node/" --launch-count "${LAUNCH_COUNT:-1}" --set full -o "$base" -f \
    "$bin" --nvtx --kernel-select heuristic --warmup 0 --iters 1 --ref none "$@"
echo "wrote $base.ncu-rep" >&2
