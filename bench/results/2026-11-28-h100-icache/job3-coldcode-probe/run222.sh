#!/bin/sh
# H100: cold-code probe (.devrun/coldcode.cu): a GEMM's time after the same kernel, after another tile's kernel, after
# an L2 thrash with its data read back, and after an L2 thrash. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run222.sh .devrun/coldcode.cu $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
nvcc -std=c++17 -O2 -gencode=arch=compute_90,code=sm_90 -I. -Ikernels -I/tmp/deps/usr/include -c .devrun/coldcode.cu -o build/coldcode.o &&
OBJS=$(ls build/common/*.o build/weights/*.o build/src/layers/*.o build/src/graph/*.o build/src/report/*.o build/src/*.o build/src/baseline/*.o build/kernels/*.o | grep -v "src/main.o") &&
nvcc -gencode=arch=compute_90,code=sm_90 -o build/coldcode build/coldcode.o $OBJS -L/usr/local/cuda/lib64 -Xlinker -rpath=/usr/local/cuda/lib64 -L/tmp/deps/usr/lib/x86_64-linux-gnu -Xlinker -rpath=/tmp/deps/usr/lib/x86_64-linux-gnu -lcurand -lcublas -lcjson -lstb -lgomp -lm -Xlinker -rpath=/usr/local/cuda/lib -L/usr/local/cuda/lib -l:libcudnn.so.9 -lcublasLt >> $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for r in 1 2; do for s in "8192 320 320" "4096 320 320" "8192 320 1280" "2048 640 640"; do
  echo "== $s round $r"; timeout 60 build/coldcode $s 2>&1 | tee -a $R/coldcode.txt
done; done
save; echo "done $(el) s"
