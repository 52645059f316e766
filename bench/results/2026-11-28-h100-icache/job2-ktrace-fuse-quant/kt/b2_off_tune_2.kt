ktrace: 21585 records
ktrace: graph 314, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.11      14.11      14.11      64   512  gn_one_pass_kernel<16, false>
   1       7.52       9.63       2.14      -4.48      20   256  quantize_rows_int8_kernel<4, 1>
   2       8.96      13.18       4.32       3.74      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      13.95      23.71       9.66      10.37     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   4      23.33      28.99       5.70       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      27.94      43.10      15.14      14.08     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.26     175.40     131.94     132.00     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     175.08     178.43       3.30       2.98    1024   256  quantize_rows_int8_kernel<2, 1>
   8     177.12     187.24      10.08       8.80     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     186.85     192.52       5.70       5.31    1024   256  layernorm_quant_kernel<2, 8>
  10     191.46     198.50       7.01       5.95     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     200.77     214.28      13.47      15.74     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     214.12     217.38       3.10       2.94    1024   256  quantize_rows_int8_kernel<2, 1>
  13     216.07     225.22       8.96       7.81     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     224.80     230.50       5.70       5.34    1024   256  layernorm_quant_kernel<2, 8>
  15     229.41     269.35      39.94      38.82     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     269.48     276.90       7.62       7.71    1024   256  quantize_rows_int8_kernel<8, 1>
  17     274.73     290.69      16.13      13.79     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     290.08     303.30      13.02      12.38     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 303.30 us
