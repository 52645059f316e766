ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.40      10.40      10.40      64   512  gn_one_pass_kernel<8, false>
   1      10.37      17.47       7.04       6.98     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      14.21      16.80       2.56      -0.64      10   256  quantize_rows_int8_kernel<4>
   3      16.00      21.95       6.72       6.21      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.93      21.89       4.67       0.19     512   256  layernorm_quant_kernel<4>
   5      20.35      31.52      11.23       9.54     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.27      99.27      66.85      66.69     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      98.98     101.41       2.37       2.11     512   256  quantize_rows_int8_kernel<2>
   8     100.45     108.45       7.97       7.04     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     108.13     111.94       3.71       3.46     512   256  layernorm_quant_kernel<4>
  10     111.04     116.90       5.92       4.99     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     118.59     126.72       8.13       9.82     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     126.53     128.67       2.18       1.98     512   256  quantize_rows_int8_kernel<2>
  13     127.84     135.01       7.14       6.30     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     134.66     138.46       3.75       3.46     512   256  layernorm_quant_kernel<4>
  15     137.50     160.83      23.30      22.37     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     160.54     165.09       4.48       4.22     512   256  quantize_rows_int8_kernel<8>
  17     163.59     175.91      12.29      10.88     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     175.62     186.08      10.56      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 186.08 us
