#!/bin/sh
# results.sh: keep old measuring-run folders of bench/results in one xz
# archive, so that the tree stays well under the size that travels to a
# device machine, and restore them in place.
#
#   sh tools/results.sh pack ARCHIVE FOLDER...
#       FOLDERs are bench/results/NAME. Their .gz files that `gzip -n -9`
#       makes again byte for byte go into the archive decompressed (so that
#       xz compresses across files), listed in the archive's MANIFEST; the
#       archive is unpacked into a scratch folder and checked byte for byte
#       against the folders before they are removed.
#   sh tools/results.sh unpack [ARCHIVE...]
#       Restores every folder of each ARCHIVE (default: every
#       bench/results/archive-*.tar.xz) in bench/results, the MANIFEST's
#       files gzip-compressed again; a folder that already exists is left
#       as it is.
set -e
die() { echo "results.sh: $*" >&2; exit 1; }
command -v xz >/dev/null 2>&1 || die "xz is missing (Debian: apt-get install xz-utils)"
RES=bench/results
[ -d "$RES" ] || die "run from the repository root (no $RES here)"

unpack_to() {  # archive dest: folders and MANIFEST in dest, MANIFEST's files gzipped again
    mkdir -p "$2"
    xz -dc "$1" | tar -x -C "$2"
    [ -f "$2/MANIFEST" ] || die "$1 has no MANIFEST"
    while IFS= read -r f; do gzip -n -9 "$2/$f"; done < "$2/MANIFEST"
}

case "$1" in
pack)
    [ $# -ge 3 ] || die "usage: sh tools/results.sh pack ARCHIVE FOLDER..."
    archive=$2
    shift 2
    [ ! -e "$archive" ] || die "$archive exists; pick another name"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/in"
    : > "$tmp/in/MANIFEST"
    for d in "$@"; do
        d=${d%/}
        case "$d" in "$RES"/*) ;; *) die "$d is not under $RES" ;; esac
        [ -d "$d" ] || die "$d is not a folder"
        name=${d#"$RES"/}
        cp -r "$d" "$tmp/in/$name"
        # the .gz files that gzip -n -9 makes again byte for byte go in decompressed
        (cd "$tmp/in" && find "$name" -name '*.gz' -type f | sort) | while IFS= read -r f; do
            if gunzip -c "$tmp/in/$f" | gzip -n -9 | cmp -s - "$tmp/in/$f"; then
                gunzip "$tmp/in/$f"
                echo "${f%.gz}"
            fi
        done >> "$tmp/in/MANIFEST"
    done
    (cd "$tmp/in" && tar -cf - MANIFEST $(for d in "$@"; do d=${d%/}; echo "${d#"$RES"/}"; done)) | xz -9 -T0 > "$archive"
    # check: the archive gives back every file's content
    unpack_to "$archive" "$tmp/out"
    for d in "$@"; do
        d=${d%/}
        name=${d#"$RES"/}
        (cd "$d" && find . -type f | sort) > "$tmp/a"
        (cd "$tmp/out/$name" && find . -type f | sort) > "$tmp/b"
        cmp -s "$tmp/a" "$tmp/b" || die "$archive: the file list of $name differs; nothing removed"
        while IFS= read -r f; do
            cmp -s "$d/$f" "$tmp/out/$name/$f" || die "$archive: $name/$f differs; nothing removed"
        done < "$tmp/a"
    done
    for d in "$@"; do rm -rf "${d%/}"; done
    echo "results.sh: $# folders in $archive ($(wc -c < "$archive") bytes), checked and removed"
    ;;
unpack)
    shift
    [ $# -gt 0 ] || set -- "$RES"/archive-*.tar.xz
    for a in "$@"; do
        [ -f "$a" ] || die "no archive $a"
        tmp=$(mktemp -d)
        unpack_to "$a" "$tmp"
        n=0
        for d in "$tmp"/*/; do
            name=$(basename "$d")
            if [ -e "$RES/$name" ]; then
                echo "results.sh: $RES/$name exists, left as it is" >&2
            else
                mv "$d" "$RES/$name"
                n=$((n + 1))
            fi
        done
        rm -rf "$tmp"
        echo "results.sh: $n folders restored from $a"
    done
    ;;
*)
    die "usage: sh tools/results.sh pack ARCHIVE FOLDER... | unpack [ARCHIVE...]"
    ;;
esac
