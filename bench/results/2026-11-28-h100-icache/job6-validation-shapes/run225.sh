#!/bin/sh
# H100: the per-variant TS kernels (main + icache) against the tree before (.devrun/base_kernels.tar): validation
# (test_gpu --section blocks --shard 0/4 with the committed goldens; racecheck on single-variant kernels) and more
# shapes: SD1.5 transformer blocks 640 @32 b1, 1280 @16 b1/b2, 1280 @8 b2; SD1.5 ResBlock; SD2.1 / SDXL steps b1.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks $R/unet $R/san; cp .devrun/run225.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
rm -rf /tmp/base && mkdir -p /tmp/base && tar cf - --exclude=./build --exclude=./.git . | (cd /tmp/base && tar xf -) && (cd /tmp/base && rm -rf kernels && tar xf /tmp/base/.devrun/base_kernels.tar)
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
wait; [ -x /tmp/base/build/unetrun ] || { tail -20 $R/build_base.txt; save; exit 1; }
cp /tmp/base/build/unetrun build/unetrun_base; cp build/unetrun build/unetrun_new
echo "built $(el) s"
timeout 220 build/test_gpu build/unetrun --section blocks --shard 0/4 > $R/test_blocks0.txt 2>&1; echo "blocks 0/4: $(tail -1 $R/test_blocks0.txt) $(el) s"
grep "^FAIL" $R/test_blocks0.txt | head -3
CS=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
I8="--linear int8 --int8-scales row"
for e in residual geglu none; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  timeout 120 $CS --tool racecheck build/unetrun --block gemm --m 1024 --n 640 --k 320 --epilogue $e $fl --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/san/race_${v}_$e.txt 2>&1
  echo "racecheck $v $e: rc=$? $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $R/san/race_${v}_$e.txt | head -1)"
done; done
save
for c in 640:32:1 1280:16:1 1280:16:2 1280:8:2; do IFS=: read ch hw b <<EOT
$c
EOT
for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  for s in heuristic tune; do line="$ch@$hw b$b $v $s:"
    for r in 1 2; do for bld in base new; do f=$R/blocks/${bld}_${v}_${s}_${ch}_${hw}_b${b}_$r.txt
      timeout 60 build/unetrun_$bld --block transformer --c $ch --hw $hw --batch $b $fl --ref none --kernel-select $s > $f 2>&1
      line="$line $bld $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line"
  done; done; done
for b in 1 2; do line="resblock 320@64 b$b:"; for r in 1 2; do for bld in base new; do f=$R/blocks/${bld}_res_320_64_b${b}_$r.txt
  timeout 60 build/unetrun_$bld --block resblock --c 320 --hw 64 --batch $b --ref none --kernel-select heuristic > $f 2>&1
  line="$line $bld $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line"; done
save
for u in sd21 sdxl; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  line="$u b1 $v:"; for r in 1 2; do for bld in base new; do f=$R/unet/${bld}_${u}_${v}_b1_$r.txt
    timeout 150 build/unetrun_$bld --unet $u --batch 1 $fl --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $bld $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line $(el) s"
done; done
for f in $R/*.txt $R/blocks/* $R/unet/* $R/san/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
