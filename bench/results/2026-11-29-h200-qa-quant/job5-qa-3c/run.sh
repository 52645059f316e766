#!/bin/bash
# the three-consumer qa tile (64 x 128, 5 stages) among tuning's candidates: issue 16's SD1.5 batch-2 linears both
# tuned with --verbose (the tuning tables name every qa tile's time), two rounds; three more 8192-9216-row shapes;
# test_gpu --section int8-row beside the qa sanitizer runs (every candidate launched, the new one included)
R=/tmp/r; mkdir -p $R/more; cp .devrun/run307.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 250 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for rep in 1 2; do
  t=$(date +%s)
  SHAPES=sd15-b2 PRECS="int8-row fp16" timeout 100 sh bench/gemm.sh $R/sd15_$rep --verbose --peak-tflops 700 --peak-gbps 4000 > $R/sd15_$rep.txt 2>&1
  echo "sd15 round $rep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  (cd /tmp && tar czf $OUT/all.tgz r)
done
t=$(date +%s)
for s in 9216x960x320 8192x1920x640 8192x5120x640; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 40 build/unetrun --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --verbose --check --peak-tflops 700 --peak-gbps 4000 --json $R/more/i8_$s.json > $R/more/i8_$s.txt 2>&1
  echo "int8 $s rc=$? $(grep -E '^gemm ' $R/more/i8_$s.txt | tr -s ' ' | cut -d' ' -f2-9)" >> $R/more.txt
  timeout 40 build/unetrun --block gemm --m $M --n $N --k $K --verbose --check --peak-tflops 700 --peak-gbps 4000 --json $R/more/fp16_$s.json > $R/more/fp16_$s.txt 2>&1
  echo "fp16 $s rc=$? $(grep -E '^gemm ' $R/more/fp16_$s.txt | tr -s ' ' | cut -d' ' -f2-9)" >> $R/more.txt
done
echo "more $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/more.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
( timeout 240 build/test_gpu build/unetrun --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='qa' SANITIZE_JOBS=3 SANITIZE_LOG=$R/sanitize_qa.log timeout 240 sh tests/sanitize.sh build/unetrun > $R/sanitize_qa.txt 2>&1; echo "sanitize qa rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
tail -1 $R/t_i8r.txt; grep -E "FAIL" $R/t_i8r.txt | head -5; tail -1 $R/sanitize_qa.txt; grep FAIL $R/sanitize_qa.txt | head
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build.log $R/t_i8r.txt $R/sanitize*.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
