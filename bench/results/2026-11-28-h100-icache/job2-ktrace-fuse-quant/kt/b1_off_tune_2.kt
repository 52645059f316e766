ktrace: 22901 records
ktrace: graph 308, 19 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.82      10.82      10.82      64   512  gn_one_pass_kernel<8, false>
   1       7.74      10.21       2.40      -0.83      10   256  quantize_rows_int8_kernel<4, 1>
   2      10.21      14.50       4.61       4.48      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   3      10.91      18.11       7.14       3.84     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      17.73      21.82       3.97       3.62     512   256  layernorm_quant_kernel<2, 0>
   5      20.83      31.10      10.14       9.25     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      30.95      96.48      65.54      65.41     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      96.29      98.63       2.31       2.11     512   256  quantize_rows_int8_kernel<2, 1>
   8      97.73     105.38       7.75       6.82     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     105.22     108.99       3.90       3.55     512   256  layernorm_quant_kernel<2, 0>
  10     108.16     113.60       5.41       4.54     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     115.07     122.56       7.46       8.93     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  12     122.40     124.52       2.11       1.95     512   256  quantize_rows_int8_kernel<2, 1>
  13     123.78     129.99       6.27       5.44     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     129.54     133.57       3.81       3.49     512   256  layernorm_quant_kernel<2, 0>
  15     132.61     155.94      23.36      22.46     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     155.71     160.26       4.35       4.16     512   256  quantize_rows_int8_kernel<8, 1>
  17     158.50     171.71      13.12      11.55     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     171.30     181.92      10.69      10.24     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 33 replays: 181.92 us
