#!/bin/sh
# same tree as run93 (wip/ts-ln over main): tuned transformer blocks (LN fold picks), and the small-M GEMMs of
# SDXL b1 / SD1.5 b1 beside cuBLASLt: tuning tables, the vendor's kernels (ncu launch stats), ours under ncu.
W=/tmp/r; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; git log --oneline -1; } > $W/device.txt
cp -r .wt/tsln/kernels/. kernels/; cp -r .wt/tsln/tests/. tests/
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
mkdir -p $W/gemm $W/ncu $W/tf
for s in "1024 1280 1280 residual" "1024 3840 1280 none" "77 2560 2048 none" "1024 1280 5120 residual" "256 1280 1280 residual" "2048 1280 1280 residual"; do
  set -- $s; n=$1x$2x$3-$4
  timeout 40 $B --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --kernel-select tune --verbose > $W/gemm/$n.txt 2>&1
  echo "== $n rc=$?: vendor $(grep '^vendor block' $W/gemm/$n.txt | awk '{print $4}') ours $(grep '^block (graph' $W/gemm/$n.txt | awk '{print $4}') picked $(grep -E '^gemm' $W/gemm/$n.txt | head -1 | cut -c16-60)"
  grep "^tune" $W/gemm/$n.txt | awk '{print $(NF-1), $0}' | sort -n | head -5 | cut -c1-100
done
save; echo "tables $(el) s"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for s in "1024 1280 1280 residual" "1024 3840 1280 none" "77 2560 2048 none"; do
  set -- $s; n=$1x$2x$3-$4
  timeout 60 "$ncu" -k regex:'nvjet|sm90|cutlass|gemm' --launch-skip 0 --launch-count 3 --section LaunchStats --section SpeedOfLight \
    $B --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --kernel-select heuristic --iters 1 --warmup 0 --ref none > $W/ncu/vendor_$n.txt 2>&1
  echo "== vendor $n: $(grep -E '^  [a-zA-Z_].*\(|Duration|Grid Size|Cluster Size|Compute \(SM\) Throughput' $W/ncu/vendor_$n.txt | tr -s ' ' | tr '\n' '|' | cut -c1-900)"
done
save; echo "vendor ncu $(el) s"
timeout 90 "$ncu" -k regex:'wgmma' --launch-skip 2 --launch-count 1 --section WarpStateStats --section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy \
  $B --block gemm --m 1024 --n 1280 --k 1280 --epilogue residual --kernel-select tune --iters 1 --warmup 0 --ref none > $W/ncu/ours_1024x1280x1280.txt 2>&1
grep -E "^  [a-zA-Z_].*\(|Duration|Stall|Warp Cycles Per Issued|Compute \(SM\) Throughput|L2 Cache Throughput|DRAM Throughput|Grid Size" $W/ncu/ours_1024x1280x1280.txt | tr -s ' ' | head -30
save; echo "ours ncu $(el) s"
for s in "1280 32 1 2048 64 linear 2" "1280 16 1 768 160 conv 1" "1280 16 2 768 160 conv 1"; do
  set -- $s; [ $(el) -gt 480 ] && break
  timeout 50 $B --block transformer --c $1 --hw $2 --batch $3 --context-dim $4 --head-dim $5 --proj $6 --depth $7 --vs cudnn --kernel-select tune --verbose --check > $W/tf/tune_$1_$2_b$3.txt 2>&1
  echo "== tuned $1@$2 b$3 d$7: $(grep -E '^block \(graph|^vendor block|^verdict' $W/tf/tune_$1_$2_b$3.txt | awk '{print $1, $4, $5}' | tr '\n' '|') ln picks: $(grep -E '^(b[0-9]\.)?ln[0-9]' $W/tf/tune_$1_$2_b$3.txt | awk '{print $1, $3, $4, $5, $6, $7}' | head -3 | tr '\n' '|')"
done
save; echo "done $(el) s"
