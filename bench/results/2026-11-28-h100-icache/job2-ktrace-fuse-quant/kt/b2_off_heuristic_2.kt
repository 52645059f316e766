ktrace: 4353 records
ktrace: graph 38, 19 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.14      14.14      14.14      64   512  gn_one_pass_kernel<16, false>
   1       7.39       9.38       2.02      -4.67      20   256  quantize_rows_int8_kernel<4, 1>
   2       8.67      13.57       4.96       4.22      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      14.02      22.27       8.19       8.58     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.89      27.55       5.67       5.31    1024   256  layernorm_quant_kernel<2, 8>
   5      26.40      41.57      15.20      14.02     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      41.54     172.90     131.33     131.27     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     172.71     175.94       3.30       3.07    1024   256  quantize_rows_int8_kernel<2, 1>
   8     174.69     184.52       9.86       8.54     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     184.16     189.76       5.66       5.28    1024   256  layernorm_quant_kernel<2, 8>
  10     188.68     195.75       7.04       5.98     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     197.80     211.04      13.22      15.23     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     210.88     213.83       3.04       2.85    1024   256  quantize_rows_int8_kernel<2, 1>
  13     212.74     221.28       8.54       7.42     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     220.93     226.60       5.63       5.31    1024   256  layernorm_quant_kernel<2, 8>
  15     225.51     266.31      40.74      39.65     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     266.12     274.05       7.87       7.78    1024   256  quantize_rows_int8_kernel<8, 1>
  17     271.24     287.17      15.97      13.25     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     286.66     299.78      13.06      12.45     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 299.78 us
