ktrace: 3458 records
ktrace: graph 47, 15 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.70       9.70       9.70      64   512  gn_one_pass_kernel<8, false>
   1       6.78      12.35       5.41       2.66      20   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 3>
   2       9.63      15.87       6.17       3.71     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      15.65      18.75       3.07       2.85     512   256  layernorm_kernel<2, 0>
   4      18.53      26.37       7.81       7.62     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      26.08      92.93      66.72      66.50     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      92.77      98.75       5.98       5.79     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7      98.30     101.44       3.14       2.69     512   256  layernorm_kernel<2, 0>
   8     101.31     106.14       4.80       4.67     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   9     107.58     115.14       7.58       8.99     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     114.97     120.73       5.79       5.63     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     120.45     123.55       3.10       2.78     512   256  layernorm_kernel<2, 0>
  12     123.39     146.18      22.78      22.62     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 4>
  13     146.05     155.55       9.47       9.31     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     155.23     161.76       6.53       6.21     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 161.76 us
