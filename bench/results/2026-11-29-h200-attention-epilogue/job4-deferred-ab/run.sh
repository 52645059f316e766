#!/bin/bash
# the attention epilogue deferred past the next item's first Q K^T (new), without the deferral (nd: only the Q
# descriptor out of the item loop's shuffle), and HEAD (base): unetrun nodes --vs cudnn and bench_attention,
# interleaved, two rounds; Nsight Compute source counters on the d64 4096^2 b2 h8 node (base, new); the attention
# suite and the sweep on new
R=/tmp/r; rm -rf $R; mkdir -p $R/ab $R/nodes $R/ncu; cp .devrun/run323.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base /tmp/nd && tar xzf .devrun/base.tgz -C /tmp/base
tar cf - --exclude=./build --exclude=./.git --exclude=./bench/results --exclude=./tests/golden --exclude=./tests/corpus . | tar xf - -C /tmp/nd
sed -i 's/^#define AW_DEFER_O 1$/#define AW_DEFER_O 0/' /tmp/nd/kernels/attention_wgmma.cu; grep -c "define AW_DEFER_O 0" /tmp/nd/kernels/attention_wgmma.cu >> $R/times.txt
( cd /tmp/base && timeout 200 $MK build/kernels/attention_wgmma.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
( cd /tmp/nd && timeout 200 $MK build/kernels/attention_wgmma.o > $R/build_nd.log 2>&1; echo "obj nd rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P2=$!
timeout 250 $MK -j12 build/bench_attention build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1 $P2
for v in base nd; do
  tar cf - --exclude=./kernels/attention_wgmma.o --exclude=./unetrun --exclude=./bench_attention --exclude=./test_gpu -C build . | tar xf - -C /tmp/$v/build
  ( cd /tmp/$v && timeout 90 $MK -j8 build/bench_attention build/unetrun >> $R/build_$v.log 2>&1; echo "link $v rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
done
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do
for s in "--seq 4096 --heads 8 --head-dim 64 --batch 2" "--seq 4096 --heads 8 --head-dim 64 --batch 1" "--seq 4096 --heads 10 --head-dim 64 --batch 2" "--seq 1024 --heads 20 --head-dim 64 --batch 2" "--seq 1024 --heads 10 --head-dim 64 --batch 1" "--seq 4096 --heads 8 --head-dim 40 --batch 2" "--seq 1024 --heads 8 --head-dim 80 --batch 2"; do
  n=$(echo $s | tr -d ' -')
  for v in base nd new; do
    B=build/unetrun; [ $v != new ] && B=/tmp/$v/build/unetrun
    timeout 60 $B --block attention --kind self $s --vs cudnn --check > $R/nodes/${v}_${n}_$rep.txt 2>&1
    echo "$v $n $rep rc=$? $(grep -E '^attn' $R/nodes/${v}_${n}_$rep.txt | head -1 | tr -s ' ' | cut -d' ' -f3-14) | $(grep -A2 '^vendor baseline' $R/nodes/${v}_${n}_$rep.txt | grep -E '^attn' | tr -s ' ' | cut -d' ' -f6-10)" >> $R/nodes.txt
  done
done; done
echo "nodes $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s)
for s in "2 8 4096 4096 64" "2 20 1024 1024 64" "2 8 4096 4096 40" "2 8 1024 1024 80"; do
  n=$(echo $s | tr ' ' _)
  for v in base nd new; do
    B=build/bench_attention; [ $v != new ] && B=/tmp/$v/build/bench_attention
    timeout 60 $B bench $s > $R/ab/${v}_${n}.txt 2>&1
    echo "$v $n rc=$? $(grep -E 'best:' $R/ab/${v}_${n}.txt)" >> $R/ab.txt
  done
done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/nodes.txt $R/ab.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 120 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
for v in base new; do
  B=build/unetrun; [ $v != new ] && B=/tmp/$v/build/unetrun
  timeout 100 $ncu -k regex:attn_wgmma --launch-count 1 --section SourceCounters --section WarpStateStats --section SpeedOfLight \
    -o $R/ncu/$v -f $B --block attention --kind self --seq 4096 --heads 8 --head-dim 64 --batch 2 --ref none --iters 1 --warmup 0 > $R/ncu/$v.log 2>&1; echo "ncu $v rc=$?"
  timeout 60 $ncu --import $R/ncu/$v.ncu-rep --page details --print-details all > $R/ncu/$v.details.txt 2>&1
  timeout 60 $ncu --import $R/ncu/$v.ncu-rep --page source --csv --print-source sass > $R/ncu/$v.sass.csv 2>$R/ncu/$v.sass.err
done
rm -f $R/ncu/*.ncu-rep
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 100 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build*.log $R/attn_test.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
