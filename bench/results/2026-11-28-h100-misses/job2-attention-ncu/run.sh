#!/bin/sh
# H100: issue 14's eight missed attention shapes: tuned against cuDNN (bench/attention.sh's runs, two rounds), and
# Nsight Compute on every kernel of one heuristic run with --vs cudnn (ours and cuDNN's side by side).
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/att $R/ncu; cp .devrun/run204.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
M=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,sm__cycles_active.avg,sm__cycles_elapsed.max,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size,launch__registers_per_thread,gpu__time_duration.sum
cases="d64_self_4096_h8_b1:--seq 4096 --heads 8 --head-dim 64 --batch 1
d64_self_4096_h8_b2:--seq 4096 --heads 8 --head-dim 64 --batch 2
d64_self_4096_h10_b2:--seq 4096 --heads 10 --head-dim 64 --batch 2
d64_self_1024_h10_b1:--seq 1024 --heads 10 --head-dim 64 --batch 1
d64_self_1024_h20_b2:--seq 1024 --heads 20 --head-dim 64 --batch 2
d64_self_256_h20_b2:--seq 256 --heads 20 --head-dim 64 --batch 2
sd15_self_1024_h8_d80_b2:--seq 1024 --heads 8 --head-dim 80 --batch 2
sd15_cross_1024x77_h8_d80_b2:--kind cross --seq 1024 --kv 77 --heads 8 --head-dim 80 --batch 2"
echo "$cases" | while IFS=: read name fl; do
  for r in 1 2; do
    timeout 120 build/unetrun --block attention $fl --vs cudnn --check --json $R/att/${name}_r$r.json > $R/att/${name}_r$r.txt 2>&1
    echo "$name r$r rc=$? $(grep -E '^attn' $R/att/${name}_r$r.txt | head -1 | tr -s ' ' | cut -c1-150)"
  done
done
save; echo "tuned done $(el) s"
echo "$cases" | while IFS=: read name fl; do
  timeout 150 $ncu --launch-count 12 --section SpeedOfLight --section LaunchStats --section Occupancy --metrics $M \
    build/unetrun --block attention $fl --vs cudnn --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/ncu/$name.txt 2>&1
  echo "== $name rc=$? $(el) s"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration.sum|pipe_tensor_cycles|pipe_xu|sm__cycles_active.avg|sm__warps_active|launch__grid_size|launch__registers' $R/ncu/$name.txt | grep -v poison | tr -s ' ' | cut -c1-140
done
for f in $R/*.txt $R/att/* $R/ncu/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
