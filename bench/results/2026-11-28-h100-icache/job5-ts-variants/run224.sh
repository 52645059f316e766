#!/bin/sh
# H100: TS epilogue compiled per variant (branch icache) against main (base kernels from .devrun/base_kernels.tar),
# builds side by side. Tests of the changed kernels (gemm, int8-row, lnfold sections), the cold-code probe on the
# new build, then blocks (ktrace + plain) and SD1.5 / SD2.1 steps, base and new interleaved.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks $R/unet; cp .devrun/run224.sh .devrun/coldcode.cu $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
rm -rf /tmp/base && mkdir -p /tmp/base && tar cf - --exclude=./build --exclude=./.git . | (cd /tmp/base && tar xf -) && (cd /tmp/base && rm -rf kernels && tar xf /tmp/base/.devrun/base_kernels.tar)
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/libktrace.so > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
wait; [ -x /tmp/base/build/unetrun ] || { tail -20 $R/build_base.txt; save; exit 1; }
cp /tmp/base/build/unetrun build/unetrun_base; cp build/unetrun build/unetrun_new
echo "built $(el) s"
nvcc -std=c++17 -O2 -gencode=arch=compute_90,code=sm_90 -I. -Ikernels -I/tmp/deps/usr/include -c .devrun/coldcode.cu -o build/coldcode.o &&
OBJS=$(ls build/common/*.o build/weights/*.o build/src/layers/*.o build/src/graph/*.o build/src/report/*.o build/src/*.o build/src/baseline/*.o build/kernels/*.o | grep -v "src/main.o") &&
nvcc -gencode=arch=compute_90,code=sm_90 -o build/coldcode build/coldcode.o $OBJS -L/usr/local/cuda/lib64 -Xlinker -rpath=/usr/local/cuda/lib64 -L/tmp/deps/usr/lib/x86_64-linux-gnu -Xlinker -rpath=/tmp/deps/usr/lib/x86_64-linux-gnu -lcurand -lcublas -lcjson -lstb -lgomp -lm -Xlinker -rpath=/usr/local/cuda/lib -L/usr/local/cuda/lib -l:libcudnn.so.9 -lcublasLt >> $R/build.txt 2>&1
for s in "8192 320 320" "2048 640 640"; do timeout 60 build/coldcode $s 2>&1 | tee -a $R/coldcode_new.txt; done
for sec in gemm int8-row lnfold; do timeout 200 build/test_gpu build/unetrun --section $sec > $R/test_$sec.txt 2>&1; echo "test $sec: $(tail -1 $R/test_$sec.txt) $(el) s"; grep "^FAIL" $R/test_$sec.txt | head -3; done
save
I8="--linear int8 --int8-scales row"
for c in 320:64:2 320:64:1 640:32:2; do IFS=: read ch hw b <<EOT
$c
EOT
for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  for s in heuristic tune; do line="$ch@$hw b$b $v $s:"
    for r in 1 2; do for bld in base new; do f=$R/blocks/${bld}_${v}_${s}_${ch}_${hw}_b${b}_$r.txt
      timeout 60 build/unetrun_$bld --block transformer --c $ch --hw $hw --batch $b $fl --ref none --kernel-select $s > $f 2>&1
      line="$line $bld $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line"
  done; done; done
save
for bld in base new; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  tag=${bld}_${v}; CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun_$bld --block transformer --c 320 --hw 64 --batch 2 $fl --ref none --kernel-select heuristic > $R/kt/$tag.txt 2>&1
done; done
for r in 1 2; do for u in sd15; do for b in 1 2; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  line="$u b$b $v r$r:"; for bld in base new; do f=$R/unet/${bld}_${u}_${v}_b${b}_$r.txt
    timeout 120 build/unetrun_$bld --unet $u --batch $b $fl --kernel-select heuristic --ref none --iters 30 > $f 2>&1
    line="$line $bld $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; echo "$line"
done; done; done; done
for f in $R/*.txt $R/blocks/* $R/kt/*.txt $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
