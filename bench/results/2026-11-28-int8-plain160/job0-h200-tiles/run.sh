#!/bin/sh
# A plain 128 x 160 INT8 row tile (X(160, 5)): every INT8 row tile tuned at the K = 5120 / N = 1280 and N = 10240
# feed-forward shapes beside the FP16 engine and cuBLASLt (--vs cudnn) in the same run; test_gpu --section int8-row
# (every tile against the C model) and --section ops (test_layernorm's 8200 / 8193 / 100-row cases).
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run196.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for c in 2048:1280:5120 8192:1280:5120 1024:1280:5120 2048:10240:1280 8192:10240:1280 4096:4096:4096; do IFS=: read m n k <<EOT
$c
EOT
  ep=residual; [ $n = 10240 ] && ep=none
  [ $k = 4096 ] && ep=none
  for l in int8 fp16; do
    fl="--linear fp16 --vs cudnn"; [ $l = int8 ] && fl="--linear int8 --int8-scales row"
    tag=${l}_${m}x${n}x${k}
    timeout 90 build/unetrun --block gemm --m $m --n $n --k $k --epilogue $ep $fl --ref none --json $R/gemm/$tag.json > $R/gemm/$tag.txt 2>&1
    echo "$tag tuned: $(grep -E '^block \(' $R/gemm/$tag.txt | tr -s ' ' | cut -c1-60) $(grep -E '^gemm ' $R/gemm/$tag.txt | head -1 | tr -s ' ' | cut -c1-70)"
    timeout 60 build/unetrun --block gemm --m $m --n $n --k $k --epilogue $ep $fl --ref none --kernel-select heuristic > $R/gemm/${tag}_heur.txt 2>&1
    echo "$tag heur:  $(grep -E '^block \(' $R/gemm/${tag}_heur.txt | tr -s ' ' | cut -c1-60)"
  done
  grep -E "^tune|^refine" $R/gemm/int8_${m}x${n}x${k}.txt | head -24
done
echo "($(el) s)"
timeout 150 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el))"
grep -c "128x160/5st" $R/section_int8_row.txt; grep "FAIL" $R/section_int8_row.txt | head -5
timeout $((560 - $(el))) build/test_gpu build/unetrun --section ops > $R/section_ops.txt 2>&1; echo "ops rc $? $(tail -1 $R/section_ops.txt) ($(el))"
grep "FAIL" $R/section_ops.txt | head -5; grep -E "8200|8193|100x512|rows=100 " $R/section_ops.txt | head -8
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
