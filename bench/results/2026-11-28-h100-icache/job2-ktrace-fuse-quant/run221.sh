#!/bin/sh
# H100: the node after an INT8 qa tile. In the 320 @64 b2 block (ktrace, job run220) proj_out took 12.3 us after the
# qa ff2 and 8.8 after FP16's persistent ff2 (12.5 after FP16's plain ff2). INT8 row with --fuse-quant auto / off,
# tuned and heuristic, ktrace twice each, and FP16 beside; then plain graph replays (no injection), 3 rounds.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt $R/blocks; cp .devrun/run221.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row"
for b in 2 1; do
for v in f16 auto off; do if [ $v = f16 ]; then fl="--linear fp16"; else fl="$I8 --fuse-quant $v"; fi
  for s in heuristic tune; do for r in 1 2; do
    tag=b${b}_${v}_${s}_$r
    CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/kt/$tag.kt timeout 90 build/unetrun --block transformer --c 320 --hw 64 --batch $b $fl --ref none --kernel-select $s > $R/kt/$tag.txt 2>&1
    echo "kt $tag: $(grep -E '^block \(' $R/kt/$tag.txt | grep -o '[0-9.]* us' | head -1) span $(grep '^span' $R/kt/$tag.kt | grep -o '[0-9.]* us') | last steps $(sed -n '/^ *[0-9]/p' $R/kt/$tag.kt | tail -3 | awk '{printf "%s ", $5}')"
  done; done
done; done
save
for r in 1 2 3; do for b in 2 1; do for v in f16 auto off; do if [ $v = f16 ]; then fl="--linear fp16"; else fl="$I8 --fuse-quant $v"; fi
  line="b$b $v r$r:"
  for s in heuristic tune; do f=$R/blocks/b${b}_${v}_${s}_$r.txt
    timeout 60 build/unetrun --block transformer --c 320 --hw 64 --batch $b $fl --ref none --kernel-select $s > $f 2>&1
    line="$line $s $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; echo "$line"
done; done; done
for f in $R/*.txt $R/blocks/* $R/kt/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
