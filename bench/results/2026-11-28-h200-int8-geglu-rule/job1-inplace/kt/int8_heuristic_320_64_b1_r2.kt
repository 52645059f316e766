ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.34       9.34       9.34      64   512  gn_one_pass_kernel<8, false>
   1       8.00      10.30       2.21       0.99      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.34      15.39       5.98       5.09     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      10.21      18.85       8.77       3.10      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   4      14.91      19.42       4.42       0.99     512   256  layernorm_quant_kernel<2, 0>
   5      17.89      25.60       7.81       6.14     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      25.41      91.97      66.53      66.34     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      91.84      93.98       2.18       1.98     512   256  quantize_rows_int8_kernel<2, 1>
   8      93.15      98.75       5.57       4.74     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
   9      98.50     102.11       3.62       3.33     512   256  layernorm_quant_kernel<2, 0>
  10     101.34     105.95       4.61       3.81     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  11     107.45     115.04       7.58       9.09     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     114.88     116.96       2.02       1.86     512   256  quantize_rows_int8_kernel<2, 1>
  13     116.16     121.66       5.47       4.70     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  14     121.47     125.02       3.58       3.39     512   256  layernorm_quant_kernel<2, 0>
  15     124.06     143.74      19.58      18.69     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  16     143.58     147.71       4.10       3.94     512   256  quantize_rows_int8_kernel<8, 1>
  17     146.37     155.81       9.38       8.03     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  18     155.45     162.21       6.69       6.34     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 162.21 us
