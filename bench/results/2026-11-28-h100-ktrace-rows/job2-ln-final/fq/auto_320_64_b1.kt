ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.40      10.40      10.40      64   512  gn_one_pass_kernel<8, false>
   1      10.37      17.44       7.01       6.98     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      15.04      17.89       2.72       0.42      10   256  quantize_rows_int8_kernel<4>
   3      16.96      21.76       4.54       4.10     512   256  layernorm_quant_kernel<2, 0>
   4      17.38      25.09       6.79       3.78      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      20.77      32.16      11.49       7.58     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.94      99.39      67.17      66.98     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      99.11     101.63       2.34       2.11     512   256  quantize_rows_int8_kernel<2>
   8     100.55     108.64       8.00       7.07     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     108.38     112.19       3.84       3.52     512   256  layernorm_quant_kernel<2, 0>
  10     111.30     117.12       5.82       4.96     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     118.85     126.95       8.16       9.82     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     126.78     128.96       2.15       1.98     512   256  quantize_rows_int8_kernel<2>
  13     128.10     135.36       7.26       6.40     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     135.07     138.91       3.84       3.49     512   256  layernorm_quant_kernel<2, 0>
  15     138.05     161.28      23.33      22.40     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     160.96     165.57       4.51       4.22     512   256  quantize_rows_int8_kernel<8>
  17     164.03     176.48      12.48      11.04     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     176.22     186.72      10.46      10.21     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 186.72 us
