#!/bin/sh
# H200 x2 (or one GPU): main (with the LayerNorm-fold single-variant kernels). GPU 0: tuned sweeps of every SD block
# shape (FP16, JSON per-node picks) at b1 / b2; GPU 1: the same sweeps with the heuristic, then blocks shards 1-3/4.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/sweep; cp .devrun/run229.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
G1=$(nvidia-smi -L | wc -l); [ "$G1" -gt 1 ] && G1=1 || G1=0
sw() { # gpu sel model batch
  f=$R/sweep/$2_$3_b$4
  CUDA_VISIBLE_DEVICES=$1 timeout 300 build/unetrun --sweep $3 --batch $4 --linear fp16 --ref none --kernel-select $2 --json $f.json > $f.txt 2>&1
  echo "sweep $2 $3 b$4: rc $? $(el) s"; }
( for m in sd15 sd21 sdxl; do for b in 1 2; do sw $G1 heuristic $m $b; done; done
  for k in 1 2 3; do CUDA_VISIBLE_DEVICES=$G1 timeout 300 build/test_gpu build/unetrun --section blocks --shard $k/4 > $R/test_blocks$k.txt 2>&1; echo "blocks $k/4: $(tail -1 $R/test_blocks$k.txt) $(el) s"; done
  grep -h "^FAIL" $R/test_blocks*.txt | head -5 ) &
for m in sd15 sd21 sdxl; do for b in 1 2; do sw 0 tune $m $b; save; done; done
wait
for f in $R/*.txt $R/sweep/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
