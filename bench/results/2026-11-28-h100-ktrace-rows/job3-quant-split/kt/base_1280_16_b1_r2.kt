ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.67       8.67       8.67      64   512  gn_one_pass_kernel<2, false>
   1       7.71       9.76       2.05       0.99      10   256  quantize_rows_int8_kernel<4>
   2       8.67      16.61       7.87       6.94      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3       9.31      18.91       9.12       2.43      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.29      21.41       5.06       2.40      32   256  layernorm_quant_kernel<8, 0>
   5      17.18      29.57      12.29       8.10     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      29.12      38.88       9.73       9.28      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      38.66      40.96       2.34       2.08      32   256  quantize_rows_int8_kernel<8>
   8      39.46      46.47       7.04       5.50      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      46.24      51.23       5.02       4.80      32   256  layernorm_quant_kernel<8, 0>
  10      47.01      55.75       8.71       4.51      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      57.28      65.06       7.78       9.28      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      64.90      66.85       1.98       1.82      32   256  quantize_rows_int8_kernel<8>
  13      65.67      71.97       6.40       5.12      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      71.84      76.90       5.03       4.90      32   256  layernorm_quant_kernel<8, 0>
  15      72.67      91.07      18.34      14.11     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      90.98      97.86       6.82       6.72      32   256  quantize_rows_int8_kernel<20>
  17      91.81     108.55      16.74      10.69      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     108.35     117.44       9.09       8.86      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 117.44 us
