ktrace: 3458 kernel records
ktrace: graph 47, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.01      11.01      11.01     128   512  gn_one_pass_kernel<4, false>
   1       9.12      17.02       8.03       6.08      60   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      10.98      22.37      11.26       5.44     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      22.14      25.47       3.39       3.17     256   256  layernorm_kernel<4, 0>
   4      25.18      36.77      11.55      11.26     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      36.64      53.76      17.12      16.93     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   6      53.60      62.15       8.70       8.51     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7      61.67      64.93       3.30       2.85     256   256  layernorm_kernel<4, 0>
   8      64.61      70.82       6.14       5.82     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9      72.77      80.61       7.81       9.67     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  10      80.42      88.39       7.90       7.74     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11      88.10      91.52       3.49       3.17     256   256  layernorm_kernel<4, 0>
  12      91.23     128.71      37.44      37.15     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     128.45     146.34      17.86      17.66      80   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     146.24     157.44      11.20      11.10     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 157.44 us
