ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.14      11.14      11.14      64   512  gn_one_pass_kernel<8, false>
   1       7.49       9.60       2.15      -1.63      10   256  quantize_rows_int8_kernel<4, 1>
   2       8.86      14.75       5.86       5.12      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      11.07      18.53       7.46       3.81     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      18.34      22.18       3.84       3.62     512   256  layernorm_quant_kernel<2, 0>
   5      21.22      31.20      10.02       9.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.01      97.83      66.78      66.62     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      97.57      99.94       2.30       2.08     512   256  quantize_rows_int8_kernel<2, 1>
   8      99.04     107.01       8.03       7.17     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     106.72     110.40       3.65       3.36     512   256  layernorm_quant_kernel<2, 0>
  10     109.54     115.01       5.47       4.58     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     116.74     124.96       8.19       9.89     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     124.77     126.91       2.14       1.95     512   256  quantize_rows_int8_kernel<2, 1>
  13     126.11     132.87       6.82       5.98     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     132.61     136.39       3.75       3.49     512   256  layernorm_quant_kernel<2, 0>
  15     135.46     159.14      23.65      22.75     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     158.85     163.33       4.42       4.16     512   256  quantize_rows_int8_kernel<8, 1>
  17     161.86     174.18      12.38      10.88     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     173.96     184.55      10.40      10.18     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 184.55 us
