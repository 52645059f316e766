# validation of the merged tree: ops + blocks suites, memcheck of a small whole UNet
set -o pipefail
t0=$(date +%s)
make ARCH=sm_90 DEPS_PREFIX="$DEPS_PREFIX" -j16 build/unetrun build/test_gpu build/perf_table > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
timeout 200 build/test_gpu build/unetrun --section ops > $OUT/ops.txt 2>&1; echo "exit $?" >> $OUT/ops.txt
grep -E "^FAIL" $OUT/ops.txt | head -20; tail -2 $OUT/ops.txt; echo "ops done $(( $(date +%s) - t0 )) s"
timeout 230 build/test_gpu build/unetrun --section blocks > $OUT/blocks.txt 2>&1; echo "exit $?" >> $OUT/blocks.txt
grep -E "^FAIL" $OUT/blocks.txt | head -20; tail -2 $OUT/blocks.txt; echo "blocks done $(( $(date +%s) - t0 )) s"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 99 build/unetrun --unet sd15 --latent 16 --batch 1 --ref none --iters 1 --warmup 0 --kernel-select heuristic > $OUT/memcheck_unet.txt 2>&1; echo "exit $?" >> $OUT/memcheck_unet.txt
tail -3 $OUT/memcheck_unet.txt; echo "all done $(( $(date +%s) - t0 )) s"
