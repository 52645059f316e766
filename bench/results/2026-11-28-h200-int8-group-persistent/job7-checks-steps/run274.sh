#!/bin/sh
# H200: final tree (persistent group tiles): whole UNets at latent 16 with group scales --check, FP16 steps
# beside job5's group steps. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/unet $R/check; cp .devrun/run274.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"
export XDG_CACHE_HOME=/tmp/cc
G="--linear int8 --int8-scales group"
step() { tag=$1; shift
  timeout 150 build/unetrun --ref none --kernel-select heuristic --iters 30 --json $R/unet/$tag.json "$@" > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(round(json.load(open('$R/unet/$tag.json'))['unet']['step_us']/1000,3))" 2>&1 | tail -1) ms ($(el))"; }
step sd15_b2_fp16 --unet sd15 --batch 2 --linear fp16
step sd15_b2_group --unet sd15 --batch 2 $G
step sdxl_b2_fp16 --unet sdxl --batch 2 --linear fp16
step sdxl_b2_group --unet sdxl --batch 2 $G
for m in sd21 sdxl; do f=$R/check/${m}_latent16_group.txt
  timeout 150 build/unetrun --unet $m --latent 16 $G --kernel-select heuristic --check > $f 2>&1
  echo "check $m latent 16 group: rc $? $(grep '^verdict' $f | cut -c1-160) ($(el) s)"
done
rm -f $R/build.txt; for f in $R/*.txt $R/unet/* $R/check/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
