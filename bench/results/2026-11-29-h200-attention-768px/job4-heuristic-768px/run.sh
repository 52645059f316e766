#!/bin/bash
# the heuristic's attention picks at the native shapes of SD1.5 at 768 px and SD2.1 at 768 px (not in the 28-shape
# sweep): every variant by bench_attention, where the heuristic's pick stands among them
R=/tmp/r; rm -rf $R; mkdir -p $R/ab; cp .devrun/run335.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for s in "1 8 9216 9216 40" "2 8 9216 9216 40" "1 8 9216 77 40" "2 8 9216 77 40" "1 8 2304 77 80" "2 8 2304 77 80" "1 8 576 77 160" "2 8 576 77 160" "1 8 144 144 160" "2 8 144 144 160" \
         "1 5 9216 9216 64" "2 5 9216 9216 64" "1 10 2304 2304 64" "2 10 2304 2304 64" "1 20 576 576 64" "2 20 576 576 64" "1 20 144 144 64" "2 20 144 144 64" "1 5 9216 77 64" "1 10 2304 77 64" "1 20 576 77 64"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt | tr -s ' ') | $(grep -E '<- heur' $R/ab/${n}.txt | tr -s ' ')" >> $R/ab.txt
  (cd /tmp && tar czf $OUT/all.tgz r)
done
cat $R/ab.txt | sed 's/flash //g'
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
gzip -9 $R/build.log
(cd /tmp && tar czf $OUT/all.tgz r)
