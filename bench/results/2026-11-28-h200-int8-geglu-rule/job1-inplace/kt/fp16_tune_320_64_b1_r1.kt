ktrace: 18961 records
ktrace: graph 20, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.21       9.21       9.21      64   512  gn_one_pass_kernel<8, false>
   1       9.15      15.94       6.72       6.69     132   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1, 2>
   2      14.14      19.10       4.96       3.20      14   384  gemm_wgmma_pp_kernel<64, 96, 10, 2, 1, 3>
   3      15.71      19.33       3.68       0.32     512   256  layernorm_kernel<2, 0>
   4      19.14      26.98       7.78       7.58     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 3>
   5      26.66      93.12      66.50      66.24     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6      92.93      98.98       6.02       5.79     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
   7      98.53     101.70       3.14       2.66     512   256  layernorm_kernel<2, 0>
   8     101.57     106.53       4.96       4.83     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 3>
   9     108.16     115.42       7.33       8.80     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  10     115.23     121.09       5.86       5.66     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
  11     120.61     123.90       3.23       2.78     512   256  layernorm_kernel<2, 0>
  12     123.71     144.61      20.93      20.74     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1, 4>
  13     144.74     154.50       9.73       9.82     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
  14     154.05     161.12       7.01       6.59     132   512  gemm_wgmma_pp_kernel<64, 96, 9, 3, 1, 1>
span (first start to last end), median of 33 replays: 161.12 us
