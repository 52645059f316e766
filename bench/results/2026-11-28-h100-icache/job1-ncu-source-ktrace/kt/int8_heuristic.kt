ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.09      13.09      13.09      64   512  gn_one_pass_kernel<16, false>
   1      13.06      21.50       8.35       8.32     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      15.14      18.34       3.30      -3.23      20   256  quantize_rows_int8_kernel<4, 1>
   3      19.90      25.70       5.98       6.85      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      21.06      29.09       7.87       3.90    1024   256  layernorm_quant_kernel<2, 8>
   5      25.70      43.62      17.82      14.24     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      43.49     174.18     130.08     129.92     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     173.99     186.11      12.22      12.03     128   384  gemm_int8_rows_qa_kernel<160, 4>
   8     185.86     191.39       5.63       5.28    1024   256  layernorm_quant_kernel<2, 8>
   9     190.21     199.30       9.02       7.87     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  10     201.31     214.53      13.25      15.30     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     214.37     223.84       9.54       9.38     128   384  gemm_int8_rows_qa_kernel<160, 4>
  12     223.49     229.31       5.70       5.34    1024   256  layernorm_quant_kernel<2, 8>
  13     228.32     268.61      40.61      39.55     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  14     268.74     285.79      17.09      17.22     128   384  gemm_int8_rows_qa_kernel<160, 4>
  15     285.28     298.18      12.90      12.38     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 298.18 us
