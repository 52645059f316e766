ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.90       8.90       8.90     128   512  gn_one_pass_kernel<2, false>
   1       7.78      10.08       2.27       1.15      20   256  quantize_rows_int8_kernel<4, 1>
   2       8.70      18.18       9.47       7.91      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   3       9.31      21.70      11.90       3.46     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      17.86      24.45       5.38       2.24      64   256  layernorm_quant_kernel<8, 0>
   5      19.84      32.48      12.54       8.13     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      32.26      42.79      10.53      10.24      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      42.50      44.55       1.98       1.79     128   256  quantize_rows_int8_kernel<4, 2>
   8      43.39      51.36       7.90       6.75      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      51.17      56.19       4.99       4.87      64   256  layernorm_quant_kernel<8, 0>
  10      52.03      61.66       9.66       5.41      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      63.20      71.68       8.42       9.95      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      71.49      73.51       2.02       1.82     128   256  quantize_rows_int8_kernel<4, 2>
  13      72.29      79.78       7.42       6.24      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      79.84      84.71       4.90       4.90      64   256  layernorm_quant_kernel<8, 0>
  15      80.58     103.97      23.39      19.20     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     103.91     107.14       3.23       3.17     512   256  quantize_rows_int8_kernel<4, 8>
  17     105.54     120.84      15.30      13.67      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     120.58     129.76       9.15       8.90      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 129.76 us
