ktrace: 3734 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.94      11.94      11.94      64   512  gn_one_pass_kernel<16, false>
   1      12.58      20.38       7.71       8.35     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      14.85      17.95       3.04      -2.50      20   256  quantize_rows_int8_kernel<4, 1>
   3      18.88      24.90       6.11       6.24      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      20.54      27.81       6.94       3.46    1024   256  layernorm_quant_kernel<2, 8>
   5      25.54      42.82      17.34      14.82     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      42.98     176.45     133.31     133.47     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     176.64     188.51      11.78      12.00     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     189.02     194.40       5.47       5.98    1024   256  layernorm_quant_kernel<2, 8>
   9     193.28     201.41       8.10       6.94     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     203.46     216.29      12.80      14.78     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     216.45     226.31       9.76       9.92     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     226.75     232.09       5.38       5.82    1024   256  layernorm_quant_kernel<2, 8>
  13     231.04     268.77      37.86      36.83     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     268.99     286.27      17.06      17.28     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     286.56     297.89      11.46      11.74     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 297.89 us
