ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       5.54       5.54       5.54      64   320  gn_one_pass_kernel<1, false>
   1       5.54      12.35       6.85       6.85      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
   2      12.13      17.12       4.93       4.70      16   256  layernorm_quant_kernel<8, 0>
   3      12.96      22.34       9.38       5.22     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      22.11      27.10       4.93       4.74      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
   5      26.79      29.03       2.24       1.95      16   256  quantize_rows_int8_kernel<8>
   6      27.55      34.08       6.50       5.02      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   7      33.89      38.79       4.90       4.70      16   256  layernorm_quant_kernel<8, 0>
   8      34.66      42.82       8.19       4.03      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
   9     123.11     125.15       2.05      82.27      20   256  quantize_rows_int8_kernel<4>
  10     124.42     129.73       5.28       4.51     120   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
  11     131.30     137.09       5.73       7.23      16   256  attn_wgmma_kernel<160, 64, 1, 3, 1, 1, 0, 0, 0, 1, 0>
  12     136.96     139.11       2.11       2.02      16   256  quantize_rows_int8_kernel<8>
  13     137.92     143.65       5.67       4.51      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  14     143.49     148.42       4.96       4.80      16   256  layernorm_quant_kernel<8, 0>
  15     144.26     160.48      16.51      12.35     132   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  16     160.48     167.33       6.69       6.62      16   256  quantize_rows_int8_kernel<20>
  17     161.22     176.74      15.30       9.38      80   384  gemm_int8_rows_pp_kernel<64, 32, 16, 2, 1>
  18     176.55     185.32       8.83       8.61      40   384  gemm_wgmma_pp_kernel<64, 64, 12, 2, 1>
span (first start to last end), median of 110 replays: 185.32 us
