#!/bin/sh
# branch wip/bn96-mc (kernels/tests of .wt/mc96 copied over main): 128 x 96 tiles, plain and with the weights
# multicast in clusters of 2 / 4 (cuBLASLt's nvjet 128x96 x 1x4 at 2304 x 640 x 2560). Tuned nodes --vs cudnn
# --verbose (the tables hold every variant side by side), then the gemm section and the conv section in 4 shards.
# carry [".deps", ".devrun/run110.sh", ".wt/mc96/kernels", ".wt/mc96/tests/test_gpu.c"]
W=/tmp/r; rm -rf $W; mkdir -p $W/nodes
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { tar czf $OUT/all.tgz -C /tmp r; }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
cp -r .wt/mc96/kernels/. kernels/; cp .wt/mc96/tests/test_gpu.c tests/
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built $(el) s"
B=build/unetrun
t() {  # tuning times of the 128-row tiles, split 1 (first node of the file)
  for bn in 128x128x64/6st 128x96x64/7st; do
    printf "  %s: %s | mc2 %s | mc4 %s\n" $bn "$(grep -E "^tune.* wgmma $bn splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')" \
      "$(grep -E "^tune.* wgmma $bn mc2 splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')" "$(grep -E "^tune.* wgmma $bn mc4 splitk=1 " $1 | head -1 | awk '{print $(NF-1)}')"
  done
}
for s in "2304 640 640 residual" "2304 640 2560 residual" "1024 640 2560 residual" "4608 640 640 residual"; do set -- $s
  f=$W/nodes/g$1x$2x$3-$4
  timeout 60 $B --block gemm --m $1 --n $2 --k $3 --epilogue $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "$1x$2x$3 $4: $(grep -E '^gemm[+a-z]* ' $f.txt | head -2 | tr -s ' ' | cut -c1-100 | tr '\n' '|')"; t $f.txt
done
for s in "640 640 48 1" "1280 1280 24 1" "1280 640 48 1"; do set -- $s
  f=$W/nodes/res$1-$2-$3-b$4
  timeout 90 $B --block resblock --c $1 --cout $2 --hw $3 --batch $4 --vs cudnn --verbose --json $f.json > $f.txt 2>&1
  echo "res $1->$2 @$3 b$4: $(grep -E '^conv[12]' $f.txt | tr -s ' ' | cut -d' ' -f1-9 | tr '\n' ';')"; t $f.txt
done
for f in $W/nodes/*.json; do gzip -q $f; done; save
for k in 0 1 2 3; do timeout 250 build/test_gpu $B --section conv --shard $k/4 > $W/section_conv_$k.txt 2>&1 & done
timeout 250 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1 &
wait
for k in 0 1 2 3; do echo "conv $k/4: $(tail -n 1 $W/section_conv_$k.txt)"; grep "^FAIL" $W/section_conv_$k.txt | head -3 | cut -c1-250; done
echo "gemm: $(tail -n 1 $W/section_gemm.txt)"; grep "^FAIL" $W/section_gemm.txt | head -3 | cut -c1-250
save
echo "done $(el) s"
