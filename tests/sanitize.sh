#!/bin/sh
# sanitize.sh: compute-sanitizer over every block kind and kernel family on
# small shapes (make sanitize; part of make test-gpu).
#
#   tests/sanitize.sh [build/unetrun]     (SANITIZE_ONLY=REGEX: only the runs so named)
#
# Each run below goes through memcheck, racecheck, initcheck and synccheck,
# SANITIZE_JOBS (default: the CPU cores) of them at once; the heavy
# racecheck runs (HEAVY below) after all the others, SANITIZE_HEAVY_JOBS at once.
# Kernel selection stays at its default (tune), so every candidate tile,
# split-K and attention variant of the shape is launched too, not only the
# pick, once each (--tune-reps 1: the timing repeats only slow the tools
# down); --ref gpu (the default) covers the FP32 reference kernels.
# --peak-tflops/--peak-gbps skip the bandwidth calibration (a 512 MiB copy
# that only slows the tools down). A run passes when the tool exits 0 and
# reports no error (racecheck: no hazard, not even a warning); the last
# line is "N passed, N failed".
# sanitize.sh --one TOOL NAME DIR ARGS...: one tool on one run; its output
# to DIR/NAME.TOOL.out, exit status and seconds to DIR/NAME.TOOL.rc.
if [ "$1" = "--one" ]; then
    tool=$2 name=$3 dir=$4
    shift 4
    t0=$(date +%s)
    "$SAN" --tool "$tool" --error-exitcode 99 --print-limit 20 "$BIN_ONE" "$@" $SAN_COMMON >"$dir/$name.$tool.out" 2>&1
    echo "$? $(($(date +%s) - t0))" >"$dir/$name.$tool.rc"
    exit 0
fi

BIN=${1:-build/unetrun}
SAN=${COMPUTE_SANITIZER:-compute-sanitizer}
if ! command -v "$SAN" >/dev/null 2>&1; then
    for d in /usr/local/cuda/bin /opt/nvidia/compute-sanitizer; do
        [ -x "$d/compute-sanitizer" ] && SAN=$d/compute-sanitizer && break
    done
fi
if ! command -v "$SAN" >/dev/null 2>&1; then
    echo "sanitize.sh: compute-sanitizer not found (set COMPUTE_SANITIZER=path)"
    echo "0 passed, 1 failed"
    exit 1
fi
LOG=${SANITIZE_LOG:-build/sanitize.log}
mkdir -p "$(dirname "$LOG")"
: >"$LOG"
SAN_COMMON="--iters 1 --warmup 0 --tune-reps 1 --peak-tflops 700 --peak-gbps 3000"

