ktrace: 23796 records
ktrace: graph 386, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.01      11.01      11.01      64   512  gn_one_pass_kernel<8, false>
   1       7.68       9.95       2.27      -1.12      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.09      14.62       5.66       4.77      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      10.98      18.30       7.36       3.74     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      18.11      22.02       3.87       3.65     512   256  layernorm_quant_kernel<2, 0>
   5      21.09      31.11      10.08       9.09     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      30.95      97.89      66.85      66.69     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      97.67     100.00       2.37       2.14     512   256  quantize_rows_int8_kernel<2, 1>
   8      99.07     106.34       7.26       6.34     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     105.89     109.79       3.90       3.46     512   256  layernorm_quant_kernel<2, 0>
  10     108.87     114.21       5.34       4.45     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     115.68     124.07       8.29       9.79     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     123.84     126.11       2.18       1.98     512   256  quantize_rows_int8_kernel<2, 1>
  13     125.28     131.97       6.69       5.82     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     131.78     135.46       3.78       3.52     512   256  layernorm_quant_kernel<2, 0>
  15     134.50     158.21      23.65      22.72     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     158.08     162.53       4.51       4.32     512   256  quantize_rows_int8_kernel<8, 1>
  17     160.96     173.51      12.58      10.98     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     173.09     183.84      10.66      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 183.84 us
