ktrace: 19456 records
ktrace: graph 20, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.14      10.14      10.14      64   512  gn_one_pass_kernel<8, false>
   1      10.08      17.22       7.01       6.88     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   2      10.37      21.73      10.18       4.42      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      16.64      20.29       3.68      -1.31     512   256  layernorm_kernel<2, 0>
   4      20.10      31.07      10.98      10.75     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      30.91      96.23      65.12      65.03     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.03     103.46       7.39       7.17     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     103.01     106.24       3.23       2.81     512   256  layernorm_kernel<2, 0>
   8     106.05     111.33       5.22       5.02     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     112.96     120.39       7.42       8.99     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  10     120.19     127.01       6.75       6.59     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     126.50     129.89       3.30       2.88     512   256  layernorm_kernel<2, 0>
  12     129.63     156.64      26.98      26.72     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
  13     156.45     168.58      12.06      11.90     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  14     167.97     178.53      10.53       9.92     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
span (first start to last end), median of 33 replays: 178.53 us
