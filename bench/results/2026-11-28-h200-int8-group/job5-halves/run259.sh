#!/bin/sh
# H200: group tiles in column halves (dequantize one half under the other's products): timings, tests.
# carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm; cp .devrun/run259.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
grep -i "group" $R/build.txt | grep -i "spill\|C75" | cut -c1-60,150-260
echo "built $(el) s"
H="--kernel-select heuristic --ref none"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for v in row group group128; do
    case $v in row) P="--linear int8 --int8-scales row $H";; group) P="--linear int8 --int8-scales group $H";;
      group128) P="--linear int8 --int8-scales group --kernel-select tune --ref none --verbose";; esac
    [ $v = group128 ] && [ $r = 2 ] && continue
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 $P > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "4096 4096 4096" "8192 320 320" "2048 640 640" "8192 1280 5120"; do gem $s; done
grep -h "i8g" $R/gemm/*group128* | head -12
timeout 200 build/test_gpu build/unetrun --section int8-group > $R/test_group.txt 2>&1
grep -E "FAIL" $R/test_group.txt | head -10; tail -1 $R/test_group.txt; echo "tests $(el) s"
for f in $R/*.txt $R/gemm/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
