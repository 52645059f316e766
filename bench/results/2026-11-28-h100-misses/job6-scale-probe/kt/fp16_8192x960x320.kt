ktrace: 233 records
ktrace: graph 2, 1 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.16      12.16      12.16     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
span (first start to last end), median of 110 replays: 12.16 us
