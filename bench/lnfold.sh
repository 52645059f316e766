#!/bin/sh
# lnfold.sh: the LayerNorm fold (--fuse-ln) on and off in the same run: the
# SD1.5 transformer blocks (320@64, 640@32, 1280@16, 1280@8) at batch 1 and
# 2, each with the fold off and then on (graph-replayed latency, --check,
# every node's time and error in the JSON; the "on" runs also time the vendor
# chain with --vs cudnn, which runs the LayerNorm then cuBLASLt), then the
# whole SD1.5 step (latent 64, batch 2, --ref none, heuristic picks) off and
# on. A second pass of the blocks in the opposite order (on, then off) shows
# the run-to-run spread. Steps past DEADLINE seconds (default 250) are skipped.
#   bench/lnfold.sh OUTDIR
out=${1:?usage: bench/lnfold.sh OUTDIR}
bin=${UNETRUN:-build/unetrun}
deadline=${DEADLINE:-250}
start=$(date +%s)
mkdir -p "$out"
run() {  # name, timeout, flags...
    name=$1
    lim=$2
    shift 2
    if [ $(($(date +%s) - start)) -gt "$deadline" ]; then
        echo "$name: skipped (past the deadline)"
        return
    fi
    timeout "$lim" "$bin" --device cuda "$@" --json "$out/$name.json" > "$out/$name.txt" 2>&1
    echo "exit $?" >> "$out/$name.txt"
    grep -E '^block \(graph|^verdict|^exit' "$out/$name.txt" | tr '\n' ' ' | sed "s/^/$name: /"
    echo
}
blocks() {  # pass, first setting, second setting
    for b in 1 2; do
        for shape in 320:64 640:32 1280:16 1280:8; do
            c=${shape%%:*}
            hw=${shape#*:}
            for f in $2 $3; do
                vs=
                [ "$1" = 1 ] && [ "$f" = on ] && vs="--vs cudnn"
                run "p$1_transformer_${c}_hw${hw}_b${b}_fuse-ln-$f" 60 --block transformer --c "$c" --hw "$hw" \
                    --batch "$b" --fuse-ln "$f" --check --iters 200 --warmup 20 $vs
            done
        done
    done
}
blocks 1 off on
for f in off on; do
    run "unet_sd15_latent64_b2_fuse-ln-$f" 90 --unet sd15 --latent 64 --batch 2 --ref none \
        --kernel-select heuristic --iters 20 --warmup 5 --fuse-ln "$f"
done
blocks 2 on off
