#!/bin/sh
# Row kernels with 8 / 16 lanes per row at C <= 512 / 1024, 8 rows per block (64 / 128 threads) (LayerNorm, its statistics and quantizing passes, the
# row quantizer): test_gpu sections int8-row, lnfold, norm; then the SD1.5 transformer blocks (heuristic; fp16 and
# int8-row) with the base build (.devrun/base144: a warp per row) and this one interleaved, two rounds; SD1.5 steps both builds.
# carry [".deps", ".devrun/run145.sh", ".devrun/base144"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
# the base build: this tree with the two kernel files of the commit before (.devrun/base144/)
rm -rf /tmp/base && mkdir -p /tmp/base && tar cf - --exclude=./build --exclude=./bench . | (cd /tmp/base && tar xf -) && cp .devrun/base144/kernels/*.cu /tmp/base/kernels/
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $W/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
ls -la /tmp/base/build/unetrun > /dev/null || { tail -20 $W/build_base.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 150 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1 &
timeout 150 build/test_gpu $B --section norm > $W/section_norm.txt 2>&1 &
timeout 150 build/test_gpu $B --section lnfold > $W/section_lnfold.txt 2>&1 &
wait
for s in int8_row norm lnfold; do echo "$s: $(tail -n 1 $W/section_$s.txt)"; grep "^FAIL" $W/section_$s.txt | cut -c1-300 | head -5; done
save
for r in 1 2; do for v in base new; do mkdir -p $W/tf_${v}_$r
  [ $v = base ] && U=/tmp/base/build/unetrun || U=$B
  for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
    for p in fp16 int8-row; do
      case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
      timeout 60 $U --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
        --peak-tflops 990 --peak-gbps 3350 --json $W/tf_${v}_$r/tf_${c}_${hw}_b${b}_$p.json > $W/tf_${v}_$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
    done
  done; done
done; done
for d in tf_base_1 tf_new_1 tf_base_2 tf_new_2; do echo "$d:"; python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/$d fp16 int8-row | grep "@"; done
grep -h "^verdict" $W/tf_*/*.txt | cut -c1-20 | sort | uniq -c
grep -hE "^(ln1|ln2|ln3|ln1\+qkv|out1\+res) " $W/tf_base_1/tf_320_64_b2_*.txt $W/tf_new_1/tf_320_64_b2_*.txt | cut -c1-110
save; echo "tf done $(el) s"
mkdir -p $W/unet
for r in 1 2; do for v in base new; do for b in 1 2; do for p in fp16 int8-row; do
  [ $(el) -gt 560 ] && continue
  [ $v = base ] && U=/tmp/base/build/unetrun || U=$B
  case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
  timeout 30 $U --unet sd15 --batch $b --ref none --kernel-select heuristic --iters 30 $f --peak-tflops 990 --peak-gbps 3350 \
    --json $W/unet/sd15_b${b}_${p}_${v}_$r.json > $W/unet/sd15_b${b}_${p}_${v}_$r.txt 2>&1
  echo "unet sd15 b$b $p $v r$r: $(python3 -c "import json; print(json.load(open('$W/unet/sd15_b${b}_${p}_${v}_$r.json'))['unet']['step_us'])" 2>&1 | tail -1) us"
done; done; done; done
for f in $W/*.txt $W/unet/* $W/tf_*/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
