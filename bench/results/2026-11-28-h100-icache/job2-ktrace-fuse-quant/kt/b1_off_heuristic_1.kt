ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.40      10.40      10.40      64   512  gn_one_pass_kernel<8, false>
   1      10.37      16.70       6.34       6.30     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      16.23      20.35       4.10       3.62     512   256  layernorm_quant_kernel<2, 0>
   3      19.39      29.54      10.11       9.18     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   4      29.41      97.25      67.81      67.65     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   5      79.36      81.76       2.37     -15.42      10   256  quantize_rows_int8_kernel<4, 1>
   6      81.34      98.43      15.87      15.58      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   7      96.96      99.36       2.40       0.80     512   256  quantize_rows_int8_kernel<2, 1>
   8      98.24     106.21       7.90       6.75     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     105.99     109.70       3.78       3.55     512   256  layernorm_quant_kernel<2, 0>
  10     108.80     114.31       5.47       4.58     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     116.29     124.55       8.29      10.11     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     124.39     126.59       2.18       2.02     512   256  quantize_rows_int8_kernel<2, 1>
  13     125.73     132.45       6.69       5.89     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     132.19     136.03       3.81       3.52     512   256  layernorm_quant_kernel<2, 0>
  15     135.11     158.53      23.46      22.53     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     158.24     162.79       4.48       4.19     512   256  quantize_rows_int8_kernel<8, 1>
  17     161.22     173.38      12.03      10.53     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     173.09     183.78      10.59      10.30     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 183.78 us
