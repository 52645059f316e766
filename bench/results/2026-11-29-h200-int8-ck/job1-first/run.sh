#!/bin/bash
# INT8 cluster split-K ("ck") tiles, first runs: tuning at the few-row SD linears (every candidate's one-node
# replay, --verbose) beside FP16 tuned; the SD1.5 1280 @8 blocks, base (e94115ec) against this tree; the group
# consumer's tile walk through wg_pp_tile (base against new, --int8-scales group); then the int8-row section
# (every ck tile and split against the C model) and the sanitizer on a ck shape
R=/tmp/r; mkdir -p $R/perf $R/blocks $R/group; cp .devrun/run298.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j6 build/unetrun > $R/build_base.log 2>&1; echo "base build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
BB=$!
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun build/test_gpu > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $BB
cat $R/times.txt | tr '\n' ';'; echo
grep -E "error|ck_kernel.*spill" $R/build.log | head -5
B=build/unetrun; BASE=/tmp/base/build/unetrun
t=$(date +%s)
SH="64x1280x5120 128x1280x5120 144x1280x5120 256x1280x5120 288x1280x5120 512x1280x5120 64x1280x1280 128x1280x1280"
SH="$SH 512x1280x1280 128x3840x1280 77x1280x768 154x1280x768 154x2560x768 154x640x768"
SHAPES="$SH" PRECS="int8-row fp16" timeout 200 sh bench/gemm.sh $R/perf --verbose --peak-tflops 700 --peak-gbps 4000 > $R/perf.txt 2>&1
echo "perf rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for rep in 1 2; do for b in new base; do X=$B; [ $b = base ] && X=$BASE
  for s in 2048x1280x5120 8192x1280x5120 2048x10240x1280; do
    M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
    timeout 30 $X --block gemm --m $M --n $N --k $K --linear int8 --int8-scales group --kernel-select heuristic --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/group/${b}_${s}_$rep.json > $R/group/${b}_${s}_$rep.txt 2>&1
  done
done; done
echo "group rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s)
for rep in 1 2; do for b in new base; do X=$B; [ $b = base ] && X=$BASE
  for bt in 1 2; do for lp in auto int8; do
    timeout 40 $X --block transformer --c 1280 --hw 8 --batch $bt --linear $lp --int8-scales row --check --peak-tflops 700 --peak-gbps 4000 --json $R/blocks/${b}_b${bt}_${lp}_$rep.json > $R/blocks/${b}_b${bt}_${lp}_$rep.txt 2>&1
  done; done
done; done
echo "blocks rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
( timeout 240 build/test_gpu $B --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='gemm-int8-row-ck' SANITIZE_JOBS=4 SANITIZE_LOG=$R/sanitize.log timeout 240 sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
wait $P1 $P2
cat $R/times.txt | tr '\n' ';'; echo
tail -1 $R/t_i8r.txt; grep -E "^FAIL" $R/t_i8r.txt | head -8; tail -3 $R/sanitize.txt
grep -h "verdict" $R/blocks/*.txt | sort | uniq -c | head
gzip -9 $R/build.log $R/build_base.log $R/t_i8r.txt $R/sanitize.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
