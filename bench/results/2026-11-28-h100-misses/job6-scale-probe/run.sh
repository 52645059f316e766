#!/bin/sh
# H100 timing probe (wrong outputs by design, not a candidate): are the INT8 TS epilogue's scale loads what keeps
# the K <= 640 INT8 GEMMs behind FP16? Builds of kernels/gemm_int8_rows.cu with the weight-scale loads replaced by
# constants (nosw) and with the row-scale loads too (noswsa), against the tree's kernels: in-place kernel times
# (ktrace) and SD1.5 320 @64 b2 blocks. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks; cp .devrun/run208.sh $R/run.sh; cp .devrun/i8r_nosw.cu .devrun/i8r_noswsa.cu $R/  # kept here as probe_nosw.patch, probe_noswsa.patch
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp kernels/gemm_int8_rows.cu /tmp/i8r_tree.cu
for v in nosw noswsa; do cp .devrun/i8r_$v.cu kernels/gemm_int8_rows.cu
  make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_$v.txt 2>&1 || { tail -20 $R/build_$v.txt; save; exit 1; }
  cp build/unetrun build/unetrun_$v; done
cp /tmp/i8r_tree.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; echo "built $(el) s"
I8="--linear int8 --int8-scales row"
KT=$PWD/build/libktrace.so
for s in 8192:320:320:none 8192:960:320:none 4096:320:320:residual 2048:640:640:none; do IFS=: read m n k e <<EOT
$s
EOT
  line="${m}x${n}x${k} $e"
  for v in base nosw noswsa base nosw noswsa; do tag=${v}_${m}x${n}x${k}
    CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun_$v --block gemm --m $m --n $n --k $k --epilogue $e $I8 --fuse-quant off --kernel-select heuristic --ref none > $R/kt/$tag.txt 2>&1
    line="$line | $v $(grep -E '^ +[0-9]+ ' $R/kt/$tag.kt | grep gemm_int8 | awk '{print $4}')"
  done; echo "$line"
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/fp16_${m}x${n}x${k}.kt timeout 60 build/unetrun_base --block gemm --m $m --n $n --k $k --epilogue $e --kernel-select heuristic --ref none > $R/kt/fp16_${m}x${n}x${k}.txt 2>&1
  echo "   fp16 $(grep -E '^ +[0-9]+ ' $R/kt/fp16_${m}x${n}x${k}.kt | awk '{print $4, $8}')"
done
for b in 2 1; do line="320@64 b$b"
  for v in base nosw noswsa base nosw noswsa; do tag=${v}_320_64_b$b
    timeout 90 build/unetrun_$v --block transformer --c 320 --hw 64 --batch $b $I8 --kernel-select heuristic --ref none > $R/blocks/$tag.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/$tag.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"; done
for f in $R/*.txt $R/kt/* $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
