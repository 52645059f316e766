#!/bin/sh
# candidate lists up to 256 (head a291079) vs 128 (base c9a0f12, .wt/base): gemm section, tuning tables of the
# context GEMMs beside cuBLASLt (base and head), tuned sweeps (head), UNet steps with heuristic picks (base vs head)
W=/tmp/r; rm -rf $W; mkdir -p $W
t0=$(date +%s)
el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date; } > $W/device.txt
(cd .wt/base && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j6 build/unetrun > $W/build_base.txt 2>&1; echo "base rc=$?" >> $W/build_base.txt) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j10 build/unetrun build/test_gpu > $W/build.txt 2>&1 || { tail -20 $W/build.txt; exit 1; }
echo "built head $(el) s"
B=build/unetrun
timeout 200 build/test_gpu $B --section gemm > $W/section_gemm.txt 2>&1
wait; tail -1 $W/build_base.txt
echo "gemm: $(tail -1 $W/section_gemm.txt) ($(el) s)"; grep -h "^FAIL" $W/section_gemm.txt | head -10 | cut -c1-250; grep "candidates whole" $W/section_gemm.txt | head -3 | cut -c1-200
save
mkdir -p $W/gemm
for s in "77 2560 2048" "154 2560 2048" "77 1280 768" "154 2560 768" "154 2560 1024"; do
  set -- $s; n=$1x$2x$3
  for v in base head; do
    bin=$B; [ $v = base ] && bin=.wt/base/build/unetrun
    timeout 40 $bin --block gemm --m $1 --n $2 --k $3 --vs cudnn --kernel-select tune --verbose > $W/gemm/$n-$v.txt 2>&1
    echo "== $n $v: vendor $(grep '^vendor block' $W/gemm/$n-$v.txt | awk '{print $4}') ours $(grep '^block (graph' $W/gemm/$n-$v.txt | awk '{print $4}') picked $(grep -E '^gemm' $W/gemm/$n-$v.txt | head -1 | cut -c16-62) candidates $(grep -c '^tune' $W/gemm/$n-$v.txt)"
  done
done
save; echo "tables $(el) s"
for m in sdxl sd15 sd21; do for b in 1 2; do
  [ $(el) -gt 330 ] && break
  timeout 100 $B --sweep $m --batch $b --vs cudnn --json $W/sweep-$m-b$b.json > $W/sweep-$m-b$b.txt 2>&1
  echo "sweep $m b$b rc=$? $(grep -E 'of .* blocks run' $W/sweep-$m-b$b.txt) ($(el) s)"
done; done
save
step() {  # model batch variant
  bin=$B; [ $3 = base ] && bin=.wt/base/build/unetrun
  timeout 60 $bin --unet $1 --batch $2 --ref none --kernel-select heuristic --json $W/unet-$1-b$2-$3.json > $W/unet-$1-b$2-$3.txt 2>&1
  printf "%s" "$3 $(grep '^step (graph' $W/unet-$1-b$2-$3.txt | awk '{print $4}') | "
}
for s in "sd15 1" "sd15 2" "sd21 1" "sdxl 1"; do
  set -- $s; [ $(el) -gt 520 ] && break
  printf "%s" "$1 b$2: "; step $1 $2 base; step $1 $2 head; echo "($(el) s)"
done
for f in $W/*.json; do gzip -q $f; done; save
echo "done $(el) s"
