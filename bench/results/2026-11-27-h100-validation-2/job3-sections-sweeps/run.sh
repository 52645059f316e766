#!/bin/sh
# validation of main (2a434a8): conv section in 4 shards + the other sections (parallel), then tuned sweeps --vs cudnn
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for k in 0 1 2 3; do timeout 280 build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
for s in ops shortcut streamk norm groupnorm refine; do timeout 280 build/test_gpu $B --section $s > $W/section_$s.txt 2>&1 & done
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -5 | cut -c1-250; done
for s in ops shortcut streamk norm groupnorm refine; do echo "$s: $(tail -1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | head -5 | cut -c1-250; done
echo "tests done $(el) s"; save
for m in sd15 sd21 sdxl; do for b in 1 2; do
  [ $(el) -gt 470 ] && break
  timeout 100 $B --sweep $m --batch $b --vs cudnn --json $W/sweep-$m-b$b.json > $W/sweep-$m-b$b.txt 2>&1
  echo "sweep $m b$b rc=$? $(grep -E 'of .* blocks run' $W/sweep-$m-b$b.txt) ($(el) s)"
done; done
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
