ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.87      11.87      11.87      64   512  gn_one_pass_kernel<16, false>
   1      11.87      19.33       7.42       7.36     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   2      14.14      18.02       3.52      -1.28      20   256  quantize_rows_int8_kernel<4, 1>
   3      17.76      23.65       5.66       4.61      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   4      19.07      26.50       7.46       3.90    1024   256  layernorm_quant_kernel<2, 8>
   5      23.74      37.79      14.08      11.17     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      37.60     170.08     132.25     132.03     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     169.89     178.81       8.93       8.74     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8     178.72     184.19       5.38       5.44    1024   256  layernorm_quant_kernel<2, 8>
   9     183.04     189.21       6.21       5.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     190.85     203.39      12.58      14.21     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     203.26     211.74       8.35       8.22     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  12     211.61     217.09       5.44       5.38    1024   256  layernorm_quant_kernel<2, 8>
  13     216.06     250.24      33.89      32.77     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     250.14     265.95      15.84      15.74     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  15     265.41     274.17       8.70       8.16     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 274.17 us
