ktrace: 22137 records
ktrace: graph 347, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.57      13.57      13.57      64   512  gn_one_pass_kernel<16, false>
   1       6.27       8.38       2.11      -5.18      20   256  quantize_rows_int8_kernel<4, 1>
   2       7.39      11.84       4.35       3.42      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      13.44      23.17       9.66      11.04     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   4      22.75      28.38       5.57       5.19    1024   256  layernorm_quant_kernel<2, 8>
   5      27.23      43.23      15.87      14.75     132   384  gemm_int8_rows_pp_kernel<64, 256, 4, 2, 1>
   6      43.39     172.16     128.77     128.90     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     171.81     175.11       3.36       3.07    1024   256  quantize_rows_int8_kernel<2, 1>
   8     173.70     185.44      11.52      10.14     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     184.93     190.59       5.66       5.18    1024   256  layernorm_quant_kernel<2, 8>
  10     189.51     196.48       7.01       5.92     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     198.69     211.88      13.09      15.33     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     211.75     222.91      11.17      11.01     128   384  gemm_int8_rows_qa_kernel<160, 4>
  13     222.56     228.04       5.54       5.18    1024   256  layernorm_quant_kernel<2, 8>
  14     227.01     267.33      40.29      39.23     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  15     267.24     284.32      16.96      16.86     128   384  gemm_int8_rows_qa_kernel<160, 4>
  16     283.78     296.58      12.74      12.19     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 296.58 us
