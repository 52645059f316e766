ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      12.54      12.54      12.54      64   512  gn_one_pass_kernel<16, false>
   1       6.62       8.58       1.95      -3.90      20   256  quantize_rows_int8_kernel<4, 1>
   2       7.68      12.06       4.45       3.52      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   3      12.48      19.14       6.62       7.04     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   4      18.94      24.54       5.57       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      23.39      35.62      12.16      11.07     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      35.39     167.13     131.65     131.42     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     166.94     175.84       8.86       8.67     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8     175.90     181.31       5.38       5.47    1024   256  layernorm_quant_kernel<2, 8>
   9     180.19     186.40       6.18       5.06     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     188.22     200.80      12.61      14.37     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     200.67     209.05       8.35       8.22     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  12     208.99     214.46       5.47       5.41    1024   256  layernorm_quant_kernel<2, 8>
  13     213.38     247.45      33.92      32.86     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     247.36     263.17      15.84      15.74     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  15     262.56     271.32       8.73       8.13     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 271.32 us
