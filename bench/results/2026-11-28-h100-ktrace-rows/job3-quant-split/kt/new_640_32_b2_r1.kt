ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.66      10.66      10.66     128   512  gn_one_pass_kernel<4, false>
   1      10.72      19.74       8.90       8.96     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      13.70      16.32       2.56      -3.36      20   256  quantize_rows_int8_kernel<4, 1>
   3      15.74      23.81       8.22       7.49      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      19.07      24.00       4.96       0.22     256   256  layernorm_quant_kernel<4, 0>
   5      20.51      34.59      14.18      10.59     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      34.40      51.65      17.22      17.06     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      51.39      53.54       2.14       1.89     256   256  quantize_rows_int8_kernel<4, 1>
   8      52.70      61.34       8.54       7.75     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      61.09      64.77       3.65       3.39     256   256  layernorm_quant_kernel<4, 0>
  10      63.94      69.86       5.92       5.06     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11      71.71      79.43       7.74       9.60     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      79.20      81.35       2.14       1.92     256   256  quantize_rows_int8_kernel<4, 1>
  13      80.61      87.84       7.23       6.46     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14      87.59      91.55       3.94       3.71     256   256  layernorm_quant_kernel<4, 0>
  15      90.66     116.10      25.34      24.51     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     116.07     120.45       4.32       4.32    1024   256  quantize_rows_int8_kernel<4, 4>
  17     119.07     132.87      13.76      12.38     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     132.55     144.03      11.52      11.20     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 144.03 us
