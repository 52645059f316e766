ktrace: 25427 records
ktrace: graph 311, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.69      10.69      10.69      64   512  gn_one_pass_kernel<8, false>
   1       7.68       9.83       2.14      -0.83      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.19      13.76       4.64       4.03      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      10.62      17.76       7.17       3.94     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      17.57      21.44       3.90       3.55     512   256  layernorm_quant_kernel<2, 0>
   5      20.42      30.59      10.02       9.09     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      30.46      95.75      65.28      65.12     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      95.59      97.95       2.30       2.14     512   256  quantize_rows_int8_kernel<2, 1>
   8      96.96     104.55       7.58       6.66     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     104.10     107.97       3.81       3.42     512   256  layernorm_quant_kernel<2, 0>
  10     107.07     112.45       5.34       4.45     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     113.99     121.38       7.39       8.90     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  12     121.22     123.27       2.14       1.98     512   256  quantize_rows_int8_kernel<2, 1>
  13     122.47     128.77       6.34       5.50     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     128.51     132.39       3.81       3.55     512   256  layernorm_quant_kernel<2, 0>
  15     131.36     154.85      23.42      22.46     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     154.53     159.08       4.35       4.13     512   256  quantize_rows_int8_kernel<8, 1>
  17     157.41     171.01      13.57      11.97     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     170.56     181.09      10.59      10.14     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 181.09 us
