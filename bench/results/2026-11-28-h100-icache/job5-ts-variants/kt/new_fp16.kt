ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.47      13.47      13.47      64   512  gn_one_pass_kernel<16, false>
   1      12.10      17.54       5.76       4.19      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2      13.57      21.73       7.46       4.96     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      21.54      26.05       4.42       4.22    1024   256  layernorm_kernel<2, 8>
   4      25.79      38.72      12.99      12.77     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   5      38.53     170.56     131.49     131.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     170.21     179.07       8.77       8.48     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7     178.75     183.20       4.38       4.10    1024   256  layernorm_kernel<2, 8>
   8     182.94     189.34       6.37       6.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9     191.07     204.26      13.22      14.95     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     204.07     211.68       7.65       7.49     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     211.49     215.94       4.35       4.13    1024   256  layernorm_kernel<2, 8>
  12     215.68     255.20      39.42      39.26     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     255.30     272.13      16.93      17.09     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     271.84     281.35       9.47       9.15     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 281.35 us
