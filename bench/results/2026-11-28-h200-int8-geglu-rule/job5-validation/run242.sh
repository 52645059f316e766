#!/bin/sh
# H200 x2, the final tree: card 0 the sanitizer suite (tests/sanitize.sh); card 1 test_gpu --section blocks shards
# 0, 2, 3 of 4 (shard 1 ran in job 4), then heuristic UNet steps FP16 / INT8 row. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/unet; cp .devrun/run242.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv,noheader; date -u; git log -1 --format=%H; git status --short | head; } > $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
B=build/unetrun; T=build/test_gpu; L() { echo $((560 - $(el))); }
( CUDA_VISIBLE_DEVICES=0 SANITIZE_JOBS=12 SANITIZE_LOG=$R/sanitize.log timeout $(L) sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1
  echo "sanitize: $(tail -n 1 $R/sanitize.txt) ($(el) s)"; grep "^FAIL" $R/sanitize.txt | head -5 ) &
for k in 0 2 3; do
  CUDA_VISIBLE_DEVICES=1 timeout $(L) $T $B --section blocks --shard $k/4 > $R/section_blocks_${k}of4.txt 2>&1
  echo "blocks $k/4: $(tail -n 1 $R/section_blocks_${k}of4.txt) ($(el) s)"; grep "^FAIL" $R/section_blocks_${k}of4.txt | head -3
done
stp() { # model batch
  line="step $1 b$2 heuristic:"; for v in fp16 int8; do [ $(el) -gt 520 ] && break
    if [ $v = fp16 ]; then fl="--linear fp16"; else fl="--linear int8 --int8-scales row"; fi
    f=$R/unet/${v}_$1_b$2.txt
    CUDA_VISIBLE_DEVICES=1 timeout 60 $B --unet $1 --batch $2 $fl --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $v $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; echo "$line ($(el) s)"; }
stp sd15 1; stp sd15 2; stp sd21 1; stp sd21 2
wait
for f in $R/*.txt $R/*.log $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
