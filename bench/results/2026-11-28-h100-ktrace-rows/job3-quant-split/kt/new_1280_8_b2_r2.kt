ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.50       5.50       5.50      64   320  gn_one_pass_kernel<1, false>
   1       5.54      12.35       6.82       6.85      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      12.13      17.31       5.09       4.86      16   256  layernorm_quant_kernel<8, 0>
   3      12.96      23.23      10.05       5.54     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.83      19.52       2.31      -3.84      20   256  quantize_rows_int8_kernel<4, 1>
   5      18.88      27.20       8.35       7.33     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      22.82      28.67       5.28       1.34      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      28.16      30.27       1.89       1.63      32   256  quantize_rows_int8_kernel<4, 2>
   8      29.12      34.91       5.70       4.64      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      34.72      39.78       4.93       4.77      16   256  layernorm_quant_kernel<8, 0>
  10      35.74      43.87       8.29       4.13      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      45.47      51.17       5.73       7.23      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      51.04      52.67       1.63       1.50      32   256  quantize_rows_int8_kernel<4, 2>
  13      51.81      57.15       5.28       4.38      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      57.02      62.15       5.03       4.90      16   256  layernorm_quant_kernel<8, 0>
  15      57.79      73.92      16.06      11.74     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      73.83      76.03       2.14       2.05     128   256  quantize_rows_int8_kernel<4, 8>
  17      74.79      84.93      10.18       8.93      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      84.77      93.60       8.77       8.61      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 93.60 us
