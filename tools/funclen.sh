#!/bin/sh
# funclen.sh [MIN]: C functions of common/, weights/, src/ and tools/ with at
# least MIN lines (default 100), longest first: "lines file:line name".
# A function starts at a line that begins with an identifier and holds "("
# (its signature may go on over more lines) and ends at the next "}" in
# column 0 (the house style of these files).
min=${1:-100}
for f in $(find common weights src tools -name '*.c' | sort); do
    awk -v f="$f" -v min="$min" '
        /^[A-Za-z_][^=;]*\(/ && $0 !~ /;[ \t]*$/ && !/^#/ { start = NR; name = $0; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n] }
        /^}/ && start > 0 { len = NR - start + 1; if (len >= min) printf "%5d %s:%d %s\n", len, f, start, name; start = 0 }
    ' "$f"
done | sort -rn
