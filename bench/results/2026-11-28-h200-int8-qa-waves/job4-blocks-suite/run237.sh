#!/bin/sh
# H200 x2: test_gpu --section blocks in 4 shards (two per card) on main (67088cd: the qa rule by waves of row blocks)
# (the CLI blocks, whole-UNet --check runs and the committed diffusers goldens). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run237.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
G=$(nvidia-smi -L | wc -l)
for c in 0 1; do ( card=$((c % G)); for k in $c $((c + 2)); do
  CUDA_VISIBLE_DEVICES=$card timeout $((400 - $(el))) build/test_gpu build/unetrun --section blocks --shard $k/4 > $R/test_blocks$k.txt 2>&1
  echo "blocks $k/4 (card $card): $(tail -1 $R/test_blocks$k.txt) $(el) s"; done ) & done
wait; grep -h "^FAIL" $R/test_blocks*.txt | head -5
for f in $R/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
