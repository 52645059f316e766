ktrace: 20532 records
ktrace: graph 26, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.44      13.44      13.44      64   512  gn_one_pass_kernel<16, false>
   1      12.90      21.38       8.67       7.97      15   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
   2      13.41      25.02      11.14       4.99     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   3      24.80      29.95       4.54       4.32    1024   256  layernorm_kernel<2, 8>
   4      29.73      45.19      15.26      15.04     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      45.25     177.09     132.03     132.10     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     176.90     186.95       9.92       9.73     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     186.47     191.07       4.54       4.07    1024   256  layernorm_kernel<2, 8>
   8     190.79     197.38       6.59       6.34     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     199.23     212.77      13.34      15.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     212.51     220.77       8.29       8.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     220.55     224.96       4.61       4.35    1024   256  layernorm_kernel<2, 8>
  12     224.67     268.90      44.00      43.78     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
  13     268.83     286.24      17.57      17.50     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  14     285.92     295.04       9.22       8.80     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 295.04 us
