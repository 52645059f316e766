ktrace: 3699 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.60       5.60       5.60      64   320  gn_one_pass_kernel<1, false>
   1       5.60      13.41       7.71       7.74      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       5.92      16.29      10.27       3.01     120   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      13.12      15.36       2.18      -1.15      16   256  layernorm_stats_kernel<8, 0>
   4      13.95      23.65       9.54       8.13     120   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   5      23.46      28.42       4.96       4.77      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   6      28.13      35.01       6.91       6.59      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   7      34.79      36.74       1.86       1.63      16   256  layernorm_stats_kernel<8, 0>
   8      35.55      42.91       7.36       6.14      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   9      44.38      49.98       5.60       7.07      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  10      50.05      56.93       6.88       6.88      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  11      56.74      58.62       1.86       1.70      16   256  layernorm_stats_kernel<8, 0>
  12      57.38      74.24      16.74      15.49     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  13      74.11      83.65       9.50       9.38     120   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
  14      83.36      86.21       2.88       2.59     320   256  conv_splitk_reduce_kernel
  15      86.08      94.63       8.42       8.29      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 94.63 us
