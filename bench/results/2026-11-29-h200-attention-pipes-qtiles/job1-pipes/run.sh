#!/bin/bash
# pipes probe (tensor pipe beside MUFU in one SM, clocks), the SM clock and power under the d64 attention
# node, then the build that the next job (the sanitizer suite) uses
R=/tmp/r; mkdir -p $R; cp .devrun/run313.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,power.limit,temperature.gpu --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
P=bench/results/2026-11-29-h200-pipes
( timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j14 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
PB=$!
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -Ikernels $P/pipes.cu -o /tmp/pipes > $R/pipes_build.txt 2>&1; echo "pipes build rc=$?" >> $R/times.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 50 > $R/pipes_smi.csv 2>&1 &
SP=$!
timeout 60 /tmp/pipes 5 > $R/pipes.txt 2>&1; echo "pipes rc=$?" >> $R/times.txt
timeout 60 /tmp/pipes 5 > $R/pipes2.txt 2>&1; echo "pipes2 rc=$?" >> $R/times.txt
kill $SP
cat $R/pipes.txt; echo; cat $R/pipes2.txt
wait $PB
cat $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 50 > $R/attn_smi.csv 2>&1 &
SP=$!
O="--kernel-select heuristic --ref none --iters 20000 --warmup 50"
for s in "--seq 4096 --heads 8 --head-dim 64 --batch 2" "--seq 4096 --heads 8 --head-dim 40 --batch 2"; do
  echo "$(date +%s.%N) start $s" >> $R/attn_marks.txt
  timeout 60 build/unetrun --block attention --kind self $s $O > $R/attn_$(echo $s | tr -d ' -').txt 2>&1
  echo "$(date +%s.%N) end rc=$?" >> $R/attn_marks.txt
done
kill $SP
cat $R/attn_marks.txt; grep -h -E "^attn" $R/attn_*.txt
awk -F', ' 'NR>1 {c[int($2/50)]++} END {for (k in c) print k*50, c[k]}' $R/attn_smi.csv | sort -n | tail -12
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build.log 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
