#!/bin/sh
# run on the warm H100 of job2 / job3 (same build): SD1.5 320 @64 b1 / b2, FP16 and INT8 row, heuristic, 300 iterations, four rounds
R=/tmp/r; rm -rf $R; mkdir -p $R/blocks; I8="--linear int8 --int8-scales row"; for c in 320:64:1 320:64:2; do IFS=: read ch hw b <<EOT
$c
EOT
line="$ch@$hw b$b"; for r in 3 4 5 6; do for v in fp16 int8; do if [ $v = fp16 ]; then fl="--linear fp16"; else fl="$I8"; fi; timeout 60 build/unetrun --block transformer --c $ch --hw $hw --batch $b $fl --kernel-select heuristic --ref none --iters 300 --json $R/blocks/${v}${r}_${ch}_${hw}_b$b.json > $R/blocks/${v}${r}_${ch}_${hw}_b$b.txt 2>&1; line="$line | $v $(grep -E '^block \(' $R/blocks/${v}${r}_${ch}_${hw}_b$b.txt | grep -o '[0-9.]* us' | head -1)"; done; done; echo "$line"; done; for f in $R/blocks/*; do gzip -q $f; done; (cd /tmp && tar czf $OUT/all.tgz r)
