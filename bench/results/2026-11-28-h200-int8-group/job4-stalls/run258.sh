#!/bin/sh
# H200: the group tile's stalls (Nsight Compute stall reasons, source counters) and SASS. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run258.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
cuobjdump -sass build/kernels/gemm_int8_rows.o > $R/sass_all.txt 2>&1
grep -n "Function :" $R/sass_all.txt | grep group | head
A="build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --ref none --iters 3 --warmup 1"
timeout 200 ncu --kernel-name regex:group_kernel --launch-skip 2 --launch-count 1 --section WarpStateStats --section SourceCounters \
  --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio $A > $R/ncu.txt 2>&1
grep -E "stalled" $R/ncu.txt | sort -k3 -n -r | head -14
timeout 200 ncu --kernel-name regex:group_kernel --launch-skip 2 --launch-count 1 --section SourceCounters --print-details all $A > $R/ncu_src.txt 2>&1
grep -A40 -i "warp stall sampling" $R/ncu_src.txt | head -60
for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
