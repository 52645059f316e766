ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.01      11.01      11.01      64   512  gn_one_pass_kernel<8, false>
   1       6.43      14.59       8.16       3.49      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      11.14      18.62       7.36       4.00     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      18.40      21.54       3.14       2.91     512   256  layernorm_kernel<2, 0>
   4      21.34      29.82       8.42       8.19     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      29.63      96.64      66.98      66.78     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.45     103.78       7.39       7.20     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     103.30     106.59       3.26       2.78     512   256  layernorm_kernel<2, 0>
   8     106.40     111.59       5.18       4.99     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     113.09     121.28       8.19       9.70     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     121.12     127.75       6.59       6.43     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     127.39     130.63       3.26       2.88     512   256  layernorm_kernel<2, 0>
  12     130.40     161.09      30.66      30.40     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     161.19     174.50      13.44      13.51      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     174.40     184.03       9.66       9.54     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 184.03 us