# name | unetrun arguments: every block kind and kernel family
RUNS='resblock-shortcut-b2-7x7 | --block resblock --c 64 --cout 96 --hw 7 --batch 2 --temb-dim 64
resblock-int8-1x1-5x9 | --block resblock --c 32 --cout 64 --h 5 --w 9 --linear int8 --conv1x1 int8
conv-3x3-s2-9x7 | --block conv --c 24 --cout 40 --h 9 --w 7 --stride 2
conv-1x1-s1-3x3 | --block conv --c 8 --cout 24 --hw 3 --ksize 1
conv-3x3-s2-c64-9x7-b3 | --block conv --c 64 --cout 40 --h 9 --w 7 --stride 2 --batch 3
transformer-conv-d40-ctx13 | --block transformer --c 160 --hw 5 --heads 4 --context-len 13 --context-dim 48
transformer-linear-d64-depth2-int8 | --block transformer --c 128 --h 3 --w 5 --head-dim 64 --proj linear --depth 2 --context-len 5 --context-dim 32 --linear int8
attention-self-d80-s100 | --block attention --kind self --seq 100 --heads 2 --head-dim 80
attention-cross-d128-s7-kv77 | --block attention --kind cross --seq 7 --kv 77 --heads 1 --head-dim 128
attention-cross-d160-s64-kv1 | --block attention --kind cross --seq 64 --kv 1 --heads 2 --head-dim 160
gemm-fp16-residual-m100 | --block gemm --m 100 --n 72 --k 200 --epilogue residual
gemm-int8-geglu-m100 | --block gemm --m 100 --n 80 --k 200 --linear int8 --epilogue geglu
gemm-int8-bias-m300 | --block gemm --m 300 --n 256 --k 512 --linear int8 --epilogue bias
attention-self-d48-padded | --block attention --kind self --seq 50 --heads 2 --head-dim 48
attention-self-d256-s70 | --block attention --kind self --seq 70 --heads 1 --head-dim 256
attention-cross-d192-s33-kv77 | --block attention --kind cross --seq 33 --kv 77 --heads 2 --head-dim 192
groupnorm-one-pass-cluster-48x48 | --block resblock --c 64 --hw 48 --temb-dim 64
transformer-fuse-ln-d64-linear | --block transformer --c 128 --hw 6 --head-dim 64 --proj linear --context-len 5 --context-dim 32 --fuse-ln on
attention-self-d160-s200-ksplit | --block attention --kind self --seq 200 --heads 2 --head-dim 160
attention-self-d64-s300-ksplit-fmaexp | --block attention --kind self --seq 300 --heads 1 --head-dim 64
attention-self-d64-s200-h70-streamk | --block attention --kind self --seq 200 --heads 70 --head-dim 64
attention-self-d80-s300-h3-streamk | --block attention --kind self --seq 300 --heads 3 --head-dim 80
attention-cross-d40-s2048-kv77-h20-qtiles | --block attention --kind cross --seq 2048 --kv 77 --heads 20 --head-dim 40
attention-cross-d80-s300-kv77-bc80 | --block attention --kind cross --seq 300 --kv 77 --heads 2 --head-dim 80
unet-sd15-latent16-up-path | --unet sd15 --latent 16 --context-len 7 --kernel-select heuristic --ref none
unet-tiny-sd | --unet --weights tests/golden/unet_tiny_sd_b2.weights.safetensors --config tests/golden/unet_tiny_sd_b2.config.json --latent 8 --context-len 7 --kernel-select heuristic
unet-tiny-xl-liveness | --unet --weights tests/golden/unet_tiny_xl_b2.weights.safetensors --config tests/golden/unet_tiny_xl_b2.config.json --latent 8 --context-len 5 --kernel-select heuristic --ref none
gemm-int8-row-geglu-m100 | --block gemm --m 100 --n 80 --k 208 --linear int8 --int8-scales row --epilogue geglu
gemm-int8-row-bias-k200-portable | --block gemm --m 77 --n 72 --k 200 --linear int8 --int8-scales row --epilogue bias
gemm-int8-row-residual-m300 | --block gemm --m 300 --n 264 --k 512 --linear int8 --int8-scales row --epilogue residual
gemm-int8-row-pp-m8257 | --block gemm --m 8257 --n 264 --k 48 --linear int8 --int8-scales row --epilogue residual
gemm-pp-walk-n-m4177 | --block gemm --m 4177 --n 1040 --k 64 --epilogue residual --tile-walk n
gemm-int8-row-pp-walk-n-m4177 | --block gemm --m 4177 --n 1040 --k 64 --linear int8 --int8-scales row --epilogue residual --fuse-quant off --tile-walk n
gemm-int8-row-ck-m128-k2048 | --block gemm --m 128 --n 1280 --k 2048 --linear int8 --int8-scales row --epilogue residual
transformer-int8-row-lnquant | --block transformer --c 64 --hw 6 --head-dim 32 --context-len 5 --context-dim 32 --linear int8 --int8-scales row
resblock-int8-row-1x1-5x9 | --block resblock --c 32 --cout 64 --h 5 --w 9 --linear int8 --conv1x1 int8 --int8-scales row
transformer-linear-auto | --block transformer --c 64 --hw 6 --head-dim 32 --context-len 5 --context-dim 32 --linear auto
gemm-linear-auto-n1280 | --block gemm --m 100 --n 1280 --k 256 --linear auto --epilogue residual
gemm-int8-row-splitquant-m37-k2568 | --block gemm --m 37 --n 64 --k 2568 --linear int8 --int8-scales row --epilogue residual
gemm-int8-row-qa-residual-m300 | --block gemm --m 300 --n 264 --k 512 --linear int8 --int8-scales row --epilogue residual --fuse-quant on
gemm-int8-row-qa-geglu-m4177 | --block gemm --m 4177 --n 272 --k 1280 --linear int8 --int8-scales row --epilogue geglu --fuse-quant on
transformer-int8-row-qa | --block transformer --c 64 --hw 6 --head-dim 32 --context-len 5 --context-dim 32 --linear int8 --int8-scales row --fuse-quant on
transformer-ln-6400rows-minb8 | --block transformer --c 64 --hw 40 --batch 4 --head-dim 32 --context-len 5 --context-dim 32 --fuse-ln off --kernel-select heuristic --ref none
transformer-int8-row-ln-6400rows-minb8 | --block transformer --c 64 --hw 40 --batch 4 --head-dim 32 --context-len 5 --context-dim 32 --linear int8 --int8-scales row --fuse-quant off --fuse-ln off --kernel-select heuristic --ref none'
# SANITIZE_ONLY=REGEX: only the runs whose name matches (grep -E)
if [ -n "${SANITIZE_ONLY:-}" ]; then RUNS=$(echo "$RUNS" | grep -E "^[^|]*(${SANITIZE_ONLY})"); fi

