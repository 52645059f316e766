#!/bin/sh
# narrow ping-pong TS tiles (64x32 16st, 64x64 12st, 64x96 10st / 9st 3c) against main: gemm section, then tuned
# GEMM nodes --vs cudnn at the shapes that lose to cuBLASLt, base and head.
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
B=build/unetrun; BB=.wt/base/build/unetrun
g() {  # tag bin m n k epi
  timeout 60 $2 --block gemm --m $3 --n $4 --k $5 --epilogue $6 --vs cudnn --verbose --json $W/g-$3x$4x$5-$1.json > $W/g-$3x$4x$5-$1.txt 2>&1
  echo "$1 $3x$4x$5 $6: $(grep -E '^gemm ' $W/g-$3x$4x$5-$1.txt | head -1 | tr -s ' ' | cut -c6-90) | $(grep -E '^gemm +cublasLt' $W/g-$3x$4x$5-$1.txt | tr -s ' ' | cut -c6-80)"
}
for s in "77 2560 768 none" "77 2560 2048 none" "154 2560 2048 none" "154 2560 768 none" "77 1280 768 none" "154 2560 1024 none" \
         "256 1280 1280 residual" "64 1280 1280 residual" "2304 640 640 residual" "2304 1920 640 none" "1024 640 2560 residual" \
         "1024 1920 640 none" "2304 640 2560 residual" "1024 640 640 residual" "576 1280 1280 residual" "144 1280 1280 residual"; do
  set -- $s
  g base $BB $1 $2 $3 $4; g head $B $1 $2 $3 $4
done
save
timeout 250 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1
echo "gemm section: $(tail -1 $W/section_gemm.txt) ($(el) s)"; grep -h "^FAIL" $W/section_gemm.txt | head -10 | cut -c1-250
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
