#!/bin/sh
# A three-consumer (Br192) key-split kernel at d64 (for 1024 tokens x 10 heads at batch 1: 60 items of 192 rows,
# two CTAs each): attention suite, every variant at that shape and two more, the tuned node against cuDNN,
# racecheck / synccheck / memcheck on a tuned run that launches it. carry [".deps", ".devrun/run159.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/var $W/att
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/bench_attention > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
timeout 150 build/bench_attention test > $W/suite.txt 2>&1
echo "suite: $(tail -n 1 $W/suite.txt) ($(el) s)"; grep "^FAIL" $W/suite.txt | cut -c1-300 | head -5
for s in "1 10 1024 1024 64" "1 8 1024 1024 64" "1 20 1024 1024 64"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $W/var/$n.txt 2>&1
  echo "== $s"; awk '{for(i=2;i<=NF;i++) if($i=="us") print $(i-1), $0}' $W/var/$n.txt | sort -n | head -3 | cut -d' ' -f2- | tr -s ' ' | cut -c1-100
  grep -E "Br192 Bc128 4st pp( ksplit| sk)? " $W/var/$n.txt | tr -s ' ' | cut -c1-110
done
for r in 1 2; do
  n=d64_self_1024_h10_b1_r$r
  build/unetrun --block attention --kind self --seq 1024 --heads 10 --head-dim 64 --batch 1 --vs cudnn --check \
    --json $W/att/$n.json > $W/att/$n.txt 2>&1
  echo "$n: $(grep -E '^attn' $W/att/$n.txt | tr -s ' ' | cut -c1-130 | tr '\n' '|')"
done
save
for t in racecheck synccheck memcheck; do
  timeout 120 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention --kind self --seq 1024 \
    --heads 1 --head-dim 64 --iters 1 --warmup 0 --peak-tflops 700 --peak-gbps 3000 > $W/san_$t.txt 2>&1
  echo "$t rc=$? $(grep -E 'ERROR SUMMARY' $W/san_$t.txt)"
done
for f in $W/*.txt $W/var/* $W/att/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
