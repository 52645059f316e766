#!/bin/sh
# INT8 row tiles, the slab stores unrolled (no runtime division): GEMMs at the short-K SD shapes (tuned, --verbose),
# then Nsight Compute (warp states, source counters, instruction mix) on the quantizer and every tile at
# 8192 x 2560 x 320. carry [".deps", ".devrun/run130.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
SHAPES="8192x320x320 8192x2560x320 2048x5120x640 2048x1280x5120 2048x10240x1280" \
  PRECS="int8-row" timeout 120 sh bench/gemm.sh $W/gemm --verbose > $W/gemm.log 2>&1
echo "gemm done ($(el) s)"; cut -d, -f1-6 $W/gemm/summary.csv
grep -h "^tune" $W/gemm/*.txt | head -30
save
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
timeout 150 "$ncu" -k regex:'int8_rows|quantize_rows' --launch-skip 0 --launch-count 8 --section SpeedOfLight --section WarpStateStats \
  --section SourceCounters --section InstructionStats --section LaunchStats \
  $B --block gemm --m 8192 --n 2560 --k 320 --linear int8 --int8-scales row --tune-reps 1 --iters 1 --warmup 0 --ref none > $W/ncu/i8r_8192x2560x320.txt 2>&1
echo "ncu rc=$? $(el) s"
grep -E '^  [a-zA-Z_].*\(|Duration|Warp Cycles Per Issued|Executed Instructions  ' $W/ncu/i8r_8192x2560x320.txt | tr -s ' ' | cut -c1-160
gzip -q $W/ncu/*.txt; save
echo "done $(el) s"
