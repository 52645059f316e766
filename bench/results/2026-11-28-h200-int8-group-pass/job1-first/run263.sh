#!/bin/sh
# H200: group scales made before the GEMM (quantize_groups_int8 + INT8-A gemm_int8_group): tests, timings
# against row / FP16 / the previous group kernel (HEAD), ncu kernel durations, SD1.5 blocks. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks; cp .devrun/run263.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log --oneline -1 >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
( git worktree add -f /tmp/old HEAD > /dev/null 2>&1 && cd /tmp/old && $M -j6 build/unetrun > /tmp/old_build.txt 2>&1; echo "old rc $?" >> /tmp/old_build.txt ) &
$M -j10 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"; grep -i "spill" $R/build.txt | grep -o "group_kernel[^']*'[^,]*, [0-9]* bytes spill stores" | head
timeout 150 build/test_gpu build/unetrun --section int8-group > $R/test_group.txt 2>&1
grep -E "FAIL|int8 error" $R/test_group.txt | head -20 | cut -c1-400; tail -1 $R/test_group.txt; echo "tests $(el) s"
wait; tail -1 /tmp/old_build.txt; echo "old built $(el) s"
H="--kernel-select heuristic --ref none"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for v in fp16 row group old; do
    B=build/unetrun
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";;
      old) P="--linear int8 --int8-scales group"; B=/tmp/old/build/unetrun;; esac
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 $B --block gemm --m $1 --n $2 --k $3 $P $H > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 10240 1280" "8192 320 320" "8192 960 320" "2048 640 640"; do gem $s; done
f=$R/gemm/check_2048x1280x5120_group.txt
build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --check > $f 2>&1; tail -2 $f
for v in row group; do
  timeout 120 ncu --metrics gpu__time_duration.sum build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales $v \
    --kernel-select heuristic --ref none --iters 2 --warmup 1 > $R/ncu_dur_$v.txt 2>&1
  echo "ncu $v:"; grep -E "^  [a-z_]+.*\(|gpu__time_duration" $R/ncu_dur_$v.txt | tail -8
done
blk() { # c hw b
  line="transformer $1 @$2 b$3:"
  for v in fp16 row group; do
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";; esac
    f=$R/blocks/tf_$1_$2_b$3_$v.txt
    timeout 90 build/unetrun --block transformer --c $1 --hw $2 --batch $3 $P --kernel-select heuristic --check > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) $(grep -o 'verdict  [A-Z]*' $f)"
  done; echo "$line ($(el) s)"; }
blk 320 64 1; blk 320 64 2; blk 1280 16 2
rm -f $R/build.txt; for f in $R/*.txt $R/gemm/* $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
