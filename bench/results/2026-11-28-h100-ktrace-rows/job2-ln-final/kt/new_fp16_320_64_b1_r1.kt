ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.94      10.94      10.94      64   512  gn_one_pass_kernel<8, false>
   1       7.39      15.58       8.19       4.58      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      11.01      19.42       8.26       3.94     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      19.23      22.34       3.14       2.91     512   256  layernorm_kernel<2, 0>
   4      22.11      30.62       8.48       8.22     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      30.43      96.93      66.53      66.34     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.70     103.33       6.66       6.43     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     102.85     106.11       3.23       2.78     512   256  layernorm_kernel<2, 0>
   8     105.92     111.36       5.34       5.18     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     112.83     120.96       8.16       9.66     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     120.80     127.42       6.62       6.46     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     127.04     130.27       3.23       2.85     512   256  layernorm_kernel<2, 0>
  12     130.11     160.45      30.34      30.18     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     160.55     174.15      13.63      13.76      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     173.92     184.38      10.53      10.40     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 184.38 us
