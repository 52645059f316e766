ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.59      10.59      10.59     128   512  gn_one_pass_kernel<4, false>
   1       6.85      12.77       5.89       2.18      60   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2      10.62      17.98       7.36       5.22     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      17.76      21.09       3.30       3.07     256   256  layernorm_kernel<4, 0>
   4      20.83      32.06      11.23      10.98     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      31.78      48.58      16.77      16.48     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   6      48.64      55.52       6.85       6.91     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7      55.17      58.40       3.26       2.88     256   256  layernorm_kernel<4, 0>
   8      58.14      63.81       5.63       5.38     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9      65.28      72.64       7.39       8.83     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  10      72.45      79.36       6.85       6.66     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11      79.04      82.37       3.29       2.98     256   256  layernorm_kernel<4, 0>
  12      82.17     112.83      30.53      30.34     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     112.93     127.71      14.75      14.88     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     127.49     135.17       7.68       7.49     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 135.17 us
