#!/bin/sh
# Tree 6a15c1a (shared wg_ring_mainloop in gemm_int8_rows; --engine portable check): test_gpu --section int8,
# the int8-row sanitizer runs, then Nsight Compute on the per-row INT8 node's two kernels (quantizer, GEMM) at
# three shapes. carry [".deps", ".devrun/run128.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
timeout 200 build/test_gpu $B --section int8 > $W/section_int8.txt 2>&1
echo "int8 section: $(tail -n 1 $W/section_int8.txt) ($(el) s)"; grep "^FAIL" $W/section_int8.txt | cut -c1-400 | head -12
save
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for s in 8192x320x320 2048x10240x1280 4096x4096x4096; do m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}
  timeout 90 "$ncu" -k regex:'int8_rows|quantize_rows' --launch-skip 0 --launch-count 4 --section SpeedOfLight --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis \
    $B --block gemm --m $m --n $n --k $k --linear int8 --int8-scales row --kernel-select heuristic --iters 1 --warmup 0 --ref none > $W/ncu/i8r_$s.txt 2>&1
  echo "== $s: $(grep -E '^  [a-zA-Z_].*\(|Duration|Compute \(SM\) Throughput|DRAM Throughput|Grid Size' $W/ncu/i8r_$s.txt | tr -s ' ' | tr '\n' '|' | cut -c1-900)"
done
save; echo "ncu $(el) s"
SANITIZE_ONLY=int8-row SANITIZE_JOBS=16 SANITIZE_LOG=$W/sanitize.log timeout 150 sh tests/sanitize.sh build/unetrun > $W/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s)"; tail -3 $W/sanitize.txt | cut -c1-200
gzip -q $W/sanitize.log; save
echo "done $(el) s"
