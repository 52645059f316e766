ktrace: 3746 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.63       9.60       9.63      64   512  gn_one_pass_kernel<2, false>
   1       6.46      13.60       7.14       4.03      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       9.25      18.37       8.96       4.83      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      18.50      20.51       2.02       2.18      32   256  layernorm_stats_kernel<8, 0>
   4      19.62      30.56      10.94       9.98     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   5      30.75      40.48       9.73       9.92      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   6      40.80      47.97       7.10       7.42      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   7      48.16      50.11       1.92       2.05      32   256  layernorm_stats_kernel<8, 0>
   8      49.22      56.32       7.10       6.24      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   9      58.08      65.89       7.81       9.57      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  10      66.02      73.15       7.10       7.23      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  11      73.31      75.23       1.92       2.05      32   256  layernorm_stats_kernel<8, 0>
  12      74.31      96.83      22.56      21.63     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  13      97.06     108.55      11.49      11.71      80   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     108.67     112.00       3.33       3.46     640   256  conv_splitk_reduce_kernel
  15     112.19     120.83       8.54       8.74      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 120.83 us
