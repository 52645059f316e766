ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.28      13.28      13.28      64   512  gn_one_pass_kernel<16, false>
   1      12.29      20.86       8.48       7.58      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.18      24.29      11.10       3.65     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.10      29.12       5.02       4.80    1024   256  layernorm_kernel<4>
   4      28.90      43.68      14.78      14.56     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      43.46     173.86     130.50     130.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     173.63     185.67      12.06      11.84     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     185.54     190.53       4.93       4.86    1024   256  layernorm_kernel<4>
   8     190.34     197.19       6.98       6.78     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     199.17     212.42      13.19      15.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     212.26     220.45       8.16       8.00     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     220.26     225.44       5.12       4.96    1024   256  layernorm_kernel<4>
  12     225.28     272.00      46.82      46.66     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     271.81     289.15      17.15      16.96     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     288.83     301.63      12.80      12.48     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 301.63 us
