#!/bin/bash
# d64 Br192 with P through shared memory at Bc160 (3 stages) and Bc192 (2 stages), whole items and stream-K:
# suite, bench_attention against the current kernels, tuned picks against cuDNN, sanitizers on the d64 runs
R=/tmp/r; mkdir -p $R; cp .devrun/run285.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 240 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/bench_attention > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
grep -i "spill\|warning" $R/build.log | head -20 > $R/build_warnings.txt
cuobjdump -sass build/bench_attention 2>/dev/null | awk '/Function : .*attn_wgmma_kernelILi64ELi1[69][02]ELi3ELi[23]E/ {f=$3; print; next} /Function :/ {f=""} f!="" && /LDL|STL|HGMMA|BAR.SYNC|WARPGROUP/ {split($0,a,"*/"); x=a[2]; gsub(/R[0-9]+|0x[0-9a-f]+|UR[0-9]+/,"",x); n[f" "x]++} END {for (k in n) print n[k], k}' | sort -k2 > $R/sass_new_summary.txt
t=$(date +%s); timeout 120 build/bench_attention test > $R/test.txt 2>&1; echo "test rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
for round in 1 2; do
  for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 4096 4096 64" "2 5 4096 4096 64" "1 5 4096 4096 64" "1 10 1024 1024 64" "2 20 1024 1024 64"; do
    t=$(date +%s); timeout 60 build/bench_attention bench $s > $R/bench_r${round}_$(echo $s | tr ' ' _).txt 2>&1; echo "bench $round $s rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  done
done
t=$(date +%s); ONLY='d64_self_4096|d64_self_1024' timeout 200 sh bench/attention.sh $R/attn > $R/attn.txt 2>&1; echo "attn rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); SANITIZE_ONLY='attention-self-d64' SANITIZE_JOBS=8 timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt; tail -1 $R/test.txt; grep -i FAIL $R/test.txt | head -5; tail -3 $R/sanitize.txt; cat $R/attn.txt | tail -30
for f in $R/bench_r1_*.txt; do echo "== $f"; grep -h -E "Br192|Br128 Bc128 4st pp  |best" $f $(echo $f | sed 's/_r1_/_r2_/') | cut -c1-110; done
cat $R/build_warnings.txt; head -40 $R/sass_new_summary.txt
gzip -9 $R/test.txt $R/build.log 2>/dev/null; cd /tmp && tar czf $OUT/all.tgz r
