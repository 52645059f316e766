ktrace: 20446 records
ktrace: graph 20, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.66      10.66      10.66      64   512  gn_one_pass_kernel<8, false>
   1       6.94      13.47       6.34       2.69      40   384  gemm_wgmma_pp_kernel<64, 32, 16, 2, 1>
   2      10.91      18.08       7.30       4.61     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      17.73      20.99       3.17       2.85     512   256  layernorm_kernel<2, 0>
   4      20.74      29.15       8.42       8.16     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      28.99      94.05      65.03      64.86     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      93.86     101.38       7.55       7.33     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     100.96     104.13       3.17       2.75     512   256  layernorm_kernel<2, 0>
   8     103.94     109.06       5.12       4.90     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     110.69     118.02       7.36       8.99     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  10     117.83     127.33       9.44       9.25     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  11     126.85     130.21       3.33       2.85     512   256  layernorm_kernel<2, 0>
  12     129.95     156.90      26.91      26.62     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
  13     156.96     170.15      13.06      13.02     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  14     169.67     178.50       8.71       8.26     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
span (first start to last end), median of 33 replays: 178.50 us
