#!/bin/sh
# INT8 row picks confirmed over every tile within twice (second job): SD1.5 320 @64 and 640 @32 transformer blocks,
# tuned and heuristic (fp16, int8-row), two rounds. carry [".deps", ".devrun/run151.sh"]
W=/tmp/r; rm -rf $W; mkdir -p $W/gemm $W/tf
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
for r in 1 2; do for b in 1 2; do for s in 320:64 640:32; do c=${s%%:*}; hw=${s#*:}
  for p in fp16 int8-row; do for m in tune heuristic; do
    case $p in int8-row) f="--linear int8 --int8-scales row";; *) f="--linear $p";; esac
    timeout 90 $B --block transformer --c $c --hw $hw --batch $b $f --check --kernel-select $m \
      --peak-tflops 990 --peak-gbps 3350 --json $W/tf/tf_${c}_${hw}_b${b}_${p}_${m}_$r.json > $W/tf/tf_${c}_${hw}_b${b}_${p}_${m}_$r.txt 2>&1
    echo "tf $c@$hw b$b $p $m r$r: $(grep -E '^block \(graph' $W/tf/tf_${c}_${hw}_b${b}_${p}_${m}_$r.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $W/tf/tf_${c}_${hw}_b${b}_${p}_${m}_$r.txt)"
  done; done
done; done; done
for f in $W/*.txt $W/tf/* $W/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 16384 ] && gzip -q $f; done
save; echo "done $(el) s"
