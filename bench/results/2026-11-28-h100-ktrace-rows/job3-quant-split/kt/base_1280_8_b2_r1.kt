ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.38       5.38       5.38      64   320  gn_one_pass_kernel<1, false>
   1       5.41      13.79       8.38       8.38      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       7.91      10.11       2.18      -3.74      20   256  quantize_rows_int8_kernel<4>
   3       9.95      17.38       7.46       7.30     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      13.50      18.46       4.87       1.06      16   256  layernorm_quant_kernel<8, 0>
   5      14.88      23.59       8.64       5.06     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      23.39      28.35       4.93       4.74      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      28.00      30.24       2.24       1.92      16   256  quantize_rows_int8_kernel<8>
   8      28.80      35.07       6.30       4.83      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      34.88      38.72       3.84       3.62      16   256  layernorm_quant_kernel<8, 0>
  10      35.68      42.82       7.17       4.10      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      44.35      50.05       5.70       7.20      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      49.86      51.78       1.92       1.73      16   256  quantize_rows_int8_kernel<8>
  13      50.69      56.23       5.47       4.38      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      56.06      60.38       4.32       4.19      16   256  layernorm_quant_kernel<8, 0>
  15      56.87      71.62      14.75      11.23     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      71.62      78.27       6.69       6.69      16   256  quantize_rows_int8_kernel<20>
  17      72.35      87.55      15.23       9.25      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      87.36      96.07       8.58       8.38      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 96.07 us
