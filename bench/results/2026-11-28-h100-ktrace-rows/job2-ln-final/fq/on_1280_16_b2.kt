ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       8.61       8.61       8.61     128   512  gn_one_pass_kernel<2, false>
   1       8.42      16.80       8.38       8.19      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      16.64      21.70       5.02       4.86      64   256  layernorm_quant_kernel<8, 0>
   3      17.44      30.05      12.51       8.29     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   4      29.06      41.63      12.42      11.01     120   384  gemm_int8_rows_qa_kernel<64, 6>
   5      29.76      49.86      19.62       8.93      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
   6      49.70      63.78      14.08      13.98      80   384  gemm_int8_rows_qa_kernel<128, 4>
   7      63.43      68.77       5.28       4.96      64   256  layernorm_quant_kernel<8, 0>
   8      64.26      74.56      10.24       5.79      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      76.06      84.51       8.45       9.95      32   384  attn_wgmma_kernel<160, 64, 2, 3, 1, 2, 0, 0, 0, 1, 0>
  10      84.32      96.93      12.61      12.42      80   384  gemm_int8_rows_qa_kernel<128, 4>
  11      96.77     101.83       5.09       4.93      64   256  layernorm_quant_kernel<8, 0>
  12      97.57     121.15      23.58      19.33     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13     121.12     128.22       7.14       7.04      64   256  quantize_rows_int8_kernel<20>
  14     121.92     144.51      22.66      16.29      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  15     144.26     153.47       9.18       8.96      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 153.47 us
