#!/bin/sh
# final tree (d29ab9c): int8-row and refine sections, sanitizer int8-row runs, README runs
R=/tmp/r; mkdir -p $R; cp .devrun/run181.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el)"
for fq in auto off; do build/unetrun --block gemm --m 8192 --n 320 --k 1280 --linear int8 --int8-scales row --epilogue residual --fuse-quant $fq --check --kernel-select heuristic > $R/readme_gemm_$fq.txt 2>&1; grep -E "^gemm|^verdict" $R/readme_gemm_$fq.txt; done
SANITIZE_ONLY='int8-row' SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; tail -2 $R/sanitize.txt; grep -E "^FAIL" $R/sanitize.txt | head
echo "san $(el)"; save
timeout 150 build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -i "fail" $R/section_int8_row.txt | grep -v "0 failed" | head -20
save
timeout 120 build/test_gpu --section refine > $R/section_refine.txt 2>&1; echo "refine: $(tail -1 $R/section_refine.txt) $(el)"
for f in $R/*.txt $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
