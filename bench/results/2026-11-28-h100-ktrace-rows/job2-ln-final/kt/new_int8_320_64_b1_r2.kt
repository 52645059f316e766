ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.34      10.34      10.34      64   512  gn_one_pass_kernel<8, false>
   1      10.30      17.41       7.07       7.01     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      14.50      17.09       2.56      -0.26      10   256  quantize_rows_int8_kernel<4>
   3      16.16      22.02       6.11       6.05      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.99      21.60       4.45       0.10     512   256  layernorm_quant_kernel<2, 0>
   5      20.35      31.84      11.20       9.66     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.62      98.08      66.43      66.21     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      97.86     100.29       2.37       2.11     512   256  quantize_rows_int8_kernel<2>
   8      99.27     107.27       8.00       7.07     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     106.98     110.78       3.78       3.49     512   256  layernorm_quant_kernel<2, 0>
  10     109.92     115.71       5.79       4.90     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     117.41     125.47       8.13       9.79     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     125.31     127.49       2.14       1.95     512   256  quantize_rows_int8_kernel<2>
  13     126.59     133.89       7.20       6.37     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     133.54     137.34       3.81       3.46     512   256  layernorm_quant_kernel<2, 0>
  15     136.45     159.55      23.27      22.34     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     159.27     163.91       4.51       4.22     512   256  quantize_rows_int8_kernel<8>
  17     162.31     174.88      12.48      11.01     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     174.59     185.22      10.53      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 185.22 us
