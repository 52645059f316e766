ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.66       9.66       9.66     128   512  gn_one_pass_kernel<2, false>
   1       9.66      16.80       7.07       7.10      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      11.30      14.18       2.81      -2.69      10   256  quantize_rows_int8_kernel<4, 1>
   3      13.50      19.36       5.89       5.25      40   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.77      20.51       3.71       1.02     128   256  layernorm_quant_kernel<4, 0>
   5      18.21      27.68       9.60       7.14     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   6      27.14      42.59      15.36      14.88     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   7      42.56      44.42       1.82       1.82     128   256  quantize_rows_int8_kernel<4, 1>
   8      43.39      50.47       7.10       6.08      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      50.34      53.66       3.33       3.20     128   256  layernorm_quant_kernel<4, 0>
  10      50.98      58.56       7.55       4.86      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      60.13      66.53       6.46       8.03      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      66.34      68.22       1.86       1.67     128   256  quantize_rows_int8_kernel<4, 1>
  13      67.17      73.41       6.21       5.15      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      73.44      76.83       3.46       3.42     128   256  layernorm_quant_kernel<4, 0>
  15      74.08      90.53      16.48      13.63     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      90.40      93.63       3.20       3.14     512   256  quantize_rows_int8_kernel<4, 4>
  17      92.19     101.99       9.76       8.32      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     101.92     108.84       6.88       6.82      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 108.84 us
