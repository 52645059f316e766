#!/bin/bash
# qa row quantizer A/B: base (5d38f4c3), new1 (lanes per row as a template: 5f4d40dd), new2 (+ L2 prefetch of the
# later passes' rows: this tree); interleaved, two rounds, heuristic picks with --fuse-quant on and auto; FP16
# beside them; then the SD1.5 b2 linears (both tuned) on this tree, test_gpu int8-row, the qa sanitizer runs
R=/tmp/r; mkdir -p $R/ab $R/sd15; cp .devrun/run304.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
for v in base new1; do mkdir -p /tmp/$v && tar xzf .devrun/$v.tgz -C /tmp/$v; done
( cd /tmp/base && timeout 250 $MK build/kernels/gemm_int8_rows.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
( cd /tmp/new1 && timeout 250 $MK build/kernels/gemm_int8_rows.o > $R/build_new1.log 2>&1; echo "obj new1 rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P2=$!
timeout 250 $MK -j14 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1 $P2
for v in base new1; do
  tar cf - --exclude=./kernels/gemm_int8_rows.o --exclude=./unetrun --exclude=./test_gpu -C build . | tar xf - -C /tmp/$v/build
  ( cd /tmp/$v && timeout 60 $MK build/unetrun >> $R/build_$v.log 2>&1; echo "link $v rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
done
cat $R/times.txt
declare -A BIN=([base]=/tmp/base/build/unetrun [new1]=/tmp/new1/build/unetrun [new2]=build/unetrun)
O="--kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
for rep in 1 2; do
for s in 8192x320x1280 8192x320x320 8192x960x320 8192x2560x320 8192x640x1280 8192x160x1280 4096x320x1280 2048x640x640; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 30 build/unetrun --block gemm --m $M --n $N --k $K $O --json $R/ab/fp16_${s}_$rep.json > $R/ab/fp16_${s}_$rep.txt 2>&1
  echo "fp16 $s $rep rc=$? $(grep -E '^gemm ' $R/ab/fp16_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-9)" >> $R/ab.txt
  for v in base new1 new2; do
    timeout 30 ${BIN[$v]} --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --fuse-quant on $O --json $R/ab/${v}_${s}_$rep.json > $R/ab/${v}_${s}_$rep.txt 2>&1
    echo "$v $s $rep rc=$? $(grep -E '^gemm ' $R/ab/${v}_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-9)" >> $R/ab.txt
  done
done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
# correctness on this tree: int8-row section beside the qa sanitizer runs
t=$(date +%s)
( timeout 240 build/test_gpu build/unetrun --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='qa' SANITIZE_JOBS=3 SANITIZE_LOG=$R/sanitize.log timeout 240 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
tail -1 $R/t_i8r.txt; grep -E "FAIL" $R/t_i8r.txt | head -5; tail -2 $R/sanitize.txt
(cd /tmp && tar czf $OUT/all.tgz r)
# issue 16's SD1.5 batch-2 linears, both tuned, --check
t=$(date +%s)
SHAPES=sd15-b2 PRECS="int8-row fp16" timeout 100 sh bench/gemm.sh $R/sd15 --peak-tflops 700 --peak-gbps 4000 > $R/sd15.txt 2>&1
echo "sd15 rc=$? $(( $(date +%s) - t )) s, total $(( $(date +%s) - T0 )) s" >> $R/times.txt
cat $R/times.txt
gzip -9 $R/build*.log $R/t_i8r.txt $R/sanitize.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
