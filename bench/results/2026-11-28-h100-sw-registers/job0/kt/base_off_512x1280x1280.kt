ktrace: 456 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       1.54       1.54       1.54     128   256  quantize_rows_int8_kernel<4, 2>
   1       0.67       6.27       5.60       4.74      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
span (first start to last end), median of 110 replays: 6.27 us
