ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.28      13.28      13.28      64   512  gn_one_pass_kernel<16, false>
   1      12.83      21.41       8.45       8.10      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.22      24.35      11.10       3.39     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.16      29.22       5.15       4.93    1024   256  layernorm_kernel<4>
   4      29.02      43.68      14.82      14.62     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      43.49     174.44     131.01     130.79     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     174.21     186.18      12.10      11.81     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     186.12     191.08       4.93       4.86    1024   256  layernorm_kernel<4>
   8     190.85     197.86       6.98       6.78     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     199.94     213.12      13.25      15.26     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     212.96     221.25       8.29       8.13     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     221.09     226.02       5.09       4.99    1024   256  layernorm_kernel<4>
  12     225.89     272.90      46.88      46.72     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     272.68     289.83      17.25      17.02     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     289.54     302.44      12.86      12.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 302.44 us
