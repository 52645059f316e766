#!/bin/bash
# --tile-walk m / n A/B (FP16 ping-pong tiles now take the walk too), tuned, same binary, interleaved per shape;
# SD2.1 768 px b2 transformer block heuristic m / auto; then test_gpu gemm + int8-row sections beside the
# sanitizer on the walk-n runs (and the INT8 pp ones); last, Nsight Compute on the INT8 GEMM (2048 / 4096 rows)
R=/tmp/r; mkdir -p $R/ab $R/blk $R/ncu; cp .devrun/run291.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun > $R/build_base.log 2>&1; echo "build base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
PB=$!
timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PB
cat $R/times.txt
B=build/unetrun; BB=/tmp/base/build/unetrun
t=$(date +%s)
for s in 8192x1280x5120 18432x320x1280 9216x320x1280 8192x640x2560 2048x1280x5120; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for p in fp16 int8-row; do
    f=""; [ $p = int8-row ] && f="--linear int8 --int8-scales row"
    for w in m n; do
      timeout 40 $B --block gemm --m $M --n $N --k $K $f --tile-walk $w --check --json $R/ab/${p}_${w}_$s.json > $R/ab/${p}_${w}_$s.txt 2>&1
      echo "$p $w $s rc=$? $(grep -E '^gemm ' $R/ab/${p}_${w}_$s.txt | tr -s ' ' | cut -d' ' -f2-7)" >> $R/ab.txt
    done
  done
done
for s in 4096x4096x4096 8192x10240x1280 2048x10240x1280; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 40 $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --check --json $R/ab/int8-row_auto_$s.json > $R/ab/int8-row_auto_$s.txt 2>&1
  echo "int8-row auto $s rc=$? $(grep -E '^gemm ' $R/ab/int8-row_auto_$s.txt | tr -s ' ' | cut -d' ' -f2-7)" >> $R/ab.txt
done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
# the base tree (no --tile-walk: M fastest) against this one with --tile-walk m, heuristic tiles, interleaved
t=$(date +%s); mkdir -p $R/bn
for rep in 1 2; do
for s in 8192x960x320 18432x320x320 8192x320x1280 4096x960x320 8192x1280x5120 2048x1280x5120; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for p in fp16 int8-row; do
    f=""; [ $p = int8-row ] && f="--linear int8 --int8-scales row"
    timeout 30 $BB --block gemm --m $M --n $N --k $K $f --epilogue residual --kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/bn/${p}_base_${s}_$rep.json > $R/bn/${p}_base_${s}_$rep.txt 2>&1
    echo "$p base $s $rep rc=$? $(grep -E '^gemm ' $R/bn/${p}_base_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-7)" >> $R/bn.txt
    timeout 30 $B --block gemm --m $M --n $N --k $K $f --epilogue residual --kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000 --tile-walk m --json $R/bn/${p}_new_${s}_$rep.json > $R/bn/${p}_new_${s}_$rep.txt 2>&1
    echo "$p new-m $s $rep rc=$? $(grep -E '^gemm ' $R/bn/${p}_new_${s}_$rep.txt | tr -s ' ' | cut -d' ' -f2-7)" >> $R/bn.txt
  done
done; done
echo "bn $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/bn.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for rep in 1 2; do
  timeout 60 $BB --block transformer --c 320 --hw 96 --batch 2 --heads 5 --head-dim 64 --context-dim 1024 --proj linear --kernel-select heuristic --check --json $R/blk/sd21_b2_base_$rep.json > $R/blk/sd21_b2_base_$rep.txt 2>&1
  echo "blk base $rep rc=$? $(grep -E '^block \(graph' $R/blk/sd21_b2_base_$rep.txt)" >> $R/blk.txt
  for w in m auto; do
  timeout 60 $B --block transformer --c 320 --hw 96 --batch 2 --heads 5 --head-dim 64 --context-dim 1024 --proj linear --kernel-select heuristic --tile-walk $w --check --json $R/blk/sd21_b2_${w}_$rep.json > $R/blk/sd21_b2_${w}_$rep.txt 2>&1
  echo "blk $w $rep rc=$? $(grep -E '^block \(graph' $R/blk/sd21_b2_${w}_$rep.txt)" >> $R/blk.txt
done; done
echo "blk $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/blk.txt
(cd /tmp && tar czf $OUT/all.tgz r)
# correctness: test sections beside the sanitizer runs
t=$(date +%s)
TL=$(( 545 - (t - T0) )); [ $TL -gt 240 ] && TL=240; echo "tests limit $TL s" >> $R/times.txt
( timeout $TL build/test_gpu $B --section gemm > $R/t_gemm.txt 2>&1; echo "gemm rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( timeout $TL build/test_gpu $B --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
( SANITIZE_ONLY='walk-n|gemm-int8-row-pp-m8257|gemm-int8-row-residual-m300' SANITIZE_JOBS=4 SANITIZE_LOG=$R/sanitize.log timeout $TL sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P3=$!
( while kill -0 $P3 2>/dev/null; do echo "$(date +%s) $(free -m | awk '/Mem:/{print $3}')" >> $R/mem_used_mib.txt; sleep 2; done ) &
wait $P1 $P2 $P3
cat $R/times.txt; tail -1 $R/t_gemm.txt; grep -c "walk=n" $R/t_gemm.txt; grep -E "^FAIL|FAIL " $R/t_gemm.txt | head -5
tail -1 $R/t_i8r.txt; grep -E "FAIL" $R/t_i8r.txt | head -5; tail -3 $R/sanitize.txt; sort -k2 -n $R/mem_used_mib.txt | tail -1
(cd /tmp && tar czf $OUT/all.tgz r)
# Nsight Compute: the INT8 row GEMM kernel alone at 2048 x 1280 x 5120 and 4096^3 (heuristic picks)
t=$(date +%s)
for s in 2048x1280x5120 4096x4096x4096; do
  [ $(( $(date +%s) - T0 )) -gt 530 ] && break
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  timeout 30 ncu --kernel-name regex:gemm_int8_rows --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    $B --block gemm --m $M --n $N --k $K --linear int8 --int8-scales row --kernel-select heuristic --ref none --iters 1 --warmup 0 --peak-tflops 700 --peak-gbps 3000 > $R/ncu/i8_$s.txt 2>&1
  echo "ncu $s rc=$?" >> $R/times.txt
done
echo "ncu $(( $(date +%s) - t )) s, total $(( $(date +%s) - T0 )) s" >> $R/times.txt; tail -3 $R/times.txt
gzip -9 $R/build.log $R/t_gemm.txt $R/t_i8r.txt $R/sanitize.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
