#!/bin/sh
# --int8-scales row, first job: the INT8 tests (test_gpu --section int8: both scale schemes' kernels against their
# C models and the CLI runs), then, alone on the GPU, the GEMMs (bench/gemm.sh, tuned, --vs cudnn) at 4096^3 and
# the feed-forward shapes for int8-row / int8 / fp16, and the SD1.5 transformer blocks at b1 / b2 with the three.
# carry [".deps", ".devrun/run125.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 200 build/test_gpu $B --section int8 > $W/section_int8.txt 2>&1
echo "int8 section: $(tail -n 1 $W/section_int8.txt) ($(el) s)"; grep "^FAIL" $W/section_int8.txt | cut -c1-400 | head -12
grep "int8 error" $W/section_int8.txt | head -8
save
SHAPES="4096x4096x4096 2048x10240x1280 8192x10240x1280 2048x1280x5120 8192x1280x5120 512x1280x1280 8192x320x320" \
  PRECS="int8-row int8 fp16" VS=cudnn timeout 200 sh bench/gemm.sh $W/gemm --peak-tflops 990 --peak-gbps 3350 > $W/gemm.log 2>&1
echo "gemm done ($(el) s)"; cut -d, -f1-8,11,12 $W/gemm/summary.csv | sed 's/,/ /g' | column -t | head -30
save
mkdir -p $W/tf
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --kernel-select heuristic --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_$p.json > $W/tf/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
  echo "tf $c @$hw b$b: $(for p in fp16 int8 int8-row; do grep -m1 '^block' $W/tf/tf_${c}_${hw}_b${b}_$p.txt | tr -s ' ' | cut -c1-60; grep -m1 '^verdict' $W/tf/tf_${c}_${hw}_b${b}_$p.txt | cut -c1-30; done | tr '\n' '|')"
done; done
save
echo "done $(el) s"
