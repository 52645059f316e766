#!/bin/sh
# attention.sh: the attention node alone against cuDNN's fused SDPA in the
# same run (--vs cudnn), at the SD1.5 (d 40/80/160) and SD2.1/SDXL (d 64)
# shapes, batch 1 and 2; kernel configuration tuned per shape (the report
# names it); one JSON + text per run, a summary line each.
#   bench/attention.sh OUTDIR [extra unetrun flags]
#   ONLY=REGEX bench/attention.sh OUTDIR   only the runs whose name matches
#                                          (grep -E), e.g. ONLY='d64_self_4096_h8'
#   UNETRUN=path                           the binary (default build/unetrun)
out=${1:?usage: bench/attention.sh OUTDIR [unetrun flags]}
shift
bin=${UNETRUN:-build/unetrun}
mkdir -p "$out"
status=0
run() {  # name, flags...
    name=$1
    shift
    if [ -n "${ONLY:-}" ] && ! echo "$name" | grep -qE "$ONLY"; then return 0; fi
    if ! "$bin" --block attention "$@" --vs cudnn --check --json "$out/$name.json" > "$out/$name.txt" 2>&1; then
        echo "FAILED: $name (see $out/$name.txt)" >&2
        status=1
    fi
    grep -E '^attn' "$out/$name.txt" | head -1 | sed "s/^/$name: /"
}
for b in 1 2; do
    # SD1.5: 8 heads, d = 320/8, 640/8, 1280/8 at 4096, 1024, 256, 64 tokens; context 77
    run sd15_self_4096_h8_d40_b$b --kind self --seq 4096 --heads 8 --head-dim 40 --batch $b "$@"
    run sd15_cross_4096x77_h8_d40_b$b --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40 --batch $b "$@"
    run sd15_self_1024_h8_d80_b$b --kind self --seq 1024 --heads 8 --head-dim 80 --batch $b "$@"
    run sd15_cross_1024x77_h8_d80_b$b --kind cross --seq 1024 --kv 77 --heads 8 --head-dim 80 --batch $b "$@"
    run sd15_self_256_h8_d160_b$b --kind self --seq 256 --heads 8 --head-dim 160 --batch $b "$@"
    run sd15_self_64_h8_d160_b$b --kind self --seq 64 --heads 8 --head-dim 160 --batch $b "$@"
    # SD2.1 (5/10/20 heads of 64) and SDXL (10/20 heads of 64)
    run d64_self_4096_h5_b$b --kind self --seq 4096 --heads 5 --head-dim 64 --batch $b "$@"
    run d64_self_4096_h8_b$b --kind self --seq 4096 --heads 8 --head-dim 64 --batch $b "$@"
    run d64_self_4096_h10_b$b --kind self --seq 4096 --heads 10 --head-dim 64 --batch $b "$@"
    run d64_self_1024_h10_b$b --kind self --seq 1024 --heads 10 --head-dim 64 --batch $b "$@"
    run d64_self_1024_h20_b$b --kind self --seq 1024 --heads 20 --head-dim 64 --batch $b "$@"
    run d64_self_256_h20_b$b --kind self --seq 256 --heads 20 --head-dim 64 --batch $b "$@"
    run d64_self_64_h20_b$b --kind self --seq 64 --heads 20 --head-dim 64 --batch $b "$@"
    run d64_cross_4096x77_h10_b$b --kind cross --seq 4096 --kv 77 --heads 10 --head-dim 64 --batch $b "$@"
done
exit $status
