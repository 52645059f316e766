#!/bin/sh
# a09ad4a's tree: tuned SD1.5 transformer blocks, FP16 against INT8 row linears, with PDL on and off: does the
# INT8 blocks' smaller gain from the graph (node sum minus block) come from the PDL overlap? carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/tf; cp .devrun/run187.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
tf() { tag=$1; shift; timeout 60 build/unetrun --block transformer --ref none --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: nodes $(grep -E '^sum of nodes' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4) block $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4) ($(el))"; }
for s in 1280:16:1 320:64:2; do IFS=: read c hw b <<EOT
$s
EOT
  for pdl in on off; do
    [ $(el) -gt 250 ] && break
    tf fp16_${c}_${hw}_b${b}_pdl$pdl --c $c --hw $hw --batch $b --linear fp16 --pdl $pdl
    tf int8_${c}_${hw}_b${b}_pdl$pdl --c $c --hw $hw --batch $b --linear int8 --int8-scales row --pdl $pdl
  done; done
for f in $R/*.txt $R/tf/*.txt $R/tf/*.json; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
