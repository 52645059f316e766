ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.27      10.27      10.27      64   512  gn_one_pass_kernel<8, false>
   1      10.18      16.99       6.72       6.62     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      13.82      22.72       9.66       5.92      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      16.38      20.22       3.74      -2.34     512   256  layernorm_kernel<2, 0>
   4      20.00      29.34       9.28       9.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      29.19      95.75      65.86      65.67     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      95.49     102.14       6.62       6.43     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     101.70     104.83       3.20       2.78     512   256  layernorm_kernel<2, 0>
   8     104.67     110.05       5.34       5.15     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     111.52     119.65       8.13       9.60     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     119.46     126.05       6.53       6.37     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     125.66     128.96       3.23       2.85     512   256  layernorm_kernel<2, 0>
  12     128.83     159.07      30.21      30.02     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     159.17     173.06      13.63      13.73      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     172.93     183.46      10.50      10.37     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.46 us
