ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.38      13.38      13.38      64   512  gn_one_pass_kernel<16, false>
   1      12.64      15.30       2.72       1.95      20   256  quantize_rows_int8_kernel<4>
   2      13.28      21.28       8.00       5.89     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      19.23      25.50       6.34       4.19      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      20.96      28.48       6.82       3.26    1024   256  layernorm_quant_kernel<2, 8>
   5      25.89      43.84      17.47      15.04     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.81     174.78     130.72     130.66     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     174.59     186.94      12.38      12.13     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     186.82     192.26       5.50       5.34    1024   256  layernorm_quant_kernel<2, 8>
   9     191.14     200.55       9.38       8.29     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     202.56     215.81      13.19      15.36     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     215.68     225.50       9.82       9.66     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     225.28     230.91       5.60       5.31    1024   256  layernorm_quant_kernel<2, 8>
  13     229.83     270.34      40.48      39.42     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     270.34     287.94      17.76      17.76     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     287.36     300.48      12.99      12.48     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 300.48 us
