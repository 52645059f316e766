ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.94      10.94      10.94      64   512  gn_one_pass_kernel<8, false>
   1       6.78      15.14       8.26       4.09      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      10.85      19.14       8.13       4.00     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      18.91      22.11       3.23       3.01     512   256  layernorm_kernel<4>
   4      21.86      30.08       8.32       8.13     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      29.89      96.19      66.30      66.08     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.16     102.72       6.56       6.53     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     102.27     105.57       3.30       2.88     512   256  layernorm_kernel<4>
   8     105.38     110.53       5.18       4.99     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     112.03     120.19       8.16       9.63     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     120.00     126.72       6.59       6.46     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     126.34     129.70       3.33       2.94     512   256  layernorm_kernel<4>
  12     129.47     159.97      30.37      30.14     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     159.75     173.41      13.79      13.57      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     173.22     183.65      10.46      10.30     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.65 us
