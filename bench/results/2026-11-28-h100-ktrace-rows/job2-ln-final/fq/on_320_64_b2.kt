ktrace: 3465 kernel records
ktrace: graph 38, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.57      13.57      13.57      64   512  gn_one_pass_kernel<16, false>
   1       8.96      21.70      12.80       8.06      30   384  gemm_int8_rows_qa_kernel<64, 6>
   2      13.57      25.06      11.46       3.26     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      24.86      30.43       5.57       5.38    1024   256  layernorm_quant_kernel<2, 8>
   4      29.25      45.34      16.10      14.91     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   5      45.44     175.87     130.62     130.62     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     175.71     188.13      12.42      12.26     128   384  gemm_int8_rows_qa_kernel<160, 4>
   7     188.10     193.47       5.47       5.34    1024   256  layernorm_quant_kernel<2, 8>
   8     192.29     201.83       9.41       8.26     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     203.97     217.22      13.28      15.46     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     217.09     226.91       9.82       9.70     128   384  gemm_int8_rows_qa_kernel<160, 4>
  11     226.62     232.26       5.63       5.34    1024   256  layernorm_quant_kernel<2, 8>
  12     231.20     271.84      40.64      39.58     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13     271.87     289.70      17.82      17.89     128   384  gemm_int8_rows_qa_kernel<160, 4>
  14     289.06     302.05      12.99      12.42     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 302.05 us
