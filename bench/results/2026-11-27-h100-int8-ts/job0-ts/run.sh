#!/bin/sh
# INT8 row tiles with the TMA-store epilogue (pp_ts.cuh): test_gpu --section int8-row, the GEMMs tuned (--verbose
# tables: every tile, the TS ones last) for int8-row and fp16 at the SD1.5 / feed-forward shapes, the SD1.5
# transformer blocks tuned with both, then the int8-row sanitizer runs. carry [".deps", ".devrun/run135.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 170 build/test_gpu $B --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -12
save
SHAPES="4096x4096x4096 8192x10240x1280 2048x10240x1280 2048x1280x5120 8192x960x320 8192x320x320 8192x2560x320 8192x320x1280 2048x1920x640 2048x640x640 2048x5120x640 2048x640x2560 512x1280x1280 512x3840x1280 128x1280x1280" \
  PRECS="int8-row fp16" VS=cudnn timeout 240 sh bench/gemm.sh $W/gemm --verbose --peak-tflops 990 --peak-gbps 3350 > $W/gemm.log 2>&1
echo "gemm done ($(el) s)"; cut -d, -f1-6 $W/gemm/summary.csv | sed 's/,/ /g' | head -40
save
mkdir -p $W/tf
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 60 $B --block transformer --c $c --hw $hw --batch $b $f --check \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_$p.json > $W/tf/tf_${c}_${hw}_b${b}_$p.txt 2>&1
  done
  echo "tf $c @$hw b$b: $(for p in fp16 int8-row; do grep -m1 '^block' $W/tf/tf_${c}_${hw}_b${b}_$p.txt | tr -s ' ' | cut -c1-60; grep -m1 '^verdict' $W/tf/tf_${c}_${hw}_b${b}_$p.txt | cut -c1-30; done | tr '\n' '|')"
done; done
save; echo "tf done $(el) s"
SANITIZE_ONLY=int8-row SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout 150 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s)"; grep -E "^FAIL" $W/sanitize.txt | cut -c1-200; tail -1 $W/sanitize.txt
gzip -q $W/sanitize.log; save
echo "done $(el) s"
