#!/bin/bash
# two CTAs per SM (Br128 Bc64, serial, 24 / 104 registers), key split over a cluster and whole items, d64 and d80:
# suite, bench_attention, tuned picks against cuDNN at the shapes with fewer items than SMs, sanitizers
R=/tmp/r; mkdir -p $R; cp .devrun/run287.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 240 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/bench_attention > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
grep -i "spill\|warning\|C75" $R/build.log | head -20 > $R/build_warnings.txt
cuobjdump -sass build/kernels/attention_wgmma.o 2>&1 | python3 -c "
import sys,re
f=None; out=[]
for line in sys.stdin:
    m=re.search(r'Function : (\S+)',line)
    if m: f=m.group(1) if re.search(r'kernelILi(64|80)ELi64ELi2ELi[23]ELi2E',m.group(1)) else None; n=0; continue
    if f and re.search(r'HGMMA|LDL|STL|BAR|SYNCS|EXIT|BRA',line): out.append(f[-60:]+' '+line.strip()[:90])
print('\n'.join(out))" > $R/sass_2cta.txt
t=$(date +%s); timeout 120 build/bench_attention test > $R/test.txt 2>&1; echo "test rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
for round in 1 2; do
  for s in "1 10 1024 1024 64" "2 20 1024 1024 64" "1 20 1024 1024 64" "2 20 256 256 64" "1 20 256 256 64" "2 8 1024 1024 80" "1 8 1024 1024 80" "2 8 1024 77 80" "1 8 1024 77 80" "2 10 4096 4096 64"; do
    t=$(date +%s); timeout 60 build/bench_attention bench $s > $R/bench_r${round}_$(echo $s | tr ' ' _).txt 2>&1; echo "bench $round $s rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  done
done
t=$(date +%s); ONLY='d64_self_1024|d64_self_256|d80' timeout 200 sh bench/attention.sh $R/attn > $R/attn.txt 2>&1; echo "attn rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); SANITIZE_ONLY='attention-self-d64|attention-self-d80' SANITIZE_JOBS=16 timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt | grep -v "^bench"; tail -1 $R/test.txt; grep -i FAIL $R/test.txt | head -5; tail -3 $R/sanitize.txt; cat $R/attn.txt
for f in $R/bench_r1_*.txt; do echo "== $f"; grep -h -E "2cta|best" $f $(echo $f | sed 's/_r1_/_r2_/') | cut -c1-100; done
cat $R/build_warnings.txt | cut -c1-200; grep -c . $R/sass_2cta.txt; grep -E "LDL|STL" $R/sass_2cta.txt | head -20
gzip -9 $R/test.txt $R/build.log 2>/dev/null; cd /tmp && tar czf $OUT/all.tgz r
