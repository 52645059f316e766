ktrace: 3699 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.54       5.54       5.54      32   320  gn_one_pass_kernel<1, false>
   1       5.57      13.34       7.71       7.71      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       6.34      13.06       6.43      -0.45      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      13.12      15.10       1.98       2.21       8   256  layernorm_stats_kernel<8, 0>
   4      13.82      22.30       8.38       7.11      60   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   5      22.08      26.95       4.86       4.67       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   6      26.56      33.38       6.78       6.40      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   7      33.15      34.98       1.82       1.60       8   256  layernorm_stats_kernel<8, 0>
   8      33.73      41.06       7.27       6.05      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   9      42.53      47.97       5.41       6.88       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  10      48.00      54.72       6.72       6.75      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  11      54.53      56.35       1.82       1.63       8   256  layernorm_stats_kernel<8, 0>
  12      55.17      71.55      16.29      15.07     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  13      71.43      81.15       9.66       9.54      80   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14      80.87      83.81       2.91       2.62     160   256  conv_splitk_reduce_kernel
  15      83.65      92.07       8.38       8.22      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 92.07 us
