ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.66      10.66      10.66     128   512  gn_one_pass_kernel<4, false>
   1       8.06       9.98       1.92      -0.74      20   256  quantize_rows_int8_kernel<4, 1>
   2       9.76      14.24       4.51       4.29      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   3      10.66      19.14       8.29       5.12     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   4      18.91      22.78       3.87       3.62     256   256  layernorm_quant_kernel<4, 0>
   5      22.02      29.95       7.81       7.04     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      29.73      46.62      16.86      16.64     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      46.34      48.38       2.05       1.79     256   256  quantize_rows_int8_kernel<4, 1>
   8      47.74      53.38       5.60       4.99     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
   9      53.12      56.80       3.68       3.46     256   256  layernorm_quant_kernel<4, 0>
  10      56.03      60.86       4.83       4.07     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  11      62.37      69.86       7.46       8.99     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      69.66      71.65       1.98       1.76     256   256  quantize_rows_int8_kernel<4, 1>
  13      70.94      76.58       5.60       4.93     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  14      76.42      80.16       3.81       3.58     256   256  layernorm_quant_kernel<4, 0>
  15      79.39     100.96      21.50      20.73     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  16     101.12     105.15       4.00       4.16    1024   256  quantize_rows_int8_kernel<4, 4>
  17     103.87     113.60       9.70       8.45     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  18     113.34     121.34       7.97       7.68     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 121.34 us
