#!/bin/sh
# H100: INT8 row TS tiles: A = main (weight scales early in registers), B = + row scales early,
# C = B with the early loads only where nkt >= 4. ktrace GEMMs, SD1.5 blocks, int8-row section on B and C.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks; cp .devrun/run211.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
for v in A:base2 B:saearly C:sak4; do IFS=: read n f <<EOT
$v
EOT
  cp .devrun/i8r_$f.cu kernels/gemm_int8_rows.cu
  make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/libktrace.so > $R/build_$n.txt 2>&1 || { tail -20 $R/build_$n.txt; save; exit 1; }
  cp build/unetrun build/unetrun_$n; cp build/test_gpu build/test_gpu_$n; echo "built $n $(el) s"
done
I8="--linear int8 --int8-scales row"
KT=$PWD/build/libktrace.so
for s in 8192:320:320:none:off 8192:960:320:none:off 8192:320:320:residual:on 2048:640:640:none:off; do IFS=: read m n k e fq <<EOT
$s
EOT
  line="${m}x${n}x${k} $e fq=$fq"
  for r in 1 2; do for v in A B C; do tag=${v}${r}_${fq}_${m}x${n}x${k}_$e
    CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun_$v --block gemm --m $m --n $n --k $k --epilogue $e $I8 --fuse-quant $fq --kernel-select heuristic --ref none > $R/kt/$tag.txt 2>&1
    line="$line | $v $(grep -E '^ +[0-9]+ ' $R/kt/$tag.kt | grep gemm_int8 | awk '{print $4}')"
  done; done; echo "$line"
done
save; echo "gemm $(el) s"
for c in 320:64:1 320:64:2 1280:8:2 1280:8:1; do IFS=: read ch hw b <<EOT
$c
EOT
  line="$ch@$hw b$b"
  for v in A B C A B C fp16; do tag=${v}_${ch}_${hw}_b$b
    if [ $v = fp16 ]; then bin=build/unetrun_A; fl="--linear fp16"; else bin=build/unetrun_$v; fl="$I8"; fi
    timeout 90 $bin --block transformer --c $ch --hw $hw --batch $b $fl --kernel-select heuristic --ref none > $R/blocks/$tag.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/$tag.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"
done
save; echo "blocks $(el) s"
(timeout 150 build/test_gpu_B build/unetrun_B --section int8-row > $R/int8_row_B.txt 2>&1; echo "B rc=$?" >> $R/int8_row_B.txt) &
(timeout 150 build/test_gpu_C build/unetrun_C --section int8-row > $R/int8_row_C.txt 2>&1; echo "C rc=$?" >> $R/int8_row_C.txt) &
wait; echo "int8-row B: $(tail -2 $R/int8_row_B.txt | tr '\n' ' ') C: $(tail -2 $R/int8_row_C.txt | tr '\n' ' ') $(el) s"
grep -i "fail" $R/int8_row_B.txt $R/int8_row_C.txt | grep -v " 0 failed" | head -5
for f in $R/*.txt $R/kt/* $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
