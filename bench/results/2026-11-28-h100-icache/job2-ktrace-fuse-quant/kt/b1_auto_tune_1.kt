ktrace: 26553 records
ktrace: graph 404, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.04      11.04      11.04      64   512  gn_one_pass_kernel<8, false>
   1       7.74       9.95       2.24      -0.96      10   256  quantize_rows_int8_kernel<4, 1>
   2       8.99      14.98       5.86       4.99      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      10.91      18.43       7.42       3.74     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      18.24      22.05       3.90       3.65     512   256  layernorm_quant_kernel<2, 0>
   5      21.09      31.27      10.08       9.12     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.04      98.14      67.17      67.01     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      97.89     100.39       2.37       2.14     512   256  quantize_rows_int8_kernel<2, 1>
   8      99.39     106.82       7.30       6.40     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     106.34     110.31       3.90       3.46     512   256  layernorm_quant_kernel<2, 0>
  10     109.38     114.66       5.34       4.48     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     116.16     124.55       8.35       9.86     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     124.42     126.56       2.14       1.92     512   256  quantize_rows_int8_kernel<2, 1>
  13     125.76     132.26       6.66       5.79     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     132.07     135.68       3.74       3.52     512   256  layernorm_quant_kernel<2, 0>
  15     134.72     158.53      23.68      22.75     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     158.24     163.04       4.45       4.26     512   256  quantize_rows_int8_kernel<8, 1>
  17     161.25     174.15      12.71      11.17     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     173.70     184.35      10.62      10.18     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 184.35 us
