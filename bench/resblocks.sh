#!/bin/sh
# resblocks.sh: every SD1.5 ResBlock shape at batch 1 and 2, graph-replayed
# latency with --check, one JSON per run.
#   bench/resblocks.sh OUTDIR [extra unetrun flags]
set -e
out=${1:?usage: bench/resblocks.sh OUTDIR [unetrun flags]}
shift
bin=${UNETRUN:-build/unetrun}
mkdir -p "$out"
status=0
for b in 1 2; do
    for shape in 320:320:64 320:320:32 320:640:32 640:640:32 640:1280:16 1280:1280:16 1280:1280:8 \
                 2560:1280:8 2560:1280:16 1920:1280:16 1920:640:32 1280:640:32 960:640:32 \
                 960:320:64 640:320:64; do
        cin=${shape%%:*}; rest=${shape#*:}; cout=${rest%%:*}; hw=${rest#*:}
        name="resblock_${cin}_${cout}_hw${hw}_b${b}"
        if ! "$bin" --block resblock --c "$cin" --cout "$cout" --hw "$hw" --batch "$b" --check \
                --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1; then
            echo "FAILED: $name (see $out/$name.txt)" >&2
            status=1
        fi
        grep -E '^block \(graph|^verdict' "$out/$name.txt" | tr '\n' ' ' | sed "s/^/$name: /"; echo
    done
done
exit $status
