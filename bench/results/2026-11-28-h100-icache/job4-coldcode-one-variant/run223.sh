#!/bin/sh
# H100: cold-code probe round 2 (.devrun/coldcode.cu, now with a kernel of 195 KB straight-line code and a
# data-touch-only case), base tree, then the same with the TS epilogue compiled for bias + residual only
# (.devrun/ts_probe.patch + TS_PROBE_BR: the other epilogue variants' code out of the kernel).
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run223.sh .devrun/coldcode.cu .devrun/ts_probe.patch $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
link() {
nvcc -std=c++17 -O2 -gencode=arch=compute_90,code=sm_90 -I. -Ikernels -I/tmp/deps/usr/include -c .devrun/coldcode.cu -o build/coldcode.o &&
OBJS=$(ls build/common/*.o build/weights/*.o build/src/layers/*.o build/src/graph/*.o build/src/report/*.o build/src/*.o build/src/baseline/*.o build/kernels/*.o | grep -v "src/main.o") &&
nvcc -gencode=arch=compute_90,code=sm_90 -o build/coldcode build/coldcode.o $OBJS -L/usr/local/cuda/lib64 -Xlinker -rpath=/usr/local/cuda/lib64 -L/tmp/deps/usr/lib/x86_64-linux-gnu -Xlinker -rpath=/tmp/deps/usr/lib/x86_64-linux-gnu -lcurand -lcublas -lcjson -lstb -lgomp -lm -Xlinker -rpath=/usr/local/cuda/lib -L/usr/local/cuda/lib -l:libcudnn.so.9 -lcublasLt
}
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 && link >> $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for r in 1 2; do for s in "8192 320 320" "2048 640 640"; do
  echo "== base $s round $r"; timeout 60 build/coldcode $s 2>&1 | tee -a $R/coldcode_base.txt
done; done
save
git apply .devrun/ts_probe.patch && sed -i '1i #define TS_PROBE_BR' kernels/pp_ts.cuh && rm -f build/kernels/gemm_wgmma_pp.o build/kernels/gemm_int8_rows.o &&
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build2.txt 2>&1 && link >> $R/build2.txt 2>&1 || { tail -20 $R/build2.txt; save; exit 1; }
echo "built probe $(el) s"
for r in 1 2; do for s in "8192 320 320" "2048 640 640"; do
  echo "== probe (bias + residual epilogue only) $s round $r"; timeout 60 build/coldcode $s 2>&1 | tee -a $R/coldcode_probe.txt
done; done
git checkout kernels/pp_ts.cuh
save; echo "done $(el) s"
