#!/bin/sh
# Stream-K attention, why slower per key tile: Nsight Compute on the d64 Br192 pp kernel and its sk twin at
# b2 h8 4096^2 (and b1 h10), memory and scheduler sections. carry [".deps", ".devrun/run153.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/ncu
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/bench_attention > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_ltcfabric.sum,lts__average_gcomp_input_sector_success_rate.pct'
for shape in "2 8 4096 4096 64" "1 10 4096 4096 64"; do
  n=$(echo $shape | tr ' ' _)
  for k in 'ILi64ELi128ELi3ELi4ELi1ELi2ELi0ELi0ELi0ELi1ELi0E' 'ILi64ELi128ELi3ELi4ELi1ELi2ELi2ELi0ELi0ELi1ELi0E'; do
    timeout 120 $ncu --kernel-name-base mangled -k regex:$k --launch-skip 3 --launch-count 1 --cache-control none \
      --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
      --section LaunchStats --metrics "$M" build/bench_attention bench $shape > $W/ncu/${n}_$k.txt 2>&1
    echo "== $shape $k"; grep -E "^\s+(Duration|SM Frequency|DRAM Throughput|L2 Hit Rate|L2 Cache Throughput|Memory Throughput|Issue Slots Busy|No Eligible) |lts__t_sector_hit_rate|dram__bytes_read.sum|lts__t_sectors_srcunit_ltcfabric|pipe_tensor_cycles|pipe_xu|stalled_(barrier|long_scoreboard|wait|mio_throttle|lg_throttle|membar|sleeping)_per" $W/ncu/${n}_$k.txt | tr -s ' ' | cut -c1-110
  done
  save
done
echo "done $(el) s"
