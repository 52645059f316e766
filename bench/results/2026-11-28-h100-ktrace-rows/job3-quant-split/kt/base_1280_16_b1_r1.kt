ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.45       8.45       8.45      64   512  gn_one_pass_kernel<2, false>
   1       8.42      16.06       7.58       7.58      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      13.60      15.87       1.98      -0.35      10   256  quantize_rows_int8_kernel<4>
   3      15.46      20.61       5.54       5.28      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      15.75      23.97       6.46       2.43      32   256  layernorm_quant_kernel<8, 0>
   5      16.80      32.51      15.17       8.38     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      32.03      41.95       9.66       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      41.73      44.00       2.31       2.08      32   256  quantize_rows_int8_kernel<8>
   8      42.56      49.44       6.98       5.47      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      49.25      54.15       4.96       4.77      32   256  layernorm_quant_kernel<8, 0>
  10      50.02      58.69       8.74       4.51      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11      60.19      68.03       7.84       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      67.87      69.89       1.95       1.82      32   256  quantize_rows_int8_kernel<8>
  13      68.70      75.07       6.40       5.15      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  14      74.91      80.16       5.09       4.96      32   256  layernorm_quant_kernel<8, 0>
  15      75.78      94.24      18.53      14.27     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      94.27     101.35       7.01       6.91      32   256  quantize_rows_int8_kernel<20>
  17      95.04     112.61      17.28      11.04      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  18     112.35     121.22       8.99       8.80      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 121.22 us
