#!/bin/bash
# the whole sanitizer suite through test_gpu_parts.sh on one card (the heavy racecheck runs last, one at a
# time), on the build the previous job left (made again if the machine is a fresh one); RSS sampled
R=/tmp/r2; mkdir -p $R; cp .devrun/run314.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1; free -g > $R/free.txt; nproc >> $R/free.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
timeout 200 make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1; echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
(while true; do t=$(( $(date +%s) - T0 )); ps -eo rss=,args= | grep "^ *[0-9]* [^ ]*build/unetrun" | sed "s/^/$t /" >> $R/rss.txt; free -m | awk -v t=$t '/^Mem:/ {print t, $3}' >> $R/mem_used_mib.txt; sleep 2; done) &
MP=$!
t=$(date +%s); GPUS=1 PARTS='sanitize' PARTS_LOG=$R/parts PARTS_TIMEOUT=$(( 570 - ($(date +%s) - T0) )) SANITIZE_LOG=$R/sanitize.log sh tests/test_gpu_parts.sh build/unetrun > $R/parts.txt 2>&1; echo "parts rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt
kill $MP
(dmesg 2>&1 | grep -i -E "killed process|out of memory" | tail -20) > $R/dmesg.txt
cat $R/times.txt; tail -8 $R/parts.txt; grep -h "sanitize:" $R/parts/*.txt; grep -h "^FAIL" $R/parts/*.txt | head; sort -k2 -n $R/mem_used_mib.txt | tail -1
awk '{k=""; for(i=3;i<=NF;i++) k=k" "$i; if($2>m[k]) m[k]=$2} END {for(k in m) printf "%d MB %s\n", m[k]/1024, substr(k,1,150)}' $R/rss.txt | sort -n | tail -5
gzip -9 $R/rss.txt $R/sanitize.log $R/build.log 2>/dev/null; cd /tmp && tar czf $OUT/all.tgz r2
