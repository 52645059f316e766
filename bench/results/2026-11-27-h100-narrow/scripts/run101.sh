#!/bin/sh
# call 1 of 2: build main (.wt/base) and wip/kv-rule (head), gemm+lnfold sections on head, then per-kernel GPU
# durations under ncu (every tuning candidate and the vendor's kernel) at the small GEMMs that lose to cuBLASLt.
W=/tmp/r; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
cp -r .wt/kv/kernels/. kernels/; cp .wt/kv/tests/test_gpu.c tests/
(cd .wt/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
wait
echo "built $(el) s; $(tail -1 $W/build_base.txt)"
B=build/unetrun; BB=.wt/base/build/unetrun
timeout 200 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1 &
timeout 200 build/test_gpu $B --section lnfold > $W/section_lnfold.txt 2>&1 &
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
mkdir -p $W/ncu
# vendor kernels' launch shape (grid, block, cluster, smem, registers) and duration
for s in "77 2560 768 none" "256 1280 1280 residual" "1024 640 2560 residual" "2304 640 640 residual"; do
  set -- $s; n=$1x$2x$3-$4
  timeout 60 "$ncu" --clock-control none --cache-control none -k regex:'nvjet|xmma|cutlass|sm90_' --launch-count 2 --section LaunchStats \
    --metrics gpu__time_duration.sum $BB --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --kernel-select heuristic --iters 1 --warmup 0 --ref none > $W/ncu/vendor_$n.txt 2>&1
  echo "== vendor $n: $(grep -E '^  [a-zA-Z_].*\(|Duration|gpu__time_duration|Grid Size|Cluster Size|Block Size|Registers Per' $W/ncu/vendor_$n.txt | tr -s ' ' | tr '\n' '|' | cut -c1-600)"
done
wait
echo "gemm: $(tail -1 $W/section_gemm.txt) lnfold: $(tail -1 $W/section_lnfold.txt) ($(el) s)"
grep -h "^FAIL" $W/section_*.txt | head -10 | cut -c1-250
save
# every kernel's duration (tuning candidates once each, then the picks and the vendor), main's binary
for s in "77 2560 2048 none" "77 2560 768 none" "256 1280 1280 residual" "1024 640 2560 residual" "2304 640 640 residual" "2304 1920 640 none" "64 1280 1280 residual"; do
  set -- $s; n=$1x$2x$3-$4; [ $(el) -gt 520 ] && break
  timeout 120 "$ncu" --clock-control none --cache-control none --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__cluster_dim_z,launch__cluster_dim_y \
    $BB --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --tune-reps 1 --iters 3 --warmup 1 --ref none --verbose > $W/ncu/all_$n.csv 2>&1
  echo "all $n rc=$? lines $(wc -l < $W/ncu/all_$n.csv) ($(el) s)"
done
gzip -q $W/ncu/all_*.csv; save
echo "done $(el) s"
