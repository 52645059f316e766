#!/bin/sh
# tests of the 128 x 96 tile tree: conv section in 4 shards, gemm section; then SDXL steps base vs head
W=/tmp/r; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
B=build/unetrun; BB=.wt/base/build/unetrun
for k in 0 1 2 3; do timeout 330 build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
timeout 330 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1 &
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -n 1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -5 | cut -c1-250; done
echo "gemm: $(tail -n 1 $W/section_gemm.txt)"; grep "^FAIL" $W/section_gemm.txt | head -5 | cut -c1-250
save
step() {  # model batch variant tag
  bin=$B; [ $3 = base ] && bin=$BB
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  echo "$1 b$2 $3 $4 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4, $5}') ($(el) s)"
}
for b in 1 2; do [ $(el) -gt 480 ] && break; step sdxl $b base r1; step sdxl $b head r1; done
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
