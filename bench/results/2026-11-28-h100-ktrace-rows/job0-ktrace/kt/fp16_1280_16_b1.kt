ktrace: 3699 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.63       9.63       9.63      64   512  gn_one_pass_kernel<2, false>
   1       6.66      14.43       7.97       4.80      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       8.90      18.53       9.54       4.10      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      18.34      20.39       2.05       1.85      32   256  layernorm_stats_kernel<8>
   4      19.07      30.30      11.26       9.95     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   5      30.11      40.03       9.95       9.76      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   6      39.87      46.88       6.98       6.82      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   7      46.66      48.58       1.92       1.70      32   256  layernorm_stats_kernel<8>
   8      47.30      54.72       7.42       6.18      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   9      56.23      64.07       7.87       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  10      63.97      70.95       6.85       6.78      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  11      70.78      72.74       1.95       1.79      32   256  layernorm_stats_kernel<8>
  12      71.43      94.15      22.66      21.38     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
  13      94.02     105.83      11.74      11.62      80   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     105.48     108.55       3.04       2.72     640   256  conv_splitk_reduce_kernel
  15     108.45     117.06       8.51       8.38      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 117.06 us
