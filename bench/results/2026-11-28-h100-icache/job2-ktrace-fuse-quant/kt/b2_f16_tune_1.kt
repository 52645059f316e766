ktrace: 19542 records
ktrace: graph 26, 15 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.41      13.41      13.41      64   512  gn_one_pass_kernel<16, false>
   1      10.21      19.07       8.96       5.63      21   384  gemm_wgmma_pp_kernel<64, 96, 10, 2, 1>
   2      13.79      24.16      10.05       4.90     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      23.94      28.29       4.35       4.13    1024   256  layernorm_kernel<2, 8>
   4      28.03      40.42      12.48      12.22     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   5      40.22     169.28     129.03     128.83     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     169.09     179.40      10.27      10.05     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   7     178.98     183.33       4.38       4.03    1024   256  layernorm_kernel<2, 8>
   8     183.08     189.73       6.53       6.27     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   9     191.59     204.74      13.25      15.04     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     204.52     212.61       8.10       7.90     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  11     212.45     216.84       4.35       4.22    1024   256  layernorm_kernel<2, 8>
  12     216.55     259.81      43.23      43.04     132   512  gemm_wgmma_pp_kernel<64, 128, 7, 3, 1>
  13     259.65     277.51      17.70      17.50     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
  14     276.93     286.12       9.15       8.61     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 286.12 us
