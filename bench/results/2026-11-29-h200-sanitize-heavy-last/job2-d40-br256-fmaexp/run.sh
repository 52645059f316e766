#!/bin/bash
# d40 Br256 Bc64 pp with fmaexp2/8 (one of each tile's 4 n16 blocks on the FP32 pipe) against the plain Br256
R=/tmp/r2; mkdir -p $R
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/bench_attention > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
grep -i "spill\|warning" $R/build.log | head -20 > $R/build_warnings.txt
cuobjdump -sass build/bench_attention 2>/dev/null | awk '/Function : .*attn_wgmma_kernelILi40ELi64ELi4ELi6E/ {p=1; print; next} /Function :/ {p=0} p && /LDL|STL/ {n[$0]++} END {for (k in n) print n[k], k}' | head -20 > $R/sass_d40_br256_local.txt
for round in 1 2; do
  for s in "1 8 4096 4096 40" "2 8 4096 4096 40" "2 8 4096 77 40"; do
    t=$(date +%s); timeout 120 build/bench_attention bench $s > $R/bench_r${round}_$(echo $s | tr ' ' _).txt 2>&1; echo "bench $round $s rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  done
done
t=$(date +%s); ONLY='sd15_self_4096_h8_d40|sd15_cross_4096x77_h8_d40' timeout 150 sh bench/attention.sh $R/attn > $R/attn.txt 2>&1; echo "attn rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); timeout $(( 560 - ($(date +%s) - T0) )) build/bench_attention test > $R/test.txt 2>&1; echo "test rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt; tail -1 $R/test.txt; grep FAIL $R/test.txt | head -5; cat $R/attn.txt
for f in $R/bench_r*_4096_4096_40.txt $R/bench_r1_2_8_4096_77_40.txt; do echo "== $f"; grep -E "d40 wgmma Br256" $f; done
cat $R/sass_d40_br256_local.txt | head -5
gzip -9 $R/test.txt; cd /tmp && tar czf $OUT/all.tgz r2
