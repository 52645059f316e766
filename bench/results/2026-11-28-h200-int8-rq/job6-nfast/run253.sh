#!/bin/sh
# H200: the persistent ping-pong tiles (INT8 row TS and FP16 pp) walking their tiles N fastest (-DPP_NFAST)
# against M fastest (the tree), interleaved, two rounds. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/unet; cp .devrun/run253.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
C1=$($M -B -n build/kernels/gemm_int8_rows.o 2>/dev/null | grep 'gemm_int8_rows.cu')
C2=$($M -B -n build/kernels/gemm_wgmma_pp.o 2>/dev/null | grep 'gemm_wgmma_pp.cu')
LINK=$($M -B -n build/unetrun 2>/dev/null | grep -- '-o build/unetrun ')
echo "built $(el) s"
( eval "$(echo "$C1" | sed "s|-o build/kernels/gemm_int8_rows.o|-DPP_NFAST -o build/kernels/nf1.o|")" ) > $R/build_nf1.txt 2>&1 &
( eval "$(echo "$C2" | sed "s|-o build/kernels/gemm_wgmma_pp.o|-DPP_NFAST -o build/kernels/nf2.o|")" ) > $R/build_nf2.txt 2>&1 &
wait
eval "$(echo "$LINK" | sed "s|build/kernels/gemm_int8_rows.o|build/kernels/nf1.o|; s|build/kernels/gemm_wgmma_pp.o|build/kernels/nf2.o|; s|-o build/unetrun |-o build/unetrun_nfast |")" >> $R/build_nf1.txt 2>&1
ls -la build/unetrun_nfast > /dev/null || { cat $R/build_nf*.txt | tail; save; exit 1; }
cp build/unetrun build/unetrun_mfast; echo "variants $(el) s"
P_fp16="--linear fp16"; P_int8="--linear int8 --int8-scales row --fuse-quant off"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for p in fp16 int8; do for v in mfast nfast; do
    eval PA=\$P_$p; f=$R/gemm/$1x$2x$3_${p}_${v}_$r.txt
    timeout 60 build/unetrun_$v --block gemm --m $1 --n $2 --k $3 $PA --kernel-select heuristic --ref none --verbose > $f 2>&1
    line="$line $p/$v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; done; echo "$line ($(el) s)"; }
for s in "8192 1280 5120" "2048 1280 5120" "1024 1280 5120" "4096 4096 4096" "8192 320 1280" "8192 2560 320" \
         "2048 10240 1280" "2048 640 2560" "4096 1280 1280"; do gem $s; done
save
stp() { # model batch
  line="step $1 b$2:"; for p in fp16 int8; do for v in mfast nfast; do
    eval PA=\$P_$p; f=$R/unet/$1_b$2_${p}_$v.txt
    timeout 90 build/unetrun_$v --unet $1 --batch $2 $PA --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $p/$v $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line ($(el) s)"; }
stp sd15 2; stp sdxl 1
for f in $R/*.txt $R/gemm/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
