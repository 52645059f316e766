#!/bin/sh
# test_gpu_parts.sh: make test-gpu's parts side by side (make test-gpu-parts),
# each part on one card of the host, for hosts where the whole suite in one
# process takes longer than a sitting (one H100: over 30 minutes).
#
#   tests/test_gpu_parts.sh [build/unetrun] [GOLDEN_DIR]
#
# The parts (19 processes; 16 without GOLDEN_DIR):
#   - the sanitizer suite (tests/sanitize.sh), then test_gpu's conv section,
#     shard 0 of 4 (the shard that also runs the conv section's other suites);
#   - the conv section's shards 1-3 of 4;
#   - the sections ops, shortcut, streamk, norm, groupnorm, gemm, lnfold;
#   - the blocks section in 4 shards (--shard K/4; the committed diffusers
#     goldens run in shard 0);
#   - given GOLDEN_DIR (tests/golden/make_golden.py's output: cases.txt and the
#     case files), its golden cases in 3 shards (--golden-only --golden-shard).
# They fill four slots (the groups above: slot 0 the sanitizers and conv shard
# 0, 1 the other conv shards and the goldens, 2 the kernel sections and blocks
# shards 0-1, 3 blocks shards 2-3); slot s runs on card s mod GPUS. Measured on
# four H200s (bench/results/2026-11-28-h200-int8-group-pass/job4-x4-test-gpu-
# parts): slot 0 took 391 s, slot 1's conv shards 92-102 s, slot 2 316 s,
# slot 3's blocks shards 266-294 s; the goldens, then in slot 3, had not ended
# after 489 s beside those shards (671 passed, 0 failed when stopped), so they
# now share slot 1, idle after its conv shards.
#
# GPUS: the cards to use (default: CUDA_VISIBLE_DEVICES's entries, else
# nvidia-smi -L's count, else 1); with CUDA_VISIBLE_DEVICES set, card k is its
# k-th entry. PARTS_LOG: the folder of the parts' logs (default
# build/test-gpu-parts; one NAME.txt per part). PARTS_TIMEOUT: seconds after
# which a part is stopped (default: none). TEST_GPU, SANITIZE_SH: the
# programs run (default build/test_gpu, tests/sanitize.sh).
# PARTS=REGEX: only the parts whose whole name matches (grep -E; the names
# are sanitize, conv_0-3, section_NAME, blocks_0-3, golden_0-2), so a host
# whose sittings are shorter than the suite runs it in two or more, e.g.
# PARTS='sanitize|conv_.*|section_.*', then PARTS='blocks_.*|golden_.*'.
# SANITIZE_ALONE=1: the sanitizer suite runs first, by itself, and the other
# parts start when it has ended; 0: beside them, in slot 0. Default: 1 on
# hosts with less than 300 GiB of memory (/proc/meminfo). Three of its
# racecheck runs take 46.7, 48.3 or more, and 65.1 GiB of host memory: beside
# the 15 other parts on one H200 with 125 GiB, the first and last were killed
# by the kernel's OOM killer (bench/results/2026-11-28-h200-suite-one-card;
# sanitize.sh now runs the heavy runs last, alone); on four H200s with 512 GiB
# the whole suite passed side by side. By itself on one H200 the sanitizer
# suite took 323 s, 155 passed (bench/results/2026-11-29-h200-sanitize-heavy-
# last); with 12 runs more, 357 s, 166 passed, and the third heavy run, then
# not yet among them, killed for memory and passing alone (bench/results/
# 2026-11-29-h200-qa-quant); with three heavy runs, 400 s, 167 passed, 0
# failed, the host's memory in use peaking at 125564 MiB (bench/results/
# 2026-11-29-h200-qa-cluster-goldens, job3); with all four heavy runs last,
# 430 s, 167 passed, 0 failed, peaking at 91081 MiB (bench/results/
# 2026-11-29-h200-attention-pipes-qtiles, job2; one attention run since).
#
# Output: per part its card, seconds, last line and first FAIL lines; a part
# whose log does not end in "N passed, N failed" (it crashed or was stopped)
# counts one failure more. The last line is the sum, "N passed, N failed";
# the exit status is 0 only when nothing failed.
BIN=${1:-build/unetrun}
GOLDEN=${2:-}
TEST_GPU=${TEST_GPU:-build/test_gpu}
SANITIZE_SH=${SANITIZE_SH:-tests/sanitize.sh}
LOGS=${PARTS_LOG:-build/test-gpu-parts}

fail_usage() {
    echo "test_gpu_parts.sh: $1"
    echo "0 passed, 1 failed"
    exit 2
}
[ -x "$TEST_GPU" ] || fail_usage "$TEST_GPU is not an executable (make $TEST_GPU first, or set TEST_GPU)"
[ -f "$SANITIZE_SH" ] || fail_usage "$SANITIZE_SH not found (set SANITIZE_SH)"
[ -x "$BIN" ] || fail_usage "$BIN is not an executable (make $BIN first)"
if [ -n "$GOLDEN" ] && [ ! -f "$GOLDEN/cases.txt" ]; then
    fail_usage "$GOLDEN/cases.txt not found (make_golden.py writes it; or leave GOLDEN_DIR out)"
fi
if [ -n "${PARTS_TIMEOUT:-}" ]; then
    case "$PARTS_TIMEOUT" in *[!0-9]* | 0) fail_usage "PARTS_TIMEOUT must be a positive count of seconds (got '$PARTS_TIMEOUT')" ;; esac
fi

