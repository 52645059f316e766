# the BN 160 tile: conv sweep, ResBlocks vs the vendor chain (tuned), whole UNet (heuristic)
t0=$(date +%s)
make ARCH=sm_90 DEPS_PREFIX="$DEPS_PREFIX" -j16 build/unetrun build/test_gpu > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
R=$OUT/r; mkdir -p $R; cp $OUT/device.txt $R/
echo "build $(( $(date +%s) - t0 )) s"
for a in "320 320 64 1" "320 320 64 2" "640 640 32 2" "1280 1280 16 2" "1280 1280 8 2"; do
    set -- $a
    n=res_${1}_${2}_hw${3}_b${4}
    timeout 60 build/unetrun --block resblock --c $1 --cout $2 --hw $3 --batch $4 --check --vs cudnn --verbose --json $R/$n.json > $R/$n.txt 2>&1
    echo "$n: $(grep -E '^block \(graph|^vendor block|^verdict' $R/$n.txt | tr '\n' ' ')"
    grep -E "^conv1 |^conv2 " $R/$n.txt | head -2
done
echo "resblocks $(( $(date +%s) - t0 )) s"
for mb in "sd15 64 2" "sdxl 128 2"; do
    set -- $mb
    timeout 60 build/unetrun --unet $1 --latent $2 --batch $3 --ref none --kernel-select heuristic --iters 20 --warmup 5 --json $R/unet-$1-b$3.json > $R/unet-$1-b$3.txt 2>&1
    grep "step (graph" $R/unet-$1-b$3.txt
done
echo "unet $(( $(date +%s) - t0 )) s"
VERBOSE=1 timeout 270 build/test_gpu build/unetrun --section conv > $R/conv_suite.txt 2>&1; echo "exit $?" >> $R/conv_suite.txt
grep -E "^FAIL" $R/conv_suite.txt | head; grep -c "128x160" $R/conv_suite.txt; tail -2 $R/conv_suite.txt
tar czf $OUT/all.tgz -C $OUT r
echo "all $(( $(date +%s) - t0 )) s"
