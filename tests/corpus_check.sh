#!/bin/sh
# corpus_check.sh BIN DIR: every file of a hostile-file corpus through
# `BIN --list-weights f` and `BIN --weights f --prefix x`: each must end with
# exit status 0, 1 or 2 within 60 s and print no sanitizer report.
# Prints one line per failure and "corpus: N runs, M failed"; exit 1 on a failure.
bin=$1
dir=$2
[ -x "$bin" ] && [ -d "$dir" ] || { echo "usage: corpus_check.sh BIN DIR" >&2; exit 2; }
log=$(mktemp "${TMPDIR:-/tmp}/corpus-check.XXXXXX")
trap 'rm -f "$log"' EXIT
runs=0
failed=0
for f in "$dir"/*; do
    for mode in list block; do
        if [ $mode = list ]; then
            timeout 60 "$bin" --list-weights "$f" >"$log" 2>&1
        else
            timeout 60 "$bin" --weights "$f" --prefix x >"$log" 2>&1
        fi
        rc=$?
        runs=$((runs + 1))
        if [ $rc -gt 2 ] || grep -q -e 'Sanitizer' -e 'runtime error' "$log"; then
            failed=$((failed + 1))
            echo "FAIL $mode $(basename "$f"): exit $rc"
            head -5 "$log"
        fi
    done
done
echo "corpus: $runs runs, $failed failed"
[ $failed -eq 0 ]
