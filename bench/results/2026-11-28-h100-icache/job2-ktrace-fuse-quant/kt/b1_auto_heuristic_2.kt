ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.01      11.01      11.01      64   512  gn_one_pass_kernel<8, false>
   1       7.52       9.76       2.27      -1.28      10   256  quantize_rows_int8_kernel<4, 1>
   2       8.99      14.85       5.73       4.96      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      10.91      18.56       7.58       3.71     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      18.34      22.14       3.84       3.62     512   256  layernorm_quant_kernel<2, 0>
   5      21.15      31.26      10.11       9.15     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.14      97.22      66.08      65.92     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      96.99      99.27       2.30       2.05     512   256  quantize_rows_int8_kernel<2, 1>
   8      98.40     105.89       7.42       6.56     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     105.60     109.41       3.81       3.52     512   256  layernorm_quant_kernel<2, 0>
  10     108.51     113.95       5.41       4.54     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     115.65     123.78       8.16       9.86     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     123.59     125.73       2.14       1.95     512   256  quantize_rows_int8_kernel<2, 1>
  13     124.90     131.59       6.69       5.83     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     131.27     135.01       3.81       3.49     512   256  layernorm_quant_kernel<2, 0>
  15     134.08     157.44      23.26      22.30     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     157.16     161.67       4.48       4.19     512   256  quantize_rows_int8_kernel<8, 1>
  17     160.13     172.87      12.67      11.17     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     172.55     183.27      10.62      10.30     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.27 us
