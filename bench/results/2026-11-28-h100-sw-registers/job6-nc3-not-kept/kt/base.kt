ktrace: 239 records
ktrace: graph 2, 1 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      52.32      52.32      52.32     128   384  gemm_int8_rows_qa_kernel<256, 3>
span (first start to last end), median of 110 replays: 52.32 us
