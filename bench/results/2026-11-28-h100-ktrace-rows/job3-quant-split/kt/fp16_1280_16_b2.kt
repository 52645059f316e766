ktrace: 3477 kernel records
ktrace: graph 38, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.58       8.58       8.58     128   512  gn_one_pass_kernel<2, false>
   1       8.64      17.41       8.70       8.77      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      11.39      22.78      11.39       5.44     120   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      17.18      20.96       3.75      -1.86      64   256  layernorm_stats_kernel<8, 0>
   4      19.49      35.30      15.74      14.21     120   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
   5      35.11      45.57      10.37      10.18      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   6      45.28      53.89       8.54       8.32      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   7      53.70      55.87       2.11       1.92      64   256  layernorm_stats_kernel<8, 0>
   8      54.40      63.97       9.63       8.16      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   9      65.47      73.76       8.29       9.76      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  10      73.57      81.73       8.16       7.97      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
  11      81.60      83.75       2.18       2.02      64   256  layernorm_stats_kernel<8, 0>
  12      82.27     117.25      35.04      33.54     256   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  13     117.00     141.57      24.70      24.42      96   384  gemm_wgmma_kernel<160, 5, false, true, false, false, false>
  14     141.31     150.34       9.09       8.83      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 150.34 us
