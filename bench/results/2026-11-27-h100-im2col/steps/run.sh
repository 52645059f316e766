#!/bin/sh
# im2col tiles + the heuristic's im2col-twin rule against main (.wt/base): SD2.1 UNet steps interleaved (the only
# SD model with outputs that are not whole rectangles: 24 x 24, 12 x 12), then the conv section shard 0 (candidate
# and heuristic checks), ops (concatenated-input convs) and gemm sections, then sanitizers on an im2col conv.
# carry [".deps", ".devrun/run112.sh", ".wt/base/kernels"] (main differs from this tree in kernels/ and tests/ only)
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
mkdir -p /tmp/base && cp -r Makefile common src weights tools /tmp/base/ && cp -r .wt/base/kernels /tmp/base/
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -1 $W/build_base.txt)"
B=build/unetrun
step() {  # model batch variant tag
  bin=$B; [ $3 = base ] && bin=/tmp/base/build/unetrun
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') i2c nodes $(grep -c ' i2c' $W/unet-$1-b$2-$3-$4.json) ($(el) s)"
}
for r in r1 r2 r3; do for b in 1 2; do step sd21 $b base $r; step sd21 $b head $r; done; done
for f in $W/*.json; do gzip -q $f; done; save
timeout 240 build/test_gpu $B --section conv --shard 0/4 > $W/section_conv_0.txt 2>&1 &
timeout 240 build/test_gpu $B --section ops > $W/section_ops.txt 2>&1 &
timeout 240 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1 &
wait
for s in conv_0 ops gemm; do echo "$s: $(tail -n 1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | head -4 | cut -c1-250; done
grep -h -E "im2col|conv heuristic" $W/section_conv_0.txt | cut -c1-160
echo "tests $(el) s"; save
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for t in memcheck racecheck synccheck; do
  timeout 100 $cs --tool $t --error-exitcode 9 $B --block conv --c 1280 --cout 1280 --hw 24 --batch 2 --kernel-select heuristic \
    --iters 1 --warmup 0 --ref none > $W/san_$t.txt 2>&1; echo "rc=$?" >> $W/san_$t.txt
  echo "$t: $(tail -n 1 $W/san_$t.txt) $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/san_$t.txt | head -1) $(grep -E '^conv ' $W/san_$t.txt | tr -s ' ' | cut -c1-60)"
done
save
echo "done $(el) s"
