#!/bin/sh
# validation of main (2a434a8): the full sanitizer suite alone (tests/sanitize.sh, 16 at once)
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout $((585 - $(el))) sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $W/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $W/sanitize.txt | head -20 | cut -c1-250
gzip -q $W/sanitize.log
echo "done $(el) s"
tar czf $OUT/all.tgz -C /tmp r
