#!/bin/sh
# H200 x4: make test-gpu-parts (tests/test_gpu_parts.sh: sanitizers, every section, blocks shards, the diffusers
# goldens at full SD shapes generated here) on the tree with the new group path. carry [".deps", ".whl2", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run266.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv,noheader; date -u; git log --oneline -1; } > $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
(export PYTHONPATH=/tmp/site CUDA_VISIBLE_DEVICES=3
 timeout 200 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log
 timeout 150 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $R/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $R/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j56 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
wait $GEN; echo "$(tail -n 1 $R/golden_gen.log); $(tail -n 1 $R/golden_gen_unet.log)"
SANITIZE_JOBS=16 SANITIZE_LOG=$R/sanitize.log PARTS_TIMEOUT=$((560 - $(el))) PARTS_LOG=$R/parts timeout $((568 - $(el))) sh tests/test_gpu_parts.sh build/unetrun /tmp/gfull > $R/parts.txt 2>&1
echo "parts rc $? ($(el) s)"; cat $R/parts.txt | cut -c1-250
for f in $R/parts/*.txt; do echo "$(basename $f): $(tail -n 1 $f | cut -c1-100)"; done
for f in $R/*.txt $R/*.log $R/parts/*; do [ -f $f ] && [ $(wc -c < $f) -gt 8192 ] && gzip -q $f; done
save; echo "done $(el) s"
