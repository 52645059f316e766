ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.54       8.54       8.54     128   512  gn_one_pass_kernel<2, false>
   1       8.38      17.57       9.15       8.96      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      13.03      15.39       2.27      -2.24      20   256  quantize_rows_int8_kernel<4>
   3      14.43      21.63       7.10       6.21     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      17.28      25.19       7.78       3.55      64   256  layernorm_quant_kernel<8, 0>
   5      20.23      33.76      13.82       8.45     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      33.34      43.78      10.37       9.98      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      43.55      46.02       2.53       2.34      64   256  quantize_rows_int8_kernel<8>
   8      44.35      52.32       7.97       6.21      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      52.10      57.28       5.15       4.93      64   256  layernorm_quant_kernel<8, 0>
  10      52.90      62.63       9.66       5.31      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      64.16      72.67       8.48      10.02      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      72.45      74.69       2.14       1.95      64   256  quantize_rows_int8_kernel<8>
  13      73.25      80.99       7.68       6.27      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      80.86      85.95       5.12       4.96      64   256  layernorm_quant_kernel<8, 0>
  15      81.73     105.12      23.46      19.20     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     105.09     112.32       7.17       7.07      64   256  quantize_rows_int8_kernel<20>
  17     105.86     127.56      21.60      15.30      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     127.27     136.48       9.22       8.93      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 136.48 us
