ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.58       8.58       8.58     128   512  gn_one_pass_kernel<2, false>
   1       8.38      16.77       8.35       8.19      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      16.58      21.82       5.18       5.02      64   256  layernorm_quant_kernel<8, 0>
   3      17.38      30.56      13.02       8.48     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   4      24.22      27.46       2.72      -3.33      20   256  quantize_rows_int8_kernel<4>
   5      28.77      34.94       7.29       7.84     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      30.05      43.43      11.23       8.80      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      43.20      45.73       2.53       2.33      64   256  quantize_rows_int8_kernel<8>
   8      44.13      52.51       8.61       6.98      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      52.29      57.51       5.12       4.99      64   256  layernorm_quant_kernel<8, 0>
  10      53.06      62.88       9.73       5.38      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      64.64      73.06       8.48       9.98      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      72.86      74.98       2.11       1.92      64   256  quantize_rows_int8_kernel<8>
  13      73.60      81.28       7.68       6.27      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      81.12      86.24       5.12       4.99      64   256  layernorm_quant_kernel<8, 0>
  15      82.02     105.38      23.46      19.14     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     105.31     112.58       7.26       7.17      64   256  quantize_rows_int8_kernel<20>
  17     106.11     126.95      20.64      14.24      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     126.66     135.91       9.25       8.96      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 135.91 us
