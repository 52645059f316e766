#!/bin/sh
# H200, main (f2ddc52): issue 16's block comparison against the moved FP16 baseline -- SD1.5
# transformer blocks, FP16 against INT8 row, tuned (the default) and heuristic, b1 / b2, twice each.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks $R/unet; cp .devrun/run236.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for c in 320:64 640:32 1280:16 1280:8; do ch=${c%:*}; hw=${c#*:}; for b in 1 2; do for sel in tune heuristic; do
  [ $(el) -gt 540 ] && continue; line="$ch@$hw b$b $sel:"; for r in 1 2; do for v in fp16 int8; do
    if [ $v = fp16 ]; then fl="--linear fp16"; else fl="--linear int8 --int8-scales row"; fi
    f=$R/blocks/${v}_${sel}_${ch}_${hw}_b${b}_$r.txt
    timeout 60 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --ref none --kernel-select $sel > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line $(el) s"
done; done; save; done
for f in $R/*.txt $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
