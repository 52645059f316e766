ktrace: 456 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       2.43       2.43       2.43    1024   256  quantize_rows_int8_kernel<2, 1>
   1       1.79       8.45       6.66       6.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 8.45 us
