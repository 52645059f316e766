#!/bin/sh
# PDL A/B/C in one job: base = main (.wt/base), A = every fast-path kernel releases its successor after its wait
# (wip/pdl, .wt/A), B = A + the GEMM producers' first weight copies before the wait (wip/pdlw, .wt/B).
# UNet steps (heuristic picks) interleaved, then blocks --vs cudnn (heuristic, --check) per variant.
W=/tmp/r; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
for t in base A B; do
  (cd .wt/$t && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j5 build/unetrun > $W/build_$t.txt 2>&1; echo "$t rc=$?" >> $W/build_$t.txt) &
done
wait; tail -qn1 $W/build_*.txt | tr '\n' ' '; echo "built $(el) s"
step() {  # model batch variant tag
  timeout 80 .wt/$3/build/unetrun --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3-$4.json > $W/unet-$1-b$2-$3-$4.txt 2>&1
  printf "%s" "$3 $(grep '^step (graph' $W/unet-$1-b$2-$3-$4.txt | awk '{print $4}') | "
}
for m in sd15 sd21; do for b in 1 2; do for r in r1 r2; do
  printf "%s" "$m b$b $r: "; step $m $b base $r; step $m $b A $r; step $m $b B $r; echo "($(el) s)"
done; done; done
save
for b in 1 2; do printf "%s" "sdxl b$b: "; step sdxl $b base r1; step sdxl $b A r1; step sdxl $b B r1; echo "($(el) s)"; done
for f in $W/*.json; do gzip -q $f; done; save
mkdir -p $W/blk
blk() {  # variant name args...
  v=$1; n=$2; shift 2
  timeout 30 .wt/$v/build/unetrun "$@" --vs cudnn --kernel-select heuristic --check --json $W/blk/$n-$v.json > $W/blk/$n-$v.txt 2>&1
  printf "%s" "$v $(grep -E '^block \(graph' $W/blk/$n-$v.txt | awk '{print $4}')/$(grep -E '^vendor block' $W/blk/$n-$v.txt | awk '{print $4}') $(grep -oE '^verdict +[A-Z]+' $W/blk/$n-$v.txt | awk '{print $2}') | "
}
for s in "res320_64_b2|--block resblock --c 320 --hw 64 --batch 2" "res1280_16_b2|--block resblock --c 1280 --hw 16 --batch 2" \
         "res1280_8_b1|--block resblock --c 1280 --hw 8 --batch 1" "tf320_64_b1|--block transformer --c 320 --hw 64 --batch 1" \
         "tf1280_16_b1|--block transformer --c 1280 --hw 16 --batch 1" "tf640_32_b2|--block transformer --c 640 --hw 32 --batch 2"; do
  [ $(el) -gt 540 ] && break
  n=${s%%|*}; a=${s#*|}
  printf "%s" "$n: "; blk base $n $a; blk A $n $a; blk B $n $a; echo "($(el) s)"
done
for f in $W/blk/*.json; do gzip -q $f; done; save
echo "done $(el) s"
