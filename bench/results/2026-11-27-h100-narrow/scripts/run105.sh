#!/bin/sh
# a 128 x 96 plain Hopper tile (and its ck twin) against main (585f8c5): tuned ResBlocks / GEMMs --vs cudnn, then
# UNet steps (heuristic) interleaved.
W=/tmp/r; rm -rf $W; mkdir -p $W/nodes
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
(cd .wt/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j5 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j11 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -1 $W/build_base.txt)"
B=build/unetrun; BB=.wt/base/build/unetrun
rb() {  # tag bin cin cout hw batch
  f=$W/nodes/res$3-$4-$5-b$6-$1
  timeout 60 $2 --block resblock --c $3 --cout $4 --hw $5 --batch $6 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1 res $3->$4 @$5 b$6: $(grep -E '^conv[12]' $f.txt | tr -s ' ' | cut -d' ' -f1-8 | tr '\n' ';') | $(grep -E '^(block|vendor block)' $f.txt | tr -s ' ' | cut -d' ' -f1-5 | tr '\n' ';')"
}
g() {  # tag bin m n k epi
  f=$W/nodes/g$3x$4x$5-$1
  timeout 60 $2 --block gemm --m $3 --n $4 --k $5 --epilogue $6 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1 $3x$4x$5 $6: $(grep -E '^gemm ' $f.txt | head -1 | tr -s ' ' | cut -c6-80) | $(grep -E '^gemm +cublasLt' $f.txt | tr -s ' ' | cut -c6-70)"
}
for s in "640 640 48 1" "320 640 48 1" "1920 640 48 1" "960 640 48 1" "1280 640 48 1" "1280 1280 24 1" "640 640 48 2" "1280 1280 32 1"; do
  set -- $s; rb base $BB $1 $2 $3 $4; rb head $B $1 $2 $3 $4
done
for s in "2304 640 640 residual" "2304 640 2560 residual" "1024 640 2560 residual" "2304 1920 640 none" "4096 640 640 residual"; do
  set -- $s; g base $BB $1 $2 $3 $4; g head $B $1 $2 $3 $4
done
for f in $W/nodes/*.json; do gzip -q $f; done; save
step() {  # model batch variant tag
  bin=$B; [ $3 = base ] && bin=$BB
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') ($(el) s)"
}
for m in sd21 sd15; do for b in 1 2; do for r in r1 r2; do [ $(el) -gt 520 ] && break; step $m $b base $r; step $m $b head $r; done; done; done
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
