#!/bin/sh
# H200: why the group kernel is slow: its SASS and Nsight Compute at 2048 x 1280 x 5120. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run256.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
cuobjdump -sass -fun '_ZN50_GLOBAL__N__5b89f986_17_gemm_int8_rows_cu_9a89260222gemm_int8_group_kernelILi160ELi4EEEv14CUtensorMap_stS1_NS_9I8RParamsE' build/kernels/gemm_int8_rows.o > $R/sass160.txt 2>&1
[ -s $R/sass160.txt ] || cuobjdump -sass build/kernels/gemm_int8_rows.o | awk '/Function : .*group_kernelILi160/{p=1} p{print} /Function : .*group_kernelILi128/{exit}' > $R/sass160.txt
wc -l $R/sass160.txt; grep -c "LDL\|STL" $R/sass160.txt; grep -c "HGMMA\|IGMMA" $R/sass160.txt; grep "WARPGROUP\|GMMA\|SYNCS\|BAR" $R/sass160.txt | head -60
timeout 240 ncu --kernel-name regex:group_kernel --launch-skip 2 --launch-count 1 --set detailed \
  build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --ref none --iters 3 --warmup 1 > $R/ncu.txt 2>&1
grep -E "Duration|Issue Slots|Issued Ipc|Warp Cycles Per Issued|Stall|No Eligible|Executed Ipc|Registers|Shared Memory Configuration|Bank" $R/ncu.txt | head -40
echo "ncu $(el) s"
for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
