#!/bin/sh
# Nsight Compute --set full: the plain 128 x 128 Hopper tile against cuBLASLt's kernel at 2304 x 640 x 2560 + residual
mkdir -p $OUT/ncu
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/ncu/device.txt; date >> $OUT/ncu/device.txt
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for v in "ours gemm_wgmma_kernelILi128ELi6ELb0ELb0ELb0EE" "vendor nvjet_sm90"; do set -- $v
  timeout 60 "$ncu" --clock-control none --cache-control none --kernel-name-base mangled -k regex:"$2" --launch-skip 0 --launch-count 1 \
    --set full build/unetrun --block gemm --m 2304 --n 640 --k 2560 --epilogue residual --vs cudnn --tune-reps 1 \
    --iters 2 --warmup 1 --ref none > $OUT/ncu/$1.txt 2>&1
  echo "== $1"; grep -E "Duration|Compute \(SM\) Throughput|L2 Cache Throughput|Shared|Stall|Issue Slots|Pipe|Tensor|Grid Size|Cluster Size|Warp Cycles Per Issued" $OUT/ncu/$1.txt | tr -s ' ' | head -30
done
