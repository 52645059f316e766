#!/bin/sh
# A 64 x 32 ping-pong TS tile for the INT8 row GEMMs of a few rows, in the heuristic: test_gpu
# --section int8-row; tuning tables (--verbose) of the few-row / long-K GEMMs; SD1.5 transformer blocks (heuristic,
# fp16 and int8-row) with the base build (.devrun/base147.tar: HEAD without the tile) and this one interleaved, two
# rounds; SD1.5 steps both builds. carry [".deps", ".devrun/run148.sh", ".devrun/base147.tar"]
W=/tmp/r; rm -rf $W; mkdir -p $W/gemm $W/unet
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
rm -rf /tmp/base && mkdir -p /tmp/base && tar xf .devrun/base147.tar -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $W/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
[ -x /tmp/base/build/unetrun ] || { tail -20 $W/build_base.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 200 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -8
grep -c "64x32/16st ts splitk=1: quantized\|64x32/16st ts:" $W/section_int8_row.txt
save
for s in 64:1280:5120 128:1280:5120 256:1280:5120 64:1280:1280 128:1280:1280 128:3840:1280 154:2560:768 128:10240:1280; do
  set -- $(echo $s | tr : ' ')
  timeout 60 $B --block gemm --m $1 --n $2 --k $3 --epilogue residual --linear int8 --int8-scales row --verbose --vs cudnn \
    --peak-tflops 990 --peak-gbps 3350 > $W/gemm/g_$1_$2_$3_tune.txt 2>&1
  timeout 30 $B --block gemm --m $1 --n $2 --k $3 --epilogue residual --linear int8 --int8-scales row --kernel-select heuristic \
    --peak-tflops 990 --peak-gbps 3350 > $W/gemm/g_$1_$2_$3_heur.txt 2>&1
  timeout 30 /tmp/base/build/unetrun --block gemm --m $1 --n $2 --k $3 --epilogue residual --linear int8 --int8-scales row \
    --kernel-select heuristic --peak-tflops 990 --peak-gbps 3350 > $W/gemm/g_$1_$2_$3_base.txt 2>&1
  timeout 30 $B --block gemm --m $1 --n $2 --k $3 --epilogue residual --kernel-select heuristic \
    --peak-tflops 990 --peak-gbps 3350 > $W/gemm/g_$1_$2_$3_fp16.txt 2>&1
  echo "gemm $1x$2x$3:"; for v in tune heur base fp16; do echo "  $v $(grep -hE '^gemm\+res' $W/gemm/g_$1_$2_$3_$v.txt | tr -s ' ' | cut -c1-100)"; done
done
save; echo "gemm done $(el) s"
for r in 1 2; do for v in base new; do mkdir -p $W/tf_${v}_$r
  [ $v = base ] && U=/tmp/base/build/unetrun || U=$B
  for b in 1 2; do for s in 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
    for p in fp16 int8-row; do
      case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
      timeout 60 $U --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select heuristic \
        --peak-tflops 990 --peak-gbps 3350 --json $W/tf_${v}_$r/tf_${c}_${hw}_b${b}_$p.json > $W/tf_${v}_$r/tf_${c}_${hw}_b${b}_$p.txt 2>&1
    done
  done; done
done; done
for d in tf_base_1 tf_new_1 tf_base_2 tf_new_2; do echo "$d:"; python3 bench/results/2026-11-27-h100-int8-pp/tf_summary.py $W/$d fp16 int8-row | grep -E "@|ff2"; done
grep -h "^verdict" $W/tf_*/*.txt | cut -c1-20 | sort | uniq -c
grep -h "^ff2" $W/tf_new_1/tf_1280_8_b1_int8-row.txt | cut -c1-120
save; echo "tf done $(el) s"
for r in 1 2; do for v in base new; do for m in sd15:1 sd15:2 sdxl:1; do mm=${m%%:*}; b=${m#*:}
  [ $(el) -gt 440 ] && continue
  [ $v = base ] && U=/tmp/base/build/unetrun || U=$B
  timeout 40 $U --unet $mm --batch $b --ref none --kernel-select heuristic --iters 30 --linear int8 --int8-scales row \
    --peak-tflops 990 --peak-gbps 3350 --json $W/unet/${mm}_b${b}_${v}_$r.json > $W/unet/${mm}_b${b}_${v}_$r.txt 2>&1
  echo "unet $mm b$b int8-row $v r$r: $(python3 -c "import json; print(json.load(open('$W/unet/${mm}_b${b}_${v}_$r.json'))['unet']['step_us'])" 2>&1 | tail -1) us"
done; done; done
L=$((590 - $(el)))
[ $L -gt 60 ] && SANITIZE_ONLY='gemm-int8-row|transformer-int8-row' SANITIZE_JOBS=8 SANITIZE_LOG=$W/sanitize.log timeout $L sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize: $(tail -1 $W/sanitize.txt)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200
for f in $W/*.txt $W/*.log $W/unet/* $W/tf_*/* $W/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
