#!/bin/bash
# the d = 80 ping-pong stream-K kernel as the heuristic's d80 stream-K pick; d = 160 64-row CTAs past 256 tokens
# where their items fit one wave (probe of the rows rule); the attention suite, the attention sanitizer runs,
# the d80 2304-token nodes (heuristic, --check, --vs cudnn)
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/node; cp .devrun/run334.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
timeout 250 $MK -j14 build/bench_attention build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for r in 1 2; do
for s in "1 8 400 400 160" "1 8 576 576 160" "1 8 1024 1024 160" "2 8 576 576 160" "2 8 400 400 160"; do
  n=$(echo $s | tr ' ' _)_r$r
  timeout 60 build/bench_attention bench $s > $R/ab/${n}.txt 2>&1
  echo "$n rc=$? $(grep -E 'best:' $R/ab/${n}.txt) | $(grep -E '<- heur' $R/ab/${n}.txt | tr -s ' ')" >> $R/ab.txt
done; done
cat $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
for r in 1 2; do for b in 1 2; do
  n=s2304_b${b}_heuristic_r$r
  timeout 60 build/unetrun --block attention --kind self --seq 2304 --heads 8 --head-dim 80 --batch $b --vs cudnn --check --kernel-select heuristic --json $R/node/$n.json > $R/node/$n.txt 2>&1
  echo "$n rc=$? $(grep -A3 '^node.*vendor kernel' $R/node/$n.txt | grep attn | tr -s ' ') | $(grep -E '^attn' $R/node/$n.txt | head -1 | tr -s ' ' | cut -d' ' -f2-12)" >> $R/node.txt
done; done
for s in "576 1" "400 1" "1024 1"; do set -- $s
  n=d160_s$1_b$2
  timeout 60 build/unetrun --block attention --kind self --seq $1 --heads 8 --head-dim 160 --batch $2 --vs cudnn --check --kernel-select heuristic --json $R/node/$n.json > $R/node/$n.txt 2>&1
  echo "$n rc=$? $(grep -A3 '^node.*vendor kernel' $R/node/$n.txt | grep attn | tr -s ' ') | $(grep -E '^attn' $R/node/$n.txt | head -1 | tr -s ' ' | cut -d' ' -f2-12)" >> $R/node.txt
done
cat $R/node.txt
(SANITIZE_JOBS=6 SANITIZE_ONLY='attention' SANITIZE_LOG=$R/sanitize_attention.log timeout 300 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt) &
SP=$!
t=$(date +%s); timeout 60 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m8 FAIL $R/attn_test.txt; grep "2304x2304 on" $R/attn_test.txt
wait $SP
tail -3 $R/sanitize.txt
gzip -9 $R/build.log $R/attn_test.txt $R/node/*.json $R/sanitize_attention.log* 2>/dev/null
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt | tr '\n' ';'; echo
(cd /tmp && tar czf $OUT/all.tgz r)
