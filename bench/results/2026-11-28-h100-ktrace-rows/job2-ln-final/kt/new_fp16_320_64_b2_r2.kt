ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.31      13.31      13.31      64   512  gn_one_pass_kernel<16, false>
   1      12.86      21.34       8.45       8.06      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.18      24.29      11.04       3.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.10      28.51       4.42       4.26    1024   256  layernorm_kernel<2, 8>
   4      28.29      43.07      14.88      14.66     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      42.85     172.93     130.18     129.99     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     172.74     184.99      12.16      11.94     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     184.87     189.19       4.32       4.26    1024   256  layernorm_kernel<2, 8>
   8     188.96     195.84       6.85       6.59     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     197.95     211.07      13.15      15.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     210.91     219.01       8.19       8.03     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     218.98     223.23       4.26       4.22    1024   256  layernorm_kernel<2, 8>
  12     223.04     269.82      46.72      46.56     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     269.57     286.88      17.31      17.09     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     286.59     299.39      12.80      12.48     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 299.39 us
