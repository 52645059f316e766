#!/bin/bash
# the committed tree (d = 80: 160-byte rows, pp 4st first, Bc80): attention suite, the sweep of the 28 shapes, the
# heuristic's d80 nodes, the SD1.5 640-channel transformer block b1 / b2 against the vendor chain (heuristic)
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run330.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt; git log --oneline -1 >> $R/device.txt 2>&1
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt; grep "heuristic picks" $R/attn_test.txt | grep "d=80"
t=$(date +%s); timeout 100 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
for k in "self --seq 1024" "cross --seq 1024 --kv 77"; do for b in 1 2; do
  n=$(echo "$k $b" | tr -d ' -')
  timeout 60 build/unetrun --block attention --kind $k --heads 8 --head-dim 80 --batch $b --vs cudnn --kernel-select heuristic > $R/heur_$n.txt 2>&1
  echo "heur $n rc=$? $(grep -E '^attn' $R/heur_$n.txt | tr -s ' ' | cut -d' ' -f1-12 | tr '\n' '|')" >> $R/heur.txt
done; done
for b in 1 2; do timeout 60 build/unetrun --block transformer --c 640 --hw 32 --batch $b --vs cudnn --kernel-select heuristic --json $R/tf640_b$b.json > $R/tf640_b$b.txt 2>&1; echo "tf640 b$b rc=$?" >> $R/times.txt; done
cat $R/heur.txt; grep -h "d80" $R/sweep.txt; grep -hE "^(attn1|attn2|block \(graph|vendor block)" $R/tf640_b*.txt
gzip -9 $R/build.log $R/attn_test.txt; gzip -9 $R/sweep/* $R/tf640_b*.json
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
