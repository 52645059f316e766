ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.14      11.14      11.14     128   512  gn_one_pass_kernel<4, false>
   1       8.58      10.88       2.31      -0.16      20   256  quantize_rows_int8_kernel<4, 1>
   2      10.27      16.16       6.08       5.38      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      11.07      21.18       9.89       5.12     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      20.99      24.96       4.00       3.78     256   256  layernorm_quant_kernel<4, 0>
   5      24.03      35.78      11.78      10.85     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      35.52      52.80      17.22      16.96     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      52.55      54.69       2.14       1.92     256   256  quantize_rows_int8_kernel<4, 1>
   8      53.89      62.59       8.61       7.81     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      62.37      65.99       3.68       3.46     256   256  layernorm_quant_kernel<4, 0>
  10      65.12      71.01       5.86       5.02     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11      72.93      80.71       7.78       9.60     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      80.51      82.66       2.14       1.92     256   256  quantize_rows_int8_kernel<4, 1>
  13      81.89      89.09       7.23       6.46     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14      88.80      92.71       3.87       3.62     256   256  layernorm_quant_kernel<4, 0>
  15      91.87     117.38      25.54      24.67     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     117.28     121.63       4.38       4.32    1024   256  quantize_rows_int8_kernel<4, 4>
  17     120.29     132.23      11.97      10.56     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     132.03     143.49      11.52      11.30     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 143.49 us