TOOLS="memcheck racecheck initcheck synccheck"
# SANITIZE_TOOLS="TOOL...": only these of the four (e.g. racecheck alone).
if [ -n "${SANITIZE_TOOLS:-}" ]; then
    for t in $SANITIZE_TOOLS; do
        case " $TOOLS " in *" $t "*) ;; *)
            echo "sanitize.sh: SANITIZE_TOOLS names '$t'; the tools are $TOOLS"
            echo "0 passed, 1 failed"
            exit 1 ;;
        esac
    done
    TOOLS=$SANITIZE_TOOLS
fi
# The tools of one run: all four, but racecheck on the whole SD1.5 UNet needs
# more host memory than a 128 GiB machine has (on an H100 host, 2026-11-27,
# the tool's resident set grew to 130.8 GB in its last minute and the kernel
# killed it 148 s in; the rest of that machine used 2-3 GB). The kernel
# families it runs are under racecheck in the block runs and the tiny UNets
# above, and under the other three tools here.
tools_for() {
    case "$1" in
    unet-sd15-latent16-up-path) echo "$TOOLS" | sed 's/racecheck//' ;;
    *) echo "$TOOLS" ;;
    esac
}
# Runs at once (each tool is bound by its own CPU-side instrumentation, so
# they overlap well on one GPU); default: the number of CPU cores.
JOBS=${SANITIZE_JOBS:-$(nproc 2>/dev/null || echo 4)}
# The heavy racecheck runs: racecheck's resident set grows with every launch
# of these runs, to 65.1 GiB (groupnorm-one-pass-cluster-48x48) and 46.7 GiB
# (gemm-int8-row-pp-m8257), where every other run's stayed under 25 GiB
# (bench/results/2026-11-29-h200-sanitize-heavy-last, job1); with only the
# heuristic's picks launched those two take 3.0 and 2.6 GiB (same folder,
# job3), so it is tuning's candidates that cost the memory. Beside 15 other
# runs on one H200 with 125 GiB the kernel's OOM killer ended both (bench/
# results/2026-11-28-h200-suite-one-card, job2, job4). A run added since,
# gemm-int8-row-pp-walk-n-m4177, grew to 48.3 GiB or more: the OOM killer
# ended it there beside 15 other runs and a test_gpu process; alone it passed,
# 44.0 GiB sampled every 2 s (bench/results/2026-11-29-h200-qa-quant, job3,
# job4). The FP16 twin of that run, gemm-pp-walk-n-m4177, took 43.0 GiB
# beside 15 others while the host's memory in use peaked at 125564 MiB of its
# 125 GiB, the suite passing (bench/results/2026-11-29-h200-qa-cluster-goldens,
# job3), so it is one of them too. With the four last, one at a time, the
# suite passed in 430 s on that host, its memory in use peaking at 91081 MiB
# (bench/results/2026-11-29-h200-attention-pipes-qtiles, job2; the heavy
# runs' resident sets 65.6, 45.7, 41.3 and 39.8 GB). They run after every other
# (run, tool) pair has ended, SANITIZE_HEAVY_JOBS at once: default one per
# 72 GiB of host memory (SANITIZE_MEMTOTAL_KB, default /proc/meminfo's
# MemTotal); on a host with less, not at all (a SKIP line each, counted
# neither passed nor failed; SANITIZE_HEAVY_JOBS=1 runs them anyway).
HEAVY="groupnorm-one-pass-cluster-48x48 gemm-int8-row-pp-m8257 gemm-int8-row-pp-walk-n-m4177 gemm-pp-walk-n-m4177"
case "$JOBS" in '' | *[!0-9]* | 0) echo "sanitize.sh: SANITIZE_JOBS must be a count, 1 or more (got '$JOBS')"; echo "0 passed, 1 failed"; exit 1 ;; esac
if [ -n "${SANITIZE_MEMTOTAL_KB+set}" ]; then
    mem_kb=$SANITIZE_MEMTOTAL_KB
    case "$mem_kb" in '' | *[!0-9]*) echo "sanitize.sh: SANITIZE_MEMTOTAL_KB must be a count of KiB (got '$mem_kb')"; echo "0 passed, 1 failed"; exit 1 ;; esac
