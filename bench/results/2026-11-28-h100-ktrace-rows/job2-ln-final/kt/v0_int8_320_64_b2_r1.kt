ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.54      13.54      13.54      64   512  gn_one_pass_kernel<16, false>
   1      12.29      14.78       2.69       1.06      20   256  quantize_rows_int8_kernel<4>
   2      13.41      21.76       8.19       6.69     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      19.23      25.19       6.53       3.71      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      21.38      28.67       6.46       3.17    1024   256  layernorm_quant_kernel<4>
   5      27.52      44.10      16.32      15.01     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      44.10     176.19     131.81     131.81     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     176.00     188.45      12.48      12.26     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     188.07     194.27       6.05       5.82    1024   256  layernorm_quant_kernel<4>
   9     192.93     202.47       9.47       8.26     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     204.67     218.02      13.28      15.42     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     217.89     227.75       9.92       9.79     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     227.55     233.60       6.15       5.95    1024   256  layernorm_quant_kernel<4>
  13     232.51     273.38      40.77      39.62     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     273.41     291.20      17.92      17.86     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     290.63     303.43      12.96      12.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 303.43 us
