#!/bin/sh
# H200: where the rq tile's time goes: builds without the converters' proxy fence (nowf), the producer's (nopf),
# both (nof), without any wait (nosync: converters run, tiles do not wait; output not checked), without the
# converters (noconv: the rq kernel's GEMM alone). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run251.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
CMD=$($M -B -n build/kernels/gemm_int8_rows.o 2>/dev/null | grep 'gemm_int8_rows.cu')
LINK=$($M -B -n build/unetrun 2>/dev/null | grep -- '-o build/unetrun ')
echo "built $(el) s"
for v in nowf nopf nof nosync noconv; do
  case $v in nowf) D="-DRQ_NOWF";; nopf) D="-DRQ_NOPF";; nof) D="-DRQ_NOF";; nosync) D="-DRQ_NOSYNC";;
    noconv) D="-DRQ_NOCONV -DRQ_NOSYNC -DRQ_NOF";; esac
  ( eval "$(echo "$CMD" | sed "s|-o build/kernels/gemm_int8_rows.o|$D -o build/kernels/gri_$v.o|")" > $R/build_$v.txt 2>&1 &&
    eval "$(echo "$LINK" | sed "s|build/kernels/gemm_int8_rows.o|build/kernels/gri_$v.o|; s|-o build/unetrun |-o build/unetrun_$v |")" >> $R/build_$v.txt 2>&1 ) &
done; wait
ls -la build/unetrun_* | wc -l; echo "variants $(el) s"
cp build/unetrun build/unetrun_base
P_off="--linear int8 --int8-scales row --fuse-quant off"; P_grid="--linear int8 --int8-scales row --fuse-quant grid"
gem() { # m n k
  line="gemm $1x$2x$3: off"
  f=$R/gemm/$1x$2x$3_off.txt; build/unetrun --block gemm --m $1 --n $2 --k $3 $P_off --kernel-select heuristic --ref none > $f 2>&1
  line="$line $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  for r in 1 2; do for v in base nowf nopf nof nosync noconv; do
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 build/unetrun_$v --block gemm --m $1 --n $2 --k $3 $P_grid --kernel-select heuristic --ref none > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "8192 1280 5120" "128 1280 5120" "4096 4096 4096" "8192 320 320" "2048 640 2560"; do gem $s; done
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
