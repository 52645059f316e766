#!/bin/sh
# H200: rq tiles, converters with loads in flight across batches (the grid quantizes A under the products). int8-row section; GEMM nodes heuristic, interleaved,
# two rounds: fp16, int8 row with the pass (--fuse-quant off), auto, grid; tuner's view at 2048x1280x5120;
# SD1.5 blocks and steps int8 auto vs grid vs fp16. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks $R/unet; cp .devrun/run250.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
save
P_fp16="--linear fp16"; P_off="--linear int8 --int8-scales row --fuse-quant off"
P_auto="--linear int8 --int8-scales row --fuse-quant auto"; P_grid="--linear int8 --int8-scales row --fuse-quant grid"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for p in fp16 off auto grid; do
    eval PA=\$P_$p; f=$R/gemm/$1x$2x$3_${p}_$r.txt
    timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 $PA --kernel-select heuristic --ref none > $f 2>&1
    line="$line $p $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 640 2560" "8192 320 1280" \
         "8192 320 320" "2048 640 640" "512 1280 5120" "1024 1280 5120" "128 1280 5120"; do
  gem $s; done
save
build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales row --kernel-select tune-node --verbose --ref none > $R/gemm/tune_2048x1280x5120.txt 2>&1
grep -iE 'i8r|pick' $R/gemm/tune_2048x1280x5120.txt | head -40
build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales row --fuse-quant grid --kernel-select heuristic --check > $R/gemm/check_grid.txt 2>&1
echo "check grid rc $? $(grep '^verdict' $R/gemm/check_grid.txt)"
save
blk() { # name args...
  name=$1; shift; line="$name:"
  for r in 1 2; do for p in fp16 auto grid; do
    eval PA=\$P_$p; f=$R/blocks/${name}_${p}_$r.txt
    timeout 60 build/unetrun --block transformer "$@" $PA --kernel-select heuristic --ref none > $f 2>&1
    line="$line $p $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "320 64" "1280 16"; do set -- $s
  blk sd15_$1_$2_b1 --c $1 --hw $2 --batch 1; blk sd15_$1_$2_b2 --c $1 --hw $2 --batch 2; done
save
stp() { # model batch
  line="step $1 b$2:"; for p in fp16 auto grid; do
    eval PA=\$P_$p; f=$R/unet/$1_b$2_${p}.txt
    timeout 90 build/unetrun --unet $1 --batch $2 $PA --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $p $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; echo "$line ($(el) s)"; }
stp sd15 2
timeout 240 build/test_gpu build/unetrun --section int8-row > $R/int8row.txt 2>&1
echo "int8-row rc $? $(tail -1 $R/int8row.txt) ($(el) s)"; grep -E '^FAIL' $R/int8row.txt | head -20 | cut -c1-400
grep -E ' rq ' $R/int8row.txt | head -3 | cut -c1-300
for f in $R/*.txt $R/gemm/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
