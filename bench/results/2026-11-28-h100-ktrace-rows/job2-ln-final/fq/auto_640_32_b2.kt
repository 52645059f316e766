ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.91      10.91      10.91     128   512  gn_one_pass_kernel<4, false>
   1       9.92      11.97       2.18       1.12      20   256  quantize_rows_int8_kernel<4>
   2      10.94      19.84       8.80       7.52     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      11.81      24.06       6.98       4.38      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      19.23      24.70       4.93       0.74     256   256  layernorm_quant_kernel<4, 0>
   5      22.78      35.65      12.38      10.66     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      35.46      53.41      17.41      17.28     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      53.06      55.26       2.21       1.95     256   256  quantize_rows_int8_kernel<4>
   8      54.53      63.01       8.48       7.71     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      62.75      66.53       3.68       3.49     256   256  layernorm_quant_kernel<4, 0>
  10      65.66      71.84       6.14       5.28     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11      73.70      81.50       7.81       9.63     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      81.31      83.42       2.14       1.95     256   256  quantize_rows_int8_kernel<4>
  13      82.66      89.98       7.33       6.56     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14      89.73      93.70       3.90       3.68     256   256  layernorm_quant_kernel<4, 0>
  15      92.86     118.53      25.76      24.90     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     118.43     126.14       7.62       7.52     256   256  quantize_rows_int8_kernel<20>
  17     125.50     139.91      14.59      13.95     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     139.65     151.23      11.52      11.23     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 151.23 us
