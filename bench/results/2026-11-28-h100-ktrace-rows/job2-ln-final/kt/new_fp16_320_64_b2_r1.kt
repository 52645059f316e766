ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.54      13.54      13.54      64   512  gn_one_pass_kernel<16, false>
   1      11.33      19.55       8.54       6.14      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.44      24.48      11.10       4.93     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.35      28.80       4.42       4.29    1024   256  layernorm_kernel<2, 8>
   4      28.55      43.39      14.88      14.62     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      43.20     174.85     131.52     131.30     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     174.59     186.78      12.19      11.94     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     186.66     191.01       4.32       4.29    1024   256  layernorm_kernel<2, 8>
   8     190.75     197.73       6.88       6.66     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     199.75     212.99      13.22      15.23     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     212.83     221.06       8.13       7.94     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     221.03     225.35       4.32       4.29    1024   256  layernorm_kernel<2, 8>
  12     225.12     272.03      46.94      46.75     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     271.87     289.28      17.50      17.34     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     288.99     302.02      12.87      12.58     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 302.02 us
