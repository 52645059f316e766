ktrace: 460 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.66      13.66      13.66     256   256  quantize_rows_int8_kernel<20, 1>
   1      12.99      41.34      28.38      27.52     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 41.34 us
