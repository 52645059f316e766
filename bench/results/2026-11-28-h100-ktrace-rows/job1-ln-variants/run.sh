#!/bin/sh
# LayerNorm variants in place (ktrace): v0 = HEAD, v1 = two chunks per lane for C <= 512 and 8 blocks per SM,
# v2 = v1 with the quantizing LayerNorm's early PDL trigger removed, v3 = v1 at 6 blocks per SM (no spill).
# SD1.5 320 @64 transformer blocks b1 / b2, fp16 and int8 row, heuristic, two interleaved rounds. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt; cp .devrun/run191.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
for v in v0 v1 v2 v3; do
  cp .devrun/ln_$v.cu kernels/layernorm.cu
  make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build_$v.txt 2>&1 || { tail -20 $R/build_$v.txt; save; exit 1; }
  cp build/unetrun build/unetrun_$v; echo "built $v $(el) s"
done
grep -i spill $R/build_v1.txt | grep -i layernorm
KT=$PWD/build/libktrace.so
for round in 1 2; do for v in v0 v1 v2 v3; do for s in 320:64:2 320:64:1; do IFS=: read c hw b <<EOT
$s
EOT
  for l in fp16 int8; do
    tag=${v}_${l}_${c}_${hw}_b${b}_r$round; a="--block transformer --ref none --kernel-select heuristic --c $c --hw $hw --batch $b --linear $l"
    [ $l = int8 ] && a="$a --int8-scales row"
    CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt timeout 60 build/unetrun_$v $a > /dev/null 2>&1
    timeout 60 build/unetrun_$v $a > $R/kt/$tag.txt 2>&1
    echo "$tag: block $(grep -E '^block \(graph' $R/kt/$tag.txt | tr -s ' ' | cut -d' ' -f4) span $(grep -E '^span' $R/kt/$tag.kt | awk '{print $NF}') ($(el))"
  done; done; done; done
cd $R/kt && tar czf ../kt.tgz . && cd / && rm -rf $R/kt
save; echo "done $(el) s"
