ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.67      13.67      13.67      64   512  gn_one_pass_kernel<16, false>
   1      11.78      14.37       2.69       0.64      20   256  quantize_rows_int8_kernel<4>
   2      13.25      19.30       6.11       5.09      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      13.50      23.33       9.41       4.67     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      23.14      29.18       6.08       5.86    1024   256  layernorm_quant_kernel<4>
   5      27.94      44.00      16.16      14.91     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      44.03     174.85     130.59     130.62     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     174.59     186.91      12.38      12.10     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     186.59     192.77       6.05       5.76    1024   256  layernorm_quant_kernel<4>
   9     191.46     200.93       9.47       8.22     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     203.07     216.26      13.22      15.36     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     216.13     225.89       9.82       9.70     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     225.66     231.78       6.14       5.95    1024   256  layernorm_quant_kernel<4>
  13     230.56     271.07      40.64      39.42     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     271.11     288.74      17.76      17.73     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     288.23     301.31      12.93      12.42     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 301.31 us
