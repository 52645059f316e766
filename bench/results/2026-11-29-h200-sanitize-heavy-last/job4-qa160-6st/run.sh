#!/bin/bash
# qa 64x160 with 6 ring stages (every weight box of a K <= 384 CTA in flight from the start) as a tuner candidate
R=/tmp/r4; mkdir -p $R
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 150 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
grep -B2 -i "spill" $R/build.log | grep -i "qa_kernel" | head -10 > $R/spills_qa.txt
for s in "8192 320 320" "8192 960 320" "4096 320 320" "8192 2560 320"; do
  set -- $s
  for lin in int8 fp16; do
    timeout 40 build/unetrun --block gemm --m $1 --n $2 --k $3 --linear $lin --int8-scales row --verbose > $R/gemm_${1}x${2}x${3}_$lin.txt 2>&1
  done
done
echo "gemms done $(( $(date +%s) - T0 )) s" >> $R/times.txt
for lin in int8 fp16; do timeout 60 build/unetrun --block transformer --c 320 --hw 64 --batch 2 --context-len 77 --context-dim 768 --heads 8 --linear $lin --int8-scales row > $R/tf320_b2_$lin.txt 2>&1; done
echo "blocks done $(( $(date +%s) - T0 )) s" >> $R/times.txt
timeout $(( 330 - ($(date +%s) - T0) )) build/test_gpu build/unetrun --section int8-row > $R/int8_row.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
cat $R/times.txt; cat $R/spills_qa.txt; tail -1 $R/int8_row.txt; grep FAIL $R/int8_row.txt | head -3
for f in $R/gemm_*_int8.txt; do echo "== $f"; grep -E "qa 64x160|<-|^gemm" $f | head -8; done
for f in $R/gemm_*_fp16.txt $R/tf320_*.txt; do echo "== $f"; grep -E "^gemm|^block|graph replay" $f | head -3; done
gzip -9 $R/int8_row.txt $R/build.log; cd /tmp && tar czf $OUT/all.tgz r4
