#!/bin/sh
# Nsight Compute at 77 x 2560 x 2048: our narrow pp tiles against cuBLASLt's kernel (memory / L2 side)
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
B=build/unetrun
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
prof() {  # tag regex m n k
  timeout 100 "$ncu" --clock-control none --cache-control none --kernel-name-base demangled -k regex:"$2" --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy \
    --metrics lts__t_bytes.sum,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,sm__cycles_active.avg,gpu__time_duration.sum \
    $B --block gemm --m $3 --n $4 --k $5 --vs cudnn --tune-reps 3 --iters 3 --warmup 1 --ref none > $W/ncu/$1.txt 2>&1
  echo "== $1 ($(el) s)"; grep -E "Duration|Throughput|Hit Rate|lts__t_bytes|dram__bytes_read|Grid Size|Cluster Size|Busy|Max Bandwidth|sm__cycles_active|L2 Compression" $W/ncu/$1.txt | tr -s ' ' | head -30
}
prof pp64x64 "pp_kernel<.int.64, .int.64, .int.12" 77 2560 2048
prof pp64x128 "pp_kernel<.int.64, .int.128, .int.7, .int.3, .int.1" 77 2560 2048
prof vendor 'nvjet_sm90_hsh_64x40' 77 2560 2048
prof pp64x32_64 "pp_kernel<.int.64, .int.32, .int.16" 64 1280 1280
prof vendor_64 'nvjet_sm90_hsh_64x16' 64 1280 1280
save
echo "done $(el) s"
