ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.25       5.25       5.25      32   320  gn_one_pass_kernel<1, false>
   1       5.28      13.63       8.35       8.38      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       7.81       9.86       2.02      -3.81      10   256  quantize_rows_int8_kernel<4, 1>
   3       9.41      14.82       5.44       4.99      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      13.41      17.44       4.00       2.75       8   256  layernorm_quant_kernel<8, 0>
   5      14.43      22.02       7.58       4.54     120   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   6      21.79      26.75       4.90       4.70       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      26.40      28.06       1.66       1.31      16   256  quantize_rows_int8_kernel<4, 2>
   8      27.14      32.19       5.02       4.10      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      32.03      35.65       3.62       3.46       8   256  layernorm_quant_kernel<8, 0>
  10      32.67      39.65       6.98       4.00      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      41.19      46.66       5.47       6.98       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      46.47      48.00       1.54       1.34      16   256  quantize_rows_int8_kernel<4, 2>
  13      47.17      52.16       5.02       4.16      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      52.00      55.84       3.81       3.68       8   256  layernorm_quant_kernel<8, 0>
  15      52.77      64.51      11.74       8.67      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      64.35      66.40       2.02       1.89      64   256  quantize_rows_int8_kernel<4, 8>
  17      65.34      75.04       9.76       8.67      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      74.91      82.79       7.81       7.65      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 82.79 us
