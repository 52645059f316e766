#!/bin/sh
# fixed cost of a node: tiny GEMMs, ours against cuBLASLt, PDL on/off, graph and eager node timing
W=/tmp/r; mkdir -p $W/fixed
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
B=build/unetrun
for s in "64 64 64" "64 640 64" "77 2560 768" "256 1280 1280"; do for o in "--pdl on" "--pdl off" "--node-timing eager"; do
  set -- $s; t=$1x$2x$3$(echo $o | tr -d ' -')
  timeout 60 $B --block gemm --m $1 --n $2 --k $3 --vs cudnn --verbose $o > $W/fixed/$t.txt 2>&1
  echo "$t: $(grep -E '^gemm ' $W/fixed/$t.txt | head -1 | tr -s ' ' | cut -c6-75) | $(grep -E '^gemm +cublasLt' $W/fixed/$t.txt | tr -s ' ' | cut -c6-60) | tune $(grep -E '^tune' $W/fixed/$t.txt | sort -k5 -n | head -1 | tr -s ' ' | cut -c5-70)"
done; done
save
echo "done $(el) s"
