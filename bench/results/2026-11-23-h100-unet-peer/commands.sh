# whole-UNet numbers: unetrun step latency, the diffusers peer in the same run, SD1.5 golden, SDXL --check
RES=bench/results/2026-11-23-h100-unet-peer; mkdir -p $RES $OUT/u
t0=$(date +%s)
for mb in "sd15 64 1" "sd15 64 2" "sd21 96 1" "sd21 96 2" "sdxl 128 1" "sdxl 128 2"; do
    set -- $mb
    timeout 60 build/unetrun --unet $1 --latent $2 --batch $3 --ref none --kernel-select heuristic --iters 20 --warmup 5 \
        --json "$RES/unet-$1-b$3-h100.json" > "$OUT/u/bench-$1-b$3.txt" 2>&1; echo "exit $?" >> "$OUT/u/bench-$1-b$3.txt"
    grep "step (graph" "$OUT/u/bench-$1-b$3.txt"
done
echo "benches $(( $(date +%s) - t0 )) s"
timeout 220 python3 bench/unet_peer.py --out $RES/unet-peer-h100.json > $OUT/u/peer.txt 2>&1; echo "exit $?" >> $OUT/u/peer.txt
tail -14 $OUT/u/peer.txt; echo "peer $(( $(date +%s) - t0 )) s"
build/perf_table $RES/unet-peer-h100.json $RES/unet-*-b*-h100.json > $OUT/u/table.md 2>&1; cat $OUT/u/table.md
G=$TMPDIR/ug; timeout 120 python3 tests/golden/make_golden.py --set unet-full --out $G --device cuda > $OUT/u/golden_make.txt 2>&1
C=$G/unet_sd15_latent64_b2
timeout 100 build/unetrun --unet --weights $C.weights.safetensors --config $C.config.json --input $C.inputs.safetensors \
    --save-output $G/out.safetensors --check --kernel-select heuristic --iters 5 --warmup 2 > $OUT/u/sd15_golden.txt 2>&1
echo "exit $?" >> $OUT/u/sd15_golden.txt
python3 tests/golden/compare_output.py $G/out.safetensors $C.expected.safetensors >> $OUT/u/sd15_golden.txt 2>&1
tail -4 $OUT/u/sd15_golden.txt; echo "golden $(( $(date +%s) - t0 )) s"
timeout 150 build/unetrun --unet sdxl --latent 128 --batch 2 --check --kernel-select heuristic --iters 3 --warmup 1 > $OUT/u/sdxl_check.txt 2>&1
echo "exit $?" >> $OUT/u/sdxl_check.txt; tail -4 $OUT/u/sdxl_check.txt; echo "all $(( $(date +%s) - t0 )) s"
cp -r $RES $OUT/res
