#!/bin/sh
# H200: the group tiles after the fast-path change: timings, --check, SASS counts. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run257.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
cuobjdump -sass build/kernels/gemm_int8_rows.o | awk '/Function : .*group_kernelILi160/{p=1} p{print} /Function : .*group_kernelILi128/{exit}' > $R/sass160.txt
grep -n "IGMMA\|DEPBAR\|WARPGROUP.ARRIVE" $R/sass160.txt | head -20
H="--kernel-select heuristic --ref none"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for v in row group; do
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";; esac
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 $P $H > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "4096 4096 4096" "8192 320 320"; do gem $s; done
timeout 240 ncu --kernel-name regex:group_kernel --launch-skip 2 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
  build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --ref none --iters 3 --warmup 1 > $R/ncu.txt 2>&1
grep -E "Duration|Issue Slots|Stall|Warp Cycles Per Issued|No Eligible|Eligible Warps" $R/ncu.txt | head -30
for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
