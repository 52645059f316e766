#!/bin/sh
# H200: README's --linear auto example (--check), a second tuned round of SD1.5 320 @64 b1 / b2 (fp16 / int8 row /
# auto), the committed diffusers goldens (with the --linear auto runs), the full-SD-shape goldens generated here
# (diffusers from .whl2) with the auto runs. carry [".deps", ".whl2", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks; cp .devrun/run247.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
(export PYTHONPATH=/tmp/site; timeout 150 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
build/unetrun --block transformer --c 320 --hw 64 --linear auto --check --kernel-select heuristic > $R/readme_auto_320_64.txt 2>&1; echo "readme rc $? ($(el) s)"
tail -3 $R/readme_auto_320_64.txt
P_fp16="--linear fp16"; P_int8="--linear int8 --int8-scales row"; P_auto="--linear auto"
for b in 1 2; do line="sd15_320_64_b$b tune:"; for p in fp16 int8 auto; do
  eval PA=\$P_$p; f=$R/blocks/sd15_320_64_b${b}_tune_${p}_2.txt
  timeout 60 build/unetrun --block transformer --c 320 --hw 64 --batch $b $PA --kernel-select tune --ref none > $f 2>&1
  line="$line $p $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"; done; echo "$line ($(el) s)"; done
save
timeout 150 build/test_gpu build/unetrun --golden-only > $R/golden_committed.txt 2>&1; echo "golden committed rc $? $(tail -1 $R/golden_committed.txt) ($(el) s)"
grep "^FAIL" $R/golden_committed.txt | head -5 | cut -c1-250
save
wait $GEN; tail -n 1 $R/golden_gen.log
timeout $((540 - $(el))) build/test_gpu build/unetrun --golden-only --golden /tmp/gfull > $R/golden_full.txt 2>&1; echo "golden full rc $? $(tail -1 $R/golden_full.txt) ($(el) s)"
grep "^FAIL" $R/golden_full.txt | head -5 | cut -c1-250
grep "linear auto" $R/golden_full.txt | head -40 > $R/golden_full_auto_lines.txt
for f in $R/*.txt $R/*.log $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
