ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.11      10.11      10.11     128   512  gn_one_pass_kernel<2, false>
   1       7.55       9.92       2.18      -0.22      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.34      15.04       5.86       5.47      40   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      10.05      17.76       7.07       2.62      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   4      17.60      21.34       3.68       3.52     128   256  layernorm_quant_kernel<4, 0>
   5      18.69      28.19       9.63       6.88     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   6      27.75      43.14      15.36      14.88     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   7      43.14      44.99       1.82       1.82     128   256  quantize_rows_int8_kernel<4, 1>
   8      43.94      51.04       7.10       6.08      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      50.88      54.31       3.30       3.17     128   256  layernorm_quant_kernel<4, 0>
  10      51.55      59.11       7.52       4.86      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      60.61      67.14       6.43       7.97      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      66.95      68.80       1.86       1.66     128   256  quantize_rows_int8_kernel<4, 1>
  13      67.75      73.89       6.18       5.15      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      73.86      77.31       3.46       3.42     128   256  layernorm_quant_kernel<4, 0>
  15      74.59      90.88      16.42      13.63     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      90.79      93.95       3.20       3.10     512   256  quantize_rows_int8_kernel<4, 4>
  17      92.55     102.21       9.67       8.22      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     102.15     109.00       6.85       6.75      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 109.00 us
