#!/bin/sh
# attention_device.sh OUTDIR: one GPU run for the Hopper attention
# engine: build (sm_90), SASS summary of attention_wgmma.o, every attention
# variant timed at three shapes (bench_attention bench), bench/attention.sh
# (tuned kernel vs cuDNN SDPA), then the GPU suite (test_gpu: kernels, CLI,
# committed golden cases) with racecheck / synccheck / memcheck on small
# attention runs alongside (selection tuned, so every candidate runs).
out=${1:?usage: bench/attention_device.sh OUTDIR}
mkdir -p "$out"
make ARCH=sm_90 DEPS_PREFIX=${DEPS_PREFIX:-/tmp/deps} -j16 build/unetrun build/test_gpu build/bench_attention \
    > "$out/build.txt" 2>&1 || { tail -30 "$out/build.txt"; exit 1; }
cuobjdump -sass build/kernels/attention_wgmma.o > "$out/sass_full.txt" 2>&1
awk '/Function :/{f=$3} /HGMMA/{h[f]++} /LDL|STL/{l[f]++} END{for(k in h) print h[k], "HGMMA", l[k]+0, "LDL/STL", k}' \
    "$out/sass_full.txt" > "$out/sass.txt"
gzip -f "$out/sass_full.txt"
{
    build/bench_attention bench 2 8 4096 4096 64
    build/bench_attention bench 2 8 4096 4096 40
    build/bench_attention bench 1 10 1024 1024 64
    build/bench_attention bench 2 8 256 256 160
} > "$out/variants.txt" 2>&1
grep -E "^B|best|wgmma" "$out/variants.txt"
timeout ${BENCH_S:-200} sh bench/attention.sh "$out/bench" > "$out/summary.txt" 2>&1
cat "$out/summary.txt"
(
for t in racecheck synccheck; do
    for a in "--kind self --seq 200 --heads 2 --head-dim 64" "--kind cross --seq 100 --kv 300 --heads 2 --head-dim 80" \
             "--kind cross --seq 130 --kv 200 --heads 100 --head-dim 40" "--kind self --seq 150 --heads 1 --head-dim 160" \
             "--kind self --seq 300 --heads 2 --head-dim 128"; do
        n=$(echo "$a" | tr -d ' -')
        timeout 100 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention $a --iters 1 \
            --warmup 0 --peak-tflops 700 --peak-gbps 3000 > "$out/san_${t}_$n.txt" 2>&1
        echo "$t $a: rc=$? $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' "$out/san_${t}_$n.txt" | tr '\n' ' ')"
    done
done > "$out/sanitize.txt" 2>&1
) &
san=$!
timeout ${SUITE_S:-300} build/test_gpu build/unetrun > "$out/test_gpu.txt" 2>&1
echo "test_gpu rc=$?"
grep -E "^FAIL|passed" "$out/test_gpu.txt" | head -40
wait $san
cat "$out/sanitize.txt"
