#!/bin/bash
# where the INT8 row node's time goes at the (1280, 5120) targets beside 4096^3 and (10240, 1280): kernel busy times in place (ktrace), tuned
R=/tmp/r; mkdir -p $R; cp .devrun/run289.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 240 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/libktrace.so > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
for s in 8192x1280x5120 2048x1280x5120 4096x4096x4096 8192x10240x1280; do
  m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}
  for prec in int8 fp16; do
    fl="--linear int8 --int8-scales row"; [ $prec = fp16 ] && fl="--linear fp16"
    t=$(date +%s); CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=$R/kt_${prec}_$s.txt timeout 60 build/unetrun --block gemm --m $m --n $n --k $k $fl --ref none --verbose > $R/run_${prec}_$s.txt 2>&1; echo "$prec $s rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
  done
done
cat $R/times.txt; for f in $R/kt_*.txt; do echo "== $f"; cat $f | head -20; done
grep -h -E "^gemm|tune|cand" $R/run_int8_8192x1280x5120.txt | head -40
gzip -9 $R/build.log; cd /tmp && tar czf $OUT/all.tgz r
