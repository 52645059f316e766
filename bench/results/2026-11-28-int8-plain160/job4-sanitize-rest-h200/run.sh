#!/bin/sh
# the three sanitizer runs that job3's limit stopped (groupnorm cluster racecheck, SD1.5 latent-16 initcheck, the qa
# GEGLU racecheck), all four tools each, on this tree. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R; cp .devrun/run200.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
SANITIZE_ONLY='groupnorm-one-pass-cluster-48x48|unet-sd15-latent16-up-path|gemm-int8-row-qa-geglu-m4177' SANITIZE_JOBS=11 SANITIZE_LOG=$R/sanitize.log \
  timeout $((330 - $(el))) sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s)"; grep -E "^PASS|^FAIL|passed" $R/sanitize.txt | cut -c1-200
for f in $R/*.txt $R/*.log $R/*.probe; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
