#!/bin/bash
# FP16 ping-pong tiles before the walk (add1fe9) against this tree, tuned, interleaved: the large GEMMs whose A is
# under half the L2 (no walk taken), where one job had the FP16 8192 x 10240 x 1280 node at 361 us (306.8 before)
R=/tmp/r; mkdir -p $R/g; cp .devrun/run295.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
mkdir -p /tmp/base && tar xzf .devrun/base_add1.tgz -C /tmp/base
( cd /tmp/base && timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j12 build/unetrun > $R/build_base.log 2>&1; echo "build base rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
PB=$!
timeout 280 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $PB
B=build/unetrun; BB=/tmp/base/build/unetrun
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv >> $R/device.txt
t=$(date +%s)
for rep in 1 2; do
for s in 8192x10240x1280 4096x4096x4096 2048x10240x1280 8192x960x320; do
  M=${s%%x*}; r=${s#*x}; N=${r%%x*}; K=${r#*x}
  for v in base new; do
    X=$B; [ $v = base ] && X=$BB
    timeout 40 $X --block gemm --m $M --n $N --k $K --ref none --peak-tflops 700 --peak-gbps 4000 --json $R/g/${v}_${s}_$rep.json > $R/g/${v}_${s}_$rep.txt 2>&1
    echo "$v $s $rep rc=$? $(grep -E '^gemm ' $R/g/${v}_${s}_$rep.txt | awk '{print $(NF-14), $(NF-13), $(NF-12)}')" >> $R/g.txt
  done
done; done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv >> $R/device.txt
echo "gemm $(( $(date +%s) - t )) s" >> $R/times.txt
cat $R/times.txt | tr '\n' ';'; echo
cd /tmp && tar czf $OUT/all.tgz r
