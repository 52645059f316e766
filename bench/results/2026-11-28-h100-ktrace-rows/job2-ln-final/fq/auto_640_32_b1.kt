ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.63       9.63       9.63     128   512  gn_one_pass_kernel<2, false>
   1       9.66      15.97       6.24       6.30      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      14.11      16.26       2.05       0.32      10   256  quantize_rows_int8_kernel<4>
   3      15.81      20.00       4.10       3.58     128   256  layernorm_quant_kernel<4, 0>
   4      15.81      23.52       7.52       3.84      40   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      19.04      29.44      10.43       5.89     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   6      28.93      44.61      15.52      15.10     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   7      44.58      46.43       1.82       1.82     128   256  quantize_rows_int8_kernel<4>
   8      45.38      53.70       8.35       7.30      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      53.44      56.99       3.49       3.20     128   256  layernorm_quant_kernel<4, 0>
  10      54.24      61.92       7.62       4.90      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  11      63.42      70.02       6.53       8.06      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      69.89      71.78       1.86       1.70     128   256  quantize_rows_int8_kernel<4>
  13      70.72      76.99       6.30       5.25      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  14      76.74      80.45       3.62       3.36     128   256  layernorm_quant_kernel<4, 0>
  15      77.50      94.27      16.71      13.82     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16      94.30     101.47       7.04       7.07     128   256  quantize_rows_int8_kernel<20>
  17      95.14     111.71      16.58      10.24      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  18     111.36     118.56       7.20       6.82      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 118.56 us
