#!/bin/bash
# two Q tiles for d40 / three-four-consumer / serial attention kernels: this tree against HEAD (base), bench_attention
# bench and unetrun nodes (--vs cudnn) interleaved two rounds; the attention suite, the attention sanitizer runs
# beside test_gpu --section blocks; bench/attention.sh on this tree
R=/tmp/r; mkdir -p $R/ab $R/nodes; cp .devrun/run318.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 200 $MK build/kernels/attention_wgmma.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
timeout 250 $MK -j14 build/bench_attention build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1
tar cf - --exclude=./kernels/attention_wgmma.o --exclude=./unetrun --exclude=./bench_attention --exclude=./test_gpu --exclude=./tests/gpu_attention.o --exclude=./bench/gpu_attention.o -C build . | tar xf - -C /tmp/base/build
( cd /tmp/base && timeout 90 $MK -j8 build/bench_attention build/unetrun >> $R/build_base.log 2>&1; echo "link base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do
for s in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "2 5 4096 4096 64" "2 20 1024 1024 64" "2 8 4096 4096 40" "1 8 4096 4096 40"; do
  n=$(echo $s | tr ' ' _)
  for v in base new; do
    B=build/bench_attention; [ $v = base ] && B=/tmp/base/build/bench_attention
    timeout 60 $B bench $s > $R/ab/${v}_${n}_$rep.txt 2>&1
    echo "$v $n $rep rc=$? $(grep -E 'best:' $R/ab/${v}_${n}_$rep.txt)" >> $R/ab.txt
  done
done; done
for rep in 1 2; do
for s in "--seq 4096 --heads 8 --head-dim 64 --batch 2" "--seq 4096 --heads 8 --head-dim 64 --batch 1" "--seq 4096 --heads 10 --head-dim 64 --batch 2" "--seq 4096 --heads 5 --head-dim 64 --batch 2" "--seq 4096 --heads 8 --head-dim 40 --batch 2" "--seq 4096 --heads 8 --head-dim 40 --batch 1"; do
  n=$(echo $s | tr -d ' -')
  for v in base new; do
    B=build/unetrun; [ $v = base ] && B=/tmp/base/build/unetrun
    timeout 60 $B --block attention --kind self $s --vs cudnn --check > $R/nodes/${v}_${n}_$rep.txt 2>&1
    echo "$v $n $rep rc=$? $(grep -E '^attn' $R/nodes/${v}_${n}_$rep.txt | head -1 | tr -s ' ' | cut -d' ' -f3-14) | $(grep -A2 '^vendor baseline' $R/nodes/${v}_${n}_$rep.txt | grep -E '^attn' | tr -s ' ' | cut -d' ' -f6-10)" >> $R/nodes.txt
  done
done; done
echo "ab $(( $(date +%s) - t )) s" >> $R/times.txt; cat $R/ab.txt $R/nodes.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 120 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
t=$(date +%s)
( SANITIZE_ONLY='attention' SANITIZE_LOG=$R/sanitize.log timeout 230 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PS=$!
( timeout 230 build/test_gpu build/unetrun --section blocks > $R/blocks.txt 2>&1; echo "blocks rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
PB=$!
wait $PS $PB
tail -2 $R/sanitize.txt; grep FAIL $R/sanitize.txt | head; tail -1 $R/blocks.txt; grep -m5 "^FAIL" $R/blocks.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); timeout 100 sh bench/attention.sh $R/sweep > $R/sweep.txt 2>&1; echo "sweep rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
echo "total $(( $(date +%s) - T0 )) s" >> $R/times.txt; cat $R/times.txt
gzip -9 $R/build*.log $R/attn_test.txt $R/sanitize.log $R/blocks.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
