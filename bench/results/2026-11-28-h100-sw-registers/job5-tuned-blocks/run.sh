#!/bin/sh
# H100: SD1.5 transformer blocks tuned (the CLI's default), FP16 and INT8 row, on bb40a98's kernels (955ad3a's).
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks; cp .devrun/run215.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row"
for c in 320:64:1 320:64:2 1280:16:1 1280:8:2; do IFS=: read ch hw b <<EOT
$c
EOT
  line="$ch@$hw b$b"
  for v in fp16 int8; do
    if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
    timeout 60 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --ref none --json $R/blocks/${v}_${ch}_${hw}_b$b.json > $R/blocks/${v}_${ch}_${hw}_b$b.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/${v}_${ch}_${hw}_b$b.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line ($(el) s)"; save
done
for f in $R/*.txt $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