# The parts in launch order, then those PARTS selects.
SECTIONS="ops shortcut streamk norm groupnorm gemm lnfold"
ALL="sanitize conv_0 conv_1 conv_2 conv_3"
for s in $SECTIONS; do ALL="$ALL section_$s"; done
ALL="$ALL blocks_0 blocks_1 blocks_2 blocks_3"
[ -n "$GOLDEN" ] && ALL="$ALL golden_0 golden_1 golden_2"
want() { [ -z "${PARTS:-}" ] || echo "$1" | grep -qE "^(${PARTS})\$"; }
NAMES=""
for n in $ALL; do want "$n" && NAMES="$NAMES $n"; done
[ -n "$NAMES" ] || fail_usage "PARTS='${PARTS:-}' matches none of the parts ($ALL)"

if [ -z "${SANITIZE_ALONE:-}" ]; then
    mem_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
    SANITIZE_ALONE=1
    [ "${mem_kb:-0}" -ge $((300 * 1024 * 1024)) ] 2>/dev/null && SANITIZE_ALONE=0
fi
case "$SANITIZE_ALONE" in 0 | 1) ;; *) fail_usage "SANITIZE_ALONE must be 0 or 1 (got '$SANITIZE_ALONE')" ;; esac

# The cards: CUDA_VISIBLE_DEVICES's entries, or 0 .. GPUS - 1.
CARDS=$(echo "${CUDA_VISIBLE_DEVICES:-}" | tr ',' ' ')
if [ -n "${GPUS:-}" ]; then
    case "$GPUS" in '' | *[!0-9]* | 0) fail_usage "GPUS must be a count of cards, 1 or more (got '$GPUS')" ;; esac
elif [ -n "$CARDS" ]; then
    GPUS=$(echo "$CARDS" | wc -w)
else
    GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
    [ "$GPUS" -ge 1 ] 2>/dev/null || GPUS=1
fi
if [ -z "$CARDS" ]; then
    CARDS=$(i=0; while [ $i -lt "$GPUS" ]; do printf '%d ' $i; i=$((i + 1)); done)
fi
[ "$(echo "$CARDS" | wc -w)" -ge "$GPUS" ] || fail_usage "GPUS=$GPUS, but CUDA_VISIBLE_DEVICES names fewer cards"
card_of() { echo "$CARDS" | tr -s ' ' '\n' | grep -v '^$' | sed -n "$(($1 % GPUS + 1))p"; }

mkdir -p "$LOGS" || fail_usage "cannot create $LOGS"
T0=$(date +%s)
# part SLOT NAME COMMAND...: the command on the slot's card, its output to LOGS/NAME.txt, its card and
# seconds to LOGS/NAME.meta.
part() {
    slot=$1 name=$2
    shift 2
    card=$(card_of "$slot")
    rm -f "$LOGS/$name.txt" "$LOGS/$name.meta"
    t=$(date +%s)
    if [ -n "${PARTS_TIMEOUT:-}" ]; then
        CUDA_VISIBLE_DEVICES=$card timeout "$PARTS_TIMEOUT" "$@" >"$LOGS/$name.txt" 2>&1
    else
        CUDA_VISIBLE_DEVICES=$card "$@" >"$LOGS/$name.txt" 2>&1
    fi
    echo "$card $(($(date +%s) - t))" >"$LOGS/$name.meta"
}

# The launches, each where PARTS selects its part; the sanitizer suite first and by itself with
# SANITIZE_ALONE=1, else ahead of conv shard 0 in slot 0.
if [ "$SANITIZE_ALONE" = 1 ] && want sanitize; then
    part 0 sanitize sh "$SANITIZE_SH" "$BIN"
fi
(
    [ "$SANITIZE_ALONE" = 0 ] && want sanitize && part 0 sanitize sh "$SANITIZE_SH" "$BIN"
    want conv_0 && part 0 conv_0 "$TEST_GPU" "$BIN" --section conv --shard 0/4
) &
for k in 1 2 3; do
    want conv_$k && part 1 conv_$k "$TEST_GPU" "$BIN" --section conv --shard $k/4 &
done
for s in $SECTIONS; do
    want section_$s && part 2 section_$s "$TEST_GPU" "$BIN" --section $s &
done
for k in 0 1 2 3; do
    want blocks_$k && part $((2 + k / 2)) blocks_$k "$TEST_GPU" "$BIN" --section blocks --shard $k/4 &
done
if [ -n "$GOLDEN" ]; then
    for k in 0 1 2; do
        want golden_$k && part 1 golden_$k "$TEST_GPU" "$BIN" --golden-only --golden "$GOLDEN" --golden-shard $k/3 &
    done
fi
wait

P=0
F=0
for name in $NAMES; do
    f=$LOGS/$name.txt
    last=$(tail -n 1 "$f" 2>/dev/null)
    meta=$(cat "$LOGS/$name.meta" 2>/dev/null)
    [ -n "$meta" ] || meta="? ?"
    p=$(echo "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\1/p')
    q=$(echo "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\2/p')
    note=""
    if [ -z "$p" ] || [ -z "$q" ]; then
        p=0 q=1 note=" (no summary line: counted as one failure)"
    elif [ "$last" != "$p passed, $q failed" ]; then
        q=$((q + 1)) note=" (did not finish: one failure more)"
    fi
    echo "part $name (card ${meta% *}, ${meta#* } s): ${last:-no output}$note"
    grep '^FAIL' "$f" 2>/dev/null | head -n 5 | cut -c1-300 | sed 's/^/  /'
    P=$((P + p))
    F=$((F + q))
done
echo "test-gpu parts: $(echo $NAMES | wc -w) on $GPUS card(s) in $(($(date +%s) - T0)) s; logs in $LOGS"
echo "$P passed, $F failed"
[ "$F" -eq 0 ]
