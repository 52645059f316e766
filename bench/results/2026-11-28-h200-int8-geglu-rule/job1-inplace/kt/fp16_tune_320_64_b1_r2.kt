ktrace: 18466 records
ktrace: graph 20, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.73       9.73       9.73      64   512  gn_one_pass_kernel<8, false>
   1       7.36      12.42       5.09       2.43      40   384  gemm_wgmma_pp_kernel<64, 32, 16, 2, 1, 3>
   2       9.79      16.13       6.27       3.94     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      15.97      19.10       3.10       2.94     512   256  layernorm_kernel<2, 0>
   4      18.88      26.56       7.78       7.55     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      26.34      92.73      66.34      66.08     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      92.54      98.59       5.95       5.76     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
   7      98.11     101.31       3.10       2.66     512   256  layernorm_kernel<2, 0>
   8     101.15     106.02       4.93       4.77     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   9     107.49     115.23       7.84       9.34     256   128  flash_attn_kernel<40, 4, 2, 40, true>
  10     114.91     120.89       5.89       5.57     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  11     120.48     123.65       3.14       2.78     512   256  layernorm_kernel<2, 0>
  12     123.45     144.41      20.93      20.70     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1, 4>
  13     144.35     153.98       9.63       9.54     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     153.60     160.25       6.72       6.27     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 33 replays: 160.25 us
