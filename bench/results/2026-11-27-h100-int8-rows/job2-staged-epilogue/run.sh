#!/bin/sh
# --int8-scales row, second job (the epilogue through a shared-memory slab and 16-byte row stores): the blocks
# section (every CLI block / UNet run, the committed goldens and the INT8 suites of both schemes), then, alone on the
# GPU, the GEMMs (bench/gemm.sh, tuned, --vs cudnn) for int8-row / int8 / fp16 and the SD1.5 transformer blocks at
# b1 / b2 with the three (heuristic picks). carry [".deps", ".devrun/run126.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 330 build/test_gpu $B --section blocks > $W/section_blocks.txt 2>&1
echo "blocks section: $(tail -n 1 $W/section_blocks.txt) ($(el) s)"; grep "^FAIL" $W/section_blocks.txt | cut -c1-400 | head -12
grep "int8 error" $W/section_blocks.txt | head -8
save
SHAPES="4096x4096x4096 2048x10240x1280 8192x10240x1280 2048x1280x5120 8192x1280x5120 512x1280x1280 8192x320x320" \
  PRECS="int8-row fp16" VS=cudnn timeout 130 sh bench/gemm.sh $W/gemm --peak-tflops 990 --peak-gbps 3350 > $W/gemm.log 2>&1
echo "gemm done ($(el) s)"; cut -d, -f1-7,12 $W/gemm/summary.csv
save
mkdir -p $W/tf
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --kernel-select heuristic --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_$p.json > $W/tf/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
done; done
save
echo "done $(el) s"
