ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.01      11.01      11.01     128   512  gn_one_pass_kernel<4, false>
   1       9.63      11.62       2.02       0.58      20   256  quantize_rows_int8_kernel<4>
   2      10.91      19.65       8.61       7.94     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      11.33      24.10      12.38       4.74      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      18.98      23.84       4.83      -0.38     256   256  layernorm_quant_kernel<4, 0>
   5      22.43      34.66      11.87      10.59     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      34.56      51.68      17.12      16.99     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      51.39      53.57       2.18       1.92     256   256  quantize_rows_int8_kernel<4>
   8      52.83      61.38       8.51       7.71     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      61.19      64.90       3.65       3.49     256   256  layernorm_quant_kernel<4, 0>
  10      64.03      70.11       6.05       5.19     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11      71.91      79.62       7.71       9.57     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      79.39      81.54       2.14       1.92     256   256  quantize_rows_int8_kernel<4>
  13      80.77      88.07       7.30       6.53     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14      87.88      91.78       3.90       3.65     256   256  layernorm_quant_kernel<4, 0>
  15      90.91     116.48      25.44      24.61     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     116.32     124.00       7.65       7.52     256   256  quantize_rows_int8_kernel<20>
  17     123.39     137.99      14.62      14.02     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     137.73     149.25      11.43      11.17     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 149.25 us
