ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.14      11.14      11.14     128   512  gn_one_pass_kernel<4, false>
   1       6.94      21.06      13.76       9.98      60   384  gemm_int8_rows_qa_kernel<64, 6>
   2      11.10      23.91      12.77       2.88     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      23.71      27.71       3.97       3.74     256   256  layernorm_quant_kernel<4, 0>
   4      26.82      38.02      11.14      10.24     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   5      37.95      55.30      17.34      17.31     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   6      55.07      67.46      12.42      12.16     128   384  gemm_int8_rows_qa_kernel<160, 4>
   7      67.10      71.04       3.90       3.49     256   256  layernorm_quant_kernel<4, 0>
   8      70.11      76.64       6.53       5.60     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      78.50      86.40       7.87       9.70     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  10      86.14      96.61      10.43      10.21     128   384  gemm_int8_rows_qa_kernel<160, 4>
  11      96.38     100.35       3.94       3.71     256   256  layernorm_quant_kernel<4, 0>
  12      99.49     125.44      26.02      25.15     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13     125.25     133.06       7.65       7.46     256   256  quantize_rows_int8_kernel<20>
  14     132.42     148.54      16.07      15.43     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  15     148.42     159.71      11.20      11.04     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 159.71 us
