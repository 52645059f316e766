#!/bin/sh
# gather tiles (cp.async A operand in the producer warpgroup) beside the im2col and rectangle tiles: a smoke test,
# tuned conv nodes --verbose at 18 SD convs, then the conv section in 4 shards. carry [".deps", ".devrun/run115.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/nodes
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 30 $B --block conv --c 320 --cout 320 --hw 64 --batch 2 --verbose > $W/smoke.txt 2>&1; rc=$?
echo "smoke rc=$rc: $(grep -E ' ga ' $W/smoke.txt | head -3 | tr -s ' ' | tr '\n' '|') $(grep verdict $W/smoke.txt)"
[ $rc -ne 0 ] && { tail -5 $W/smoke.txt; save; exit 1; }
best() { grep -E "^tune" $1 | grep -E "$2" | grep -v -E "${3:-@@}" | awk '{print $(NF-1)}' | sort -g | head -1; }
for s in "320 64 1 1" "320 64 2 1" "640 32 2 1" "1280 16 2 1" "1280 8 2 1" "320 96 2 1" "640 48 1 1" "640 48 2 1" \
         "1280 24 1 1" "1280 24 2 1" "1280 12 2 1" "320 128 2 1" "640 64 2 1" "1280 32 1 1" \
         "320 64 2 2" "640 32 2 2" "1280 16 1 2" "640 96 1 2"; do set -- $s
  f=$W/nodes/conv$1-$2-b$3-s$4
  timeout 40 $B --block conv --c $1 --cout $1 --hw $2 --batch $3 --stride $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1@$2 b$3 s$4: rect $(best $f.txt ' wgmma 128x' ' i2c | ga ') i2c $(best $f.txt ' i2c ') ga $(best $f.txt ' ga ') | $(grep -E '^conv +igemm' $f.txt | tr -s ' ' | cut -c1-60)"
  [ $(el) -gt 200 ] && break
done
for f in $W/nodes/*.json; do gzip -q $f; done; save
for k in 0 1 2 3; do timeout 230 build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -n 1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -4 | cut -c1-250; done
save
echo "done $(el) s"
