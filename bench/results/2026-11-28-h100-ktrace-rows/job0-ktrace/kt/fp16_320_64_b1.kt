ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.85      10.85      10.85      64   512  gn_one_pass_kernel<8, false>
   1       6.94      15.26       8.22       4.22      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      10.78      19.20       8.22       4.03     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      18.98      22.21       3.23       3.01     512   256  layernorm_kernel<4>
   4      21.95      30.46       8.38       8.13     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      30.18      96.16      65.98      65.76     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.23     102.66       6.46       6.46     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     102.21     105.51       3.26       2.85     512   256  layernorm_kernel<4>
   8     105.28     110.40       5.18       4.96     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     111.91     120.10       8.16       9.67     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     119.94     126.69       6.56       6.40     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     126.27     129.60       3.33       2.91     512   256  layernorm_kernel<4>
  12     129.41     159.75      30.27      30.08     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     159.49     173.54      13.86      13.63      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     173.38     183.75      10.37      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.75 us
