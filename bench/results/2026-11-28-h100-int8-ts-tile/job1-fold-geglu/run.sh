#!/bin/sh
# base (69737e4) vs head (the TS consumer tile shared by the ping-pong TS and qa kernels; GEGLU keeps the pass
# and the three-consumer tile in the heuristic): int8-row section, GEMM nodes interleaved, blocks, sanitizer int8-row
R=/tmp/r; mkdir -p $R/gemm $R/tf; cp .devrun/run183.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/base && tar -xzf .devrun/base.tgz -C /tmp/base
(cd /tmp/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun > $R/build_base.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
wait; echo "built $(el)"
I8="--linear int8 --int8-scales row"
timeout 200 build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -E "FAIL|heuristic 132" $R/section_int8_row.txt | head -10
save
g() { tag=$1; bin=$2; shift; shift
  timeout 60 $bin --block gemm --kernel-select heuristic --ref none --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  echo "$tag: $(grep -E '^gemm' $R/gemm/$tag.txt | tr -s ' ' | cut -d' ' -f2-9)"; }
for r in 1 2; do
for s in geglu:8192:2560:320 none:8192:2560:320 residual:8192:320:320 residual:8192:320:1280 residual:2048:1280:5120 residual:2048:640:640 residual:512:1280:1280 residual:128:1280:5120; do
  IFS=: read e m n k <<EOT
$s
EOT
  for v in base head; do if [ $v = base ]; then b=/tmp/base/build/unetrun; else b=build/unetrun; fi
    g ${v}_${e}_${m}x${n}x${k}_$r $b --m $m --n $n --k $k --epilogue $e $I8; done
done; done
g fp16_geglu_8192x2560x320 build/unetrun --m 8192 --n 2560 --k 320 --epilogue geglu --linear fp16
timeout 90 build/unetrun --block gemm --m 8192 --n 2560 --k 320 --epilogue geglu $I8 --verbose --ref none > $R/gemm/tuned_geglu_8192x2560x320.txt 2>&1
grep -E "^confirm|^gemm" $R/gemm/tuned_geglu_8192x2560x320.txt | head -8
save
tf() { tag=$1; bin=$2; shift; shift; timeout 90 $bin --block transformer --check --kernel-select heuristic --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt)"; }
for r in 1 2; do for s in 320:64:2 1280:8:2 640:32:1; do IFS=: read c hw b <<EOT
$s
EOT
  tf fp16_${c}_${hw}_b${b}_$r build/unetrun --c $c --hw $hw --batch $b --linear fp16
  tf base_${c}_${hw}_b${b}_$r /tmp/base/build/unetrun --c $c --hw $hw --batch $b $I8
  tf head_${c}_${hw}_b${b}_$r build/unetrun --c $c --hw $hw --batch $b $I8
done; done
save
SANITIZE_ONLY='int8-row' SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; tail -2 $R/sanitize.txt; grep -E "^FAIL" $R/sanitize.txt | head
for f in $R/*.txt $R/*.log $R/*/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
