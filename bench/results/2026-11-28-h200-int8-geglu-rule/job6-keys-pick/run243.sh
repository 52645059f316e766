#!/bin/sh
# H200: the attention heuristic's key tile through attention_wgmma_keys_pick (review mend): the picks at the two
# SD shapes it changes, and test_gpu --section ops. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/att; cp .devrun/run243.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date -u; git status --short | head -20; } > $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
timeout 60 build/unetrun --block attention --seq 1024 --heads 8 --head-dim 80 --batch 1 --kernel-select heuristic > $R/att/d80_1024_h8_b1.txt 2>&1
timeout 60 build/unetrun --block attention --seq 576 --heads 20 --head-dim 64 --batch 1 --kernel-select heuristic > $R/att/d64_576_h20_b1.txt 2>&1
grep -h "^attn" $R/att/*.txt | cut -c1-110
timeout 200 build/test_gpu build/unetrun --section ops > $R/section_ops.txt 2>&1; echo "ops rc $? $(tail -1 $R/section_ops.txt) ($(el) s)"
grep -h "FAIL" $R/section_ops.txt | head -5
for f in $R/*.txt $R/att/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
