#!/bin/sh
# transformers.sh: every SD1.5 spatial-transformer shape at batch 1 and 2
# (graph-replayed latency, --check), SD2/SDXL-style blocks, and the
# attention kernel alone at the peer table's SDPA shapes; one JSON per run.
#   bench/transformers.sh OUTDIR [extra unetrun flags]
set -e
out=${1:?usage: bench/transformers.sh OUTDIR [unetrun flags]}
shift
bin=${UNETRUN:-build/unetrun}
mkdir -p "$out"
status=0
run() {  # name, flags...
    name=$1
    shift
    if ! "$bin" "$@" --check --json "$out/$name.json" > "$out/$name.txt" 2>&1; then
        echo "FAILED: $name (see $out/$name.txt)" >&2
        status=1
    fi
    grep -E '^block \(graph|^verdict' "$out/$name.txt" | tr '\n' ' ' | sed "s/^/$name: /"; echo
}
for b in 1 2; do
    for shape in 320:64 640:32 1280:16 1280:8; do
        c=${shape%%:*}; hw=${shape#*:}
        run "transformer_sd15_${c}_hw${hw}_b${b}" --block transformer --c "$c" --hw "$hw" --batch "$b" "$@"
    done
    run "transformer_sd21_640_hw32_b${b}" --block transformer --c 640 --hw 32 --head-dim 64 --proj linear \
        --context-dim 1024 --batch "$b" "$@"
    run "transformer_sdxl_640_hw64_depth2_b${b}" --block transformer --c 640 --hw 64 --head-dim 64 --proj linear \
        --context-dim 2048 --depth 2 --batch "$b" "$@"
    run "transformer_sdxl_1280_hw32_depth10_b${b}" --block transformer --c 1280 --hw 32 --head-dim 64 --proj linear \
        --context-dim 2048 --depth 10 --batch "$b" "$@"
done
# attention alone, the SDPA rows of the peer table
run attention_self_b2_h8_4096_d40 --block attention --kind self --seq 4096 --heads 8 --head-dim 40 --batch 2 "$@"
run attention_self_b2_h8_1024_d80 --block attention --kind self --seq 1024 --heads 8 --head-dim 80 --batch 2 "$@"
run attention_self_b2_h8_256_d160 --block attention --kind self --seq 256 --heads 8 --head-dim 160 --batch 2 "$@"
run attention_cross_b2_h8_4096x77_d40 --block attention --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40 \
    --batch 2 "$@"
run attention_self_b2_h10_4096_d64 --block attention --kind self --seq 4096 --heads 10 --head-dim 64 --batch 2 "$@"
run attention_self_b2_h8_4096_d64 --block attention --kind self --seq 4096 --heads 8 --head-dim 64 --batch 2 "$@"
run attention_self_b8_h8_1024_d64 --block attention --kind self --seq 1024 --heads 8 --head-dim 64 --batch 8 "$@"
exit $status
