#!/bin/sh
# base (cf60bec) vs head (the row quantizer over several rows per warp with the next row prefetched into L2, for
# K > 2048): INT8 row GEMM nodes with the pass interleaved, two rounds; then --section int8-row. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run188.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/base && tar -xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
wait; echo "built $(el)"
I8="--linear int8 --int8-scales row"
g() { tag=$1; bin=$2; shift; shift
  timeout 30 $bin --block gemm --kernel-select heuristic --ref none --epilogue residual $I8 --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  echo "$tag: $(grep -E '^gemm' $R/gemm/$tag.txt | grep -oE '[0-9.]+ us' | head -1)"; }
for r in 1 2; do for s in 2048:1280:5120 1024:1280:5120 2048:640:2560 8192:1280:5120; do IFS=: read m n k <<EOT
$s
EOT
  g base_${m}x${n}x${k}_$r /tmp/base/build/unetrun --m $m --n $n --k $k
  g head_${m}x${n}x${k}_$r build/unetrun --m $m --n $n --k $k
done; done
save
timeout $((255 - $(el))) build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -E "^FAIL" $R/section_int8_row.txt | head -5 | cut -c1-250
for f in $R/*.txt $R/gemm/*.txt $R/gemm/*.json; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
