#!/bin/bash
# diagnosis of the qa INT8 row tiles at the 8192-row K <= 1280 misses: times at N = 160 / 320 / 640 (and the
# K = 320 family), forced qa against the pass; Nsight Compute (full set, SASS source page) on the qa kernel and the
# FP16 ping-pong tile at 8192 x 320 x 1280 and 8192 x 320 x 320
R=/tmp/r; mkdir -p $R/t $R/ncu; cp .devrun/run303.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
B=build/unetrun
t=$(date +%s)
for s in 8192x160x1280 8192x320x1280 8192x640x1280 8192x160x320 8192x320x320 8192x960x320; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 30 $B --block gemm --m $M --n $N --k $K --kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/t/fp16_$s.json > $R/t/fp16_$s.txt 2>&1
  echo "fp16 $s rc=$? $(grep -E '^gemm ' $R/t/fp16_$s.txt | tr -s ' ' | cut -d' ' -f2-7)" >> $R/t.txt
  for fq in on off; do
    timeout 30 $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --fuse-quant $fq --kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/t/i8_${fq}_$s.json > $R/t/i8_${fq}_$s.txt 2>&1
    echo "i8 fq=$fq $s rc=$? $(grep -E '^gemm |quant' $R/t/i8_${fq}_$s.txt | tr -s ' ' | cut -d' ' -f1-7 | tr '\n' '|')" >> $R/t.txt
  done
done
echo "t $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/t.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for s in 8192x320x1280 8192x320x320; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 60 ncu --set full --import-source no --kernel-name regex:gemm_int8_rows_qa --launch-count 1 -o $R/ncu/qa_$s \
    $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --fuse-quant on --kernel-select heuristic --ref none --iters 1 --warmup 0 --peak-tflops 700 --peak-gbps 3000 > $R/ncu/qa_$s.log 2>&1
  echo "ncu qa $s rc=$?" >> $R/times.txt
  timeout 60 ncu --set full --import-source no --kernel-name regex:gemm_wgmma --launch-count 1 -o $R/ncu/fp16_$s \
    $B --block gemm --m $M --n $N --k $K --kernel-select heuristic --ref none --iters 1 --warmup 0 --peak-tflops 700 --peak-gbps 3000 > $R/ncu/fp16_$s.log 2>&1
  echo "ncu fp16 $s rc=$?" >> $R/times.txt
done
for f in $R/ncu/*.ncu-rep; do
  b=${f%.ncu-rep}
  timeout 60 ncu -i $f --print-details all > $b.txt 2>&1
  timeout 60 ncu -i $f --page source --csv --print-source sass > $b.sass.csv 2>&1
done
echo "ncu $(( $(date +%s) - t )) s, total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build.log $R/ncu/*.csv $R/ncu/*.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
