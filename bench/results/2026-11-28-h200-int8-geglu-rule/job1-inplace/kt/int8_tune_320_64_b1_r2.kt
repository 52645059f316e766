ktrace: 20369 records
ktrace: graph 338, 17 nodes, 33 replays (33 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.50       9.50       9.50      64   512  gn_one_pass_kernel<8, false>
   1       7.55       9.70       2.24       0.10      10   256  quantize_rows_int8_kernel<4, 1>
   2       9.54      15.68       5.95       5.47     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 2>
   3       9.70      17.57       5.47       2.46      40   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1, 3>
   4      15.30      19.84       4.35       1.89     512   256  layernorm_quant_kernel<2, 0>
   5      17.66      25.92       7.58       6.14     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      25.76      92.58      66.78      66.62     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      92.45     100.06       7.58       7.46     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8      99.84     103.52       3.62       3.36     512   256  layernorm_quant_kernel<2, 0>
   9     102.75     107.33       4.67       3.81     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     108.80     116.38       7.55       9.06     256   128  flash_attn_kernel<40, 4, 2, 40, false>
  11     116.13     124.03       7.78       7.62     128   384  gemm_int8_rows_qa_kernel<128, 4, 1>
  12     123.94     127.55       3.58       3.49     512   256  layernorm_quant_kernel<2, 0>
  13     126.53     146.14      19.65      18.66     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     145.95     150.05       4.03       3.84     512   256  quantize_rows_int8_kernel<8, 1>
  15     148.77     162.17      13.02      11.71     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 1>
  16     161.79     168.45       6.72       6.37     128   512  gemm_wgmma_pp_kernel<64, 160, 5, 3, 1, 1>
span (first start to last end), median of 33 replays: 168.45 us
