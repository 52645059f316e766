#!/bin/sh
# H100: the INT8 row TS tiles (two consumers, BN <= 160) with their weight scales read into registers before the main loop (branch wip/sw-registers, .devrun/i8r_swregs.cu);
# base (HEAD's gemm_int8_rows.cu, .devrun/i8r_base.cu) against new,
# interleaved: test_gpu --section int8-row, in-place kernel times (ktrace), SD1.5 transformer blocks, steps,
# and compute-sanitizer over the int8-row runs. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks $R/unet; cp .devrun/run210.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp .devrun/i8r_swregs.cu /tmp/i8r_new.cu; cp .devrun/i8r_base.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp /tmp/i8r_new.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/libktrace.so build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
timeout 150 build/test_gpu build/unetrun --section int8-row > $R/int8_row.txt 2>&1; echo "int8-row rc=$? $(tail -1 $R/int8_row.txt) $(el) s"
grep -i "fail" $R/int8_row.txt | head -5
I8="--linear int8 --int8-scales row"
KT=$PWD/build/libktrace.so
for s in 8192:320:320:none:off 8192:960:320:none:off 8192:320:320:residual:on 2048:640:640:none:off 8192:320:1280:residual:on 512:1280:1280:none:off 128:1280:1280:none:off; do IFS=: read m n k e fq <<EOT
$s
EOT
  line="${m}x${n}x${k} $e fq=$fq"
  for v in base new base new; do tag=${v}_${fq}_${m}x${n}x${k}
    CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun_$v --block gemm --m $m --n $n --k $k --epilogue $e $I8 --fuse-quant $fq --kernel-select heuristic --ref none > $R/kt/$tag.txt 2>&1
    line="$line | $v $(grep -E '^ +[0-9]+ ' $R/kt/$tag.kt | grep gemm_int8 | awk '{print $4}') node $(grep -E '^gemm' $R/kt/$tag.txt | head -1 | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"
done
save; echo "gemm $(el) s"
for c in 320:64:1 320:64:2 1280:8:2 1280:8:1 640:32:2 640:32:1 1280:16:2 1280:16:1; do IFS=: read ch hw b <<EOT
$c
EOT
  line="$ch@$hw b$b"
  for v in base new base new fp16; do tag=${v}_${ch}_${hw}_b$b
    if [ $v = fp16 ]; then bin=build/unetrun_new; fl="--linear fp16"; else bin=build/unetrun_$v; fl="$I8"; fi
    timeout 90 $bin --block transformer --c $ch --hw $hw --batch $b $fl --kernel-select heuristic --ref none > $R/blocks/$tag.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/$tag.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"
done
save; echo "blocks $(el) s"
for b in 2 1; do line="sd15 b$b"
  for v in base new; do timeout 120 build/unetrun_$v --unet sd15 --batch $b $I8 --kernel-select heuristic --ref none --iters 30 > $R/unet/${v}_b$b.txt 2>&1
    line="$line | $v $(grep -E '^step \(graph' $R/unet/${v}_b$b.txt | tr -s ' ' | cut -c1-40)"; done; echo "$line"; done
save; echo "unet $(el) s"
SANITIZE_ONLY='int8-row' timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(tail -2 $R/sanitize.txt | tr '\n' ' ') $(el) s"
cp build/sanitize*.log $R/ 2>/dev/null
for f in $R/*.txt $R/kt/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
