#!/bin/sh
# A 64 x 64 ping-pong INT8 row tile (wgmma m64n64k32 s8) for the GEMMs of a few rows: the few-row GEMMs tuned with
# --verbose (every tile's time), then test_gpu --section int8-row (row-scale kernels against the C model, every tile,
# and the CLI runs). carry [".deps", ".devrun/run134.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
SHAPES="128x1280x1280 128x3840x1280 128x10240x1280 128x1280x5120 154x640x768 154x1280x768 154x2560x768 512x1280x1280 2048x640x640" \
  PRECS="int8-row" timeout 40 sh bench/gemm.sh $W/gemm --verbose > $W/gemm.log 2>&1
echo "gemm done ($(el) s)"
for f in $W/gemm/gemm_*.txt; do s=${f##*_}; echo "${s%.txt}: $(grep '^tune gemm' $f | awk '{print $(NF-1)}' | tr '\n' ' ')| $(grep -m1 -E '^verdict' $f | cut -c1-14)"; done
save
timeout 150 build/test_gpu build/unetrun --section int8-row > $W/section_int8_row.txt 2>&1
echo "int8-row section: $(tail -n 1 $W/section_int8_row.txt) ($(el) s)"; grep "^FAIL" $W/section_int8_row.txt | cut -c1-300 | head -8
save; echo "done $(el) s"
