ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.42       8.42       8.42      64   512  gn_one_pass_kernel<2, false>
   1       8.38      15.81       7.39       7.33      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      14.08      16.26       2.02       0.45      10   256  quantize_rows_int8_kernel<4>
   3      15.42      21.73       6.08       5.86      32   256  layernorm_quant_kernel<8, 0>
   4      15.78      21.50       5.76       0.26      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      16.35      31.52      14.66       8.89     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      31.01      40.80       9.79       9.31      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      40.64      42.88       2.30       2.08      32   256  quantize_rows_int8_kernel<8>
   8      41.47      48.00       6.98       5.47      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      47.87      52.83       5.02       4.80      32   256  layernorm_quant_kernel<8, 0>
  10      48.74      57.38       8.74       4.51      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      58.88      66.94       7.87       9.41      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      66.75      68.74       1.95       1.82      32   256  quantize_rows_int8_kernel<8>
  13      67.46      73.89       6.40       5.15      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      73.76      78.72       5.09       4.93      32   256  layernorm_quant_kernel<8, 0>
  15      74.56      93.22      18.59      14.30     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      93.09     100.13       6.98       6.88      32   256  quantize_rows_int8_kernel<20>
  17      93.98     111.91      17.86      11.68      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     111.65     120.83       9.12       8.86      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 120.83 us
