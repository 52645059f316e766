ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.63       9.63       9.63     128   512  gn_one_pass_kernel<2, false>
   1       9.63      15.52       5.86       5.89      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      15.36      18.95       3.58       3.42     128   256  layernorm_quant_kernel<4, 0>
   3      16.10      26.14      10.08       7.23     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   4      25.70      41.22      15.52      15.07     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   5      41.22      43.23       2.05       1.89     128   256  quantize_rows_int8_kernel<4>
   6      41.70      43.94       2.11       0.77      10   256  quantize_rows_int8_kernel<4>
   7      42.18      49.63       7.30       6.02      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   8      43.17      49.76       5.95      -0.38      40   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      49.31      53.15       3.65       3.87     128   256  layernorm_quant_kernel<4, 0>
  10      50.50      58.21       7.62       4.93      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      60.06      66.56       6.50       8.06      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      66.37      68.22       1.86       1.66     128   256  quantize_rows_int8_kernel<4>
  13      67.17      73.44       6.30       5.25      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      73.19      76.90       3.68       3.43     128   256  layernorm_quant_kernel<4, 0>
  15      73.99      90.56      16.58      13.67     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      90.59      97.60       7.07       7.10     128   256  quantize_rows_int8_kernel<20>
  17      91.39     107.39      16.00       9.70      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     107.01     114.18       7.14       6.78      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 114.18 us
