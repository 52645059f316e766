#!/bin/bash
# three- consumer d40 / d64 kernels with 1/8 (d40 also 2/8) of the exp2 on the FP32 pipe as tuner candidates (new)
# against HEAD (base): unetrun nodes --vs cudnn (tuned), interleaved, two rounds; bench_attention bench on new;
# then the full-shape diffusers goldens (make_golden --set full and unet-full, six --golden-only shards) on new
R=/tmp/r; rm -rf $R; mkdir -p $R/nodes $R/ab; cp .devrun/run324.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
( python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl > $R/pip.log 2>&1
  python3 -m zipfile -e .whl2/diffusers_slim.zip /tmp/site >> $R/pip.log 2>&1 ) &
PP=$!
MK="make DEPS_PREFIX=/tmp/deps ARCH=sm_90"
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 200 $MK build/kernels/attention_wgmma.o > $R/build_base.log 2>&1; echo "obj base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
P1=$!
timeout 250 $MK -j13 build/bench_attention build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $P1
tar cf - --exclude=./kernels/attention_wgmma.o --exclude=./unetrun --exclude=./bench_attention --exclude=./test_gpu -C build . | tar xf - -C /tmp/base/build
( cd /tmp/base && timeout 90 $MK -j8 build/bench_attention build/unetrun >> $R/build_base.log 2>&1; echo "link base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt )
cat $R/times.txt
t=$(date +%s)
for rep in 1 2; do
for s in "--seq 4096 --heads 8 --head-dim 40 --batch 2" "--seq 4096 --heads 8 --head-dim 40 --batch 1" "--seq 4096 --heads 8 --head-dim 64 --batch 2" "--seq 4096 --heads 8 --head-dim 64 --batch 1" "--seq 4096 --heads 10 --head-dim 64 --batch 2" "--seq 1024 --heads 20 --head-dim 64 --batch 2" "--seq 1024 --heads 10 --head-dim 64 --batch 1"; do
  n=$(echo $s | tr -d ' -')
  for v in base new; do
    B=build/unetrun; [ $v != new ] && B=/tmp/$v/build/unetrun
    timeout 60 $B --block attention --kind self $s --vs cudnn --check > $R/nodes/${v}_${n}_$rep.txt 2>&1
    echo "$v $n $rep rc=$? $(grep -E '^attn' $R/nodes/${v}_${n}_$rep.txt | head -1 | tr -s ' ' | cut -d' ' -f3-14) | $(grep -A2 '^vendor baseline' $R/nodes/${v}_${n}_$rep.txt | grep -E '^attn' | tr -s ' ' | cut -d' ' -f6-10)" >> $R/nodes.txt
  done
done; done
echo "nodes $(( $(date +%s) - t )) s" >> $R/times.txt
for s in "2 8 4096 4096 40" "1 8 4096 4096 40" "2 8 4096 4096 64" "2 10 4096 4096 64" "2 20 1024 1024 64"; do
  n=$(echo $s | tr ' ' _)
  timeout 60 build/bench_attention bench $s > $R/ab/new_${n}.txt 2>&1
  echo "new $n rc=$? $(grep -E 'best:' $R/ab/new_${n}.txt)" >> $R/ab.txt
done
cat $R/nodes.txt $R/ab.txt
t=$(date +%s); timeout 60 build/bench_attention test > $R/attn_test.txt 2>&1; echo "attention suite rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
tail -1 $R/attn_test.txt; grep -m5 FAIL $R/attn_test.txt
(cd /tmp && tar czf $OUT/all.tgz r)
wait $PP
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
t=$(date +%s); timeout 150 python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda > $R/golden_make.log 2>&1; echo "golden make rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
t=$(date +%s); timeout 100 python3 tests/golden/make_golden.py --set unet-full --out build/golden-full --device cuda > $R/golden_make_unet.log 2>&1; echo "golden make unet rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
TL=$(( 575 - ($(date +%s) - T0) )); echo "shard limit $TL s" >> $R/times.txt
PIDS=""
for k in 0 1 2 3 4 5; do
  ( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --golden-only --golden build/golden-full --golden-shard $k/6 > $R/golden_$k.txt 2>&1; echo "golden $k rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
  PIDS="$PIDS $!"
done
wait $PIDS
cat $R/times.txt | tr '\n' ';'; echo
for k in 0 1 2 3 4 5; do echo "shard $k: $(tail -n1 $R/golden_$k.txt)"; grep -m3 '^FAIL' $R/golden_$k.txt; done
gzip -9 $R/build*.log $R/golden_*.txt $R/golden_make*.log $R/attn_test.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
