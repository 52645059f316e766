#!/bin/bash
# d = 40 four-consumer kernel with 80 keys per tile (probe): Br256 Bc80 pp with 6 and 7 ring stages against the
# Br256 Bc64 6st pick (a fifth fewer key tiles, and SD1.5's 77-token context in one tile); bench_attention at the
# d40 shapes three times, the attention suite, the d40 sweep shapes twice (tuned)
R=/tmp/r; rm -rf $R; mkdir -p $R/ab; cp .devrun/run337.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for r in 1 2 3; do
for s in "2 8 4096 4096 40" "1 8 4096 4096 40" "2 8 4096 77 40" "1 8 4096 77 40" "1 8 9216 9216 40" "2 8 9216 77 40"; do
  n=$(echo $s | tr ' ' _)_r$r
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt | tr -s ' ') | $(grep -E 'Br256' $R/ab/${n}.txt | tr -s ' ' | tr '\n' '|')" >> $R/ab.txt
done; done
cat $R/ab.txt | sed 's/flash d40 wgmma //g'
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
for r in 1 2; do t=$(date +%s); ONLY='d40' timeout 100 sh bench/attention.sh $R/sweep$r > $R/sweep$r.txt 2>&1; echo "sweep$r rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt; done
for f in $R/sweep1/*.txt $R/sweep2/*.txt; do echo "$(basename $(dirname $f))/$(basename $f .txt) $(grep -A3 '^node.*vendor kernel' $f | grep attn | tr -s ' ' | cut -d' ' -f5-9) | $(grep -E '^attn' $f | head -1 | tr -s ' ' | cut -d' ' -f2-10)"; done
gzip -9 $R/build.log $R/attn_test.txt $R/sweep1/* $R/sweep2/* 2>/dev/null
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
