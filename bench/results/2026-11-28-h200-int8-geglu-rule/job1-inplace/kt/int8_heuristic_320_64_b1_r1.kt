ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.31       9.31       9.31      64   512  gn_one_pass_kernel<8, false>
   1       8.29      10.50       2.18       1.18      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.31      15.68       6.27       5.50     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      10.37      19.14       8.99       2.91      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   4      15.39      19.71       4.45       1.15     512   256  layernorm_quant_kernel<2, 0>
   5      18.05      25.92       8.03       6.18     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      25.73      92.73      66.75      66.53     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      92.61      94.72       2.18       2.02     512   256  quantize_rows_int8_kernel<2, 1>
   8      93.89      99.52       5.57       4.77     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
   9      99.26     102.98       3.62       3.36     512   256  layernorm_quant_kernel<2, 0>
  10     102.24     106.78       4.61       3.81     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  11     108.25     115.84       7.58       9.09     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     115.65     117.73       2.05       1.86     512   256  quantize_rows_int8_kernel<2, 1>
  13     116.99     122.50       5.47       4.71     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  14     122.30     125.89       3.58       3.36     512   256  layernorm_quant_kernel<2, 0>
  15     124.99     144.67      19.68      18.75     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  16     144.51     148.64       4.06       3.90     512   256  quantize_rows_int8_kernel<8, 1>
  17     147.33     156.77       9.44       8.13     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  18     156.41     163.10       6.72       6.34     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 163.10 us
