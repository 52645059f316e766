#!/bin/sh
# ensure-deps.sh: make sure what unetrun builds against is present.
#   - the CUDA toolkit (nvcc, cudart, cuRAND): checked, never installed here
#   - Debian's libcjson-dev (JSON reports) and libstb-dev (PNG reports:
#     stb_image_write, stb_easy_font, libstb): installed with apt-get when
#     run as root with apt present, otherwise the exact command is printed.
# DEPS_PREFIX=dir: look for the headers under dir/usr/include instead (for
# packages unpacked with dpkg -x on machines without apt access).
set -e
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "unetrun: the CUDA toolkit is missing (no nvcc on PATH); install CUDA 12 or newer and put its bin/ on PATH" >&2
    exit 1
fi
inc=/usr/include
[ -n "$DEPS_PREFIX" ] && inc="$DEPS_PREFIX/usr/include"
missing=""
[ -f "$inc/cjson/cJSON.h" ] || missing="$missing libcjson-dev"
if [ ! -f "$inc/stb/stb_image_write.h" ] || [ ! -f "$inc/stb/stb_easy_font.h" ]; then
    missing="$missing libstb-dev"
else
    lib="${inc%/include}/lib/x86_64-linux-gnu"
    [ -n "$DEPS_PREFIX" ] || lib=/usr/lib/x86_64-linux-gnu
    ls "$lib"/libstb.so* >/dev/null 2>&1 || ls /usr/lib/*/libstb.so* >/dev/null 2>&1 || missing="$missing libstb-dev"
fi
[ -z "$missing" ] && exit 0
if [ -n "$DEPS_PREFIX" ]; then
    echo "unetrun: missing under DEPS_PREFIX=$DEPS_PREFIX:$missing; unpack the .deb files there with dpkg -x" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "unetrun: installing$missing with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y --no-install-recommends $missing >/dev/null 2>&1; then
        apt-get update >/dev/null 2>&1 || true
        apt-get install -y --no-install-recommends $missing >/dev/null
    fi
    exit 0
fi
echo "unetrun: missing Debian packages:$missing; run: sudo apt-get install -y$missing" >&2
exit 1
