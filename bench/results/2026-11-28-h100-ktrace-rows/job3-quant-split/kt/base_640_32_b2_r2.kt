ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      11.07      11.07      11.07     128   512  gn_one_pass_kernel<4, false>
   1       9.54      11.49       2.05       0.35      20   256  quantize_rows_int8_kernel<4>
   2      10.66      16.83       6.27       5.41      60   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   3      11.01      21.34       9.98       5.12     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   4      21.15      25.09       4.06       3.81     256   256  layernorm_quant_kernel<4, 0>
   5      24.16      35.55      11.46      10.50     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      35.43      52.61      17.15      17.06     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
   7      52.29      54.50       2.18       1.92     256   256  quantize_rows_int8_kernel<4>
   8      53.70      62.18       8.45       7.71     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9      61.98      65.70       3.65       3.46     256   256  layernorm_quant_kernel<4, 0>
  10      64.83      70.91       6.08       5.22     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11      72.71      80.48       7.78       9.60     128   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  12      80.23      82.37       2.14       1.92     256   256  quantize_rows_int8_kernel<4>
  13      81.63      89.03       7.30       6.53     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14      88.74      92.64       3.91       3.65     256   256  layernorm_quant_kernel<4, 0>
  15      91.81     117.31      25.57      24.71     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     117.22     124.87       7.62       7.52     256   256  quantize_rows_int8_kernel<20>
  17     124.23     138.88      14.56      13.92     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     138.59     149.96      11.39      11.14     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 149.96 us
