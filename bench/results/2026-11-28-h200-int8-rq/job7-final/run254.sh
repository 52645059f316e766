#!/bin/sh
# H200: the final tree (warning fixes: attributes and asserts only): int8-row and gemm sections side by side,
# each stopped at 110 s (its counts so far). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run254.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
timeout 110 build/test_gpu build/unetrun --section int8-row > $R/int8row.txt 2>&1 &
timeout 110 build/test_gpu build/unetrun --section gemm > $R/gemm.txt 2>&1 &
wait
echo "int8-row: $(tail -1 $R/int8row.txt)"; echo "gemm: $(tail -1 $R/gemm.txt)"; grep -h '^FAIL' $R/*.txt | head -5 | cut -c1-300
for f in $R/*.txt; do [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
