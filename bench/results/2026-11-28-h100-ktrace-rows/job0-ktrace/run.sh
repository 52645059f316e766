#!/bin/sh
# In-graph kernel timelines (build/libktrace.so, CUPTI) of the SD1.5 transformer blocks, FP16 against INT8 row
# linears, heuristic picks: where does the INT8 block lose at 320 @64 and 1280 @16 b1? carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/kt; cp .devrun/run190.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
ls -d /usr/local/cuda/extras/CUPTI /usr/local/cuda/lib64/libcupti* /usr/local/cuda/include/cupti.h >> $R/device.txt 2>&1
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
KT=$PWD/build/libktrace.so
tf() { tag=$1; shift
  CUDA_INJECTION64_PATH=$KT KTRACE_REPORT=$R/kt/$tag.kt KTRACE_RAW=$R/kt/$tag.raw timeout 90 build/unetrun --block transformer --ref none --kernel-select heuristic "$@" > $R/kt/$tag.txt 2>&1
  echo "$tag: block $(grep -E '^block \(graph' $R/kt/$tag.txt | tr -s ' ' | cut -d' ' -f4) span $(grep -E '^span' $R/kt/$tag.kt | awk '{print $NF, $(NF-1)}') ($(el))"; }
# the tracer's own effect on the block time
timeout 60 build/unetrun --block transformer --ref none --kernel-select heuristic --c 320 --hw 64 --batch 2 --linear fp16 > $R/kt/plain_fp16_320_64_b2.txt 2>&1
echo "plain fp16 320@64 b2: $(grep -E '^block \(graph' $R/kt/plain_fp16_320_64_b2.txt)"
for s in 320:64:2 320:64:1 1280:16:1; do IFS=: read c hw b <<EOT
$s
EOT
  [ $(el) -gt 400 ] && break
  tf fp16_${c}_${hw}_b${b} --c $c --hw $hw --batch $b --linear fp16
  tf int8_${c}_${hw}_b${b} --c $c --hw $hw --batch $b --linear int8 --int8-scales row
  for l in fp16 int8; do timeout 60 build/unetrun --block transformer --ref none --kernel-select heuristic --c $c --hw $hw --batch $b --linear $l $([ $l = int8 ] && echo --int8-scales row) > $R/kt/plain_${l}_${c}_${hw}_b${b}.txt 2>&1; echo "plain $l: $(grep -E "^block \(graph" $R/kt/plain_${l}_${c}_${hw}_b${b}.txt)"; done
done
for f in $R/kt/*.kt; do echo "== $f"; cat $f; done
for f in $R/*.txt $R/kt/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
