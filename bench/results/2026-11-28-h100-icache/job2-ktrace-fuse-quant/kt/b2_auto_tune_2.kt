ktrace: 20523 records
ktrace: graph 350, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.60      13.60      13.60      64   512  gn_one_pass_kernel<16, false>
   1      10.91      14.11       2.82       0.48      20   256  quantize_rows_int8_kernel<4, 1>
   2      12.77      17.73       4.93       3.65      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      13.54      22.88       9.47       5.38     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      22.69      28.26       5.54       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      27.07      43.23      16.06      14.91     132   384  gemm_int8_rows_pp_kernel<64, 256, 4, 2, 1>
   6      43.33     175.97     132.71     132.87     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     175.75     179.14       3.30       3.07    1024   256  quantize_rows_int8_kernel<2, 1>
   8     177.70     189.44      11.55      10.30     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     188.93     194.69       5.79       5.28    1024   256  layernorm_quant_kernel<2, 8>
  10     193.64     200.74       7.07       6.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     202.91     216.36      13.34      15.65     512   256  flash_attn_kernel<40, 8, 1, 40, false>
  12     216.23     227.62      11.49      11.36     128   384  gemm_int8_rows_qa_kernel<160, 4>
  13     227.24     232.93       5.70       5.34    1024   256  layernorm_quant_kernel<2, 8>
  14     231.84     272.81      40.77      39.68     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  15     272.74     290.18      17.28      17.38     128   384  gemm_int8_rows_qa_kernel<160, 4>
  16     289.70     302.31      12.83      12.29     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 302.31 us
