#!/bin/sh
# main (the im2col tiles): SD1.5 ResBlock 640 -> 1280 @16 b2 again (the sweep's block latency 98.0 us against 84.6
# the sweep before, with equal node times), tuned x3 and heuristic x2; then the diffusers goldens at full SD shapes
# (both engines). carry [".deps", ".whl", ".devrun/run114.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > $W/pip.txt 2>&1
export PYTHONPATH=/tmp/site
(timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $W/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $W/golden_gen.log
 timeout 120 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $W/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $W/golden_gen_unet.log) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -n 1 $W/golden_gen.log); $(tail -n 1 $W/golden_gen_unet.log)"
B=build/unetrun
for r in t1 t2 t3 h1 h2; do
  sel=tune; case $r in h*) sel=heuristic;; esac
  timeout 60 $B --block resblock --c 640 --cout 1280 --hw 16 --batch 2 --vs cudnn --kernel-select $sel --json $W/res-$r.json > $W/res-$r.txt 2>&1
  echo "$r: $(grep -E '^block \(graph|^vendor block|^conv1 +igemm|^conv2[+a-z_]* +igemm' $W/res-$r.txt | tr -s ' ' | cut -c1-80 | tr '\n' '|')"
done
for f in $W/*.json; do gzip -q $f; done; save
for k in 0 1 2; do
  timeout $((560 - $(el))) build/test_gpu $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $W/golden_full_$k.txt 2>&1 &
done
wait
for k in 0 1 2; do echo "golden shard $k: $(tail -n 1 $W/golden_full_$k.txt)"; grep "^FAIL" $W/golden_full_$k.txt | cut -c1-300 | head -5; done
save
echo "done $(el) s"
