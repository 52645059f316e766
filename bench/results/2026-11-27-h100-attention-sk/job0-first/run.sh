#!/bin/sh
# Stream-K attention (first build): attention suite (every candidate, the sk ones included), every variant at the
# d64 / d80 shapes of the attention issue, racecheck / synccheck / memcheck on a tuned run that launches every
# candidate. carry [".deps", ".devrun/run152.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/var
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/bench_attention > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
timeout 240 build/bench_attention test > $W/suite.txt 2>&1
echo "suite: $(tail -n 1 $W/suite.txt) ($(el) s)"; grep "^FAIL" $W/suite.txt | cut -c1-300 | head -8
grep -c " sk" $W/suite.txt
save
for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 4096 4096 64" "2 5 4096 4096 64" \
    "1 10 1024 1024 64" "2 20 1024 1024 64" "2 8 1024 1024 80" "1 8 1024 1024 80"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $W/var/$n.txt 2>&1
  echo "== $s"; awk '{for(i=2;i<=NF;i++) if($i=="us") print $(i-1), $0}' $W/var/$n.txt | sort -n | head -4 | cut -d' ' -f2- | tr -s ' ' | cut -c1-110
  grep " sk " $W/var/$n.txt | tr -s ' ' | cut -c1-110
done
save
for t in racecheck synccheck memcheck; do
  timeout 120 compute-sanitizer --tool $t --error-exitcode 99 build/unetrun --block attention --kind self --seq 600 \
    --heads 1 --head-dim 64 --iters 1 --warmup 0 --peak-tflops 700 --peak-gbps 3000 > $W/san_$t.txt 2>&1
  echo "$t rc=$? $(grep -E 'ERROR SUMMARY' $W/san_$t.txt)"
done
for f in $W/*.txt $W/var/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
