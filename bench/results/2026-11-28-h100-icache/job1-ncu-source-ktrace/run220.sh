#!/bin/sh
# H100: (1) Nsight Compute SourceCounters (stall samples per SASS instruction) on the INT8 row and FP16 kernels of
# the SD1.5 320 @64 b2 linears that lose (8192 x 320 x 320 + residual, 8192 x 2560 x 320 GEGLU), heuristic tiles;
# (2) ktrace of the 320 @64 b2 transformer block, FP16 / INT8, tuned and heuristic (kernel busy in place);
# (3) branch wip/guard2 (main + the tune guard): the guard's lines on the H100. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/ncu $R/kt $R/blocks; cp .devrun/run220.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/libktrace.so > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null); $ncu --version | tail -1 > $R/ncu/version.txt
I8="--linear int8 --int8-scales row"
for c in i8:8192:320:320:residual f16:8192:320:320:residual i8:8192:2560:320:geglu f16:8192:2560:320:geglu; do
  IFS=: read p m n k e <<EOT
$c
EOT
  if [ $p = i8 ]; then fl="$I8"; else fl="--linear fp16"; fi
  tag=${p}_${m}x${n}x${k}_$e
  timeout 120 $ncu -k regex:'gemm' --launch-count 1 --section SourceCounters --section WarpStateStats --section SpeedOfLight --section SchedulerStats \
    -o $R/ncu/$tag -f build/unetrun --block gemm --m $m --n $n --k $k --epilogue $e $fl --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/ncu/$tag.log 2>&1
  echo "== $tag rc=$? $(el) s"
  $ncu --import $R/ncu/$tag.ncu-rep --page details --print-details all > $R/ncu/$tag.details.txt 2>&1
  $ncu --import $R/ncu/$tag.ncu-rep --page source --csv --print-source sass > $R/ncu/$tag.sass.csv 2>$R/ncu/$tag.sass.err
  echo "   sass csv $(wc -l < $R/ncu/$tag.sass.csv) lines; $(head -c 300 $R/ncu/$tag.sass.err)"
  grep -E "Duration|Issue Slots Busy|No Eligible|Warp Cycles Per Issued" $R/ncu/$tag.details.txt | tr -s ' ' | head -6
done
save
for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  for s in heuristic tune; do
    CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/kt/${v}_$s.kt timeout 90 build/unetrun --block transformer --c 320 --hw 64 --batch 2 $fl --ref none --kernel-select $s > $R/kt/${v}_$s.txt 2>&1
    echo "kt $v $s: $(grep -E '^block \(' $R/kt/${v}_$s.txt | grep -o '[0-9.]* us' | head -1) $(el) s"
  done
done
save
for r in 1 2; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
  f=$R/blocks/t${r}_$v.txt; timeout 60 build/unetrun --block transformer --c 320 --hw 64 --batch 2 $fl --ref none --verbose > $f 2>&1
  g=$R/blocks/h${r}_$v.txt; timeout 60 build/unetrun --block transformer --c 320 --hw 64 --batch 2 $fl --ref none --kernel-select heuristic > $g 2>&1
  echo "320@64 b2 $v r$r: tuned $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) heur $(grep -E '^block \(' $g | grep -o '[0-9.]* us' | head -1) | $(grep '^guard' $f | tr -s ' ' | tr '\n' ' ')"
done; done
for f in $R/*.txt $R/blocks/* $R/kt/*.txt $R/ncu/*.txt $R/ncu/*.csv; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
