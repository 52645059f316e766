ktrace: 3687 kernel records
ktrace: graph 38, 16 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00       9.70       9.70       9.70     128   512  gn_one_pass_kernel<2, false>
   1       9.73      16.58       6.79       6.82      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
   2      11.62      24.54      12.74       8.06      40   384  gemm_int8_rows_qa_kernel<64, 6>
   3      16.61      20.32       3.68      -4.35     128   256  layernorm_quant_kernel<4, 0>
   4      19.52      29.79      10.30       9.25     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
   5      29.54      45.44      15.62      15.36     132   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 2, 0, 0, 0, 0>
   6      45.25      55.78      10.50      10.37      80   384  gemm_int8_rows_qa_kernel<128, 4>
   7      55.46      58.98       3.49       3.20     128   256  layernorm_quant_kernel<4, 0>
   8      56.19      65.12       8.83       6.11      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
   9      66.69      73.22       6.59       8.06      64   384  attn_wgmma_kernel<80, 128, 2, 2, 1, 0, 0, 0, 0, 0, 0>
  10      73.02      81.92       8.80       8.61      80   384  gemm_int8_rows_qa_kernel<128, 4>
  11      81.86      85.41       3.65       3.52     128   256  layernorm_quant_kernel<4, 0>
  12      82.59      99.49      17.02      14.11     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  13      99.39     106.66       7.14       7.01     128   256  quantize_rows_int8_kernel<20>
  14     100.26     116.32      16.10       9.79      80   384  gemm_int8_rows_pp_kernel<64, 128, 8, 2, 1>
  15     115.94     123.04       7.14       6.78      80   384  gemm_wgmma_kernel<64, 8, false, false, false, false, false>
span (first start to last end), median of 110 replays: 123.04 us
