ktrace: 3505 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.82      13.82      13.82      64   512  gn_one_pass_kernel<16, false>
   1       6.82      14.59       7.78       0.80      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      14.27      21.95       7.71       7.33     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      22.11      27.17       5.06       5.18    1024   256  layernorm_kernel<4>
   4      27.33      42.37      15.04      15.20     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      42.56     173.47     131.01     131.17     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     173.70     185.57      11.81      11.97     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     186.05     190.94       4.83       5.38    1024   256  layernorm_kernel<4>
   8     191.10     198.05       6.98       7.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     200.38     213.63      13.25      15.62     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     213.76     221.79       8.00       8.13     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     222.31     227.20       4.93       5.44    1024   256  layernorm_kernel<4>
  12     227.39     274.66      47.20      47.42     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     275.01     292.16      17.09      17.41     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     292.26     305.15      12.99      13.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 305.15 us
