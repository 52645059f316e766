#!/bin/sh
# Stream-K attention with the heuristic: tuned attention nodes against cuDNN's fused SDPA (bench/attention.sh,
# 28 shapes), every variant at b1 h5 4096 d64, heuristic picks of the d64 shapes, and whole steps (SD2.1 b1 / b2,
# SDXL b1, SD1.5 b1, heuristic) of this tree and of 779782f (the session's start), interleaved.
# carry [".deps", ".devrun/run156.sh", ".devrun/base156.tar"]
W=/tmp/r; rm -rf $W; mkdir -p $W/var $W/att $W/steps
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
mkdir -p /tmp/base && tar xf .devrun/base156.tar -C /tmp/base
(make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/bench_attention > $W/build.txt 2>&1) &
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1) &
wait
[ -x build/unetrun ] && [ -x /tmp/base/build/unetrun ] || { tail -20 $W/build.txt $W/build_base.txt; exit 1; }
echo "built $(el) s"
timeout 60 build/bench_attention bench 1 5 4096 4096 64 > $W/var/1_5_4096_4096_64.txt 2>&1
awk '{for(i=2;i<=NF;i++) if($i=="us") print $(i-1), $0}' $W/var/1_5_4096_4096_64.txt | sort -n | head -4 | cut -d' ' -f2- | tr -s ' ' | cut -c1-100
timeout 330 sh bench/attention.sh $W/att > $W/att_summary.txt 2>&1
cut -c1-150 $W/att_summary.txt; echo "att $(el) s"
save
for r in 1 2; do for mb in "sd21 1" "sd21 2" "sdxl 1" "sd15 1"; do set -- $mb
  [ $(el) -gt 540 ] && break
  for v in base head; do
    bin=build/unetrun; [ $v = base ] && bin=/tmp/base/build/unetrun
    n=unet-$1-b$2-$v-r$r
    timeout 120 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/steps/$n.json > $W/steps/$n.txt 2>&1
    echo "$1 b$2 $v r$r $(grep '^step (graph' $W/steps/$n.txt | awk '{print $4, $5}') $(grep -c ' sk' $W/steps/$n.txt)"
  done
done; done | tee $W/steps.txt
for f in $W/*.txt $W/var/* $W/att/* $W/steps/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
