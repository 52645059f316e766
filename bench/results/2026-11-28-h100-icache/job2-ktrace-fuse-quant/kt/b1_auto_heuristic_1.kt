ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.14      11.14      11.14      64   512  gn_one_pass_kernel<8, false>
   1       7.36       9.47       2.11      -1.70      10   256  quantize_rows_int8_kernel<4, 1>
   2       8.77      14.69       5.89       5.18      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      11.04      18.46       7.39       3.78     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      18.27      22.08       3.81       3.62     512   256  layernorm_quant_kernel<2, 0>
   5      21.09      31.07       9.95       8.99     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      30.91      97.63      66.72      66.56     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      97.41      99.75       2.30       2.08     512   256  quantize_rows_int8_kernel<2, 1>
   8      98.85     106.98       8.06       7.20     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     106.69     110.37       3.65       3.36     512   256  layernorm_quant_kernel<2, 0>
  10     109.47     114.98       5.47       4.58     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     116.67     124.90       8.19       9.89     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     124.71     126.88       2.14       1.95     512   256  quantize_rows_int8_kernel<2, 1>
  13     126.05     132.90       6.82       5.98     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     132.61     136.35       3.78       3.52     512   256  layernorm_quant_kernel<2, 0>
  15     135.39     159.11      23.68      22.75     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     158.82     163.30       4.42       4.16     512   256  quantize_rows_int8_kernel<8, 1>
  17     161.83     174.28      12.38      10.85     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     174.08     184.52      10.43      10.21     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 184.52 us
