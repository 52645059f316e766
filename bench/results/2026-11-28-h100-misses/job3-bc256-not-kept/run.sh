#!/bin/sh
# H100: d64 kernels with 256-key tiles (serial, 2 / 3 stages): the attention suite (every candidate at every
# shape), every d64 variant timed at the missed shapes (bench_attention), and tuned unetrun against cuDNN.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/att; cp .devrun/run205.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/bench_attention > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
timeout 200 build/bench_attention test > $R/suite.txt 2>&1; echo "suite rc=$? $(tail -1 $R/suite.txt) $(el) s"
grep -i "fail" $R/suite.txt | head -5
for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "1 10 1024 1024 64" "2 20 1024 1024 64" "2 20 256 256 64" "2 10 4096 4096 64"; do
  n=$(echo $s | tr ' ' _)
  timeout 120 build/bench_attention bench $s > $R/bench_$n.txt 2>&1
  echo "== $s"; grep -E "d64 wgmma|best" $R/bench_$n.txt | cut -c1-110
done
save; echo "bench $(el) s"
for c in "d64_self_1024_h10_b1:--seq 1024 --heads 10 --head-dim 64 --batch 1" "d64_self_4096_h8_b2:--seq 4096 --heads 8 --head-dim 64 --batch 2" \
         "d64_self_4096_h8_b1:--seq 4096 --heads 8 --head-dim 64 --batch 1" "d64_self_1024_h20_b2:--seq 1024 --heads 20 --head-dim 64 --batch 2"; do
  name=${c%%:*}; fl=${c#*:}
  for r in 1 2; do
    timeout 120 build/unetrun --block attention $fl --vs cudnn --check --json $R/att/${name}_r$r.json > $R/att/${name}_r$r.txt 2>&1
    echo "$name r$r rc=$? $(grep -E '^attn' $R/att/${name}_r$r.txt | head -1 | tr -s ' ' | cut -c1-110) | $(grep -A2 '^vendor baseline' $R/att/${name}_r$r.txt | tail -1 | tr -s ' ' | cut -c40-100)"
  done
done
for f in $R/*.txt $R/att/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