else
    mem_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
    case "$mem_kb" in '' | *[!0-9]*) mem_kb=0 ;; esac  # unknown: as a small host
fi
is_heavy() { case " $HEAVY " in *" $1 "*) return 0 ;; esac; return 1; }
if [ -n "${SANITIZE_HEAVY_JOBS:-}" ]; then
    HJOBS=$SANITIZE_HEAVY_JOBS
    case "$HJOBS" in '' | *[!0-9]* | 0) echo "sanitize.sh: SANITIZE_HEAVY_JOBS must be a count, 1 or more (got '$HJOBS')"; echo "0 passed, 1 failed"; exit 1 ;; esac
else
    HJOBS=$((mem_kb / (72 * 1024 * 1024)))
fi

# The (run, tool) pairs of one phase: the heavy racecheck runs, or all others.
pairs() {  # heavy | other: the work lines "TOOL NAME TMP ARGS" of that phase
    echo "$RUNS" | while IFS='|' read -r name args; do
        name=$(echo "$name" | tr -d ' ')
        [ -n "$name" ] || continue
        for tool in $(tools_for "$name"); do
            phase=other
            [ "$tool" = racecheck ] && is_heavy "$name" && phase=heavy
            [ "$phase" = "$1" ] && echo "$tool $name $TMP $args"
        done
    done
}
if [ -z "$(pairs heavy)$(pairs other)" ]; then
    echo "sanitize.sh: SANITIZE_ONLY='${SANITIZE_ONLY:-}' and SANITIZE_TOOLS='${SANITIZE_TOOLS:-}' select no run"
    echo "0 passed, 1 failed"
    exit 1
fi

# First, what initcheck sees of the copy engine's stores: the probe (built
# beside BIN, make sanitize) writes three fresh buffers by ordinary stores, a
# bulk copy and a TMA tensor store, then reads each from a kernel named after
# the store kind. Its own value check failing is a failure; which readers
# initcheck reports is a note (the executor poisons the tensors before any
# node runs, so the tool's view of TMA stores does not decide a run below).
PROBE=$(dirname "$BIN")/initcheck_tma_probe
probe_fail=0
if [ -x "$PROBE" ]; then
    "$SAN" --tool initcheck --print-limit 100000 "$PROBE" >"$LOG.probe" 2>&1
    prc=$?
    probe_line=$(grep "^probe:" "$LOG.probe")
    if [ $prc -eq 2 ] && [ -z "$probe_line" ]; then
        echo "note: $(grep -m1 "initcheck_tma_probe:" "$LOG.probe")"
    elif [ $prc -ne 0 ] && [ -z "$probe_line" ]; then
        echo "FAIL sanitize initcheck-tma-probe: exit $prc, no result (log: $LOG.probe)"
        probe_fail=1
    elif echo "$probe_line" | grep -q WRONG; then
        echo "FAIL sanitize initcheck-tma-probe: $probe_line (log: $LOG.probe)"
        probe_fail=1
    else
        for k in plain bulk tma; do
            echo "note: initcheck on this GPU: $(grep -c "at read_after_${k}_store" "$LOG.probe") of the 4096" \
                "FP16 reads after a $k store reported uninitialized"
        done
    fi
