#!/bin/sh
# A whole UNet checkpoint through unetrun --unet, compared with PyTorch:
#   examples/unet_checkpoint.sh [UNET_DIR] [unetrun options...]
# UNET_DIR: a local diffusers UNet folder (config.json +
# diffusion_pytorch_model.safetensors). Without one, a tiny diffusers UNet
# (16/32 channels, SDXL-style text_time embeddings) is made with random
# weights (tests/golden/make_golden.py --set unet). Then
#   1. examples/unet_pytorch.py runs the model in float64 on FP16-representable
#      inputs (inputs.safetensors, expected.safetensors);
#   2. unetrun --unet --weights reads the same checkpoint (layout from its
#      tensors, heads from config.json beside it) and inputs, --save-output;
#   3. tests/golden/compare_output.py prints the relative L2 error of unetrun's
#      fast path and FP32 reference against PyTorch's float64 output.
# Needs PyTorch and diffusers. Files go to build/examples/unet.
set -e
cd "$(dirname "$0")/.."
out=build/examples/unet
mkdir -p "$out"
make --no-print-directory build/unetrun
if [ $# -gt 0 ] && [ -d "$1" ]; then
    dir=$1
    shift
else
    python3 tests/golden/make_golden.py --set unet --out "$out/tiny"
    dir=$out/tiny-unet
    mkdir -p "$dir"
    cp "$out/tiny/unet_tiny_xl_b2.weights.safetensors" "$dir/diffusion_pytorch_model.safetensors"
    cp "$out/tiny/unet_tiny_xl_b2.config.json" "$dir/config.json"
fi
python3 examples/unet_pytorch.py "$dir" "$out/run" --batch 2
build/unetrun --unet --weights "$dir/diffusion_pytorch_model.safetensors" --input "$out/run/inputs.safetensors" \
    --save-output "$out/run/unetrun.safetensors" "$@"
python3 tests/golden/compare_output.py "$out/run/unetrun.safetensors" "$out/run/expected.safetensors"
