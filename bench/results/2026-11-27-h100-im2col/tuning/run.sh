#!/bin/sh
# im2col tiles (TMA im2col mode for the conv A operand) beside the rectangle tiles: tuned conv nodes --vs cudnn
# --verbose (every candidate's time), then the conv section in 4 shards (every candidate, i2c included, at every
# conv shape) and the SD2.1 b1 tuned sweep. carry [".deps", ".devrun/run111.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/nodes
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
best() {  # fastest tuning time among lines matching $2 (and not $3)
  grep -E "^tune" $1 | grep -E "$2" | grep -v -E "${3:-@@}" | awk '{print $(NF-1)}' | sort -g | head -1
}
for s in "320 64 1 1" "320 64 2 1" "640 32 2 1" "1280 16 2 1" "1280 8 2 1" "320 96 2 1" "640 48 1 1" "640 48 2 1" \
         "1280 24 1 1" "1280 24 2 1" "1280 12 2 1" "320 128 2 1" "640 64 2 1" "1280 32 1 1" \
         "320 64 2 2" "640 32 2 2" "1280 16 1 2" "640 96 1 2"; do set -- $s
  f=$W/nodes/conv$1-$2-b$3-s$4
  timeout 60 $B --block conv --c $1 --cout $1 --hw $2 --batch $3 --stride $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1@$2 b$3 s$4: rect $(best $f.txt ' wgmma 128x' ' i2c') i2c $(best $f.txt ' i2c ') | $(grep -E '^conv' $f.txt | tr -s ' ' | cut -c1-90 | tr '\n' '|')"
done
for f in $W/nodes/*.json; do gzip -q $f; done; save
echo "nodes $(el) s"
for k in 0 1 2 3; do timeout 260 build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -n 1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -4 | cut -c1-250; done
echo "i2c results: $(grep -c ' i2c ' $W/section_conv_*.txt | tr '\n' ' ')"
save
echo "tests $(el) s"
if [ $(el) -lt 420 ]; then
  timeout 120 $B --sweep sd21 --batch 1 --vs cudnn --json $W/sweep-sd21-b1.json > $W/sweep-sd21-b1.txt 2>&1
  echo "sweep sd21 b1 rc=$? $(grep -E 'of .* blocks run' $W/sweep-sd21-b1.txt) ($(el) s); i2c picks: $(grep -c ' i2c' $W/sweep-sd21-b1.txt)"
  gzip -q $W/sweep-sd21-b1.json
fi
save
echo "done $(el) s"
