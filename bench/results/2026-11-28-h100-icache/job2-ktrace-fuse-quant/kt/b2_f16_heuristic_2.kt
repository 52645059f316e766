ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.79      13.79      13.79      64   512  gn_one_pass_kernel<16, false>
   1       6.59      14.37       7.74       0.61      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.76      21.57       7.81       7.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      21.28      25.70       4.42       4.19    1024   256  layernorm_kernel<2, 8>
   4      25.50      40.58      14.94      14.75     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      40.38     172.90     132.52     132.32     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     172.68     184.99      12.22      11.97     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     184.90     189.28       4.35       4.29    1024   256  layernorm_kernel<2, 8>
   8     189.06     196.03       6.91       6.69     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     198.02     211.40      13.28      15.36     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     211.24     219.40       8.16       8.00     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     219.36     223.72       4.32       4.26    1024   256  layernorm_kernel<2, 8>
  12     223.52     270.85      47.20      47.04     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     270.69     288.26      17.44      17.25     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     287.97     300.90      12.93      12.61     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 300.90 us
