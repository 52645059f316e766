ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.38       8.38       8.38      64   512  gn_one_pass_kernel<2, false>
   1       8.38      16.54       8.13       8.13      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      10.78      25.47      14.72       8.96      80   384  gemm_int8_rows_qa_kernel<64, 6>
   3      16.16      21.47       5.25      -4.10      32   256  layernorm_quant_kernel<8, 0>
   4      17.06      30.11      13.02       8.64     120   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   5      29.82      39.52       9.70       9.47      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   6      39.33      50.08      10.72      10.50      80   384  gemm_int8_rows_qa_kernel<64, 6>
   7      49.79      54.82       5.02       4.77      32   256  layernorm_quant_kernel<8, 0>
   8      50.56      59.46       8.83       4.61      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   9      60.93      68.77       7.84       9.34      16   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  10      68.58      79.52      10.88      10.72      80   384  gemm_int8_rows_qa_kernel<64, 6>
  11      79.30      84.29       4.96       4.74      32   256  layernorm_quant_kernel<8, 0>
  12      80.06      98.46      18.37      14.08     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13      98.34     105.34       7.04       6.91      32   256  quantize_rows_int8_kernel<20>
  14      99.14     118.11      18.94      12.77      80   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  15     117.79     127.04       9.09       8.77      80   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 127.04 us
