ktrace: 233 records
ktrace: graph 2, 1 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.31      13.31      13.31     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
span (first start to last end), median of 110 replays: 13.31 us
