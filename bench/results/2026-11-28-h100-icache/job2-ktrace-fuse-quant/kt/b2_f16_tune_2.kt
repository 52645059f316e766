ktrace: 19542 records
ktrace: graph 26, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.15      13.15      13.15      64   512  gn_one_pass_kernel<16, false>
   1      10.91      19.23       8.35       6.05      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.38      24.07      10.59       5.06     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   3      24.00      28.42       4.26       4.06    1024   256  layernorm_kernel<2, 8>
   4      28.13      43.17      14.95      14.72     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      43.04     170.95     127.84     127.81     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     170.75     180.48       9.73       9.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     180.03     184.32       4.42       4.00    1024   256  layernorm_kernel<2, 8>
   8     184.03     190.98       6.66       6.37     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     192.84     205.86      13.09      14.94     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     205.67     213.73       8.13       7.90     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     213.38     217.96       4.51       4.19    1024   256  layernorm_kernel<2, 8>
  12     217.67     260.58      42.88      42.62     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
  13     260.74     278.21      17.57      17.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  14     277.86     286.82       9.12       8.64     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 286.82 us
