#!/bin/bash
# qa tiles in clusters (each CTA of a cluster of 2 / 4 / 8 quantizes its share of a 64-row block and copies it
# into its peers' shared memory): SD1.5 b2 linears both tuned (--verbose: every candidate's time), more
# shapes with fewer row blocks than SMs tuned, the 8192-row qa kernels against the base build (HEAD) interleaved,
# then test_gpu --section int8-row beside the qa sanitizer runs
R=/tmp/r; mkdir -p $R/more $R/ab; cp .devrun/run308.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 250 $MK build/kernels/gemm_int8_rows.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
timeout 250 $MK -j14 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1
tar cf - --exclude=./kernels/gemm_int8_rows.o --exclude=./unetrun --exclude=./test_gpu -C build . | tar xf - -C /tmp/base/build
( cd /tmp/base && timeout 60 $MK build/unetrun >> $R/build_base.log 2>&1; echo "link base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
cat $R/times.txt
t=$(date +%s)
SHAPES=sd15-b2 PRECS="int8-row fp16" timeout 100 sh bench/gemm.sh $R/sd15 --verbose --peak-tflops 700 --peak-gbps 4000 > $R/sd15.txt 2>&1
echo "sd15 rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for s in 4096x320x320 4096x320x1280 1024x640x640 1024x640x2560 256x1280x1280 2048x640x2560 2048x640x640 512x1280x1280 154x640x768; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 40 build/unetrun --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --verbose --check --peak-tflops 700 --peak-gbps 4000 --json $R/more/i8_$s.json > $R/more/i8_$s.txt 2>&1
  echo "int8 $s rc=$? $(grep -E '^gemm ' $R/more/i8_$s.txt | tr -s ' ' | cut -d' ' -f2-10)" >> $R/more.txt
  timeout 40 build/unetrun --block gemm --m $M --n $N --k $K --verbose --check --peak-tflops 700 --peak-gbps 4000 --json $R/more/fp16_$s.json > $R/more/fp16_$s.txt 2>&1
  echo "fp16 $s rc=$? $(grep -E '^gemm ' $R/more/fp16_$s.txt | tr -s ' ' | cut -d' ' -f2-10)" >> $R/more.txt
done
echo "more $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/more.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
O="--kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000"
for rep in 1 2; do
for s in 8192x320x1280 8192x320x320 8192x960x320; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for v in base new; do
    B=build/unetrun; [ $v = base ] && B=/tmp/base/build/unetrun
    timeout 30 $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --fuse-quant on $O --json $R/ab/${v}_${s}_$rep.json > $R/ab/${v}_${s}_$rep.txt 2>&1
    echo "$v $s $rep rc=$? $(grep -E '^gemm ' $R/ab/${v}_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-10)" >> $R/ab.txt
  done
done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
( timeout 240 build/test_gpu build/unetrun --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='qa' SANITIZE_JOBS=3 SANITIZE_LOG=$R/sanitize_qa.log timeout 240 sh tests/sanitize.sh build/unetrun > $R/sanitize_qa.txt 2>&1; echo "sanitize qa rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
tail -1 $R/t_i8r.txt; grep -E "FAIL" $R/t_i8r.txt | head -5; tail -1 $R/sanitize_qa.txt; grep FAIL $R/sanitize_qa.txt | head
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build*.log $R/t_i8r.txt $R/sanitize*.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
