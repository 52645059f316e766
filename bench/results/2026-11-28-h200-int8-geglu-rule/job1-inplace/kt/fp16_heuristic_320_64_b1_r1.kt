ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.66       9.66       9.66      64   512  gn_one_pass_kernel<8, false>
   1       7.14      12.51       5.34       2.82      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2       9.54      16.22       6.59       3.81     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      16.00      19.04       3.04       2.85     512   256  layernorm_kernel<2, 0>
   4      18.82      26.62       7.78       7.58     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      26.37      92.73      66.30      66.05     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      92.54      98.59       6.02       5.82     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7      98.17     101.31       3.10       2.69     512   256  layernorm_kernel<2, 0>
   8     101.15     105.98       4.83       4.67     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9     107.45     115.01       7.58       9.02     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     114.85     120.67       5.82       5.63     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     120.25     123.42       3.10       2.75     512   256  layernorm_kernel<2, 0>
  12     123.26     145.98      22.72      22.56     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     145.79     155.33       9.47       9.31     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     155.01     161.53       6.53       6.21     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 161.53 us
