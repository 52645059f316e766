ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.79      13.79      13.79      64   512  gn_one_pass_kernel<16, false>
   1       5.89       7.94       2.02      -5.82      20   256  quantize_rows_int8_kernel<4, 1>
   2       7.10      12.16       5.02       4.19      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      13.76      22.05       8.26       9.86     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.73      27.39       5.66       5.34    1024   256  layernorm_quant_kernel<2, 8>
   5      26.27      41.66      15.36      14.21     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      41.60     172.90     131.27     131.20     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     172.71     184.96      12.29      12.13     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     184.64     190.31       5.73       5.31    1024   256  layernorm_quant_kernel<2, 8>
   9     189.16     198.15       8.99       7.90     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     200.16     213.54      13.31      15.43     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     213.41     223.08       9.60       9.47     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     222.72     228.42       5.70       5.38    1024   256  layernorm_quant_kernel<2, 8>
  13     227.33     268.13      40.70      39.65     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     268.13     285.35      17.31      17.38     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     284.81     297.73      12.83      12.32     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 297.73 us
