#!/bin/bash
# INT8 ck tiles, final tree: the heuristic's ck rule (64 x 64 tiles only) at the few-row K = 5120 linears; SD1.5
# 1280 @8 and SD2.1 1280 @12 blocks with --linear auto, base (e94115ec) against this tree (heuristic); then the
# int8-row section, the blocks section (4 shards) and the sanitizer on the ck shape side by side
R=/tmp/r; mkdir -p $R/perf $R/blocks; cp .devrun/run300.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j6 build/unetrun > $R/build_base.log 2>&1; echo "base build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
BB=$!
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $BB
B=build/unetrun; BASE=/tmp/base/build/unetrun; PK="--peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
SHAPES="64x1280x5120 128x1280x5120 144x1280x5120 256x1280x5120 288x1280x5120" PRECS="int8-row" timeout 60 sh bench/gemm.sh $R/perf --kernel-select heuristic $PK > $R/perf.txt 2>&1
for rep in 1 2 3; do for b in new base; do X=$B; [ $b = base ] && X=$BASE
  for bt in 1 2; do
    timeout 30 $X --block transformer --c 1280 --hw 8 --batch $bt --linear auto --kernel-select heuristic --check $PK --json $R/blocks/${b}_sd15_b${bt}_$rep.json > $R/blocks/${b}_sd15_b${bt}_$rep.txt 2>&1
    timeout 30 $X --block transformer --c 1280 --hw 12 --batch $bt --head-dim 64 --proj linear --context-dim 1024 --linear auto --kernel-select heuristic --check $PK --json $R/blocks/${b}_sd21_b${bt}_$rep.json > $R/blocks/${b}_sd21_b${bt}_$rep.txt 2>&1
  done
done; done
echo "perf+blocks rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); PS=""
( timeout 300 build/test_gpu $B --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PS="$PS $!"
for k in 0 1 2 3; do
  ( timeout 300 build/test_gpu $B --section blocks --shard $k/4 > $R/t_blocks_$k.txt 2>&1; echo "blocks $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PS="$PS $!"
done
( SANITIZE_ONLY='gemm-int8-row-ck' SANITIZE_JOBS=4 SANITIZE_LOG=$R/sanitize.log timeout 300 sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PS="$PS $!"
wait $PS
cat $R/times.txt | tr '\n' ';'; echo
echo "int8-row: $(tail -1 $R/t_i8r.txt)"; grep -E "^FAIL" $R/t_i8r.txt | head -5
for k in 0 1 2 3; do echo "blocks $k: $(tail -1 $R/t_blocks_$k.txt)"; grep -E "^FAIL" $R/t_blocks_$k.txt | head -3; done
tail -1 $R/sanitize.txt
grep -h "verdict" $R/blocks/*.txt | sort | uniq -c | head
gzip -9 $R/build.log $R/build_base.log $R/t_i8r.txt $R/sanitize.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
