#!/bin/sh
# H200: group GEMM variants (column halves / two accumulator sets, magic / cvt dequant), the batched group
# pass: tests, tuning tables, ncu durations and stalls. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/tune; cp .devrun/run264.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
timeout 150 build/test_gpu build/unetrun --section int8-group > $R/test_group.txt 2>&1
grep -E "FAIL" $R/test_group.txt | head -10 | cut -c1-300; tail -1 $R/test_group.txt; echo "tests $(el) s"
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 10240 1280" "8192 320 320" "2048 640 640"; do
  set -- $s; f=$R/tune/$1x$2x$3.txt
  timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 --linear int8 --int8-scales group --kernel-select tune-node --verbose --ref none > $f 2>&1
  echo "$1x$2x$3: $(grep -E '^tune ' $f | sed 's/^tune *gemm *//' | tr -s ' ' | tr '\n' ';') block $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
done; echo "tuned $(el) s"
timeout 100 ncu --metrics gpu__time_duration.sum --kernel-name regex:quantize_groups build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group \
    --kernel-select heuristic --ref none --iters 2 --warmup 1 > $R/ncu_pass.txt 2>&1; grep gpu__time $R/ncu_pass.txt | head -3
for v in "160, 5, 0" "128, 6, 0" "128, 6, 2"; do
  tag=$(echo $v | tr -d ' ,')
  timeout 120 ncu --kernel-name "regex:group_kernel<$v>" --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats \
    build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select tune-node --ref none --iters 2 --warmup 1 > $R/ncu_$tag.txt 2>&1
  echo "ncu $v:"; grep -E "Duration|Executed Instructions |Issue Slots Busy|Warp Cycles Per Issued|No Eligible|Stall|Compute \(SM\) Th|Memory Th" $R/ncu_$tag.txt | head -14
done
echo "ncu $(el) s"
cuobjdump -sass build/kernels/gemm_int8_rows.o | awk '/Function : .*group_kernelILi128ELi6ELi2/{p=1} p{print} p&&/EXIT/{n++} n>=2{exit}' > $R/sass_128_6_2.txt
grep -c "IGMMA\|HGMMA" $R/sass_128_6_2.txt; grep -E "I2F|I2FP" build/kernels/gemm_int8_rows.o > /dev/null; cuobjdump -sass build/kernels/gemm_int8_rows.o | grep -oE "I2FP?[.A-Z0-9]*" | sort | uniq -c | head
rm -f $R/build.txt; for f in $R/*.txt $R/gemm/* $R/tune/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
