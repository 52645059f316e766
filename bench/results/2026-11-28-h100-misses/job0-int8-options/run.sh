#!/bin/sh
# H100: the 8 SD1.5 b2 linear shapes where INT8 row missed 1.0x: every option of the INT8 node
# (heuristic with --fuse-quant off / on / auto, tuned --verbose) beside FP16 (heuristic, tuned). carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run202.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
I8="--linear int8 --int8-scales row"
one() { # name flags...
  n=$1; shift
  timeout 60 build/unetrun --block gemm --m $m --n $n_ --k $k --ref none "$@" --json $R/gemm/${n}_$s.json > $R/gemm/${n}_$s.txt 2>$R/gemm/${n}_$s.err
  printf " %s %s" $n "$(grep -E '^gemm' $R/gemm/${n}_$s.txt | head -1 | tr -s ' ' | cut -d' ' -f3-6)"
}
for s in 154x640x768 154x1280x768 154x2560x768 2048x640x640 128x1280x5120 8192x320x320 8192x960x320 8192x320x1280; do
  m=${s%%x*}; nk=${s#*x}; n_=${nk%%x*}; k=${nk#*x}
  echo "== $s"
  for r in 1 2; do
    one fp16h$r --linear fp16 --kernel-select heuristic
    one i8off$r $I8 --fuse-quant off --kernel-select heuristic
    one i8on$r $I8 --fuse-quant on --kernel-select heuristic
    one i8auto$r $I8 --kernel-select heuristic
    echo
  done
  one fp16t --linear fp16 --verbose
  one i8t $I8 --verbose
  echo
done
echo "($(el) s)"
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
