#!/bin/sh
# Validation of the final tree: the full sanitizer suite (tests/sanitize.sh, 16 at once; with two stream-K
# attention runs: 140 items of 192 rows, one whole wave and 8 items shared out, and d80 at 300 tokens).
# carry [".deps", ".devrun/run160.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout $((585 - $(el))) sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $W/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $W/sanitize.txt | head -20 | cut -c1-250
grep "streamk" $W/sanitize.txt | cut -c1-160
gzip -q $W/sanitize.log; gzip -q $W/build.txt
echo "done $(el) s"
tar czf $OUT/all.tgz -C /tmp r
