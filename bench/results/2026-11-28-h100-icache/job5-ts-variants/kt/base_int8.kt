ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.57      13.57      13.57      64   512  gn_one_pass_kernel<16, false>
   1      12.32      14.79       2.85       1.09      20   256  quantize_rows_int8_kernel<4, 1>
   2      13.47      22.59       8.38       9.06     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   3      13.98      19.74       5.82      -4.58      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      22.21      28.77       5.76       9.98    1024   256  layernorm_quant_kernel<2, 8>
   5      26.91      43.30      16.06      14.27     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.36     175.07     131.68     131.78     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     174.88     187.23      12.35      12.16     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     187.01     192.51       5.54       5.31    1024   256  layernorm_quant_kernel<2, 8>
   9     191.39     200.35       8.93       7.78     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     202.50     215.75      13.31      15.42     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     215.65     225.41       9.79       9.67     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     225.06     230.88       5.73       5.38    1024   256  layernorm_quant_kernel<2, 8>
  13     229.83     270.37      40.42      39.39     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     270.40     287.71      17.31      17.41     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     287.11     300.10      12.90      12.29     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 300.10 us
