#!/bin/bash
# make test-gpu's parts but the sanitizer suite and the goldens, on one H200, the eighteenth round's final tree:
# the conv shards, the kernel sections, the blocks shards side by side (tests/test_gpu_parts.sh, PARTS), and the
# int8-group section beside them
R=/tmp/r; mkdir -p $R; cp .devrun/run297.sh $R/run.sh
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt 2>&1; date -u >> $R/device.txt
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
make DEPS_PREFIX=/tmp/deps ARCH=sm_90 -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.log 2>&1
echo "build rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
TL=$(( 575 - ($(date +%s) - T0) )); echo "part limit $TL s" >> $R/times.txt
( t=$(date +%s); timeout $TL build/test_gpu build/unetrun --section int8-group > $R/section_int8_group.txt 2>&1; echo "int8-group rc=$? $(( $(date +%s) - t )) s" >> $R/times.txt ) &
IP=$!
GPUS=1 SANITIZE_ALONE=0 PARTS='conv_.*|section_.*|blocks_.*' PARTS_TIMEOUT=$TL PARTS_LOG=$R/parts timeout $((TL+10)) sh tests/test_gpu_parts.sh build/unetrun > $R/parts.txt 2>&1
echo "parts rc=$? $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait $IP
cat $R/times.txt | tr '\n' ';'; echo
tail -n 25 $R/parts.txt; echo "int8-group: $(tail -n1 $R/section_int8_group.txt)"; grep '^FAIL' $R/section_int8_group.txt | head -3
gzip -9 $R/build.log 2>/dev/null; for f in $R/parts/*.txt; do [ $(stat -c %s $f) -gt 4096 ] && gzip -9 $f; done
cd /tmp && tar czf $OUT/all.tgz r
