#!/bin/sh
# validation of the tree with the tensors poisoned before kernel selection: the initcheck TMA-store probe and the
# sanitizer suite (tests/sanitize.sh, 16 at once), then
# the kernel sections in parallel: conv in 4 shards, ops (GroupNorm statistics tests included), shortcut, streamk,
# norm, groupnorm, gemm, lnfold. carry [".deps", ".devrun/run123.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $W/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $W/sanitize.txt | head -20 | cut -c1-250
grep "^note" $W/sanitize.txt; cp $W/sanitize.log.probe $W/probe_initcheck.txt 2>/dev/null; gzip -q $W/sanitize.log; save
B=build/unetrun
L=$((575 - $(el)))
for k in 0 1 2 3; do timeout $L build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
for s in ops shortcut streamk norm groupnorm gemm lnfold; do timeout $L build/test_gpu $B --section $s > $W/section_$s.txt 2>&1 & done
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -5 | cut -c1-250; done
for s in ops shortcut streamk norm groupnorm gemm lnfold; do echo "$s: $(tail -1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | head -5 | cut -c1-250; done
echo "done $(el) s"; save
