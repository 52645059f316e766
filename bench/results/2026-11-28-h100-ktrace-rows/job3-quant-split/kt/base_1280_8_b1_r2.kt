ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.57       5.57       5.57      32   320  gn_one_pass_kernel<1, false>
   1       5.60      12.26       6.66       6.66      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      12.03      17.38       5.22       4.99       8   256  layernorm_quant_kernel<8, 0>
   3      12.83      23.14      10.18       5.66     120   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   4      14.59      16.61       2.02      -6.40      10   256  quantize_rows_int8_kernel<4>
   5      16.61      26.50       9.70       9.73      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      22.82      27.87       5.06       1.22       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      27.59      29.79       2.18       1.89       8   256  quantize_rows_int8_kernel<8>
   8      28.38      34.34       5.95       4.51      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      34.18      39.20       5.02       4.86       8   256  layernorm_quant_kernel<8, 0>
  10      34.88      43.07       8.19       3.87      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      44.61      50.21       5.60       7.11       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      50.27      51.97       1.70       1.76       8   256  quantize_rows_int8_kernel<8>
  13      50.88      56.32       5.41       4.32      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      56.16      61.19       5.03       4.90       8   256  layernorm_quant_kernel<8, 0>
  15      56.90      70.37      13.50       9.15      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      70.21      78.24       8.03       7.87       8   256  quantize_rows_int8_kernel<20>
  17      71.07      87.33      16.29       9.09      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      87.17      95.65       8.51       8.32      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 95.65 us
