#!/bin/bash
# d64 key tiles of 64 in the ping-pong kernel (probe): Br128 Bc64 pp 4st / 6st and its stream-K twin, for the
# d64 shapes whose work items are few and short (80 items of 8 key tiles at 1024^2 h10 b1, 2 tiles at 256^2
# h20 b2); every variant by bench_attention at the d64 shapes twice, the attention suite, the d64 sweep (tuned)
R=/tmp/r; rm -rf $R; mkdir -p $R/ab; cp .devrun/run332.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for r in 1 2; do
for s in "1 10 1024 1024 64" "2 20 1024 1024 64" "1 20 1024 1024 64" "2 20 256 256 64" "1 20 256 256 64" "2 10 1024 1024 64" "1 8 4096 4096 64" "2 8 4096 4096 64"; do
  n=$(echo $s | tr ' ' _)_r$r
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt) | $(grep -E '<- heur' $R/ab/${n}.txt | tr -s ' ') | $(grep -E 'Br128 Bc64 .*pp' $R/ab/${n}.txt | tr -s ' ' | tr '\n' '|')" >> $R/ab.txt
done; done
cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
for r in 1 2; do t=$(date +%s); ONLY='d64_self' timeout 100 sh bench/attention.sh $R/sweep$r > $R/sweep$r.txt 2>&1; echo "sweep$r rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt; done
paste -d'\n' $R/sweep1.txt $R/sweep2.txt | cut -c1-150
gzip -9 $R/build.log $R/attn_test.txt $R/sweep1/* $R/sweep2/* 2>/dev/null
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
