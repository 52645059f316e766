#!/bin/sh
# --int8-scales row, third job: compute-sanitizer (memcheck, racecheck, initcheck, synccheck) on the four row-scale
# runs of tests/sanitize.sh (SANITIZE_ONLY=int8-row). carry [".deps", ".devrun/run127.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
SANITIZE_ONLY=int8-row SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout 150 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s)"; cat $W/sanitize.txt | cut -c1-200
gzip -q $W/sanitize.log; save
