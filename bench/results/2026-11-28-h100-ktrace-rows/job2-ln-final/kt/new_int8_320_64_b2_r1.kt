ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.51      13.51      13.51      64   512  gn_one_pass_kernel<16, false>
   1      12.61      15.14       2.79       1.31      20   256  quantize_rows_int8_kernel<4>
   2      13.41      21.86       8.29       6.40     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      19.36      25.34       6.21       3.97      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      21.44      29.02       6.82       3.55    1024   256  layernorm_quant_kernel<2, 8>
   5      26.40      44.35      17.50      15.01     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      44.42     177.79     133.34     133.28     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     177.47     190.02      12.48      12.22     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     189.92     195.49       5.60       5.41    1024   256  layernorm_quant_kernel<2, 8>
   9     194.40     203.81       9.38       8.26     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     206.02     219.39      13.31      15.46     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     219.27     229.15       9.92       9.76     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     228.90     234.62       5.73       5.44    1024   256  layernorm_quant_kernel<2, 8>
  13     233.57     274.47      40.93      39.84     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     274.37     292.35      17.95      17.89     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     291.78     304.90      12.99      12.48     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 304.90 us
