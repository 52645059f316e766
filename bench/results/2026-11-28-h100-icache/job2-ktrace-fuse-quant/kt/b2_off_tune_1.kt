ktrace: 23502 records
ktrace: graph 317, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.12      13.12      13.12      64   512  gn_one_pass_kernel<16, false>
   1      11.87      14.14       2.50       1.02      20   256  quantize_rows_int8_kernel<4, 1>
   2      13.25      21.12       8.13       6.69     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      18.82      23.94       4.99       2.98      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   4      20.90      28.03       6.02       3.36    1024   256  layernorm_quant_kernel<2, 8>
   5      26.43      43.10      16.96      14.85     132   384  gemm_int8_rows_pp_kernel<64, 256, 4, 2, 1>
   6      43.23     173.57     129.47     129.51     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     173.38     176.67       3.26       3.10    1024   256  quantize_rows_int8_kernel<2, 1>
   8     175.30     187.08      11.52      10.21     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     186.66     192.23       5.63       5.25    1024   256  layernorm_quant_kernel<2, 8>
  10     191.17     198.18       7.07       6.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     200.48     213.60      13.22      15.42     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     213.44     216.68       3.10       2.94    1024   256  quantize_rows_int8_kernel<2, 1>
  13     215.43     225.92      10.43       9.22     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     225.54     230.88       5.34       4.99    1024   256  layernorm_quant_kernel<2, 8>
  15     229.76     269.38      40.19      39.07     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     269.19     277.06       7.74       7.58    1024   256  quantize_rows_int8_kernel<8, 1>
  17     274.28     290.95      16.42      13.79     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     290.31     303.30      13.12      12.51     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 303.30 us
