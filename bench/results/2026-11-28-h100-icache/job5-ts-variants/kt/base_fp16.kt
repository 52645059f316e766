ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.63      13.63      13.63      64   512  gn_one_pass_kernel<16, false>
   1      10.59      19.23       8.51       5.60      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.57      24.48      10.30       5.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.29      28.70       4.45       4.29    1024   256  layernorm_kernel<2, 8>
   4      28.48      43.20      14.78      14.56     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      42.98     174.85     131.94     131.75     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     174.63     187.01      12.42      12.19     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     186.85     191.23       4.35       4.16    1024   256  layernorm_kernel<2, 8>
   8     191.04     197.95       6.88       6.62     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     199.97     213.47      13.50      15.55     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     213.31     221.54       8.22       8.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     221.50     225.92       4.38       4.29    1024   256  layernorm_kernel<2, 8>
  12     225.70     272.80      47.11      46.94     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     272.61     289.86      17.28      17.09     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     289.54     302.69      13.02      12.77     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 302.69 us
