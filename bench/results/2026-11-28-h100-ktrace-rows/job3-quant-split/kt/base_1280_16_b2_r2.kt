ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.61       8.61       8.61     128   512  gn_one_pass_kernel<2, false>
   1       8.42      17.79       9.31       9.15      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      10.62      13.02       2.40      -4.64      20   256  quantize_rows_int8_kernel<4>
   3      11.97      21.89       9.82       8.67     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      17.41      22.95       5.28       0.96      64   256  layernorm_quant_kernel<8, 0>
   5      18.69      31.43      12.58       8.45     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      30.98      41.44      10.43      10.08      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      41.28      43.78       2.53       2.30      64   256  quantize_rows_int8_kernel<8>
   8      42.02      50.24       8.16       6.40      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      50.05      55.17       5.18       4.93      64   256  layernorm_quant_kernel<8, 0>
  10      50.75      60.48       9.67       5.31      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      62.02      70.47       8.45       9.98      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      70.27      72.42       2.14       1.92      64   256  quantize_rows_int8_kernel<8>
  13      71.04      78.82       7.68       6.27      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      78.66      83.75       5.09       4.93      64   256  layernorm_quant_kernel<8, 0>
  15      79.52     103.04      23.52      19.26     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     102.98     110.15       7.17       7.07      64   256  quantize_rows_int8_kernel<20>
  17     103.78     125.35      21.57      15.23      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     125.03     134.44       9.28       9.02      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 134.44 us
