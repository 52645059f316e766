# blocks vs the vendor chain, Nsight Compute on the Hopper kernels, a whole-UNet run for README
t0=$(date +%s)
make ARCH=sm_90 DEPS_PREFIX="$DEPS_PREFIX" -j16 build/unetrun > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
R=$OUT/r; mkdir -p $R
echo "build $(( $(date +%s) - t0 )) s"
for a in "320 320 64 1" "320 320 64 2" "640 640 32 2" "1280 1280 16 2" "1280 1280 8 2"; do
    set -- $a
    n=res_${1}_${2}_hw${3}_b${4}
    timeout 60 build/unetrun --block resblock --c $1 --cout $2 --hw $3 --batch $4 --check --vs cudnn --json $R/$n.json > $R/$n.txt 2>&1
    echo "$n: $(grep -E '^block \(graph|^vendor|^verdict' $R/$n.txt | tr '\n' ' ')"
done
echo "resblocks $(( $(date +%s) - t0 )) s"
for a in "320 64" "640 32" "1280 16"; do
    set -- $a
    n=tf_${1}_hw${2}_b2
    timeout 90 build/unetrun --block transformer --c $1 --hw $2 --batch 2 --check --vs cudnn --json $R/$n.json > $R/$n.txt 2>&1
    echo "$n: $(grep -E '^block \(graph|^vendor|^verdict' $R/$n.txt | tr '\n' ' ')"
done
echo "transformers $(( $(date +%s) - t0 )) s"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
S="--section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats"
U="build/unetrun --nvtx --kernel-select heuristic --warmup 0 --iters 1 --ref none"
timeout 60 $NCU --nvtx --nvtx-include "conv2/" --launch-count 1 $S $U --block resblock --c 320 --hw 64 --batch 2 > $R/ncu_conv2_320_hw64_b2.txt 2>&1
timeout 60 $NCU --nvtx --nvtx-include "conv1/" --launch-count 1 $S $U --block resblock --c 1280 --hw 16 --batch 2 > $R/ncu_conv1_1280_hw16_b2.txt 2>&1
timeout 60 $NCU --nvtx --nvtx-include "qkv/" --launch-count 1 $S $U --block transformer --c 320 --hw 64 --batch 2 > $R/ncu_qkv_320_hw64_b2.txt 2>&1
timeout 60 $NCU --nvtx --nvtx-include "attn1/" --launch-count 1 $S $U --block transformer --c 320 --hw 64 --batch 2 > $R/ncu_attn1_320_hw64_b2.txt 2>&1
timeout 60 $NCU --nvtx --nvtx-include "norm1+silu/" --launch-count 2 $S $U --block resblock --c 320 --hw 64 --batch 2 > $R/ncu_norm1_320_hw64_b2.txt 2>&1
timeout 90 $NCU --nvtx --nvtx-include "conv_in/" --launch-count 1 $S $U --unet sd15 --batch 2 > $R/ncu_conv_in_sd15_b2.txt 2>&1
timeout 90 $NCU --nvtx --nvtx-include "conv_out/" --launch-count 1 $S $U --unet sd15 --batch 2 > $R/ncu_conv_out_sd15_b2.txt 2>&1
grep -hE "Compute \(SM\) Throughput|Memory Throughput|Duration|Registers Per|Achieved Occupancy" $R/ncu_*.txt | head -40
echo "ncu $(( $(date +%s) - t0 )) s"
timeout 60 build/unetrun --unet sd15 --batch 2 --ref none --iters 20 --warmup 5 > $R/readme_unet_sd15_b2.txt 2>&1
tail -4 $R/readme_unet_sd15_b2.txt
cp $OUT/device.txt $R/
tar czf $OUT/all.tgz -C $OUT r
echo "all $(( $(date +%s) - t0 )) s"
