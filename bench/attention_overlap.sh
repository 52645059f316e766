#!/bin/sh
# attention_overlap.sh OUTDIR: one GPU run for the softmax/P V overlap,
# Bc192 and pbuf2 variants of the Hopper attention engine: the attention
# suite (every variant against the FP32 reference) with racecheck,
# synccheck and memcheck on four small tuned attention runs alongside
# (tuning launches every candidate), every variant timed at the SD shapes
# (bench_attention bench), the tuned kernel against cuDNN's fused SDPA at
# the self-attention target shapes, batch 2 and 1 (one JSON + text each;
# summary.txt), and Nsight Compute's pipe utilization and stall reasons for
# the d64 ping-pong fmaexp1/8 kernel (base clock). Expects build/unetrun and
# build/bench_attention (make ARCH=sm_90 build/unetrun build/bench_attention).
out=${1:?usage: bench/attention_overlap.sh OUTDIR}
mkdir -p "$out"
t0=$(date +%s)
for t in racecheck synccheck memcheck; do
    for a in "--kind self --seq 300 --heads 1 --head-dim 64" "--kind self --seq 200 --heads 2 --head-dim 40" \
        "--kind self --seq 200 --heads 2 --head-dim 160" "--kind cross --seq 100 --kv 300 --heads 2 --head-dim 80"; do
        n=san_$t$(echo "$a" | tr -d ' -')
        timeout 120 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention $a --iters 1 \
            --warmup 0 --peak-tflops 700 --peak-gbps 3000 > "$out/$n.txt" 2>&1 &
    done
done
timeout 120 build/bench_attention test > "$out/suite.txt" 2>&1
echo "suite rc=$? $(tail -1 "$out/suite.txt") ($(($(date +%s) - t0)) s)"
grep -E "^FAIL" "$out/suite.txt" | head -20
wait
for f in "$out"/san_*.txt; do
    echo "$(basename "$f"): $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY\|verdict' "$f" | tr '\n' ' ')"
done > "$out/sanitize.txt"
cat "$out/sanitize.txt"
timeout 120 build/bench_attention bench > "$out/variants.txt" 2>&1
echo "bench rc=$? ($(($(date +%s) - t0)) s)"
peak="--peak-tflops ${PEAK_TFLOPS:-749} --peak-gbps ${PEAK_GBPS:-2978}"
for b in 2 1; do
    for s in "self 4096 8 40" "self 4096 8 64" "self 4096 10 64" "self 1024 8 80" "self 256 8 160"; do
        set -- $s
        n=d$4_$1_$2_h$3_b$b
        timeout 40 build/unetrun --block attention --kind $1 --seq $2 --heads $3 --head-dim $4 --batch $b --vs cudnn \
            --check $peak --json "$out/$n.json" > "$out/$n.txt" 2>&1 || echo "FAILED: $n"
        echo "$n: $(grep -E '^attn|^block \(graph|^vendor block' "$out/$n.txt" | tr -s ' ' | cut -c1-150 | tr '\n' '|')"
    done
done > "$out/summary.txt" 2>&1
cat "$out/summary.txt"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
if [ -n "$ncu" ]; then
    timeout 60 "$ncu" --kernel-name-base mangled -k regex:ILi64ELi128ELi2ELi4ELi1ELi2ELi0ELi1ELi0ELi1ELi0E \
        --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
        --section SchedulerStats --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,regex:sm__pipe_.*_cycles_active\.avg\.pct_of_peak_sustained_active' \
        build/bench_attention bench 2 8 4096 4096 64 > "$out/ncu_d64_pp_fmaexp.txt" 2>&1
    grep -hE "Duration|SM Frequency|Issue Slots Busy|pipe_tensor_cycles|inst_executed_pipe_xu\." "$out/ncu_d64_pp_fmaexp.txt"
fi
echo "done ($(($(date +%s) - t0)) s)"
