#!/bin/sh
# Real-checkpoint round trip without a download:
#   1. mkcheckpoint writes two SD1.5 blocks (a 320->640 ResBlock and the
#      640-channel transformer after it) as an original single-file (LDM)
#      checkpoint, F32, seed 7, and the same blocks in diffusers naming
#   2. unetrun --list-weights shows what it finds in the file: both prefixes,
#      kind, channels, heads, context, depth, family
#   3. unetrun runs the ResBlock from each file, addressed once by its
#      diffusers prefix and once by its LDM prefix, on the CPU path, and saves
#      output and reference
#   4. the two saved files must be identical: same tensors, either naming
# Files (about 120 MB) go to build/examples/checkpoint-roundtrip (or $1).
set -e
cd "$(dirname "$0")/.."
make --no-print-directory build/unetrun build/mkcheckpoint
if ! build/unetrun --help | grep -q -- '--list-weights'; then
    echo "checkpoint_roundtrip: this unetrun build has no --weights/--list-weights options yet" >&2
    exit 1
fi
out=${1:-build/examples/checkpoint-roundtrip}
mkdir -p "$out"

blocks=down_blocks.1.resnets.0,down_blocks.1.attentions.0
build/mkcheckpoint --family sd15 --naming ldm --dtype f32 --seed 7 --blocks $blocks -o "$out/sd15-ldm.safetensors"
build/mkcheckpoint --family sd15 --naming diffusers --dtype f32 --seed 7 --blocks $blocks -o "$out/sd15-diffusers.safetensors"

build/unetrun --list-weights "$out/sd15-ldm.safetensors"

build/unetrun --device cpu --weights "$out/sd15-ldm.safetensors" --prefix down_blocks.1.resnets.0 --hw 16 --seed 7 \
    --save-output "$out/out-ldm.safetensors"
build/unetrun --device cpu --weights "$out/sd15-diffusers.safetensors" --prefix input_blocks.4.0 --hw 16 --seed 7 \
    --save-output "$out/out-diffusers.safetensors"

if cmp -s "$out/out-ldm.safetensors" "$out/out-diffusers.safetensors"; then
    echo "checkpoint_roundtrip: OK: the block gives identical output and reference from either naming"
else
    echo "checkpoint_roundtrip: FAILED: outputs differ between the LDM and diffusers files" >&2
    exit 1
fi
