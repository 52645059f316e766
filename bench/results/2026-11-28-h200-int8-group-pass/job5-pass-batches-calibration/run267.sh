#!/bin/sh
# H200: the group pass without its empty batches (K = 320 .. 640), and the calibration under compute-sanitizer
# (not cached). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run267.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
export XDG_CACHE_HOME=/tmp/cc
timeout 40 compute-sanitizer --tool memcheck build/unetrun --block gemm --m 64 --n 64 --k 64 --iters 1 --warmup 0 --ref none > $R/calib_sanitizer.txt 2>&1
grep -E "note: the calibration|^roofline|ERROR SUMMARY" $R/calib_sanitizer.txt | cut -c1-300; ls $XDG_CACHE_HOME/unetrun 2>&1 | head -2
H="--kernel-select heuristic --ref none"
for s in "8192 320 320" "2048 640 640" "2048 1280 5120"; do set -- $s; line="gemm $1x$2x$3:"
  for r in 1 2; do f=$R/gemm/$1x$2x$3_group_$r.txt
    timeout 30 build/unetrun --block gemm --m $1 --n $2 --k $3 --linear int8 --int8-scales group $H > $f 2>&1
    line="$line group $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done
  echo "$line ($(el) s)"; done
grep -h "^roofline" $R/gemm/8192x320x320_group_1.txt; cat $XDG_CACHE_HOME/unetrun/peaks.json | head -3
timeout 30 build/unetrun --block gemm --m 8192 --n 320 --k 320 --linear int8 --int8-scales group --kernel-select heuristic --check > $R/check_gemm.txt 2>&1; grep verdict $R/check_gemm.txt | cut -c1-100
timeout 40 build/unetrun --block transformer --c 320 --hw 16 --linear int8 --int8-scales group --kernel-select heuristic --check > $R/check_tf.txt 2>&1; grep verdict $R/check_tf.txt | cut -c1-100
rm -f $R/build.txt; save; echo "done $(el) s"
