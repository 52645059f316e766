ktrace: 3687 records
ktrace: graph 38, 16 nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      13.60      13.57      13.60      64   512  gn_one_pass_kernel<16, false>
   1      11.74      14.50       2.82       0.93      20   256  quantize_rows_int8_kernel<4, 1>
   2      13.51      21.60       7.97       8.61     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 2>
   3      13.57      18.53       5.73      -4.29      30   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1, 3>
   4      21.41      27.97       5.73       9.66    1024   256  layernorm_quant_kernel<2, 8>
   5      26.08      39.97      13.31      11.97     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
   6      39.78     172.10     132.32     132.13     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7     171.94     181.54       9.60       9.44     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
   8     181.66     187.10       5.44       5.47    1024   256  layernorm_quant_kernel<2, 8>
   9     185.95     192.64       6.69       5.50     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1, 3>
  10     194.53     207.78      13.28      15.17     132   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  11     207.65     216.26       8.58       8.45     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  12     216.23     221.86       5.60       5.50    1024   256  layernorm_quant_kernel<2, 8>
  13     220.74     259.78      38.98      37.89     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1, 4>
  14     259.62     275.91      16.35      16.19     128   384  gemm_int8_rows_qa_kernel<160, 4, 1>
  15     275.39     284.93       9.47       8.99     132   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1, 1>
span (first start to last end), median of 110 replays: 284.93 us
