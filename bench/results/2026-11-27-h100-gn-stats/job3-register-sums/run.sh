#!/bin/sh
# GroupNorm statistics from conv1's epilogue, second form (running sums in registers during the store, partials
# combined in shared memory): the groupnorm section; ResBlocks head / --gn-stats off / base; Nsight Compute
# durations of conv1 (with and without the statistics) and of every GroupNorm kernel at 320 @64 b2 and @128 b2.
# carry [".deps", ".devrun/run118.sh", ".wt/base/kernels", ".wt/base/src"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
if [ ! -x /tmp/base/build/unetrun ]; then
  mkdir -p /tmp/base && cp -r Makefile common weights tools /tmp/base/ && cp -r .wt/base/kernels .wt/base/src /tmp/base/
  (cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
fi
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s"
B=build/unetrun; BB=/tmp/base/build/unetrun
VERBOSE=1 timeout 150 build/test_gpu $B --section groupnorm > $W/section_groupnorm.txt 2>&1
echo "groupnorm section: $(tail -n 1 $W/section_groupnorm.txt) ($(el) s)"; grep -E "^FAIL" $W/section_groupnorm.txt | cut -c1-220 | head -6
grep -cE "^PASS gn_stats" $W/section_groupnorm.txt
save
nodes() { zcat $1 | python3 -c "
import json,sys
d=json.load(sys.stdin)
print(' | '.join('%s %.1f'%(n['name'].split('+')[0], n['time_us']['median']) for n in d['nodes'] if n['name'] in ('conv1','norm2+silu')))"; }
blk() {  # tag args...
  tag=$1; shift
  for v in head off base; do
    bin=$B; extra=""; [ $v = off ] && extra="--gn-stats off"; [ $v = base ] && bin=$BB
    timeout 60 $bin --block resblock "$@" --kernel-select heuristic --ref none $extra --json $W/blk-$tag-$v.json > $W/blk-$tag-$v.txt 2>&1
    gzip -qf $W/blk-$tag-$v.json
    echo "$tag $v $(grep -E '^block \(graph' $W/blk-$tag-$v.txt | awk '{print $4, $5}') | $(nodes $W/blk-$tag-$v.json.gz)"
  done
}
for r in 1 2; do
blk sd15-320-64-b2 --c 320 --hw 64 --batch 2
blk sdxl-320-128-b2 --c 320 --hw 128 --batch 2
blk sdxl-320-128-b1 --c 320 --hw 128 --batch 1
blk sdxl-640-64-b2 --c 640 --hw 64 --batch 2
blk sdxl-1280-32-b2 --c 1280 --hw 32 --batch 2
blk sd21-640-48-b2 --c 640 --hw 48 --batch 2
done
echo "blocks $(el) s"; save
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
mkdir -p $W/ncu
for a in "320 64" "320 128"; do set -- $a; for v in head off; do
  extra=""; [ $v = off ] && extra="--gn-stats off"
  timeout 90 "$ncu" --clock-control none -k regex:'gn_|gemm_wgmma_kernel' --launch-count 7 \
    --metrics gpu__time_duration.sum,dram__bytes.sum,lts__t_bytes.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size \
    $B --block resblock --c $1 --hw $2 --batch 2 --kernel-select heuristic --ref none --iters 1 --warmup 0 $extra > $W/ncu/rb_$1_$2_$v.txt 2>&1
  echo "ncu $1 @$2 $v: $(grep -E '^  [a-z_]+.*\(|gpu__time_duration' $W/ncu/rb_$1_$2_$v.txt | sed -E 's/\(([0-9]+, [0-9]+, [0-9]+)\).*/(\1)/' | tr -s ' ' | cut -c1-80 | tr '\n' ' ' | cut -c1-900)"
done; done
save
echo "done $(el) s"
