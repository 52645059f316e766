ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.73       9.73       9.73     128   512  gn_one_pass_kernel<2, false>
   1       7.23      15.14       7.97       5.34      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       9.73      16.35       6.53       1.38      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   3      16.10      19.30       3.14       2.91     128   256  layernorm_kernel<4, 0>
   4      18.94      28.80       9.86       9.50     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      28.45      43.78      15.27      14.95     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   6      43.81      49.83       6.02       6.08      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   7      49.67      52.77       3.07       2.94     128   256  layernorm_kernel<4, 0>
   8      52.42      58.05       5.60       5.25      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   9      59.68      66.02       6.30       7.97      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  10      65.83      71.68       5.82       5.63      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
  11      71.59      74.75       3.14       3.04     128   256  layernorm_kernel<4, 0>
  12      74.43     100.55      25.95      25.63     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     100.61     116.77      16.13      16.29      96   384  gemm_wgmma_kernel<160, 5, false, true, false, false, false>
  14     116.67     123.52       6.85       6.72      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 123.52 us
