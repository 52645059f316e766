#!/bin/sh
# a09ad4a's tree: the three sanitizer cases that job 184 left unfinished (run alone), then the SD1.5 transformer
# blocks tuned (the CLI's default --kernel-select tune), FP16 against INT8 row linears. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/tf; cp .devrun/run185.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
SANITIZE_ONLY='groupnorm-one-pass-cluster-48x48|unet-sd15-latent16-up-path|gemm-int8-row-qa-geglu-m4177' SANITIZE_JOBS=12 \
  SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1
echo "sanitize rc=$? ($(el) s): $(tail -2 $R/sanitize.txt | tr '\n' ' ')"; grep "^FAIL\|did not finish" $R/sanitize.txt | head | cut -c1-250
save
I8="--linear int8 --int8-scales row"
tf() { tag=$1; shift; timeout 60 build/unetrun --block transformer --check --json $R/tf/$tag.json "$@" > $R/tf/$tag.txt 2>&1
  echo "$tag: $(grep -E '^block \(graph' $R/tf/$tag.txt | tr -s ' ' | cut -d' ' -f4-5) $(grep -c '^verdict  PASS' $R/tf/$tag.txt) ($(el))"; }
for b in 1 2; do for s in 320:64 640:32 1280:16 1280:8; do c=${s%%:*}; hw=${s#*:}
  [ $(el) -gt 520 ] && break
  tf fp16_${c}_${hw}_b${b} --c $c --hw $hw --batch $b --linear fp16
  tf int8_${c}_${hw}_b${b} --c $c --hw $hw --batch $b $I8
done; done
for f in $R/*.txt $R/*.log $R/tf/*.txt $R/tf/*.json; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
