#!/bin/sh
# Validation of the INT8 row tree: test_gpu sections int8, lnfold, norm and blocks at once (correctness only, no
# timing). carry [".deps", ".devrun/run133.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
L=$((430 - $(el)))
for s in int8 lnfold norm blocks; do timeout $L build/test_gpu $B --section $s > $W/section_$s.txt 2>&1 & done
wait
for s in int8 lnfold norm blocks; do echo "$s: $(tail -1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | head -5 | cut -c1-250; done
for f in $W/*.txt; do [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
