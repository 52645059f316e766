#!/bin/sh
# Nsight Compute: plain 128x128 tile against its multicast twin at 2304 x 640 x 2560
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu
B=build/unetrun
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for v in "plain ELb0ELb0ELb0ELi1E" "mc2 ELb0ELb0ELb0ELi2E" "mc4 ELb0ELb0ELb0ELi4E"; do set -- $v
  timeout 100 "$ncu" --clock-control none --cache-control none --kernel-name-base mangled -k regex:"gemm_wgmma_kernelILi128ELi6$2" --launch-skip 1 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats --section WarpStateStats \
    --metrics lts__t_bytes.sum,sm__cycles_active.avg,gpu__time_duration.sum,lts__t_sectors_srcunit_tex.sum,l1tex__m_xbar2l1tex_read_bytes.sum \
    $B --block gemm --m 2304 --n 640 --k 2560 --epilogue residual --tune-reps 2 --iters 2 --warmup 1 --ref none > $W/ncu/$1.txt 2>&1
  echo "== $1"; grep -E "Duration|Throughput|Hit Rate|lts__t_bytes|xbar2l1tex|Grid Size|Cluster Size|sm__cycles_active|Stall|Warp Cycles Per Issued" $W/ncu/$1.txt | tr -s ' ' | head -24
done
tar czf $OUT/all.tgz -C /tmp r
