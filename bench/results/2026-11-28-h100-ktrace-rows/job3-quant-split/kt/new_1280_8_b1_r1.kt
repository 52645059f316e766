ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.57       5.57       5.57      32   320  gn_one_pass_kernel<1, false>
   1       5.57      12.35       6.75       6.78      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      12.13      17.73       5.50       5.31       8   256  layernorm_quant_kernel<8, 0>
   3      12.99      23.33      10.27       5.50     120   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   4      13.38      16.22       2.18      -7.14      10   256  quantize_rows_int8_kernel<4, 1>
   5      15.94      26.69      10.66      10.37      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      23.01      28.10       5.06       1.25       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      27.84      29.57       1.73       1.50      16   256  quantize_rows_int8_kernel<4, 2>
   8      28.67      33.98       5.28       4.38      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      33.83      38.72       4.90       4.77       8   256  layernorm_quant_kernel<8, 0>
  10      34.53      42.72       8.22       3.97      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      44.19      49.76       5.54       7.04       8   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      49.57      51.11       1.54       1.34      16   256  quantize_rows_int8_kernel<4, 2>
  13      50.24      55.52       5.25       4.38      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      55.36      60.55       5.15       5.02       8   256  layernorm_quant_kernel<8, 0>
  15      56.10      69.83      13.70       9.25      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      69.70      71.71       1.98       1.86      64   256  quantize_rows_int8_kernel<4, 8>
  17      70.69      80.55       9.92       8.83      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      80.42      88.96       8.48       8.35      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 88.96 us
