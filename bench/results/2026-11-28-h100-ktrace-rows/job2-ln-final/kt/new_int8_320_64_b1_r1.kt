ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.30      10.30      10.30      64   512  gn_one_pass_kernel<8, false>
   1      10.27      17.12       6.66       6.62     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      15.71      18.21       2.62       1.18      10   256  quantize_rows_int8_kernel<4>
   3      16.58      21.22       4.38       3.36     512   256  layernorm_quant_kernel<2, 0>
   4      18.24      26.82       7.58       4.70      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      20.10      31.43      11.07       6.62     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.04      98.69      66.78      66.43     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      98.50     100.83       2.37       2.11     512   256  quantize_rows_int8_kernel<2>
   8      99.94     107.94       7.97       7.04     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     107.52     111.49       3.84       3.52     512   256  layernorm_quant_kernel<2, 0>
  10     110.56     116.38       5.82       4.93     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     118.05     126.21       8.13       9.79     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     126.08     128.19       2.14       1.95     512   256  quantize_rows_int8_kernel<2>
  13     127.33     134.56       7.23       6.37     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     134.24     138.08       3.81       3.46     512   256  layernorm_quant_kernel<2, 0>
  15     137.19     160.29      23.23      22.27     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     160.00     164.48       4.51       4.22     512   256  quantize_rows_int8_kernel<8>
  17     163.01     175.27      12.32      10.82     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     175.01     185.54      10.46      10.18     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 185.54 us
