#!/bin/sh
# H200: the persistent group tiles with a 4-stage 128 x 160 tile beside the 5-stage one (tuning tables,
# new tree and HEAD's one-tile kernels), ncu kernel durations at 2048 x 1280 x 5120. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/tune; cp .devrun/run271.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
( git worktree add -f /tmp/old HEAD > /dev/null 2>&1 && cd /tmp/old && $M -j6 build/unetrun > /tmp/old_build.txt 2>&1; echo "old rc $?" >> /tmp/old_build.txt ) &
$M -j10 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
wait; tail -1 /tmp/old_build.txt; echo "built $(el) s"
export XDG_CACHE_HOME=/tmp/cc
G="--linear int8 --int8-scales group"
for s in "2048 1280 5120" "8192 320 320" "8192 960 320" "8192 320 1280" "2048 640 640" "2048 10240 1280" "8192 1280 5120"; do set -- $s
  for v in new old; do B=build/unetrun; [ $v = old ] && B=/tmp/old/build/unetrun
    f=$R/tune/$1x$2x$3_$v.txt
    timeout 60 $B --block gemm --m $1 --n $2 --k $3 $G --kernel-select tune-node --verbose --ref none > $f 2>&1
    echo "$1x$2x$3 $v: $(grep '^tune ' $f | sed 's/tune gemm *//' | tr -s ' ' | tr '\n' ';') block $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "($(el) s)"
for v in new old; do B=build/unetrun; [ $v = old ] && B=/tmp/old/build/unetrun
  timeout 120 ncu --metrics gpu__time_duration.sum $B --block gemm --m 2048 --n 1280 --k 5120 $G \
    --kernel-select heuristic --ref none --iters 2 --warmup 1 > $R/ncu_dur_$v.txt 2>&1
  echo "ncu $v: $(grep -E '^  [a-z_].*\(|gpu__time_duration' $R/ncu_dur_$v.txt | tail -4 | cut -c1-90 | tr -s ' ' | tr '\n' ';')"
done
rm -f $R/build.txt; for f in $R/*.txt $R/tune/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
