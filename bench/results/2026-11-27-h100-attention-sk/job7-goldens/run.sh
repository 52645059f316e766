#!/bin/sh
# Validation of the stream-K attention tree: the diffusers goldens at full SD shapes (3 shards; SD2.1 / SDXL
# transformer blocks run the sk kernel where the heuristic / tuner picks it) with test_gpu --section ops and streamk beside
# them. carry [".deps", ".whl2", ".devrun/run158.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $W/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $W/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $W/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $W/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $W/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout $((560 - $(el))) build/test_gpu $B --section ops > $W/section_ops.txt 2>&1 &
timeout $((560 - $(el))) build/test_gpu $B --section streamk > $W/section_streamk.txt 2>&1 &
wait $GEN
echo "$(tail -n 1 $W/golden_gen.log); $(tail -n 1 $W/golden_gen_unet.log)"
for k in 0 1 2; do
  timeout $((570 - $(el))) build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $W/golden_full_$k.txt 2>&1 &
done
wait
for s in ops streamk; do echo "$s: $(tail -n 1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | cut -c1-300 | head -5; done
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $W/golden_full_$k.txt)"; grep "^FAIL" $W/golden_full_$k.txt | cut -c1-300 | head -5; done
grep -h " sk" $W/golden_full_*.txt | head -3 | cut -c1-200
for f in $W/*.txt $W/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
