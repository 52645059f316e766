ktrace: 16572 records
ktrace: graph 26, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.90      11.90      11.90      64   512  gn_one_pass_kernel<16, false>
   1      11.39      16.51       5.34       4.64      21   384  gemm_wgmma_pp_kernel<64, 96, 10, 2, 1, 3>
   2      11.94      20.86       8.51       4.93     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 2>
   3      20.64      25.15       4.42       4.22    1024   256  layernorm_kernel<2, 8>
   4      24.93      37.18      12.00      11.78     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      36.96     168.54     131.58     131.36     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     168.22     175.68       7.52       7.30     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
   7     175.45     179.84       4.38       4.16    1024   256  layernorm_kernel<2, 8>
   8     179.65     185.82       6.24       6.02     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   9     187.52     200.16      12.54      14.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     199.97     207.17       7.20       6.98     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  11     206.94     211.33       4.42       4.19    1024   256  layernorm_kernel<2, 8>
  12     211.10     247.97      36.93      36.70     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1, 4>
  13     248.03     262.46      14.37      14.50     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     262.08     270.46       8.22       7.87     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
span (first start to last end), median of 33 replays: 270.46 us
