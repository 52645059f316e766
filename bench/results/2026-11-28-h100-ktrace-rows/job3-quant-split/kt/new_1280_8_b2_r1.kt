ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.41       5.41       5.41      64   320  gn_one_pass_kernel<1, false>
   1       5.44      13.76       8.29       8.32      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2       8.42      10.56       2.11      -3.33      20   256  quantize_rows_int8_kernel<4, 1>
   3      10.02      17.63       7.71       7.26     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      13.54      18.53       4.86       0.80      16   256  layernorm_quant_kernel<8, 0>
   5      14.78      23.71       8.90       5.18     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   6      23.52      28.45       4.93       4.74      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   7      28.13      30.02       1.89       1.60      32   256  quantize_rows_int8_kernel<4, 2>
   8      28.99      34.53       5.50       4.45      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9      34.37      38.37       3.78       3.62      16   256  layernorm_quant_kernel<8, 0>
  10      35.11      42.43       7.17       4.10      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  11      43.97      49.70       5.73       7.26      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12      49.54      51.14       1.63       1.44      32   256  quantize_rows_int8_kernel<4, 2>
  13      50.27      55.39       5.15       4.29      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14      55.27      59.59       4.26       4.10      16   256  layernorm_quant_kernel<8, 0>
  15      56.00      71.30      15.17      11.65     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16      71.20      73.34       2.11       2.05     128   256  quantize_rows_int8_kernel<4, 8>
  17      72.19      82.18      10.05       8.86      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18      81.99      90.53       8.51       8.35      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 90.53 us
