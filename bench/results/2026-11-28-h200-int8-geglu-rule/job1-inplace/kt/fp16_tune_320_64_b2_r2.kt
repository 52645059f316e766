ktrace: 18057 records
ktrace: graph 26, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.42      12.42      12.42      64   512  gn_one_pass_kernel<16, false>
   1       7.04      11.90       4.83      -0.51      21   512  gemm_wgmma_pp_kernel<64, 96, 9, 3, 1, 3>
   2      12.32      19.04       6.72       7.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      18.82      23.23       4.42       4.16    1024   256  layernorm_kernel<2, 8>
   4      23.04      35.13      12.03      11.84     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      34.94     166.37     131.39     131.17     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     166.14     173.53       7.42       7.20     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
   7     173.31     177.60       4.35       4.10    1024   256  layernorm_kernel<2, 8>
   8     177.37     183.68       6.24       5.95     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   9     185.44     197.98      12.54      14.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     197.76     204.89       7.17       6.94     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  11     204.70     209.06       4.45       4.19    1024   256  layernorm_kernel<2, 8>
  12     208.86     245.76      36.86      36.64     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1, 4>
  13     245.79     260.12      14.37      14.46     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     259.74     268.38       8.45       8.03     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 33 replays: 268.38 us
