#!/bin/sh
# attention_rows.sh OUTDIR [BASE_UNETRUN]: the runs behind docs/PERF.md's sections on the
# three- and four-consumer attention CTAs (Br192, Br256) and --fuse-ln auto, on one GPU:
#   1. the attention suite (bench_attention test: every candidate against the FP32 reference)
#      with racecheck / synccheck / memcheck on two tuned runs that launch every candidate;
#   2. every variant at the 4096-token d40 / d64 shapes (bench_attention bench B H 4096 4096 D);
#   3. the tuned attention node against cuDNN's fused SDPA (bench/attention.sh: 28 shapes);
#   4. transformer blocks with --fuse-ln off and auto (tuned, --check), two passes;
#   5. --sweep sd15|sd21|sdxl --vs cudnn at batch 1 and 2;
#   6. whole steps, --unet sd15|sd21|sdxl --ref none --kernel-select heuristic, twice, with
#      BASE_UNETRUN (a build of an earlier commit) interleaved when given.
# Expects build/unetrun and build/bench_attention (make ARCH=sm_90 build/unetrun build/bench_attention).
out=${1:?usage: bench/attention_rows.sh OUTDIR [BASE_UNETRUN]}
base=$2
mkdir -p "$out"
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > "$out/device.txt"
for a in "--kind self --seq 600 --heads 1 --head-dim 64" "--kind self --seq 700 --heads 2 --head-dim 40"; do
    for t in racecheck synccheck memcheck; do
        n=san_$t$(echo "$a" | tr -d ' -')
        timeout 150 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention $a --iters 1 \
            --warmup 0 --peak-tflops 700 --peak-gbps 3000 > "$out/$n.txt" 2>&1
    done
done
build/bench_attention test > "$out/suite.txt" 2>&1
echo "suite: $(tail -1 "$out/suite.txt")"
for s in "1 8 4096 4096 40" "2 8 4096 4096 40" "1 8 4096 4096 64" "2 8 4096 4096 64" "2 10 4096 4096 64" \
    "1 10 4096 4096 64" "1 5 4096 4096 64"; do
    build/bench_attention bench $s > "$out/var_$(echo $s | tr ' ' _).txt" 2>&1
done
sh bench/attention.sh "$out/att" > "$out/att_summary.txt" 2>&1
for r in 1 2; do
    for s in "1280 16 1" "1280 8 1" "1280 16 2" "1280 8 2" "640 32 2"; do
        set -- $s
        for m in off auto; do
            n=tf$1_$2_b$3_$m-r$r
            build/unetrun --block transformer --c $1 --hw $2 --batch $3 --fuse-ln $m --check --json "$out/$n.json" \
                > "$out/$n.txt" 2>&1
            echo "tf $1@$2 b$3 $m r$r: $(grep '^block (graph' "$out/$n.txt" | awk '{print $4, $5}')"
        done
    done
done > "$out/blocks_ab.txt"
for m in sd15 sd21 sdxl; do
    for b in 1 2; do
        build/unetrun --sweep $m --batch $b --vs cudnn --json "$out/sweep-$m-b$b.json" > "$out/sweep-$m-b$b.txt" 2>&1
    done
done
for r in 1 2; do
    for mb in "sd15 1" "sd15 2" "sd21 1" "sd21 2" "sdxl 1" "sdxl 2"; do
        set -- $mb
        for v in base head; do
            bin=build/unetrun
            if [ $v = base ]; then
                [ -n "$base" ] || continue
                bin=$base
            fi
            n=unet-$1-b$2-$v-r$r
            $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json "$out/$n.json" > "$out/$n.txt" 2>&1
            echo "$1 b$2 $v r$r $(grep '^step (graph' "$out/$n.txt" | awk '{print $4, $5}')"
        done
    done
done > "$out/steps.txt"
cat "$out/steps.txt"
