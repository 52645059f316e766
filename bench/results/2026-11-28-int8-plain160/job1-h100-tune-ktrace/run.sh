#!/bin/sh
# H100: every INT8 row tile tuned (--verbose) at (1280, 5120) x 2048 / 8192 rows beside the FP16 engine and cuBLASLt;
# the qa fallback under --fuse-quant auto (pass + rule tile) against forced qa at 8192 x 10240 x 1280 and
# 8192 x 640 x 2560; in-place kernel times (ktrace) of the INT8 and FP16 2048 x 1280 x 5120 nodes.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run197.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
g() { tag=$1; shift; timeout 90 build/unetrun --block gemm --ref none --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-44) $(grep -E '^gemm' $R/gemm/$tag.txt | head -1 | tr -s ' ' | cut -c1-62)"; }
I8="--linear int8 --int8-scales row"
for m in 2048 8192; do
  g int8_${m}x1280x5120 --m $m --n 1280 --k 5120 --epilogue residual $I8 --verbose
  grep -E "^tune" $R/gemm/int8_${m}x1280x5120.txt
  g int8_${m}x1280x5120_heur --m $m --n 1280 --k 5120 --epilogue residual $I8 --kernel-select heuristic
  g fp16_${m}x1280x5120 --m $m --n 1280 --k 5120 --epilogue residual --vs cudnn
  g fp16_${m}x1280x5120_heur --m $m --n 1280 --k 5120 --epilogue residual --vs cudnn --kernel-select heuristic
  grep -E "cublasLt gemm" $R/gemm/fp16_${m}x1280x5120_heur.txt
done
for s in 8192:10240:1280 8192:640:2560; do IFS=: read m n k <<EOT
$s
EOT
  for r in 1 2; do
    g int8_${m}x${n}x${k}_auto_r$r --m $m --n $n --k $k $I8 --kernel-select heuristic
    g int8_${m}x${n}x${k}_on_r$r --m $m --n $n --k $k $I8 --kernel-select heuristic --fuse-quant on
  done
  g fp16_${m}x${n}x${k}_heur --m $m --n $n --k $k --kernel-select heuristic
done
for l in int8 fp16; do fl=""; [ $l = int8 ] && fl="$I8"
  CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/gemm/kt_${l}_2048x1280x5120.kt \
    timeout 60 build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --epilogue residual $fl --ref none --kernel-select heuristic > $R/gemm/kt_${l}.txt 2>&1
  cat $R/gemm/kt_${l}_2048x1280x5120.kt
done
echo "($(el) s)"
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
