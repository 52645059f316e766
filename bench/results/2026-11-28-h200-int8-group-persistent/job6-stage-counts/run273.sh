#!/bin/sh
# H200: group tiles' stage counts (the 128 x 128 db tile in 6 / 5 / 4 stages, 128 x 160 in 4 / 3), tuning
# tables. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/tune; cp .devrun/run273.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
export XDG_CACHE_HOME=/tmp/cc
G="--linear int8 --int8-scales group"
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 10240 1280" "8192 10240 1280" "8192 320 320" "8192 960 320" "2048 640 640" "8192 320 1280"; do set -- $s
  f=$R/tune/$1x$2x$3.txt
  timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 $G --kernel-select tune-node --verbose --ref none > $f 2>&1
  echo "$1x$2x$3: $(grep '^tune ' $f | sed 's/tune gemm *i8g 128x//' | tr -s ' ' | tr '\n' ';')"
done; echo "($(el) s)"
rm -f $R/build.txt; for f in $R/*.txt $R/tune/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
