#!/bin/sh
# The whole GPU suite (make test-gpu's parts) on four H100s of one host, in parallel:
# GPU0 sanitizers (16 at once) then conv shard 0/4; GPU1 conv shards 1-3/4; GPU2 the kernel sections
# ops shortcut streamk norm groupnorm gemm lnfold + blocks shards 0-1/4; GPU3 the diffusers goldens at full SD shapes
# (generated here) in 3 shards + blocks shards 2-3/4. carry [".deps", ".whl2", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run212.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv,noheader; date -u; } > $R/device.txt
for z in .whl2/*; do python3 -m zipfile -e $z /tmp/site; done > $R/pip.txt 2>&1
(export PYTHONPATH=/tmp/site CUDA_VISIBLE_DEVICES=3
 timeout 200 python3 tests/golden/make_golden.py --set full --out /tmp/gfull --device cuda > $R/golden_gen.log 2>&1; echo "gen rc=$? $(el) s" >> $R/golden_gen.log
 timeout 150 python3 tests/golden/make_golden.py --set unet-full --out /tmp/gfull --device cuda > $R/golden_gen_unet.log 2>&1; echo "gen unet rc=$? $(el) s" >> $R/golden_gen_unet.log) &
GEN=$!
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j48 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
B=build/unetrun; T=build/test_gpu
L() { echo $((575 - $(el))); }
(CUDA_VISIBLE_DEVICES=0 SANITIZE_JOBS=16 SANITIZE_LOG=$R/sanitize.log timeout $(L) sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1; echo "rc=$? $(el) s" >> $R/sanitize.txt
 CUDA_VISIBLE_DEVICES=0 timeout $(L) $T $B --section conv --shard 0/4 > $R/conv_0.txt 2>&1) &
for k in 1 2 3; do CUDA_VISIBLE_DEVICES=1 timeout $(L) $T $B --section conv --shard $k/4 > $R/conv_$k.txt 2>&1 & done
for s in ops shortcut streamk norm groupnorm gemm lnfold; do CUDA_VISIBLE_DEVICES=2 timeout $(L) $T $B --section $s > $R/section_$s.txt 2>&1 & done
for k in 0 1; do CUDA_VISIBLE_DEVICES=2 timeout $(L) $T $B --section blocks --shard $k/4 > $R/blocks_$k.txt 2>&1 & done
for k in 2 3; do CUDA_VISIBLE_DEVICES=3 timeout $(L) $T $B --section blocks --shard $k/4 > $R/blocks_$k.txt 2>&1 & done
wait $GEN; echo "$(tail -n 1 $R/golden_gen.log); $(tail -n 1 $R/golden_gen_unet.log)"
for k in 0 1 2; do CUDA_VISIBLE_DEVICES=3 timeout $(L) $T $B --golden-only --golden /tmp/gfull --golden-shard $k/3 > $R/golden_full_$k.txt 2>&1 & done
wait
echo "sanitize: $(tail -n 3 $R/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $R/sanitize.txt | head -10 | cut -c1-250
P=0; F=0
for f in $R/conv_*.txt $R/section_*.txt $R/blocks_*.txt $R/golden_full_*.txt; do
  l=$(tail -n 1 $f); echo "$(basename $f .txt): $l"; grep "^FAIL" $f | head -5 | cut -c1-250
  p=$(echo "$l" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p'); q=$(echo "$l" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
  case "$l" in *stopped*) q=$((${q:-0} + 1)); echo "  (did not finish: counted as one failure)";; esac
  P=$((P + ${p:-0})); F=$((F + ${q:-1}))
done
l=$(grep -E '^[0-9]+ passed, [0-9]+ failed' $R/sanitize.txt | tail -n 1)
p=$(echo "$l" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p'); q=$(echo "$l" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
P=$((P + ${p:-0})); F=$((F + ${q:-1}))
for f in $R/*.txt $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 8192 ] && gzip -q $f; done
save; echo "done $(el) s"
echo "make test-gpu in parts (sanitizers, sections, shards, goldens): $P passed, $F failed"
