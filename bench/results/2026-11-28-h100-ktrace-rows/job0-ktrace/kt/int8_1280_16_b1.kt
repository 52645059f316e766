ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.51       8.51       8.51      64   512  gn_one_pass_kernel<2, false>
   1       8.45      15.97       7.42       7.42      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      14.40      16.51       2.05       0.67      10   256  quantize_rows_int8_kernel<4>
   3      15.62      21.60       5.70       5.41      32   256  layernorm_quant_kernel<8>
   4      16.10      21.76       5.82       0.29      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      16.61      30.59      13.57       9.15     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      30.14      39.91       9.83       9.47      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      39.68      42.02       2.30       2.05      32   256  quantize_rows_int8_kernel<8>
   8      40.51      47.62       6.98       5.47      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      47.39      52.32       4.99       4.77      32   256  layernorm_quant_kernel<8>
  10      48.16      56.87       8.74       4.54      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      58.40      66.40       7.94       9.47      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      66.24      68.19       1.98       1.79      32   256  quantize_rows_int8_kernel<8>
  13      66.95      73.41       6.40       5.18      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      73.28      78.40       5.09       4.96      32   256  layernorm_quant_kernel<8>
  15      74.18      92.87      18.59      14.34     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      92.74      99.87       7.04       6.94      32   256  quantize_rows_int8_kernel<20>
  17      93.60     110.98      17.25      11.07      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     110.72     120.00       9.12       8.90      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 120.00 us
