#!/bin/sh
# H100: the SD1.5 linear shapes at batch 2 (rows 8192 / 2048 / 512 / 128 and the 154 context rows), INT8 row
# (--fuse-quant auto) against FP16, heuristic, one-node graph replays. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run201.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for s in 8192x960x320 8192x320x320 8192x2560x320 8192x320x1280 154x640x768 2048x1920x640 2048x640x640 2048x5120x640 \
         2048x640x2560 154x1280x768 512x3840x1280 512x1280x1280 512x10240x1280 512x1280x5120 154x2560x768 \
         128x3840x1280 128x1280x1280 128x10240x1280 128x1280x5120; do
  m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}; line="$s"
  for p in int8 fp16; do fl="--linear fp16"; [ $p = int8 ] && fl="--linear int8 --int8-scales row"
    timeout 30 build/unetrun --block gemm --m $m --n $n --k $k $fl --kernel-select heuristic --ref none --json $R/gemm/${p}_$s.json > $R/gemm/${p}_$s.txt 2>&1
    line="$line $p $(grep -E '^gemm' $R/gemm/${p}_$s.txt | head -1 | tr -s ' ' | cut -d' ' -f3-8)"
  done; echo "$line"
done
echo "($(el) s)"
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
