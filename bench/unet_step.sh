#!/bin/sh
# bench/unet_step.sh: the whole-UNet numbers of docs/PERF.md on a GPU machine.
#   1. SD1.5 at latent 64, batch 2, from a diffusers checkpoint and inputs made
#      here (make_golden.py --set unet-full): unetrun's output vs PyTorch float64;
#   2. step latency (one CUDA graph of the whole UNet; heuristic kernel picks,
#      FP16 activations in the liveness arena of --ref none) at batch 1 and 2 for
#      SD1.5 (latent 64), SD2.1 (96) and SDXL (128), random weights, JSON into
#      bench/results/;
#   3. SDXL at latent 128, batch 2 with --check (every node within tolerance,
#      graph replay bit-identical);
#   4. (PEER=1, the default; PEER=0 skips it) the peer in the same run:
#      bench/unet_peer.py times diffusers' UNet2DConditionModel of the same three
#      models at the same latents and batches, eager and CUDA graph (PEER_COMPILE=1
#      adds torch.compile + graph, minutes per model), into
#      $RES/unet-peer-h100.json, and build/perf_table prints the table
#      unetrun vs peer into $LOGS/table.md when it has been built.
# Needs PyTorch + diffusers for steps 1 and 4. Logs go to $LOGS (default build/unet-step).
LOGS=${LOGS:-build/unet-step}
BIN=${BIN:-build/unetrun}
RES=${RES:-bench/results/2026-11-23-h100-unet}
mkdir -p "$LOGS" "$RES"
G=${GOLDEN:-build/unet-golden}
step() { echo "== $*" >> "$LOGS/log.txt"; }

step golden
python3 tests/golden/make_golden.py --set unet-full --out $G --device cuda >> "$LOGS/log.txt" 2>&1
C=$G/unet_sd15_latent64_b2
timeout 240 $BIN --unet --weights $C.weights.safetensors --config $C.config.json --input $C.inputs.safetensors \
    --save-output $G/out.safetensors --check --kernel-select heuristic --iters 5 --warmup 2 > "$LOGS/sd15_golden.txt" 2>&1
echo "exit $?" >> "$LOGS/sd15_golden.txt"
python3 tests/golden/compare_output.py $G/out.safetensors $C.expected.safetensors >> "$LOGS/sd15_golden.txt" 2>&1
rm -rf $G

for mb in "sd15 64 1" "sd15 64 2" "sd21 96 1" "sd21 96 2" "sdxl 128 1" "sdxl 128 2"; do
    set -- $mb
    step "bench $1 latent $2 batch $3"
    timeout 150 $BIN --unet $1 --latent $2 --batch $3 --ref none --kernel-select heuristic --iters 20 --warmup 5 \
        --json "$RES/unet-$1-b$3-h100.json" > "$LOGS/bench-$1-b$3.txt" 2>&1
    echo "exit $?" >> "$LOGS/bench-$1-b$3.txt"
done

step "sdxl check"
timeout 200 $BIN --unet sdxl --latent 128 --batch 2 --check --kernel-select heuristic --iters 3 --warmup 1 \
    > "$LOGS/sdxl_check.txt" 2>&1
echo "exit $?" >> "$LOGS/sdxl_check.txt"

if [ "${PEER:-1}" = 1 ]; then
    step peer
    PC=
    [ "${PEER_COMPILE:-0}" = 1 ] && PC=--compile
    timeout ${PEER_TIMEOUT:-480} python3 bench/unet_peer.py --models sd15,sd21,sdxl --batches 1,2 --iters 20 --warmup 5 \
        $PC --out "$RES/unet-peer-h100.json" > "$LOGS/peer.txt" 2>&1
    echo "exit $?" >> "$LOGS/peer.txt"
    if [ -x build/perf_table ]; then
        build/perf_table "$RES/unet-peer-h100.json" "$RES"/unet-sd*-b*-h100.json > "$LOGS/table.md" 2>&1
        echo "exit $?" >> "$LOGS/table.md"
    fi
fi
