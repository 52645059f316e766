#!/bin/sh
# H100: weight and row scales early also in the three-consumer TS tile with BN = 128 (the GEGLU ff1 tile).
# base = .devrun/i8r_base3.cu (bb40a98), new = .devrun/i8r_nc3.cu. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks; cp .devrun/run216.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
cp .devrun/i8r_base3.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build_base.txt 2>&1 || { tail -20 $R/build_base.txt; save; exit 1; }
cp build/unetrun build/unetrun_base; cp .devrun/i8r_nc3.cu kernels/gemm_int8_rows.cu
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
cp build/unetrun build/unetrun_new; echo "built $(el) s"
(timeout 100 build/test_gpu build/unetrun_new --section int8-row > $R/int8_row.txt 2>&1; echo "rc=$?" >> $R/int8_row.txt) &
TP=$!
I8="--linear int8 --int8-scales row"
wait $TP; echo "int8-row: $(tail -2 $R/int8_row.txt | tr '\n' ' ') $(el) s"; grep "^FAIL" $R/int8_row.txt | head -3; save
KT=$PWD/build/libktrace.so
line="8192x2560x320 geglu fq=on"
for v in base new base new; do
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$v.kt timeout 30 build/unetrun_$v --block gemm --m 8192 --n 2560 --k 320 --epilogue geglu $I8 --fuse-quant on --kernel-select heuristic --ref none > $R/kt/$v.txt 2>&1
  line="$line | $v $(grep -E '^ +[0-9]+ ' $R/kt/$v.kt | grep gemm_int8 | awk '{print $4}')"
done; echo "$line"
for c in 320:64:2 320:64:1; do IFS=: read ch hw b <<EOT
$c
EOT
  line="tuned $ch@$hw b$b"
  for v in base new base new; do
    timeout 30 build/unetrun_$v --block transformer --c $ch --hw $hw --batch $b $I8 --ref none > $R/blocks/${v}_${ch}_b$b.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/${v}_${ch}_b$b.txt | grep -o '[0-9.]* us' | head -1) ff1 $(grep '^ln3+ff1' $R/blocks/${v}_${ch}_b$b.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"
done
for f in $R/*.txt $R/kt/* $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
