#!/bin/sh
# weight multicast tiles (128xBN, clusters of 2 / 4 along M) of gemm_wgmma.cu: tuned nodes (the tuning tables put
# them beside the plain tiles), then the gemm section.
W=/tmp/r; rm -rf $W; mkdir -p $W/nodes
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
mc() {  # file: the plain tiles and their multicast twins, split 1, tuning times
  for bn in 128x128x64/6st 128x160x64/5st 128x256x64/4st; do
    printf "  %s: %s | mc2 %s | mc4 %s\n" $bn "$(grep -E "^tune.* wgmma $bn splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')" \
      "$(grep -E "^tune.* wgmma $bn mc2 splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')" "$(grep -E "^tune.* wgmma $bn mc4 splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')"
  done
}
g() {  # m n k epi
  f=$W/nodes/g$1x$2x$3-$4
  timeout 60 $B --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1x$2x$3 $4: $(grep -E '^gemm[+a-z]* ' $f.txt | head -2 | tr -s ' ' | cut -c1-100 | tr '\n' '|')"; mc $f.txt
}
rb() {  # cin cout hw batch
  f=$W/nodes/res$1-$2-$3-b$4
  timeout 90 $B --block resblock --c $1 --cout $2 --hw $3 --batch $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "res $1->$2 @$3 b$4: $(grep -E '^conv[12]' $f.txt | tr -s ' ' | cut -d' ' -f1-9 | tr '\n' ';') | $(grep -E '^(block \(|vendor block)' $f.txt | tr -s ' ' | cut -d' ' -f1-5 | tr '\n' ';')"; mc $f.txt
}
for s in "2304 640 640 residual" "2304 640 2560 residual" "2304 1920 640 none" "1024 3840 1280 none" "2048 3840 1280 none" "4096 640 640 residual" "1024 640 2560 residual"; do
  set -- $s; g $1 $2 $3 $4
done
save
for s in "640 640 48 1" "1280 1280 24 1" "1280 1280 32 1" "320 320 64 2" "640 640 32 2" "320 320 128 2"; do
  set -- $s; rb $1 $2 $3 $4
done
for f in $W/nodes/*.json; do gzip -q $f; done; save
timeout 250 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1
echo "gemm section: $(tail -n 1 $W/section_gemm.txt) ($(el) s)"; grep -h "^FAIL" $W/section_gemm.txt | head -10 | cut -c1-250
save
echo "done $(el) s"
