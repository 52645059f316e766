ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.48       8.48       8.48      64   512  gn_one_pass_kernel<2, false>
   1       8.45      15.49       6.98       6.94      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      15.27      20.71       5.18       4.93      32   256  layernorm_quant_kernel<8, 0>
   3      15.94      18.27       2.11      -2.34      10   256  quantize_rows_int8_kernel<4, 1>
   4      16.13      29.28      12.67      10.69     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   5      20.38      33.15      11.94       4.22      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      28.71      38.53       9.70       5.03      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      38.34      40.19       1.92       1.70      64   256  quantize_rows_int8_kernel<4, 2>
   8      39.07      45.28       6.27       5.15      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      45.12      50.15       4.99       4.83      32   256  layernorm_quant_kernel<8, 0>
  10      45.92      54.66       8.70       4.51      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      56.16      64.03       7.84       9.38      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      63.91      65.95       2.02       1.86      64   256  quantize_rows_int8_kernel<4, 2>
  13      64.64      70.79       6.18       4.87      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      70.63      75.78       5.06       4.93      32   256  layernorm_quant_kernel<8, 0>
  15      71.46      89.60      18.11      13.92     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      89.57      92.10       2.50       2.43     256   256  quantize_rows_int8_kernel<4, 8>
  17      90.88     102.18      11.30      10.05      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     102.05     110.91       8.83       8.70      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 110.91 us
