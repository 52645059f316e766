#!/bin/sh
# H200: persistent group tiles with the TS epilogue, ring places carried (no division): int8-group / int8-row tests, timings against the one-tile group
# kernel (HEAD), row and FP16, tuning tables, SD1.5 blocks and steps. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks $R/unet $R/tune; cp .devrun/run270.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log --oneline -1 >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
( git worktree add -f /tmp/old HEAD > /dev/null 2>&1 && cd /tmp/old && $M -j6 build/unetrun > /tmp/old_build.txt 2>&1; echo "old rc $?" >> /tmp/old_build.txt ) &
$M -j10 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"; grep -i "spill" $R/build.txt | grep -o "group_kernel[^']*'[^,]*, [0-9]* bytes spill stores" | head
export XDG_CACHE_HOME=/tmp/cc
timeout 200 build/test_gpu build/unetrun --section int8-group > $R/test_group.txt 2>&1
grep -E "FAIL|int8 error" $R/test_group.txt | head -20 | cut -c1-400; tail -1 $R/test_group.txt; echo "tests $(el) s"
timeout 200 build/test_gpu build/unetrun --section int8-row > $R/test_row.txt 2>&1
grep -E "FAIL" $R/test_row.txt | head -10 | cut -c1-300; tail -1 $R/test_row.txt; echo "row tests $(el) s"
wait; tail -1 /tmp/old_build.txt; echo "old built $(el) s"
H="--kernel-select heuristic --ref none"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for v in fp16 row group old; do
    [ $r = 2 ] && [ $v = fp16 -o $v = row ] && continue
    B=build/unetrun
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";;
      old) P="--linear int8 --int8-scales group"; B=/tmp/old/build/unetrun;; esac
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 $B --block gemm --m $1 --n $2 --k $3 $P $H > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 10240 1280" "8192 10240 1280" "8192 320 320" "8192 960 320" "8192 320 1280" "2048 640 640"; do gem $s; done
for s in "2048 10240 1280" "8192 320 320" "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "8192 960 320"; do set -- $s
  timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 --linear int8 --int8-scales group --kernel-select tune-node --verbose --ref none > $R/tune/$1x$2x$3.txt 2>&1
  echo "tune $1x$2x$3: $(grep '^tune ' $R/tune/$1x$2x$3.txt | cut -c1-60 | tr -s ' ' | tr '\n' ';')"; done
f=$R/gemm/check_bias_res_group.txt
build/unetrun --block gemm --m 2048 --n 1280 --k 5120 --linear int8 --int8-scales group --kernel-select heuristic --check > $f 2>&1; tail -1 $f
blk() { # c hw b
  line="transformer $1 @$2 b$3:"
  for v in fp16 row group old; do B=build/unetrun
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";;
      old) P="--linear int8 --int8-scales group"; B=/tmp/old/build/unetrun;; esac
    f=$R/blocks/tf_$1_$2_b$3_$v.txt
    timeout 90 $B --block transformer --c $1 --hw $2 --batch $3 $P --kernel-select heuristic --check > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) $(grep -o 'verdict  [A-Z]*' $f)"
  done; echo "$line ($(el) s)"; }
blk 320 64 1; blk 320 64 2; blk 1280 16 2; blk 640 32 2
step() { tag=$1; bin=$2; shift; shift
  timeout 150 $bin --ref none --kernel-select heuristic --iters 30 --json $R/unet/$tag.json "$@" > $R/unet/$tag.txt 2>&1
  echo "$tag: $(python3 -c "import json; print(round(json.load(open('$R/unet/$tag.json'))['unet']['step_us']/1000,3))" 2>&1 | tail -1) ms ($(el))"; }
G="--linear int8 --int8-scales group"
step sd15_b2_row build/unetrun --unet sd15 --batch 2 --linear int8 --int8-scales row
step sd15_b2_group build/unetrun --unet sd15 --batch 2 $G
step sd15_b2_old /tmp/old/build/unetrun --unet sd15 --batch 2 $G
step sdxl_b2_group build/unetrun --unet sdxl --batch 2 $G
step sdxl_b2_old /tmp/old/build/unetrun --unet sdxl --batch 2 $G
timeout 60 compute-sanitizer --tool racecheck build/unetrun --block gemm --m 333 --n 384 --k 1024 $G --kernel-select heuristic --iters 1 --warmup 0 --ref none > $R/racecheck.txt 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $R/racecheck.txt
timeout 60 compute-sanitizer --tool memcheck build/unetrun --block gemm --m 4177 --n 1040 --k 320 $G --kernel-select heuristic --iters 1 --warmup 0 --ref none > $R/memcheck.txt 2>&1; grep -E "ERROR SUMMARY" $R/memcheck.txt
timeout 60 compute-sanitizer --tool synccheck build/unetrun --block gemm --m 4177 --n 1040 --k 320 $G --kernel-select heuristic --iters 1 --warmup 0 --ref none > $R/synccheck.txt 2>&1; grep -E "ERROR SUMMARY" $R/synccheck.txt
rm -f $R/build.txt; for f in $R/*.txt $R/gemm/* $R/blocks/* $R/unet/* $R/tune/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
