ktrace: 21477 records
ktrace: graph 332, 16 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.47      13.47      13.47      64   512  gn_one_pass_kernel<16, false>
   1      11.11      14.05       2.78       0.54      20   256  quantize_rows_int8_kernel<4, 1>
   2      12.80      17.54       4.90       3.62      60   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      13.34      23.81      10.27       6.82     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1>
   4      23.42      29.28       5.63       5.25    1024   256  layernorm_quant_kernel<2, 8>
   5      27.90      43.65      15.65      14.43     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.78     172.42     128.67     128.74     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     172.29     184.07      11.68      11.55     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     183.46     189.03       5.60       5.18    1024   256  layernorm_quant_kernel<2, 8>
   9     188.10     196.51       8.42       7.39     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     198.72     211.91      13.18      15.39     512   256  flash_attn_kernel<40, 8, 1, 40, false>
  11     211.81     221.28       9.47       9.34     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     220.90     226.47       5.60       5.25    1024   256  layernorm_quant_kernel<2, 8>
  13     225.51     265.86      40.32      39.30     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     265.70     283.04      17.18      17.09     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     282.53     295.49      12.83      12.32     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 295.49 us
