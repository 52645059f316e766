ktrace: 3505 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.11      14.11      14.11      64   512  gn_one_pass_kernel<16, false>
   1       6.24      14.05       7.78       0.03      30   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      14.37      22.40       7.94       8.35     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      22.50      26.98       4.48       4.61    1024   256  layernorm_kernel<2, 8>
   4      27.14      42.11      15.04      15.20     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   5      42.24     176.52     134.18     134.34     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     176.68     189.00      12.29      12.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     189.44     193.86       4.38       4.93    1024   256  layernorm_kernel<2, 8>
   8     194.02     201.12       6.98       7.14     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     203.36     216.93      13.57      15.78     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     217.12     225.38       8.38       8.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     225.73     230.05       4.32       4.64    1024   256  layernorm_kernel<2, 8>
  12     230.24     278.56      48.22      48.42     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     278.69     296.32      17.54      17.73     128   384  gemm_wgmma_kernel<160, 5, false, false, false, false, false>
  14     296.36     308.90      12.67      12.71     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 308.90 us
