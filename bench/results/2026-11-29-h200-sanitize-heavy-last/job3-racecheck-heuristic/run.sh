#!/bin/bash
# racecheck's host memory on the two heavy runs: heuristic / tune-node / tune, RSS sampled every second
R=/tmp/r3; mkdir -p $R
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 150 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
(while true; do t=$(( $(date +%s) - T0 )); ps -eo rss=,args= | grep "^ *[0-9]* [^ ]*build/unetrun" | sed "s/^/$t /" >> $R/rss.txt; sleep 1; done) &
MP=$!
SAN="compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20"
COMMON="--iters 1 --warmup 0 --tune-reps 1 --peak-tflops 700 --peak-gbps 3000 --verbose"
GN="--block resblock --c 64 --hw 48 --temb-dim 64"
PP="--block gemm --m 8257 --n 264 --k 48 --linear int8 --int8-scales row --epilogue residual"
one() {  # name, args
  n=$1; shift; t=$(date +%s); timeout 200 $SAN build/unetrun "$@" $COMMON > $R/$n.txt 2>&1; echo "$n rc=$? $(( $(date +%s) - t )) s (from $(( t - T0 )) s)" >> $R/times.txt
}
one gn_heuristic $GN --kernel-select heuristic & one pp_heuristic $PP --kernel-select heuristic & wait
one gn_tune_node $GN --kernel-select tune-node
one pp_tune_node $PP --kernel-select tune-node
one pp_tune $PP
kill $MP
cat $R/times.txt
awk '{k=""; for(i=3;i<=NF;i++) k=k" "$i; if($2>m[k]) m[k]=$2} END {for(k in m) printf "%.1f GiB %s\n", m[k]/1048576, substr(k,1,170)}' $R/rss.txt | sort -n
for f in $R/gn_*.txt $R/pp_*.txt; do echo "== $f $(grep -c -i "tune\|candidate" $f) tune lines; $(grep "RACECHECK SUMMARY" $f)"; done
gzip -9 $R/rss.txt; cd /tmp && tar czf $OUT/all.tgz r3
