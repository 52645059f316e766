#!/bin/sh
# qa tiles, second build: lanes per row from K (the whole row block in flight at K <= 640)
R=/tmp/r; mkdir -p $R/gemm $R/tf; cp .devrun/run177.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; save; exit 1; }
echo "built $(el)"
B=build/unetrun
g() { tag=$1; shift; timeout 60 $B --block gemm --check --verbose --json $R/gemm/$tag.json "$@" > $R/gemm/$tag.txt 2>&1
  printf "%-40s %s | %s\n" "$tag" "$(grep -E '^gemm' $R/gemm/$tag.txt | tr -s ' ' | cut -d' ' -f2-12)" "$(grep -c '^verdict  PASS' $R/gemm/$tag.txt)"; }
for s in 8192x320x320 8192x960x320 8192x2560x320 8192x320x1280 4096x320x320 4096x320x1280 2048x640x640 2048x1920x640 2048x5120x640 512x1280x1280 512x3840x1280 128x1280x1280 154x640x768 2048x10240x1280; do
  m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}
  g i8off_$s --m $m --n $n --k $k --linear int8 --int8-scales row --fuse-quant off
  g i8on_$s --m $m --n $n --k $k --linear int8 --int8-scales row --fuse-quant on
  g fp16_$s --m $m --n $n --k $k --linear fp16
done
echo "gemm $(el)"; save
tf() { tag=$1; shift; timeout 90 $B --block transformer --check --peak-tflops 990 --peak-gbps 3350 --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt)"; }
for r in 1; do for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  tf fp16_${c}_${hw}_b${b}_h_$r --c $c --hw $hw --batch $b --linear fp16 --kernel-select heuristic
  tf off_${c}_${hw}_b${b}_h_$r --c $c --hw $hw --batch $b --linear int8 --int8-scales row --fuse-quant off --kernel-select heuristic
  tf on_${c}_${hw}_b${b}_h_$r --c $c --hw $hw --batch $b --linear int8 --int8-scales row --fuse-quant on --kernel-select heuristic
done; done; done
echo "tf $(el)"; save
timeout 280 build/test_gpu --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row: $(tail -1 $R/section_int8_row.txt) $(el)"
grep -i "fail" $R/section_int8_row.txt | grep -v "0 failed" | head -20
echo "done $(el)"
for f in $R/*.txt $R/*/*.txt $R/*/*.json $R/*.log; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save
