ktrace: 3505 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.00      12.00      12.00      64   512  gn_one_pass_kernel<16, false>
   1      11.07      16.35       5.28       4.42      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2      12.51      21.25       8.74       5.09     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      21.38      25.76       4.38       4.51    1024   256  layernorm_kernel<2, 8>
   4      25.95      38.34      12.42      12.61     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   5      38.46     170.69     132.03     132.22     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     170.78     178.46       7.62       7.75     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7     178.62     182.97       4.32       4.51    1024   256  layernorm_kernel<2, 8>
   8     183.10     189.47       6.30       6.46     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9     191.61     204.13      12.51      14.62     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     204.19     211.42       7.20       7.30     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     211.68     215.90       4.29       4.58    1024   256  layernorm_kernel<2, 8>
  12     216.06     254.81      38.88      39.01     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     254.97     269.12      14.18      14.34     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  14     269.25     277.63       8.32       8.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 277.63 us
