ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.42      12.42      12.42      64   512  gn_one_pass_kernel<16, false>
   1       6.82      11.65       4.83      -0.96      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2      12.35      19.04       6.69       7.46     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      18.82      23.26       4.38       4.19    1024   256  layernorm_kernel<2, 8>
   4      23.07      35.52      12.45      12.22     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   5      35.26     165.98     130.69     130.46     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     165.76     173.28       7.52       7.30     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7     173.09     177.34       4.29       4.06    1024   256  layernorm_kernel<2, 8>
   8     177.12     183.45       6.30       6.08     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9     185.15     197.66      12.48      14.21     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     197.50     204.67       7.14       6.95     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     204.48     208.86       4.29       4.13    1024   256  layernorm_kernel<2, 8>
  12     208.70     247.01      38.40      38.24     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     247.17     261.41      14.21      14.34     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  14     261.09     269.44       8.29       8.00     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 269.44 us
