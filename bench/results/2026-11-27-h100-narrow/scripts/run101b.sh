#!/bin/sh
# call 2 of 2 (warm machine, builds kept): UNet steps, main (.wt/base) against wip/kv-rule, heuristic picks
W=/tmp/r; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
B=build/unetrun
step() {  # model batch variant tag
  bin=$B; [ $3 = base ] && bin=.wt/base/build/unetrun
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') ($(el) s)"
}
for m in sd15 sd21; do for b in 1 2; do for r in r1 r2; do step $m $b base $r; step $m $b head $r; done; done; done
save
for r in r1 r2; do for b in 1 2; do
  [ $(el) -gt 500 ] && break
  step sdxl $b base $r; step sdxl $b head $r
done; done
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
