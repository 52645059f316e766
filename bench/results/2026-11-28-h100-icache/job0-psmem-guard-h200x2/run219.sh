#!/bin/sh
# Two cards of one host. Card 0: branch wip/tune-guard (the guard replays the heuristic's picks against the tuned
# ones), tuned blocks --verbose + heuristic, FP16 and INT8 row, SD1.5 320 @64 b1/b2, 1280 @8 b2, two rounds; then
# test_gpu --section refine. Card 1: wip/psmem-192 (d64 Br192 Bc192, P through shared memory): attention suite,
# bench d64 shapes two rounds, --vs cudnn 4096^2 b2 h8. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks; cp .devrun/run219.sh $R/run.sh
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j32 build/unetrun build/test_gpu build/bench_attention > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
partA() {
I8="--linear int8 --int8-scales row"
for c in 320:64:1 320:64:2 1280:8:2; do IFS=: read ch hw b <<EOT
$c
EOT
  for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi
    line="$ch@$hw b$b $v"
    for r in 1 2; do
      f=$R/blocks/t${r}_${v}_${ch}_${hw}_b$b.txt
      timeout 60 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --ref none --verbose > $f 2>&1
      line="$line | tuned $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1) [$(grep '^guard' $f | grep -o '[a-z]* kept')]"
      f=$R/blocks/h${r}_${v}_${ch}_${hw}_b$b.txt
      timeout 60 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --ref none --kernel-select heuristic > $f 2>&1
      line="$line | heur $(grep -E '^block \(' $f | grep -o '[0-9.]* us' | head -1)"
    done; echo "$line"
  done
done
echo "A blocks $(el) s"
timeout 200 build/test_gpu build/unetrun --section refine > $R/refine.txt 2>&1; echo "A refine: $(tail -1 $R/refine.txt) $(el) s"
grep "^FAIL" $R/refine.txt | head -5
}
partB() {
timeout 200 build/bench_attention test > $R/suite_attention.txt 2>&1; echo "B suite: $(tail -1 $R/suite_attention.txt) $(el) s"
grep "^FAIL" $R/suite_attention.txt | head -5
for i in 1 2; do
for sh in "2 8 4096 4096 64" "1 8 4096 4096 64" "2 10 4096 4096 64" "1 10 1024 1024 64" "2 20 1024 1024 64"; do
  t=$(echo $sh | tr ' ' _); timeout 60 build/bench_attention bench $sh > $R/bench_${t}_$i.txt 2>&1
done; done
for f in $R/bench_*_1.txt; do echo "== $f"; grep -h -E "psmem|best" $f $(echo $f | sed 's/_1.txt/_2.txt/'); done
for i in 1 2; do timeout 60 build/unetrun --block attention --kind self --seq 4096 --heads 8 --head-dim 64 --batch 2 --vs cudnn --check > $R/vs_cudnn_$i.txt 2>&1
  echo "B vs cudnn $i: $(grep -E '^attn|cudnn' $R/vs_cudnn_$i.txt | head -3 | tr -s ' ' | cut -c1-120 | tr '\n' '|')"; done
echo "B done $(el) s"
}
CUDA_VISIBLE_DEVICES=0 partA > $R/partA.txt 2>&1 &
CUDA_VISIBLE_DEVICES=1 partB > $R/partB.txt 2>&1 &
wait
cat $R/partA.txt $R/partB.txt
for f in $R/*.txt $R/blocks/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
