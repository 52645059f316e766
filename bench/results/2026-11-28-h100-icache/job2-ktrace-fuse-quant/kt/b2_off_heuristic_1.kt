ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.24      14.24      14.24      64   512  gn_one_pass_kernel<16, false>
   1       7.52       9.47       1.99      -4.70      20   256  quantize_rows_int8_kernel<4, 1>
   2       8.74      13.76       5.02       4.29      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      14.18      22.37       8.16       8.54     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.98      27.71       5.70       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      26.53      41.51      14.91      13.76     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      41.47     173.99     132.45     132.39     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     173.70     177.00       3.30       3.01    1024   256  quantize_rows_int8_kernel<2, 1>
   8     175.72     185.44       9.82       8.51     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     185.28     190.82       5.67       5.38    1024   256  layernorm_quant_kernel<2, 8>
  10     189.73     196.80       7.04       5.89     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     198.85     212.39      13.47      15.55     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     212.19     215.17       3.07       2.91    1024   256  quantize_rows_int8_kernel<2, 1>
  13     214.12     222.40       8.29       7.14     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     222.21     227.72       5.47       5.31    1024   256  layernorm_quant_kernel<2, 8>
  15     226.63     266.66      40.03      38.95     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     266.40     274.37       7.87       7.71    1024   256  quantize_rows_int8_kernel<8, 1>
  17     271.56     288.10      16.42      13.67     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     287.49     300.71      13.15      12.61     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 300.71 us
