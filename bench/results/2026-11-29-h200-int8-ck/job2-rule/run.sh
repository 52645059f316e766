#!/bin/bash
# INT8 ck tiles, second job: the heuristic's ck rule (i8r_rule_ck) and the one-wave cluster filter. Heuristic
# against tuning at the few-row K = 5120 linears (SD1.5 / SD2.1 rows 64 .. 512) beside FP16; SD1.5 1280 @8 and
# SD2.1 1280 @12 blocks and SD1.5 steps with --linear auto, base (e94115ec) against this tree (heuristic);
# then the int8-row section, the sanitizer on the ck shape, and the full-shape goldens' auto pass
R=/tmp/r; mkdir -p $R/perf $R/tune $R/blocks; cp .devrun/run299.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j6 build/unetrun > $R/build_base.log 2>&1; echo "base build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
BB=$!
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $BB
cat $R/times.txt | tr '\n' ';'; echo
B=build/unetrun; BASE=/tmp/base/build/unetrun; PK="--peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
SH="64x1280x5120 128x1280x5120 144x1280x5120 256x1280x5120 288x1280x5120 512x1280x5120 128x1280x1280"
SHAPES="$SH" PRECS="int8-row fp16" timeout 100 sh bench/gemm.sh $R/perf --kernel-select heuristic $PK > $R/perf.txt 2>&1
SHAPES="144x1280x5120 288x1280x5120" PRECS="int8-row" timeout 60 sh bench/gemm.sh $R/tune --verbose $PK > $R/tune.txt 2>&1
echo "perf rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for rep in 1 2; do for b in new base; do X=$B; [ $b = base ] && X=$BASE
  for bt in 1 2; do
    timeout 30 $X --block transformer --c 1280 --hw 8 --batch $bt --linear auto --kernel-select heuristic --check $PK --json $R/blocks/${b}_sd15_b${bt}_$rep.json > $R/blocks/${b}_sd15_b${bt}_$rep.txt 2>&1
    timeout 30 $X --block transformer --c 1280 --hw 12 --batch $bt --head-dim 64 --proj linear --context-dim 1024 --linear auto --kernel-select heuristic --check $PK --json $R/blocks/${b}_sd21_b${bt}_$rep.json > $R/blocks/${b}_sd21_b${bt}_$rep.txt 2>&1
    timeout 60 $X --unet sd15 --batch $bt --linear auto --kernel-select heuristic --ref none $PK --json $R/blocks/${b}_unet_sd15_b${bt}_$rep.json > $R/blocks/${b}_unet_sd15_b${bt}_$rep.txt 2>&1
  done
done; done
echo "blocks rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1; python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
t=$(date +%s)
( timeout 200 build/test_gpu $B --section int8-row > $R/t_i8r.txt 2>&1; echo "int8-row rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P1=$!
( SANITIZE_ONLY='gemm-int8-row-ck' SANITIZE_JOBS=4 SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
P2=$!
python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1
echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
N=6; TL=$(( 560 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PS=""
for k in $(seq 0 $((N-1))); do
  ( t=$(date +%s); timeout $TL build/test_gpu $B --golden-only --golden build/golden-full --golden-pass auto --golden-shard $k/$N > $R/golden_$k.txt 2>&1; echo "shard $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PS="$PS $!"
done
wait $P1 $P2 $PS
cat $R/times.txt | tr '\n' ';'; echo
tail -1 $R/t_i8r.txt; grep -E "^FAIL" $R/t_i8r.txt | head -8; tail -2 $R/sanitize.txt
for k in $(seq 0 $((N-1))); do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep '^FAIL' $R/golden_$k.txt | head -3; done
grep -h "verdict" $R/blocks/*.txt | sort | uniq -c | head
gzip -9 $R/build.log $R/build_base.log $R/t_i8r.txt $R/sanitize.log $R/golden_*.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
