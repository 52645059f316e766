#!/bin/sh
# 64 x 160 INT8 row tiles (pp ts and qa) + qa tiles: tuned GEMM nodes (every candidate, --verbose), tuned SD1.5 blocks, int8-row section
R=/tmp/r; mkdir -p $R/gemm $R/tf; cp .devrun/run178.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el)"
B=build/unetrun
g() { tag=$1; shift; timeout 90 $B --block gemm --check --verbose --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  printf "%-34s %s | %s\n" "$tag" "$(grep -E '^gemm' $R/gemm/$tag.txt | tr -s ' ' | cut -d' ' -f2-11)" "$(grep -c '^verdict  PASS' $R/gemm/$tag.txt)"; }
for s in 2048x1280x5120 1024x1280x5120 8192x1280x5120 2048x1280x1280 8192x320x320 8192x320x1280 4096x320x1280 2048x640x640 2048x640x2560 512x1280x1280 4096x4096x4096 2048x10240x1280; do
  m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}
  g i8_$s --m $m --n $n --k $k --linear int8 --int8-scales row --epilogue residual
  g fp16_$s --m $m --n $n --k $k --linear fp16 --epilogue residual
done
echo "gemm $(el)"; save
tf() { tag=$1; shift; timeout 120 $B --block transformer --check --peak-tflops 990 --peak-gbps 3350 --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt)"; }
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  tf fp16_${c}_${hw}_b${b}_tune --c $c --hw $hw --batch $b --linear fp16
  tf i8_${c}_${hw}_b${b}_tune --c $c --hw $hw --batch $b --linear int8 --int8-scales row
done; done
echo "tf $(el)"; save
timeout 200 build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -i "fail" $R/section_int8_row.txt | grep -v "0 failed" | head -20
for f in $R/*.txt $R/*/*.txt $R/*/*.json $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el)"
