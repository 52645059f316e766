ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       7.42       7.42       7.42      64   512  gn_one_pass_kernel<2, false>
   1       7.46      14.30       6.85       6.88      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      14.11      19.07       4.93       4.74      32   256  layernorm_quant_kernel<8, 0>
   3      14.88      26.98      12.03       7.84     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   4      26.56      37.22      10.46      10.02      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   5      28.19      30.43       2.05      -7.10      10   256  quantize_rows_int8_kernel<4, 1>
   6      29.73      35.23       5.50       4.93      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   7      37.15      38.98       1.79       4.10      64   256  quantize_rows_int8_kernel<4, 2>
   8      37.92      44.00       5.95       4.99      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      43.87      48.74       4.86       4.70      32   256  layernorm_quant_kernel<8, 0>
  10      44.67      53.38       8.64       4.54      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      54.94      62.72       7.81       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      62.59      64.42       1.82       1.63      64   256  quantize_rows_int8_kernel<4, 2>
  13      63.39      69.47       6.08       5.02      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      69.31      74.24       4.96       4.83      32   256  layernorm_quant_kernel<8, 0>
  15      70.14      88.06      17.82      13.70     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      88.06      90.24       2.21       2.18     256   256  quantize_rows_int8_kernel<4, 8>
  17      89.41     100.58      11.14      10.24      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     100.45     109.34       8.93       8.77      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 109.34 us
