#!/bin/bash
# INT8 ping-pong tiles asking for the ring's first weight boxes before pdl_wait (under the quantizer pass's
# tail): this tree against HEAD (base) interleaved, heuristic picks, two rounds, FP16 beside; SD1.5 INT8 blocks;
# then test_gpu --section int8-row beside three light sanitizer runs of the INT8 row tiles
R=/tmp/r; mkdir -p $R/ab; cp .devrun/run312.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 200 $MK build/kernels/gemm_int8_rows.o build/src/graph/exec_gpu.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
timeout 200 $MK -j14 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1
tar cf - --exclude=./kernels/gemm_int8_rows.o --exclude=./src/graph/exec_gpu.o --exclude=./unetrun --exclude=./test_gpu -C build . | tar xf - -C /tmp/base/build
( cd /tmp/base && timeout 60 $MK build/unetrun >> $R/build_base.log 2>&1; echo "link base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
cat $R/times.txt
O="--kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
for rep in 1 2; do
for s in 2048x640x640 512x1280x1280 1024x640x640 2048x640x2560 4096x320x320 2048x1920x640 154x640x768 8192x1280x5120 4096x4096x4096; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  if [ $rep = 1 ]; then
    timeout 30 build/unetrun --block gemm --m $M --n $N --k $K $O > $R/ab/fp16_$s.txt 2>&1
    echo "fp16 $s rc=$? $(grep -E '^gemm ' $R/ab/fp16_$s.txt | tr -s ' ' | cut -d' ' -f2-10)" >> $R/ab.txt
  fi
  for v in base new; do
    B=build/unetrun; [ $v = base ] && B=/tmp/base/build/unetrun
    timeout 30 $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row $O --json $R/ab/${v}_${s}_$rep.json > $R/ab/${v}_${s}_$rep.txt 2>&1
    echo "$v $s $rep rc=$? $(grep -E '^(gemm|quant)' $R/ab/${v}_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-10 | tr '\n' '|')" >> $R/ab.txt
  done
done; done
for rep in 1 2; do for b in "640 32" "320 64" "1280 16"; do set -- $b
  for v in base new; do
    B=build/unetrun; [ $v = base ] && B=/tmp/base/build/unetrun
    timeout 40 $B --block transformer --c $1 --hw $2 --batch 2 --head-dim 64 --linear int8 --int8-scales row $O > $R/ab/blk_${v}_$1_$2_$rep.txt 2>&1
    echo "$v tf $1@$2 b2 $rep rc=$? $(grep -E '^block \(graph' $R/ab/blk_${v}_$1_$2_$rep.txt)" >> $R/ab.txt
  done; done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
( timeout 215 build/test_gpu build/unetrun --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='gemm-int8-row-residual-m300 |gemm-int8-row-geglu-m100 |transformer-int8-row-lnquant ' SANITIZE_JOBS=4 SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
tail -1 $R/t_i8r.txt; grep -E "^FAIL" $R/t_i8r.txt | head -5; tail -2 $R/sanitize.txt; grep FAIL $R/sanitize.txt | head
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build*.log $R/t_i8r.txt $R/sanitize*.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
