ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.61       8.61       8.61     128   512  gn_one_pass_kernel<2, false>
   1       8.45      18.24       9.76       9.60      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      11.74      14.21       2.43      -4.03      20   256  quantize_rows_int8_kernel<4, 1>
   3      13.92      22.34       8.51       8.16     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      17.98      23.94       5.79       1.50      64   256  layernorm_quant_kernel<8, 0>
   5      19.17      32.45      13.15       8.38     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   6      32.06      42.59      10.37      10.05      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   7      42.43      44.45       1.99       1.85     128   256  quantize_rows_int8_kernel<4, 2>
   8      43.30      51.27       7.97       6.72      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      51.11      56.10       4.93       4.77      64   256  layernorm_quant_kernel<8, 0>
  10      51.87      61.54       9.63       5.41      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      63.04      71.52       8.48      10.02      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  12      71.33      73.38       2.02       1.82     128   256  quantize_rows_int8_kernel<4, 2>
  13      72.16      79.62       7.42       6.24      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      79.46      84.55       4.93       4.86      64   256  layernorm_quant_kernel<8, 0>
  15      80.35     103.91      23.39      19.26     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     103.81     107.07       3.23       3.17     512   256  quantize_rows_int8_kernel<4, 8>
  17     105.44     120.64      15.20      13.63      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     120.39     129.54       9.22       8.93      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 129.54 us
