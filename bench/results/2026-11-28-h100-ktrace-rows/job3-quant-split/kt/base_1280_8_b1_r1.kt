ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.25       5.25       5.25      32   320  gn_one_pass_kernel<1, false>
   1       5.25      12.00       6.69       6.72      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      11.71      16.32       4.58       4.32       8   256  layernorm_quant_kernel<8, 0>
   3      11.90      14.02       2.02      -2.14      10   256  quantize_rows_int8_kernel<4>
   4      12.61      21.73       9.09       7.65     120   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   5      13.82      24.64       9.38       3.17      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      21.41      26.50       4.99       1.57       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      26.27      28.48       2.21       1.89       8   256  quantize_rows_int8_kernel<8>
   8      27.01      32.70       5.73       4.32      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      32.55      36.35       3.78       3.62       8   256  layernorm_quant_kernel<8, 0>
  10      33.28      40.48       7.11       4.03      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      41.98      47.62       5.60       7.11       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      47.68      49.38       1.70       1.82       8   256  quantize_rows_int8_kernel<8>
  13      48.29      53.54       5.28       4.19      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      53.41      57.28       3.87       3.74       8   256  layernorm_quant_kernel<8, 0>
  15      54.21      66.11      11.81       8.67      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      65.98      74.11       8.13       7.97       8   256  quantize_rows_int8_kernel<20>
  17      66.82      83.17      16.29       9.06      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      82.98      90.98       7.87       7.71      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 90.98 us
