ktrace: 4353 kernel records
ktrace: graph 38, 19 kernel nodes, 110 replays (110 whole)
node   start_us     end_us    busy_us    step_us    grid block  kernel
   0       0.00      10.30      10.30      10.30      64   512  gn_one_pass_kernel<8, false>
   1      10.27      17.41       7.04       6.98     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
   2      13.67      15.81       2.46      -1.47      10   256  quantize_rows_int8_kernel<4>
   3      15.65      21.70       6.37       5.86      20   384  gemm_int8_rows_pp_kernel<64, 64, 12, 2, 1>
   4      16.93      21.79       4.54       0.35     512   256  layernorm_quant_kernel<4>
   5      20.39      31.52      11.17       9.44     132   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   6      31.26      98.40      66.24      66.08     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
   7      98.18     100.55       2.37       2.14     512   256  quantize_rows_int8_kernel<2>
   8      99.55     107.59       8.06       7.07     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
   9     107.30     110.95       3.71       3.42     512   256  layernorm_quant_kernel<4>
  10     110.08     115.87       5.89       4.96     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  11     117.54     125.67       8.16       9.86     128   640  attn_wgmma_kernel<40, 64, 4, 6, 1, 2, 0, 0, 0, 1, 0>
  12     125.51     127.75       2.18       1.98     512   256  quantize_rows_int8_kernel<2>
  13     126.85     133.96       7.10       6.27     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  14     133.67     137.44       3.78       3.46     512   256  layernorm_quant_kernel<4>
  15     136.45     159.72      23.14      22.14     132   512  gemm_int8_rows_pp_kernel<64, 128, 7, 3, 1>
  16     159.43     163.97       4.58       4.32     512   256  quantize_rows_int8_kernel<8>
  17     162.44     174.95      12.42      10.91     128   384  gemm_int8_rows_pp_kernel<64, 160, 6, 2, 1>
  18     174.66     185.16      10.50      10.18     128   384  gemm_wgmma_pp_kernel<64, 160, 6, 2, 1>
span (first start to last end), median of 110 replays: 185.16 us
