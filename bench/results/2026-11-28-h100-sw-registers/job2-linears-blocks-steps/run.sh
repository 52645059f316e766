#!/bin/sh
# H100, the tree with the scales in registers: the 8 SD1.5 b2 linears that missed 1.0x (INT8 row auto vs FP16,
# heuristic, one-node graph replays, two rounds), the SD1.5 320 @64 and 1280 @8 transformer blocks, the SD1.5 steps.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks $R/unet; cp .devrun/run213.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row"
one() { # name flags...
  n=$1; shift
  timeout 60 build/unetrun --block gemm --m $m --n $n_ --k $k --ref none "$@" --json $R/gemm/${n}_$s.json > $R/gemm/${n}_$s.txt 2>$R/gemm/${n}_$s.err
  printf " %s %s" $n "$(grep -E '^gemm' $R/gemm/${n}_$s.txt | head -1 | tr -s ' ' | cut -d' ' -f3-6)"
}
for s in 154x640x768 154x1280x768 154x2560x768 2048x640x640 128x1280x5120 8192x320x320 8192x960x320 8192x320x1280; do
  m=${s%%x*}; nk=${s#*x}; n_=${nk%%x*}; k=${nk#*x}
  printf "== %s" $s
  for r in 1 2; do one fp16h$r --linear fp16 --kernel-select heuristic; one i8auto$r $I8 --kernel-select heuristic; done
  echo
done
save; echo "gemm $(el) s"
for c in 320:64:1 320:64:2 1280:8:2; do IFS=: read ch hw b <<EOT
$c
EOT
  line="$ch@$hw b$b"
  for v in fp16 int8 fp16 int8; do
    if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
    timeout 90 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --kernel-select heuristic --ref none --json $R/blocks/${v}_${ch}_${hw}_b$b.json > $R/blocks/${v}_${ch}_${hw}_b$b.txt 2>&1
    line="$line | $v $(grep -E '^block \(' $R/blocks/${v}_${ch}_${hw}_b$b.txt | grep -o '[0-9.]* us' | head -1)"
  done; echo "$line"
done
save; echo "blocks $(el) s"
for b in 1 2; do line="sd15 b$b"
  for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
    timeout 100 build/unetrun --unet sd15 --batch $b $fl --kernel-select heuristic --ref none --iters 30 --json $R/unet/${v}_b$b.json > $R/unet/${v}_b$b.txt 2>&1
    line="$line | $v $(grep -E '^step \(graph' $R/unet/${v}_b$b.txt | tr -s ' ' | cut -c1-34)"; done; echo "$line"; done
for f in $R/*.txt $R/gemm/* $R/blocks/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
