#!/bin/bash
# E3: the turn passed right after Q K^T (P V issued after the pass), against this tree; bench + timeline
R=/tmp/r; mkdir -p $R; cp .devrun/run168.sh $R/run.sh
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
mkdir -p /tmp/e3 && cp -r Makefile kernels src common weights tools tests /tmp/e3/ && cp .devrun/attention_wgmma_e3.cu /tmp/e3/kernels/attention_wgmma.cu
(cd /tmp/e3 && make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/bench_attention build/trace_attention > $R/build_e3.txt 2>&1) &
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j8 build/bench_attention build/trace_attention > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
wait
for i in 1 2; do
for sh in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 1024 1024 64" "2 8 4096 4096 40"; do
  t=$(echo $sh | tr ' ' _)
  build/bench_attention bench $sh > $R/head_${t}_$i.txt 2>&1
  /tmp/e3/build/bench_attention bench $sh > $R/e3_${t}_$i.txt 2>&1
done; done
/tmp/e3/build/trace_attention trace 2 8 4096 4096 64 "flash d64 wgmma Br128 Bc128 4st pp" 0 15 > $R/E3_A_pp_m15.txt 2>&1
/tmp/e3/build/trace_attention trace 2 8 4096 4096 64 "flash d64 wgmma Br192 Bc128 4st pp" 0 15 > $R/E3_C_br192_m15.txt 2>&1
for f in $R/head_*_1.txt; do echo "== $f"; for i in 1 2; do g=$(echo $f | sed "s/_1.txt/_$i.txt/"); e=$(echo $g | sed 's/head_/e3_/');
  join -t'|' <(grep "wgmma" $g | sed 's/^ *//; s/ \{2,\}/|/' | awk -F'|' '{print $1"|"$2}' | sort) <(grep "wgmma" $e | sed 's/^ *//; s/ \{2,\}/|/' | awk -F'|' '{print $1"|"$2}' | sort) | awk -F'|' '{printf "  %-52s %s  e3 %s\n", $1, $2, $3}' | grep " pp"; done; done
cat $R/E3_*.txt | grep -v "^warp [0-9]*:"
cd /tmp && tar czf $OUT/all.tgz r
