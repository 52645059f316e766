#!/bin/sh
# H200: --linear auto with the N/K rule against fp16 and int8 row, heuristic, interleaved: SD1.5 transformer
# blocks (two rounds), 320 @64 tuned, steps of SD1.5 (two rounds) / SD2.1 / SDXL, whole UNets at latent 16 --check
# with auto. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks $R/unet $R/check; cp .devrun/run245.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
P_fp16="--linear fp16"; P_int8="--linear int8 --int8-scales row"; P_auto="--linear auto"
blk() { # name sel args...
  name=$1; sel=$2; shift 2; line="$name $sel:"
  for r in 1 2; do for p in fp16 int8 auto; do
    eval PA=\$P_$p; f=$R/blocks/${name}_${sel}_${p}_$r.txt
    timeout 60 build/unetrun --block transformer "$@" $PA --kernel-select $sel --ref none > $f 2>&1
    line="$line $p $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; [ $sel = tune ] && break; done; echo "$line ($(el) s)"; }
for s in "320 64" "640 32" "1280 16" "1280 8"; do set -- $s
  blk sd15_$1_$2_b1 heuristic --c $1 --hw $2 --batch 1; blk sd15_$1_$2_b2 heuristic --c $1 --hw $2 --batch 2; done
save
blk sd15_320_64_b1 tune --c 320 --hw 64 --batch 1; blk sd15_320_64_b2 tune --c 320 --hw 64 --batch 2
save
stp() { # model batch rounds
  line="step $1 b$2:"; for r in $(seq 1 $3); do for p in fp16 int8 auto; do
    eval PA=\$P_$p; f=$R/unet/$1_b$2_${p}_$r.txt
    timeout 90 build/unetrun --unet $1 --batch $2 $PA --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $p $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line ($(el) s)"; }
stp sd15 1 2; stp sd15 2 2; save
stp sd21 1 1; stp sd21 2 1; stp sdxl 1 1; stp sdxl 2 1; save
for m in sd15 sd21 sdxl; do
  f=$R/check/${m}_latent16_auto.txt
  timeout 150 build/unetrun --unet $m --latent 16 --linear auto --kernel-select heuristic --check > $f 2>&1
  echo "check $m latent 16 auto: rc $? $(grep '^verdict' $f | cut -c1-160) ($(el) s)"
  [ $(el) -gt 540 ] && break
done
for f in $R/*.txt $R/blocks/* $R/unet/* $R/check/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
