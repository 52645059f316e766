ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.85      10.85      10.85      64   512  gn_one_pass_kernel<8, false>
   1       6.53      14.62       8.13       3.68      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      10.91      18.53       7.52       3.94     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      18.30      21.44       3.10       2.88     512   256  layernorm_kernel<2, 0>
   4      21.18      29.47       8.35       8.10     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      29.28      95.33      66.02      65.79     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      95.14     101.79       6.66       6.46     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     101.35     104.64       3.26       2.82     512   256  layernorm_kernel<2, 0>
   8     104.45     109.79       5.31       5.12     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     111.27     119.46       8.16       9.66     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     119.33     125.89       6.62       6.46     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     125.54     128.77       3.20       2.82     512   256  layernorm_kernel<2, 0>
  12     128.58     158.72      30.24      30.05     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
  13     158.88     172.55      13.60      13.73      96   384  gemm_wgmma_kernel<128, 6, false, false, false, false, false>
  14     172.45     182.88      10.46      10.37     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 182.88 us
