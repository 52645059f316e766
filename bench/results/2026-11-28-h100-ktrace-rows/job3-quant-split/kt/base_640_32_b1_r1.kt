ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.14      10.14      10.14     128   512  gn_one_pass_kernel<2, false>
   1       7.17       9.54       2.18      -0.74      10   256  quantize_rows_int8_kernel<4>
   2       9.57      15.30       5.76       5.86      40   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      10.14      18.37       8.22       3.23      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   4      18.14      21.76       3.68       3.46     128   256  layernorm_quant_kernel<4, 0>
   5      18.98      29.19      10.30       7.46     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   6      28.74      44.16      15.36      14.88     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   7      44.19      45.98       1.82       1.82     128   256  quantize_rows_int8_kernel<4>
   8      44.96      51.94       7.04       6.02      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      51.65      55.14       3.49       3.23     128   256  layernorm_quant_kernel<4, 0>
  10      52.42      60.06       7.62       4.90      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      61.57      68.00       6.46       8.00      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      67.81      69.63       1.82       1.66     128   256  quantize_rows_int8_kernel<4>
  13      68.61      74.88       6.27       5.22      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      74.66      78.34       3.68       3.42     128   256  layernorm_quant_kernel<4, 0>
  15      75.49      91.97      16.48      13.63     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      91.94      98.92       7.01       7.04     128   256  quantize_rows_int8_kernel<20>
  17      92.80     109.15      16.51      10.27      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     108.74     115.94       7.14       6.75      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 115.94 us
