ktrace: 456 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       1.25       1.25       1.25      32   256  quantize_rows_int8_kernel<4, 2>
   1       0.61       5.02       4.42       3.78      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
span (first start to last end), median of 110 replays: 5.02 us
