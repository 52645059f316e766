#!/bin/sh
# H200 x2: card 0 validation of main (sanitizer suite, the lnfold / int8-row / gemm sections); card 1 issue 16's
# standing against the moved FP16 baseline: sweeps of every SD block, FP16 and INT8 row, heuristic and tuned (JSON
# per-node picks), and heuristic UNet steps FP16 / INT8 row. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/sweep $R/unet; cp .devrun/run234.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv,noheader; date -u; } > $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
B=build/unetrun; T=build/test_gpu; L() { echo $((560 - $(el))); }
( CUDA_VISIBLE_DEVICES=0 SANITIZE_JOBS=12 SANITIZE_LOG=$R/sanitize.log timeout $(L) sh tests/sanitize.sh $B > $R/sanitize.txt 2>&1
  echo "sanitize: $(tail -n 1 $R/sanitize.txt) $(el) s"; grep "^FAIL" $R/sanitize.txt | head -5
  for s in lnfold int8-row gemm; do CUDA_VISIBLE_DEVICES=0 timeout $(L) $T $B --section $s > $R/section_$s.txt 2>&1 &
  done; wait; for s in lnfold int8-row gemm; do echo "section $s: $(tail -n 1 $R/section_$s.txt)"; grep "^FAIL" $R/section_$s.txt | head -3; done ) &
sw() { # sel linear model batch
  [ $(el) -gt 500 ] && return; f=$R/sweep/$1_$2_$3_b$4
  if [ $2 = fp16 ]; then fl="--linear fp16"; else fl="--linear int8 --int8-scales row"; fi
  CUDA_VISIBLE_DEVICES=1 timeout 120 $B --sweep $3 --batch $4 $fl --ref none --kernel-select $1 --json $f.json > $f.txt 2>&1
  echo "sweep $1 $2 $3 b$4: rc $? $(el) s"; }
st() { # model batch
  line="step $1 b$2 heuristic:"; for r in 1 2; do for v in fp16 int8; do [ $(el) -gt 520 ] && break
    if [ $v = fp16 ]; then fl="--linear fp16"; else fl="--linear int8 --int8-scales row"; fi
    f=$R/unet/${v}_$1_b$2_$r.txt
    CUDA_VISIBLE_DEVICES=1 timeout 60 $B --unet $1 --batch $2 $fl --kernel-select heuristic --ref none --iters 20 > $f 2>&1
    line="$line $v $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; done; echo "$line $(el) s"; }
for b in 1 2; do for v in int8 fp16; do for sel in heuristic tune; do sw $sel $v sd15 $b; done; done; done; save
st sd15 1; st sd15 2; st sdxl 1; st sd21 1; save
for m in sdxl sd21; do for b in 1 2; do for v in int8 fp16; do for sel in heuristic tune; do sw $sel $v $m $b; done; done; done; save; done
st sdxl 2; st sd21 2
wait
for f in $R/*.txt $R/*.log $R/sweep/* $R/unet/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
