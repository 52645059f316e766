ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.70       8.70       8.70      64   512  gn_one_pass_kernel<2, false>
   1       8.13      10.05       2.05       1.15      10   256  quantize_rows_int8_kernel<4, 1>
   2       8.61      16.70       8.03       6.69      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   3       9.63      18.98       8.77       2.34      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.39      21.50       5.06       2.53      32   256  layernorm_quant_kernel<8, 0>
   5      17.28      29.50      12.13       8.00     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      29.19      38.75       9.60       9.25      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      38.53      40.45       1.92       1.70      64   256  quantize_rows_int8_kernel<4, 2>
   8      39.30      45.79       6.43       5.25      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      45.60      50.66       4.99       4.83      32   256  layernorm_quant_kernel<8, 0>
  10      46.37      55.17       8.74       4.51      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      56.67      64.48       7.81       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      64.35      66.34       2.02       1.86      64   256  quantize_rows_int8_kernel<4, 2>
  13      65.09      71.23       6.18       4.90      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      71.11      76.26       5.09       4.93      32   256  layernorm_quant_kernel<8, 0>
  15      71.94      90.15      18.14      13.89     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      90.11      92.58       2.53       2.43     256   256  quantize_rows_int8_kernel<4, 8>
  17      91.39     102.66      11.27      10.05      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     102.53     111.17       8.67       8.54      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 111.17 us
