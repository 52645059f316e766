# the current build's whole-UNet step beside diffusers, same job
t0=$(date +%s)
make ARCH=sm_90 DEPS_PREFIX="$DEPS_PREFIX" -j16 build/unetrun build/perf_table > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
R=$OUT/r; mkdir -p $R; cp $OUT/device.txt $R/
for mb in "sd15 64 1" "sd15 64 2" "sd21 96 1" "sd21 96 2" "sdxl 128 1" "sdxl 128 2"; do
    set -- $mb
    timeout 60 build/unetrun --unet $1 --latent $2 --batch $3 --ref none --kernel-select heuristic --iters 20 --warmup 5 \
        --json $R/unet-$1-b$3.json > $R/unet-$1-b$3.txt 2>&1
done
echo "unetrun $(( $(date +%s) - t0 )) s"
timeout 150 python3 bench/unet_peer.py --out $R/unet-peer.json > $R/peer.txt 2>&1
build/perf_table $R/unet-peer.json $R/unet-s*-b*.json > $R/table.md 2>&1; cat $R/table.md
tar czf $OUT/all.tgz -C $OUT r
echo "all $(( $(date +%s) - t0 )) s"
