#!/bin/sh
# base (d7139ab) vs head (qa + 64x160 INT8 row tiles, heuristic): UNet steps and SD1.5 transformer blocks, heuristic
R=/tmp/r; mkdir -p $R/unet $R/tf $R/gemm; cp .devrun/run179.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/base && tar -xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
wait; echo "built $(el)"
I8="--linear int8 --int8-scales row"
step() { tag=$1; bin=$2; shift; shift
  timeout 150 $bin --ref none --kernel-select heuristic --iters 50 --peak-tflops 990 --peak-gbps 3350 --json $R/unet/$tag.json "$@" > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(round(json.load(open('$R/unet/$tag.json'))['unet']['step_us']/1000,3))" 2>&1 | tail -1) ms ($(el))"; }
for m in "sd15 1" "sd15 2" "sdxl 1"; do set -- $m
  step ${1}_b${2}_fp16 build/unetrun --unet $1 --batch $2 --linear fp16
  for r in 1 2; do
    step ${1}_b${2}_i8base_$r /tmp/base/build/unetrun --unet $1 --batch $2 $I8
    step ${1}_b${2}_i8head_$r build/unetrun --unet $1 --batch $2 $I8
  done
  save
done
tf() { tag=$1; bin=$2; shift; shift; timeout 90 $bin --block transformer --check --kernel-select heuristic --peak-tflops 990 --peak-gbps 3350 --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt)"; }
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  tf fp16_${c}_${hw}_b${b} build/unetrun --c $c --hw $hw --batch $b --linear fp16
  tf base_${c}_${hw}_b${b} /tmp/base/build/unetrun --c $c --hw $hw --batch $b $I8
  tf head_${c}_${hw}_b${b} build/unetrun --c $c --hw $hw --batch $b $I8
done; done
save
g() { tag=$1; shift; timeout 60 build/unetrun --block gemm --check --kernel-select heuristic --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  printf "%-34s %s\n" "$tag" "$(grep -E '^gemm' $R/gemm/$tag.txt | tr -s ' ' | cut -d' ' -f2-9)"; }
for s in 2048x1280x5120 1024x1280x5120 2048x1280x1280 8192x320x320 8192x320x1280 4096x320x1280 2048x640x640 2048x640x2560 512x1280x1280 8192x960x320 8192x2560x320 512x3840x1280; do
  m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}; g i8h_$s --m $m --n $n --k $k $I8 --epilogue residual; done
for f in $R/*.txt $R/*/*.txt $R/*/*.json; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
