ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      14.02      14.02      14.02      64   512  gn_one_pass_kernel<16, false>
   1       6.40       8.51       2.11      -5.47      20   256  quantize_rows_int8_kernel<4, 1>
   2       7.68      12.80       5.09       4.22      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      13.98      22.24       8.16       9.38     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.95      27.62       5.63       5.41    1024   256  layernorm_quant_kernel<2, 8>
   5      26.46      41.57      15.04      13.89     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      41.47     173.54     132.00     131.94     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     173.31     185.44      12.19      11.97     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     185.09     190.75       5.76       5.28    1024   256  layernorm_quant_kernel<2, 8>
   9     189.63     198.40       8.74       7.58     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     200.55     214.12      13.57      15.62     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     213.99     223.75       9.79       9.66     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     223.46     229.19       5.67       5.41    1024   256  layernorm_quant_kernel<2, 8>
  13     228.10     268.00      40.00      38.98     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     268.07     285.25      17.12      17.22     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     284.84     297.67      12.96      12.42     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 297.67 us
