ktrace: 456 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       2.40       2.40       2.40    1024   256  quantize_rows_int8_kernel<2, 1>
   1       1.82      15.49      13.67      13.09     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 15.49 us
