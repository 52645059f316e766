#!/bin/bash
# Q tiles double-buffered in the wgmma attention kernels: this tree against HEAD (base: only
# attention_wgmma.o rebuilt there), bench_attention bench interleaved two rounds; then the attention suite
# (bench_attention test) and bench/attention.sh (every issue shape, tuned, --vs cudnn) on this tree
R=/tmp/r; mkdir -p $R/ab; cp .devrun/run317.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 200 $MK build/kernels/attention_wgmma.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
timeout 230 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1
tar cf - --exclude=./kernels/attention_wgmma.o --exclude=./unetrun --exclude=./bench_attention -C build . | tar xf - -C /tmp/base/build
( cd /tmp/base && timeout 60 $MK build/bench_attention >> $R/build_base.log 2>&1; echo "link base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do
for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 4096 4096 64" "2 5 4096 4096 64" "2 20 1024 1024 64" "2 10 1024 1024 64" "2 8 4096 4096 40" "2 8 1024 1024 80"; do
  n=$(echo $s | tr ' ' _)
  for v in base new; do
    B=build/bench_attention; [ $v = base ] && B=/tmp/base/build/bench_attention
    timeout 60 $B bench $s > $R/ab/${v}_${n}_$rep.txt 2>&1
    echo "$v $n $rep rc=$? $(grep -E 'best:' $R/ab/${v}_${n}_$rep.txt)" >> $R/ab.txt
  done
done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 240 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -2 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 200 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/sweep.txt | cut -c1-200
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build*.log $R/attn_test.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
