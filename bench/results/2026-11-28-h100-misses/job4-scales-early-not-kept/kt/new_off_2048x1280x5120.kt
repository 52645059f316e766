ktrace: 460 records
ktrace: graph 2, 2 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.82      13.82      13.82     256   256  quantize_rows_int8_kernel<20, 1>
   1      13.22      41.09      27.94      27.39     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 41.09 us
