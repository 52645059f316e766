#!/bin/sh
# H200: the kept group tiles (160 halves / 128 two sets, cvt dequant) and the wave heuristic: int8-row section
# (row + group suites, INT8 CLI), GEMM timings fp16 / row / group, blocks --check, steps, SDXL --check,
# sanitizers on the group path. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/gemm $R/blocks $R/steps $R/check $R/san; cp .devrun/run265.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
M="make ARCH=sm_90 DEPS_PREFIX=/tmp/deps"
$M -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el) s"; grep -o "group_kernel[^']*', [0-9]* bytes spill stores" $R/build.txt | head -3
timeout 240 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1 &
TP=$!
timeout 100 compute-sanitizer --tool memcheck build/unetrun --block gemm --m 300 --n 320 --k 1296 --linear int8 --int8-scales group --kernel-select tune-node --iters 1 --warmup 0 --ref none > $R/san/memcheck_gemm.txt 2>&1
timeout 150 compute-sanitizer --tool memcheck build/unetrun --block transformer --c 320 --hw 16 --linear int8 --int8-scales group --kernel-select heuristic --iters 1 --warmup 0 --ref none > $R/san/memcheck_transformer.txt 2>&1
timeout 100 compute-sanitizer --tool racecheck build/unetrun --block gemm --m 256 --n 320 --k 1280 --linear int8 --int8-scales group --kernel-select tune-node --iters 1 --warmup 0 --ref none > $R/san/racecheck_gemm.txt 2>&1
timeout 100 compute-sanitizer --tool synccheck build/unetrun --block gemm --m 256 --n 256 --k 1280 --linear int8 --int8-scales group --kernel-select tune-node --iters 1 --warmup 0 --ref none > $R/san/synccheck_gemm.txt 2>&1
for f in $R/san/*.txt; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1)"; done
wait $TP; echo "int8-row: $(tail -1 $R/section_int8_row.txt) ($(el) s)"; grep -h '^FAIL' $R/section_int8_row.txt | head -5 | cut -c1-300
H="--kernel-select heuristic --ref none"
gem() { # m n k
  line="gemm $1x$2x$3:"
  for r in 1 2; do for v in fp16 row group; do
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";; esac
    f=$R/gemm/$1x$2x$3_${v}_$r.txt
    timeout 60 build/unetrun --block gemm --m $1 --n $2 --k $3 $P $H > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
  done; done; echo "$line ($(el) s)"; }
for s in "2048 1280 5120" "8192 1280 5120" "4096 4096 4096" "2048 10240 1280" "8192 10240 1280" "8192 320 320" "2048 640 640" "8192 320 1280"; do gem $s; done
blk() { # c hw b
  line="transformer $1 @$2 b$3:"
  for v in fp16 row group; do
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";; esac
    f=$R/blocks/tf_$1_$2_b$3_$v.txt
    timeout 90 build/unetrun --block transformer --c $1 --hw $2 --batch $3 $P --kernel-select heuristic --check > $f 2>&1
    line="$line $v $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) $(grep -o 'verdict  [A-Z]*' $f)"
  done; echo "$line ($(el) s)"; }
blk 320 64 1; blk 320 64 2; blk 1280 16 2
for m in sd15 sdxl; do for b in 2; do line="step $m b$b:"; for v in fp16 row group; do
    case $v in fp16) P="--linear fp16";; row) P="--linear int8 --int8-scales row";; group) P="--linear int8 --int8-scales group";; esac
    f=$R/steps/${m}_b${b}_$v.txt
    timeout 90 build/unetrun --unet $m --batch $b $P --kernel-select heuristic --ref none > $f 2>&1
    line="$line $v $(grep -E '^step \(graph' $f | grep -o '[0-9.]* ms' | head -1)"
  done; echo "$line ($(el) s)"; done; done
for m in sd21 sdxl; do f=$R/check/${m}_group
  timeout 120 build/unetrun --unet $m --latent 16 --linear int8 --int8-scales group --kernel-select heuristic --check --json $f.json > $f.txt 2>&1
  echo "check $m group: $(grep -o 'verdict  [A-Z]*[^,]*' $f.txt | head -1 | cut -c1-120) ($(el) s)"; done
rm -f $R/build.txt; for f in $R/*.txt $R/*/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
