ktrace: 17922 records
ktrace: graph 374, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.87      11.87      11.87      64   512  gn_one_pass_kernel<16, false>
   1      11.81      19.17       7.33       7.26     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   2      15.07      18.21       3.10      -1.02      20   256  quantize_rows_int8_kernel<4, 1>
   3      17.66      22.88       5.09       4.48      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   4      18.91      26.18       7.04       3.71    1024   256  layernorm_quant_kernel<2, 8>
   5      23.30      37.38      14.02      11.17     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      37.22     168.32     131.36     131.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     168.19     177.06       8.83       8.70     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8     177.25     182.46       5.44       5.34    1024   256  layernorm_quant_kernel<2, 8>
   9     181.38     187.49       6.14       5.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     189.15     201.76      12.61      14.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     201.57     209.89       8.42       8.22     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  12     209.76     215.33       5.54       5.34    1024   256  layernorm_quant_kernel<2, 8>
  13     214.27     247.93      33.86      32.77     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     247.77     254.97       6.69       6.50    1024   256  quantize_rows_int8_kernel<8, 1>
  15     252.89     264.13      11.01       9.28     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  16     263.74     272.67       8.67       8.32     132   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
span (first start to last end), median of 33 replays: 272.67 us
