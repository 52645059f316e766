ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.31      13.31      13.31      64   512  gn_one_pass_kernel<16, false>
   1      13.25      21.66       8.32       8.26     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      15.74      18.91       3.26      -3.04      20   256  quantize_rows_int8_kernel<4>
   3      20.10      26.08       6.18       7.46      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      21.22      28.55       7.20       2.72    1024   256  layernorm_quant_kernel<4>
   5      26.66      43.59      16.80      15.07     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.59     177.89     134.18     134.15     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     177.60     190.05      12.48      12.19     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     189.89     196.00       6.11       5.92    1024   256  layernorm_quant_kernel<4>
   9     194.72     204.20       9.44       8.19     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     206.40     219.75      13.38      15.55     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     219.62     229.44       9.79       9.66     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     229.28     235.56       6.27       6.05    1024   256  layernorm_quant_kernel<4>
  13     234.28     275.59      41.15      40.00     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     275.53     293.45      17.92      17.89     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     292.93     305.89      12.93      12.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 305.89 us
