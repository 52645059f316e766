#!/bin/sh
# narrow pp TS tiles + the few-rows heuristic rule (64x64 12st below K 2048, 64x96 9st 3c at 2048) against main:
# UNet steps interleaved, then the gemm section.
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
(cd .wt/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j5 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j11 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -1 $W/build_base.txt)"
B=build/unetrun
step() {  # model batch variant tag
  bin=$B; [ $3 = base ] && bin=.wt/base/build/unetrun
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') ($(el) s)"
}
for m in sd15 sd21; do for b in 1 2; do for r in r1 r2; do step $m $b base $r; step $m $b head $r; done; done; done
save
for r in r1 r2; do for b in 1 2; do
  [ $(el) -gt 330 ] && break
  step sdxl $b base $r; step sdxl $b head $r
done; done
for f in $W/*.json; do gzip -q $f; done; save
timeout 200 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1
echo "gemm section: $(tail -1 $W/section_gemm.txt) ($(el) s)"; grep -h "^FAIL" $W/section_gemm.txt | head -10 | cut -c1-250
grep "gemm heuristic" $W/section_gemm.txt | cut -c1-150
save
echo "done $(el) s"
