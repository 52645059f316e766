#!/bin/sh
# H100, perf: three trees built side by side.
#   base = main (.devrun/base_kernels_main.tar), lnv = main + wip/ts-ln-variants, comb = lnv + wip/heur-ts-k1280 (this tree).
# cold-code probes on gemm_wgmma.cu tiles (base); FP16 tuned blocks base vs lnv; FP16 heuristic blocks lnv vs comb;
# FP16 heuristic steps base vs comb.   carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks $R/unet; cp .devrun/run228.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
rm -rf /tmp/base && mkdir -p /tmp/base && tar cf - --exclude=./build --exclude=./.git . | (cd /tmp/base && tar xf -) && (cd /tmp/base && rm -rf kernels && tar xf .devrun/base_kernels_main.tar)
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "comb built $(el) s"
# lnv = this tree with main's conv2d.cu (the heuristic rule) and test_gpu.c: only those objects rebuild
rm -rf /tmp/lnv && mkdir -p /tmp/lnv && tar cf - --exclude=./.git . | (cd /tmp/lnv && tar xf -) && (cd /tmp/lnv && tar xf .devrun/heur_revert.tar && touch kernels/conv2d.cu tests/test_gpu.c && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_lnv.txt 2>&1) || { tail -20 $R/build_lnv.txt; save; exit 1; }
wait; [ -x /tmp/base/build/unetrun ] || { tail -20 $R/build_base.txt; save; exit 1; }
cp /tmp/base/build/unetrun build/unetrun_base; cp /tmp/lnv/build/unetrun build/unetrun_lnv; cp build/unetrun build/unetrun_comb
echo "built $(el) s"
# GPU 1 (where there is one): the suite's sections that cover the changed code, on comb
G1=$(nvidia-smi -L | wc -l); [ "$G1" -gt 1 ] && G1=1 || G1=0
(export CUDA_VISIBLE_DEVICES=$G1; for sec in lnfold gemm; do timeout 300 build/test_gpu build/unetrun --section $sec > $R/test_$sec.txt 2>&1; echo "test $sec: $(tail -1 $R/test_$sec.txt) $(el) s"; done
 timeout 400 build/test_gpu build/unetrun --section blocks --shard 0/4 > $R/test_blocks0.txt 2>&1; echo "blocks 0/4: $(tail -1 $R/test_blocks0.txt) $(el) s"; grep -h "^FAIL" $R/test_*.txt | head -5) &
export CUDA_VISIBLE_DEVICES=0
for pr in coldcode coldcode2; do
nvcc -std=c++17 -O2 -gencode=arch=compute_90,code=sm_90 -I. -Ikernels -I/tmp/deps/usr/include -c .devrun/$pr.cu -o /tmp/base/build/$pr.o &&
OBJS=$(cd /tmp/base && ls build/common/*.o build/weights/*.o build/src/layers/*.o build/src/graph/*.o build/src/report/*.o build/src/*.o build/src/baseline/*.o build/kernels/*.o | grep -v "src/main.o") &&
(cd /tmp/base && nvcc -gencode=arch=compute_90,code=sm_90 -o build/$pr build/$pr.o $OBJS -L/usr/local/cuda/lib64 -Xlinker -rpath=/usr/local/cuda/lib64 -L/tmp/deps/usr/lib/x86_64-linux-gnu -Xlinker -rpath=/tmp/deps/usr/lib/x86_64-linux-gnu -lcurand -lcublas -lcjson -lstb -lgomp -lm -Xlinker -rpath=/usr/local/cuda/lib -L/usr/local/cuda/lib -l:libcudnn.so.9 -lcublasLt) >> $R/build.txt 2>&1
done; cp .devrun/coldcode.cu .devrun/coldcode2.cu $R/
for s in "2 64 64 320" "2 32 32 640" "2 16 16 1280"; do timeout 40 /tmp/base/build/coldcode2 $s >> $R/coldcode_conv.txt 2>&1; done
for s in "512 1280 1280" "512 1280 5120" "2048 640 640"; do timeout 40 /tmp/base/build/coldcode $s >> $R/coldcode_gemm.txt 2>&1; done
tail -4 $R/coldcode_conv.txt; echo "probes $(el) s"; save
blk() { # bld sel ch hw b rep
  f=$R/blocks/$1_$2_$3_$4_b$5_$6.txt
  timeout 60 build/unetrun_$1 --block transformer --c $3 --hw $4 --batch $5 --linear fp16 --ref none --kernel-select $2 > $f 2>&1
  echo "$1 $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; }
for c in 1280:16:1 1280:16:2 1280:8:1 1280:8:2 640:32:2; do IFS=: read ch hw b <<EOT
$c
EOT
  line="tune $ch@$hw b$b:"; for r in 1 2; do for bld in base lnv; do line="$line $(blk $bld tune $ch $hw $b $r)"; done; done; echo "$line $(el) s"
done; save
for c in 1280:16:1 1280:16:2 1280:24:1 1280:32:1; do IFS=: read ch hw b <<EOT
$c
EOT
  line="heur $ch@$hw b$b:"; for r in 1 2; do for bld in lnv comb; do line="$line $(blk $bld heuristic $ch $hw $b $r)"; done; done; echo "$line $(el) s"
done; save
for ub in sd15:2 sd21:1 sdxl:1 sd21:2; do u=${ub%:*}; b=${ub#*:}
  line="step $u b$b:"; for r in 1 2; do for bld in base comb; do f=$R/unet/${bld}_${u}_b${b}_$r.txt
    timeout 100 build/unetrun_$bld --unet $u --batch $b --linear fp16 --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $bld $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line $(el) s"; save
done
for f in $R/*.txt $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
wait; save; echo "done $(el) s"
