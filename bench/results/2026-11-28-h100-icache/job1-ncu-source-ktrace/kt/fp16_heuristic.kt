ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.31      13.31      13.31      64   512  gn_one_pass_kernel<16, false>
   1      13.09      21.79       8.54       8.38      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.22      21.92       8.26       2.85     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      21.66      27.84       4.58       4.38    1024   256  layernorm_kernel<2, 8>
   4      27.58      42.66      15.01      14.82     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      42.46     173.15     130.59     130.40     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     172.90     184.96      12.22      12.00     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     184.93     189.22       4.35       4.26    1024   256  layernorm_kernel<2, 8>
   8     188.99     195.81       6.88       6.66     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     197.83     211.07      13.18      15.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     210.91     218.95       8.06       7.90     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     218.88     223.14       4.35       4.29    1024   256  layernorm_kernel<2, 8>
  12     222.95     269.89      46.98      46.78     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     269.73     287.01      17.34      17.18     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     286.72     299.62      12.80      12.51     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 299.62 us
