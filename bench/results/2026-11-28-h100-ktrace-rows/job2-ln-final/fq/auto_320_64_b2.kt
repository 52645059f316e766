ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.08      14.08      14.08      64   512  gn_one_pass_kernel<16, false>
   1       6.78       8.77       2.02      -5.28      20   256  quantize_rows_int8_kernel<4>
   2       7.87      13.41       5.57       4.64      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      13.98      22.05       8.06       8.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.70      27.39       5.67       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      26.27      42.27      16.03      14.91     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      42.34     173.09     130.75     130.78     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     172.87     185.31      12.38      12.19     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     185.06     190.56       5.47       5.31    1024   256  layernorm_quant_kernel<2, 8>
   9     189.50     198.88       9.38       8.29     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     201.03     214.27      13.22      15.36     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     214.11     223.94       9.82       9.70     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     223.68     229.31       5.63       5.38    1024   256  layernorm_quant_kernel<2, 8>
  13     228.26     268.87      40.54      39.52     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     268.80     286.66      17.82      17.79     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     286.15     299.11      12.99      12.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 299.11 us
