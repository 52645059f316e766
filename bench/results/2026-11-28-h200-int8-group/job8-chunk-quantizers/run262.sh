#!/bin/sh
# H200: the group tiles through the shared chunk quantizers: test_gpu --section int8-group, one timing. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run262.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --ref none > $R/gemm_group.txt 2>&1
grep -E "^block \(" $R/gemm_group.txt
timeout 120 build/test_gpu build/unetrun --section int8-group > $R/section_int8_group.txt 2>&1; echo "int8-group rc $? $(tail -1 $R/section_int8_group.txt) ($(el) s)"
grep -h FAIL $R/section_int8_group.txt | head -5
rm -f $R/build.txt; for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
