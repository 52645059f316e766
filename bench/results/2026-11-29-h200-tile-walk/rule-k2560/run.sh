#!/bin/bash
# the ping-pong rule past K = 2048 (64 x 128 3c where it makes one wave at K = 5120; 64 x 160 / 64 x 128 by the
# wave model at N <= 640 past two waves): heuristic before (HEAD) / after, GEMMs and SD blocks; test_gpu gemm
R=/tmp/r; mkdir -p $R/g $R/blk; cp .devrun/run294.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base.tgz -C /tmp/base
( cd /tmp/base && timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun > $R/build_base.log 2>&1; echo "build base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
PB=$!
timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PB
B=build/unetrun; BB=/tmp/base/build/unetrun; P="--peak-tflops 700 --peak-gbps 4000"
t=$(date +%s)
for rep in 1 2; do
for s in 512x1280x5120 576x1280x5120 1024x1280x5120 256x1280x5120 4608x640x2560 8192x640x2560 4096x640x2560 2304x640x2560; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for v in base new; do
    X=$B; [ $v = base ] && X=$BB
    timeout 30 $X --block gemm --m $M --n $N --k $K --epilogue residual --kernel-select heuristic --ref none $P --json $R/g/${v}_${s}_$rep.json > $R/g/${v}_${s}_$rep.txt 2>&1
    echo "$v $s $rep rc=$?" >> $R/g.txt
  done
done; done
echo "gemm $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s)
for v in base new; do
  X=$B; [ $v = base ] && X=$BB
  timeout 60 $X --block transformer --c 1280 --hw 16 --batch 2 --kernel-select heuristic --check --json $R/blk/${v}_sd15_1280_16_b2.json > $R/blk/${v}_sd15_1280_16_b2.txt 2>&1; echo "$v sd15 rc=$?" >> $R/blk.txt
  timeout 60 $X --block transformer --c 1280 --hw 24 --batch 1 --head-dim 64 --context-dim 1024 --proj linear --kernel-select heuristic --check --json $R/blk/${v}_sd21_1280_24_b1.json > $R/blk/${v}_sd21_1280_24_b1.txt 2>&1; echo "$v sd21a rc=$?" >> $R/blk.txt
  timeout 60 $X --block transformer --c 640 --hw 48 --batch 2 --head-dim 64 --context-dim 1024 --proj linear --kernel-select heuristic --check --json $R/blk/${v}_sd21_640_48_b2.json > $R/blk/${v}_sd21_640_48_b2.txt 2>&1; echo "$v sd21b rc=$?" >> $R/blk.txt
  timeout 60 $X --block transformer --c 640 --hw 64 --batch 2 --head-dim 64 --context-dim 2048 --proj linear --depth 2 --kernel-select heuristic --check --json $R/blk/${v}_sdxl_640_64_b2.json > $R/blk/${v}_sdxl_640_64_b2.txt 2>&1; echo "$v sdxl rc=$?" >> $R/blk.txt
done
echo "blk $(( $(date +%s) - t )) s" >> $R/times.txt
(cd /tmp && tar czf $OUT/all.tgz r)
t=$(date +%s); TL=$(( 540 - (t - T0) )); [ $TL -gt 200 ] && TL=200
timeout $TL build/test_gpu $B --section gemm > $R/t_gemm.txt 2>&1; echo "gemm section rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt | tr '\n' ';'; echo; tail -1 $R/t_gemm.txt; grep -E "FAIL" $R/t_gemm.txt | head -5; grep -c "rc=0" $R/g.txt $R/blk.txt
gzip -9 $R/build.log $R/t_gemm.txt 2>/dev/null
cd /tmp && tar czf $OUT/all.tgz r
