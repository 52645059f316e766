#!/bin/sh
# checkpoints.sh: every ResBlock and transformer of a synthetic SD1.5 UNet
# (whole UNet, LDM single-file naming, F16), and SDXL's depth-2 transformer
# (diffusers naming), run from the checkpoint files with --check at their
# native activation size (SD1.5 latent 64, SDXL latent 128, halved per level)
# and batch 1 and 2; one JSON and one text report per run, a summary line per
# block, exit 1 if any run fails its check.
#   bench/checkpoints.sh OUTDIR [extra unetrun flags]
# The checkpoints (about 1.8 GB) go to ${TMPDIR:-/tmp}.
set -e
out=${1:?usage: bench/checkpoints.sh OUTDIR [unetrun flags]}
shift
bin=${UNETRUN:-build/unetrun}
mk=${MKCHECKPOINT:-$(dirname "$bin")/mkcheckpoint}
tmp=${TMPDIR:-/tmp}
mkdir -p "$out"
sd15="$tmp/unetrun-sd15-unet.safetensors"
sdxl="$tmp/unetrun-sdxl-blocks.safetensors"
"$mk" --family sd15 --naming ldm --dtype f16 --seed 11 -o "$sd15"
"$mk" --family sdxl --naming diffusers --dtype f16 --seed 11 --blocks down_blocks.1.attentions.0 -o "$sdxl"
"$bin" --list-weights "$sd15" > "$out/list-sd15.txt"
"$bin" --list-weights "$sdxl" > "$out/list-sdxl.txt"
cat "$out/list-sd15.txt" "$out/list-sdxl.txt"

status=0
run() {  # file, diffusers prefix, batch, flags...
    f=$1 p=$2 b=$3
    shift 3
    name="$(basename "$f" .safetensors)_${p}_b${b}"
    if ! "$bin" --weights "$f" --prefix "$p" --batch "$b" --check --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1; then
        echo "FAILED: $name (see $out/$name.txt)" >&2
        status=1
    fi
    grep -E '^block ' "$out/$name.txt" | head -1 | sed "s/^/$p b$b: /"
    grep -E '^block \(graph|^verdict' "$out/$name.txt" | tr '\n' ' '; echo
}
for b in 1 2; do
    for p in $(awk '/^(down_blocks|mid_block|up_blocks)/ {print $1}' "$out/list-sd15.txt"); do
        run "$sd15" "$p" "$b" "$@"
    done
    run "$sdxl" down_blocks.1.attentions.0 "$b" "$@"
done
rm -f "$sd15" "$sdxl"
exit $status
