ktrace: 3465 kernel records
ktrace: graph 38, 15 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.43      10.43      10.43      64   512  gn_one_pass_kernel<8, false>
   1      10.40      17.47       7.07       7.07     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      10.97      29.19      17.73      11.68      20   384  gemm_int8_rows_qa_kernel<64, 6>
   3      16.77      21.38       4.45      -7.78     512   256  layernorm_quant_kernel<2, 0>
   4      20.13      34.50      13.98      12.74     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   5      34.27     101.28      66.69      66.53     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   6     101.03     110.47       9.44       9.25     128   384  gemm_int8_rows_qa_kernel<160, 4>
   7     110.21     114.02       3.81       3.49     512   256  layernorm_quant_kernel<2, 0>
   8     113.12     119.62       6.50       5.57     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     121.41     129.38       8.00       9.76     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  10     129.22     138.02       8.86       8.70     128   384  gemm_int8_rows_qa_kernel<160, 4>
  11     137.57     141.66       3.90       3.49     512   256  layernorm_quant_kernel<2, 0>
  12     140.77     164.03      23.04      22.14     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13     163.78     178.43      14.59      14.43     128   384  gemm_int8_rows_qa_kernel<160, 4>
  14     178.02     188.70      10.72      10.37     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 188.70 us
