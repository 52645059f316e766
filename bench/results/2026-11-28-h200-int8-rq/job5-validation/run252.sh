#!/bin/sh
# H200: validation of the tree after the rq revert: test_gpu --section int8-row; the full-SD-shape diffusers
# goldens (made here) with --linear auto (--golden-pass auto, three shards side by side). carry [".deps", ".devrun", ".whl2"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run252.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
(export PYTHONPATH=/tmp/site; timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
(timeout 300 build/test_gpu build/unetrun --section int8-row > $R/int8row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/int8row.txt) ($(el) s)" > $R/int8row.rc) &
I8=$!
wait $GEN; tail -n 1 $R/golden_gen.log
for k in 0 1 2; do
  (timeout 420 build/test_gpu build/unetrun --golden-only --golden /tmp/gfull --golden-pass auto --golden-shard $k/3 > $R/golden_auto_$k.txt 2>&1) &
done
wait
cat $R/int8row.rc; grep -E '^FAIL' $R/int8row.txt | head -5 | cut -c1-300
for k in 0 1 2; do echo "golden auto shard $k: $(tail -1 $R/golden_auto_$k.txt)"; grep -E '^FAIL' $R/golden_auto_$k.txt | head -5 | cut -c1-300; done
cat $R/golden_auto_*.txt | grep -c '^golden' 
for f in $R/*.txt $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
