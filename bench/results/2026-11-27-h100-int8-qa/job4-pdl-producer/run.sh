#!/bin/sh
# base (6347fc3: qa + 64x160) vs head (the qa producer copies the weights before the grid-dependency wait): blocks, SD1.5 b2 step
R=/tmp/r; mkdir -p $R/unet $R/tf $R/gemm; cp .devrun/run180.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/base && tar -xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
wait; echo "built $(el)"
I8="--linear int8 --int8-scales row"
step() { tag=$1; bin=$2; shift; shift
  timeout 150 $bin --ref none --kernel-select heuristic --iters 50 --peak-tflops 990 --peak-gbps 3350 --json $R/unet/$tag.json "$@" > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(round(json.load(open('$R/unet/$tag.json'))['unet']['step_us']/1000,3))" 2>&1 | tail -1) ms ($(el))"; }
for r in 1 2; do
  step sd15_b2_fp16_$r build/unetrun --unet sd15 --batch 2 --linear fp16
  step sd15_b2_i8base_$r /tmp/base/build/unetrun --unet sd15 --batch 2 $I8
  step sd15_b2_i8head_$r build/unetrun --unet sd15 --batch 2 $I8
done
save
tf() { tag=$1; bin=$2; shift; shift; timeout 90 $bin --block transformer --check --kernel-select heuristic --peak-tflops 990 --peak-gbps 3350 --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt)"; }
for r in 1 2; do for b in 1 2; do for s in 320:64 640:32 1280:8; do c=${s%%:*}; hw=${s#*:}
  tf fp16_${c}_${hw}_b${b}_$r build/unetrun --c $c --hw $hw --batch $b --linear fp16
  tf base_${c}_${hw}_b${b}_$r /tmp/base/build/unetrun --c $c --hw $hw --batch $b $I8
  tf head_${c}_${hw}_b${b}_$r build/unetrun --c $c --hw $hw --batch $b $I8
done; done; done
save
timeout 200 build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -i "fail" $R/section_int8_row.txt | grep -v "0 failed" | head -20
SANITIZE_ONLY='int8-row' SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; tail -2 $R/sanitize.txt; grep -E "^FAIL" $R/sanitize.txt | head
for f in $R/*.txt $R/*/*.txt $R/*/*.json $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
