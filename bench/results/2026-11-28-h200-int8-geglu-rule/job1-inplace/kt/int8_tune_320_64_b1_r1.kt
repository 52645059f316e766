ktrace: 20303 records
ktrace: graph 338, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.12       9.12       9.12      64   512  gn_one_pass_kernel<8, false>
   1       9.12      15.07       5.76       5.79     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 2>
   2      12.83      15.36       2.46       0.42      10   256  quantize_rows_int8_kernel<4, 1>
   3      14.59      18.72       4.29       3.81      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1, 3>
   4      14.75      19.23       4.29       1.34     512   256  layernorm_quant_kernel<2, 0>
   5      17.76      26.85       9.22       7.07     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1, 3>
   6      26.72      93.95      66.50      66.34     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      93.82     101.53       7.62       7.49     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8     101.34     104.96       3.58       3.42     512   256  layernorm_quant_kernel<2, 0>
   9     104.13     108.77       4.61       3.81     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     110.21     117.63       7.36       8.83     256   256  flash_attn_kernel<40, 8, 1, 40, false>
  11     117.50     124.67       7.14       7.01     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  12     124.48     128.06       3.62       3.43     512   256  layernorm_quant_kernel<2, 0>
  13     127.10     146.49      19.68      18.69     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     146.30     150.24       4.00       3.84     512   256  quantize_rows_int8_kernel<8, 1>
  15     148.93     161.89      13.02      11.62     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  16     161.50     168.48       6.94       6.62     132   512  gemm_wgmma_pp_kernel<64, 96, 9, 3, 1, 1>
span (first start to last end), median of 33 replays: 168.48 us
