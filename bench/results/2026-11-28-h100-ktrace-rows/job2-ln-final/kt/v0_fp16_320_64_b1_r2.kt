ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.34      10.34      10.34      64   512  gn_one_pass_kernel<8, false>
   1      10.27      17.41       7.10       7.04     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      13.31      22.34       9.28       4.90      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3      16.80      20.80       4.03      -1.50     512   256  layernorm_kernel<4>
   4      20.58      29.98       9.31       9.09     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      29.79      96.35      66.56      66.37     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      96.35     102.75       6.50       6.43     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     102.37     105.63       3.26       2.85     512   256  layernorm_kernel<4>
   8     105.44     110.69       5.25       5.02     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     112.16     120.32       8.19       9.66     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     120.19     126.75       6.56       6.43     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     126.37     129.73       3.33       2.94     512   256  layernorm_kernel<4>
  12     129.50     159.87      30.40      30.21     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     159.68     173.54      13.89      13.66      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     173.38     183.71      10.43      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.71 us
