#!/bin/sh
# H200: the heuristic's new ping-pong rules and the attention 64-row rule (this tree) against main
# (.devrun/base_ks.tar: main's kernels and src): UNet steps, heuristic sweeps, test_gpu --section gemm.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/sweep $R/unet; cp .devrun/run230.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
rm -rf /tmp/base && mkdir -p /tmp/base && tar cf - --exclude=./build --exclude=./.git . | (cd /tmp/base && tar xf -) && (cd /tmp/base && rm -rf kernels src && tar xf .devrun/base_ks.tar)
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
wait; [ -x /tmp/base/build/unetrun ] || { tail -20 $R/build_base.txt; save; exit 1; }
cp /tmp/base/build/unetrun build/unetrun_base; cp build/unetrun build/unetrun_new
echo "built $(el) s"
for ub in sd15:1 sd15:2 sd21:1 sd21:2 sdxl:1 sdxl:2; do u=${ub%:*}; b=${ub#*:}
  line="step $u b$b:"; for bld in base new; do f=$R/unet/${bld}_${u}_b${b}.txt
    timeout 100 build/unetrun_$bld --unet $u --batch $b --linear fp16 --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $bld $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; echo "$line $(el) s"; save
done
for m in sd15 sd21 sdxl; do for b in 1 2; do for bld in base new; do f=$R/sweep/${bld}_${m}_b$b
  timeout 120 build/unetrun_$bld --sweep $m --batch $b --linear fp16 --ref none --kernel-select heuristic --json $f.json > $f.txt 2>&1
  done; echo "sweep $m b$b $(el) s"; done; save; done
timeout 150 build/test_gpu build/unetrun --section gemm > $R/test_gemm.txt 2>&1; echo "test gemm: $(tail -1 $R/test_gemm.txt) $(el) s"
grep "^FAIL" $R/test_gemm.txt | head -5
for f in $R/*.txt $R/sweep/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
