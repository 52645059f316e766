ktrace: 19641 records
ktrace: graph 365, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.58      12.58      12.58      64   512  gn_one_pass_kernel<16, false>
   1       6.91       8.77       1.95      -3.87      20   256  quantize_rows_int8_kernel<4, 1>
   2       7.87      12.19       4.38       3.39      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1, 3>
   3      12.48      19.36       6.78       7.23     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   4      19.07      24.67       5.54       5.28    1024   256  layernorm_quant_kernel<2, 8>
   5      23.58      38.81      15.17      14.08     132   384  gemm_int8_rows_pp_kernel<64, 256, 4, 2, 1, 0>
   6      38.62     169.92     131.36     131.17     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     169.73     172.73       3.01       2.78    1024   256  quantize_rows_int8_kernel<2, 1>
   8     171.71     178.91       7.20       6.18     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
   9     178.69     184.19       5.47       5.25    1024   256  layernorm_quant_kernel<2, 8>
  10     183.13     189.21       6.11       5.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  11     190.97     203.61      12.61      14.43     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     203.49     212.32       8.83       8.70     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  13     212.41     217.88       5.38       5.50    1024   256  layernorm_quant_kernel<2, 8>
  14     216.77     251.23      33.95      32.83     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  15     251.13     266.85      15.71      15.62     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  16     266.33     275.13       8.64       8.10     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
span (first start to last end), median of 33 replays: 275.13 us
