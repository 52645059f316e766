#!/bin/sh
# attention_split.sh OUTDIR: one GPU run for the key-split, FP32-pipe exp2
# and padding-probe variants of the Hopper attention engine: the attention
# suite (every variant against the FP32 reference), every variant timed at
# the SD shapes (bench_attention bench, d = 40 padding probes included), then
# the tuned kernel against cuDNN's fused SDPA at the target shapes, batch 1
# and 2 (one JSON + text each; summary.txt). Expects build/unetrun and
# build/bench_attention (make ARCH=sm_90 build/unetrun build/bench_attention).
out=${1:?usage: bench/attention_split.sh OUTDIR}
mkdir -p "$out"
t0=$(date +%s)
timeout 120 build/bench_attention test > "$out/suite.txt" 2>&1
echo "suite rc=$? $(tail -1 "$out/suite.txt") ($(($(date +%s) - t0)) s)"
grep -E "^FAIL" "$out/suite.txt" | head -20
timeout 150 build/bench_attention bench > "$out/variants.txt" 2>&1
echo "bench rc=$? ($(($(date +%s) - t0)) s)"
peak="--peak-tflops ${PEAK_TFLOPS:-749} --peak-gbps ${PEAK_GBPS:-2978}"
run() {  # name, flags...
    name=$1
    shift
    timeout 40 build/unetrun --block attention "$@" --vs cudnn --check $peak --json "$out/$name.json" \
        > "$out/$name.txt" 2>&1 || echo "FAILED: $name (rc $?)"
    echo "$name:"
    grep -E '^attn|^block|^vendor block|^verdict' "$out/$name.txt" | cut -c1-140
}
for b in 1 2; do
    run d40_self_4096_h8_b$b --kind self --seq 4096 --heads 8 --head-dim 40 --batch $b
    run d80_self_1024_h8_b$b --kind self --seq 1024 --heads 8 --head-dim 80 --batch $b
    run d160_self_256_h8_b$b --kind self --seq 256 --heads 8 --head-dim 160 --batch $b
    run d40_cross_4096x77_h8_b$b --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40 --batch $b
    run d64_self_4096_h10_b$b --kind self --seq 4096 --heads 10 --head-dim 64 --batch $b
    run d64_self_4096_h8_b$b --kind self --seq 4096 --heads 8 --head-dim 64 --batch $b
    run d64_self_1024_h10_b$b --kind self --seq 1024 --heads 10 --head-dim 64 --batch $b
done > "$out/summary.txt" 2>&1
cat "$out/summary.txt"
echo "benchmarks done ($(($(date +%s) - t0)) s)"
# compute-sanitizer on two small tuned runs whose candidates include the
# key-split (2 and 4 CTAs per item), lazy-rescale and FP32-pipe exp2 variants
if [ -n "$SANITIZE" ]; then
    for t in racecheck synccheck memcheck; do
        for a in "--kind self --seq 200 --heads 2 --head-dim 160" "--kind self --seq 300 --heads 1 --head-dim 64"; do
            n=$t$(echo "$a" | tr -d ' -')
            timeout 150 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention $a --iters 1 \
                --warmup 0 --peak-tflops 700 --peak-gbps 3000 > "$out/san_$n.txt" 2>&1 &
        done
    done
    wait
    for f in "$out"/san_*.txt; do
        echo "$(basename "$f"): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY\|verdict' "$f" | tr '\n' ' ')"
    done > "$out/sanitize.txt"
    cat "$out/sanitize.txt"
fi
echo "done ($(($(date +%s) - t0)) s)"
