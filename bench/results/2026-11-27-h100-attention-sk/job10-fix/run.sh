#!/bin/sh
# The stream-K hang fix (the units of the items left go to min(G, U) CTAs only): attention suite with the
# 200 x 200 x 70-head shape, the sanitizer suite's attention and GroupNorm-cluster runs. carry [".deps", ".devrun/run161.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/bench_attention build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
timeout 200 build/bench_attention test > $W/suite.txt 2>&1
echo "suite rc=$?: $(tail -n 1 $W/suite.txt) ($(el) s)"; grep "^FAIL" $W/suite.txt | cut -c1-300 | head -5
save
SANITIZE_ONLY='attention|groupnorm-one-pass' SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout $((560 - $(el))) sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $W/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $W/sanitize.txt | head -20 | cut -c1-250
grep "streamk\|groupnorm" $W/sanitize.txt | cut -c1-160
gzip -q $W/sanitize.log; gzip -q $W/build.txt; gzip -q $W/suite.txt
save; echo "done $(el) s"
