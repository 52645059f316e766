ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.27      10.27      10.27      64   512  gn_one_pass_kernel<8, false>
   1      10.24      17.28       6.94       6.88     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      14.98      17.57       2.59       0.19      10   256  quantize_rows_int8_kernel<4>
   3      16.77      22.69       6.02       5.76     512   256  layernorm_quant_kernel<4>
   4      16.99      22.34       5.98       0.03      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   5      20.77      32.90      11.78       9.70     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      32.77      99.01      65.95      65.83     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      98.78     101.12       2.34       2.11     512   256  quantize_rows_int8_kernel<2>
   8     100.16     108.10       7.91       6.98     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     107.81     111.52       3.71       3.43     512   256  layernorm_quant_kernel<4>
  10     110.62     116.58       5.89       4.96     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     118.24     126.37       8.06       9.76     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     126.18     128.32       2.14       1.95     512   256  quantize_rows_int8_kernel<2>
  13     127.46     134.56       7.10       6.24     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     134.18     138.02       3.78       3.46     512   256  layernorm_quant_kernel<4>
  15     137.06     160.22      23.26      22.30     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     159.91     164.55       4.54       4.29     512   256  quantize_rows_int8_kernel<8>
  17     163.04     175.49      12.26      10.82     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     175.20     185.73      10.50      10.21     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 185.73 us
