#!/bin/sh
# The kept ktrace (replays by correlation id) on real records: built there (sm_90).
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/device.txt; date -u >> $OUT/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
for s in 320:64:2 1280:16:1; do IFS=: read c hw b <<EOT
$s
EOT
  CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$OUT/int8_${c}_${hw}_b$b.kt KTRACE_RAW=/tmp/raw_$c.tsv \
    timeout 60 build/unetrun --block transformer --c $c --hw $hw --batch $b --ref none --kernel-select heuristic --linear int8 --int8-scales row > $OUT/int8_${c}_${hw}_b$b.txt 2>&1
  gzip -c /tmp/raw_$c.tsv > $OUT/int8_${c}_${hw}_b$b.raw.gz; head -3 $OUT/int8_${c}_${hw}_b$b.kt
done
