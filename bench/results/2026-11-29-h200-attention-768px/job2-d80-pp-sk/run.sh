#!/bin/bash
# d = 80 ping-pong Bc128 4st with stream-K and with the key split (probe): SD1.5 at 768 px has 2304-token d80
# self-attention (144 items of 128 rows: 1.09 waves), where the serial stream-K kernel (2 stages) is the pick;
# every variant by bench_attention at d80 / d160 shapes twice, the attention suite, unetrun nodes tuned and heuristic
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/node; cp .devrun/run333.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for r in 1 2; do
for s in "1 8 2304 2304 80" "2 8 2304 2304 80" "1 8 1024 1024 80" "2 8 1024 1024 80" "1 8 2304 77 80" "1 8 576 576 160" "2 8 576 576 160"; do
  n=$(echo $s | tr ' ' _)_r$r
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt) | $(grep -E '<- heur' $R/ab/${n}.txt | tr -s ' ') | $(grep -E 'Bc128 4st pp (sk|ksplit)|Bc128 2st sk' $R/ab/${n}.txt | tr -s ' ' | tr '\n' '|')" >> $R/ab.txt
done; done
cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 40 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt
for r in 1 2; do for b in 1 2; do for ks in tune heuristic; do
  n=s2304_b${b}_${ks}_r$r
  timeout 60 build/unetrun --block attention --kind self --seq 2304 --heads 8 --head-dim 80 --batch $b --vs cudnn --check --kernel-select $ks --json $R/node/$n.json > $R/node/$n.txt 2>&1
  echo "$n rc=$? $(grep -A3 '^node.*vendor kernel' $R/node/$n.txt | grep attn | tr -s ' ') | $(grep -E '^attn' $R/node/$n.txt | head -1 | tr -s ' ' | cut -d' ' -f2-12)" >> $R/node.txt
done; done; done
cat $R/node.txt
gzip -9 $R/build.log $R/attn_test.txt $R/node/*.json 2>/dev/null
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