else
    echo "note: $PROBE not built (make sanitize builds it); initcheck's view of TMA stores not probed"
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sanitize.XXXXXX") || exit 1
# A signal (a timeout around make test-gpu, Ctrl-C) stops the runs; the
# summary below still reports the ones that finished and names the others.
stopped=0
trap 'rm -rf "$TMP"' EXIT
trap 'stopped=1' INT TERM
t_start=$(date +%s)

# Every (run, tool) pair but the heavy ones through a pool of JOBS workers;
# when all have ended, the heavy racecheck runs through one of HJOBS.
export BIN_ONE="$BIN" SAN SAN_COMMON
# (In the background, so that a signal ends the wait.)
pairs other | xargs -r -P "$JOBS" -L 1 sh "$0" --one &
wait
if [ $stopped -eq 0 ] && [ "$HJOBS" -gt 0 ]; then
    pairs heavy | xargs -r -P "$HJOBS" -L 1 sh "$0" --one &
    wait
fi
nheavy=$(pairs heavy | wc -l)

pass=0
fail=$probe_fail
echo "$RUNS" | {
    while IFS='|' read -r name args; do
        name=$(echo "$name" | tr -d ' ')
        for tool in $(tools_for "$name"); do
            if [ "$tool" = racecheck ] && [ "$HJOBS" -eq 0 ] && is_heavy "$name"; then
                echo "SKIP sanitize racecheck $name: a heavy run (up to 65 GiB of host memory), this host has" \
                    "$((mem_kb / 1048576)) GiB (SANITIZE_HEAVY_JOBS=1 runs it anyway)"
                continue
            fi
            rc=255 secs=0 finished=0
            [ -f "$TMP/$name.$tool.rc" ] && read -r rc secs <"$TMP/$name.$tool.rc" && finished=1
            {
                echo "=== $tool $name: $BIN $args $SAN_COMMON (exit $rc, $secs s)"
                cat "$TMP/$name.$tool.out" 2>/dev/null
            } >>"$LOG"
            # racecheck ends with "RACECHECK SUMMARY: N hazards displayed (E
            # errors, W warnings)", the other tools with "ERROR SUMMARY: N errors".
            summary=$(grep -E "(ERROR|RACECHECK) SUMMARY" "$TMP/$name.$tool.out" 2>/dev/null | tail -n 1 | sed 's/^=* *//')
            if [ "$rc" -eq 0 ] && echo "$summary" |
                grep -Eq "^(ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\))"; then
                pass=$((pass + 1))
                echo "PASS sanitize $tool $name ($summary; $secs s)"
            else
                fail=$((fail + 1))
                if [ $finished -eq 0 ]; then
                    echo "FAIL sanitize $tool $name: did not finish (stopped by a signal or killed)"
                else
                    echo "FAIL sanitize $tool $name: exit $rc, ${summary:-no summary} (log: $LOG)"
                fi
            fi
        done
    done
    [ $stopped -eq 1 ] && echo "sanitize: stopped by a signal; the runs that had not finished count as failed"
    if [ "$nheavy" -eq 0 ]; then heavy_how="no heavy racecheck run"
    elif [ "$HJOBS" -gt 0 ]; then heavy_how="then $nheavy heavy racecheck runs $HJOBS at once"
    else heavy_how="$nheavy heavy racecheck runs skipped (host memory)"; fi
    echo "sanitize: $JOBS at once, $heavy_how, $(($(date +%s) - t_start)) s in all"
    echo "$pass passed, $fail failed"
    [ $fail -eq 0 ]
}
