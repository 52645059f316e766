#!/bin/sh
# GroupNorm statistics from conv1's epilogue (--gn-stats): build head and the tree before it (.wt/base: kernels/
# and src/ differ); the groupnorm section (the new kernel tests); ResBlocks and UNet steps, heuristic picks,
# head / head --gn-stats off / base interleaved; sanitizers on a ResBlock whose norm2 folds conv1's statistics.
# carry [".deps", ".devrun/run116.sh", ".wt/base/kernels", ".wt/base/src"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
mkdir -p /tmp/base && cp -r Makefile common weights tools /tmp/base/ && cp -r .wt/base/kernels .wt/base/src /tmp/base/
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -1 $W/build_base.txt)"
B=build/unetrun; BB=/tmp/base/build/unetrun
timeout 150 build/test_gpu $B --section groupnorm > $W/section_groupnorm.txt 2>&1
echo "groupnorm section: $(tail -n 1 $W/section_groupnorm.txt) ($(el) s)"; grep -E "^FAIL" $W/section_groupnorm.txt | cut -c1-220 | head -6
grep -E "gn_stats" $W/section_groupnorm.txt | cut -c1-200 | head -40
save
blk() {  # tag args...
  tag=$1; shift
  for v in head off base; do
    bin=$B; extra=""; [ $v = off ] && extra="--gn-stats off"; [ $v = base ] && bin=$BB
    timeout 60 $bin --block resblock "$@" --kernel-select heuristic --ref none $extra --json $W/blk-$tag-$v.json > $W/blk-$tag-$v.txt 2>&1
    echo "$tag $v $(grep -E '^block \(graph' $W/blk-$tag-$v.txt | tr -s ' ') | $(grep -E '^(conv1|norm2)' $W/blk-$tag-$v.txt | awk '{print $1, $NF}' | tr '\n' ' ')"
  done
}
for r in 1 2; do
blk sd15-320-64-b2 --c 320 --hw 64 --batch 2
blk sd15-320-64-b1 --c 320 --hw 64 --batch 1
blk sd15-640-320-64-b2 --c 640 --cout 320 --hw 64 --batch 2
blk sdxl-320-128-b1 --c 320 --hw 128 --batch 1
blk sdxl-320-128-b2 --c 320 --hw 128 --batch 2
blk sdxl-640-64-b2 --c 640 --hw 64 --batch 2
blk sdxl-1280-32-b2 --c 1280 --hw 32 --batch 2
blk sd21-640-48-b2 --c 640 --hw 48 --batch 2
blk sd15-1280-16-b2 --c 1280 --hw 16 --batch 2
done
echo "blocks $(el) s"; save
step() {  # model batch variant rep
  bin=$B; extra=""; [ $3 = off ] && extra="--gn-stats off"; [ $3 = base ] && bin=$BB
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic $extra --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') fold+apply $(grep -c 'fold+apply' $W/unet-$1-b$2-$3-$4.txt) ($(el) s)"
}
for r in r1 r2; do for mb in "sd15 1" "sd15 2" "sdxl 2" "sd21 2"; do for v in head off base; do
  [ $(el) -gt 430 ] && break 3
  step $mb $v $r
done; done; done
for f in $W/*.json; do gzip -q $f; done; save
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for t in memcheck racecheck synccheck initcheck; do
  [ $(el) -gt 540 ] && break
  timeout 60 $cs --tool $t --error-exitcode 9 $B --block resblock --c 320 --hw 64 --batch 2 --kernel-select heuristic \
    --iters 1 --warmup 0 --ref none > $W/san_$t.txt 2>&1; echo "rc=$?" >> $W/san_$t.txt
  echo "$t: $(tail -n 1 $W/san_$t.txt) $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|Hazard' $W/san_$t.txt | head -1) $(grep -cE 'fold\+apply' $W/san_$t.txt)"
done
save
echo "done $(el) s"
