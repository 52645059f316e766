#!/bin/bash
# deeper K/V rings for the d64 and d40 ping-pong kernels (probe): Br128 pp 6st (plain and fmaexp1/8 pbuf2), Br192 pp
# 5st (whole items and stream-K), Br256 d40 8st; every variant by bench_attention at the open d64 / d40 shapes, the
# attention suite, the sweep (tuned: whether tuning picks them)
R=/tmp/r; rm -rf $R; mkdir -p $R/ab; cp .devrun/run331.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 200 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "1 10 1024 1024 64" "2 20 1024 1024 64" "2 20 256 256 64" "2 8 4096 4096 40"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt)" >> $R/ab.txt
done
cat $R/ab.txt; grep -hE "6st pp|5st pp|8st pp|<- heur" $R/ab/*.txt | head -40
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 30 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
t=$(date +%s); timeout 60 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
grep -h "d64_self\|d40_b2\|d40_b1" $R/sweep.txt | cut -c1-120
gzip -9 $R/build.log $R/attn_test.txt $R/sweep/* 2>/dev/null
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
