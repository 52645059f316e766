// quant.h: symmetric INT8 quantization and the C models of the two INT8
// GEMMs: the online-quantized per-tile one (kernels/gemm_int8.cu, the
// default) and the per-row / per-output-channel one (kernels/gemm_int8_rows.cu,
// --int8-scales row).
//
// The models perform the kernels' FP32 operations in the kernels' order
// (the host build uses -ffp-contract=off), so for the same tile sizes and
// split count (per-tile) or for any tile (per-row) they return the kernels'
// FP16 outputs bit for bit. Exceptions:
// SiLU on A (expf) and GELU (erff) go through libm on the host and CUDA's
// math library on the device, which may differ by an ulp; see quant.c.
#ifndef UNETRUN_LAYER_QUANT_H
#define UNETRUN_LAYER_QUANT_H

#include "../../kernels/kernels.h"

// Scale of a tile with max-abs `amax`: amax / 127 (0 for an all-zero tile).
float quant_scale(float amax);
// Its reciprocal as the kernel forms it: 127 / amax, or 0 when amax == 0
// (so an all-zero tile quantizes to zeros, never NaN).
float quant_inv_scale(float amax);
// round_to_nearest_even(x * inv) (one rounding of the exact product),
// saturated to [-127, 127].
int quant_round(float x, float inv);
// max |x[r * ld + c]| over r < rows, c < cols.
float quant_tile_maxabs(const float *x, int rows, int cols, size_t ld);
// round_to_nearest_even(x * inv_h) of the FP16 quantizer (inv_h an FP16 value;
// the kernel's HFMA2 rounds the exact product once), saturated to [-127, 127].
int quant_round_half(float x, float inv_h);
// The quantizer a tile uses, from its max-abs. FP16 path (allow_half and
// 127/amax <= 65504): inv = fp16(127 / amax), scale = 1 / inv, q by
// quant_round_half. FP32 path otherwise (SiLU on A, tiny or all-zero tiles):
// inv = quant_inv_scale(amax), scale = quant_scale(amax), q by quant_round.
typedef struct {
    float inv, scale;
    int half_path;
} QuantTileParams;
QuantTileParams quant_tile_params(float amax, int allow_half);
// Dequantized tile sum as the kernel accumulates it: fma(float(isum), sa * sb, acc)
// (an explicit fused multiply-add, one rounding, on both sides).
float quant_dequant_acc(float acc, int isum, float sa, float sb);
// x / (1 + exp(-x)) in FP32, the kernel's SiLU on A.
float quant_silu(float x);
// 0.5 * g * (1 + erf(g / sqrt 2)), the kernel's GELU.
float quant_gelu(float g);

// The kernel's output for tile (bm, bn, bk) and `splits` K splits (clamped to
// the number of K-tiles as the kernel does). a (M, K), w (N, K, GEGLU rows
// interleaved as geglu_interleave_rows makes them), residual (M, N) hold FP16
// values as float; bias (N) FP32 (interleaved with GEGLU); y receives the
// FP16-rounded outputs as float, (M, N) or (M, N/2) with GEGLU.
void gemm_int8_model(int m, int n, int k, int bm, int bn, int bk, int splits, const float *a, const float *w,
                     const float *bias, const float *residual, float *y, GemmEpilogue epi, int silu_a);
// The same, restricted to the output rows [row0, row1) (row0 a multiple of
// bm: the A scales are per bm-row tile); y still points at row 0 of (M, *).
void gemm_int8_model_rows(int m, int n, int k, int bm, int bn, int bk, int splits, const float *a, const float *w,
                          const float *bias, const float *residual, float *y, GemmEpilogue epi, int silu_a,
                          int row0, int row1);

// Per-row quantizer of --int8-scales row (quantize_rows_int8 in
// kernels/gemm_int8_rows.cu): each row of x (rows, K), FP16 values as float,
// to symmetric INT8 with its own scale: v = silu ? quant_silu(x) : x, amax =
// max |v| over the row, q = quant_round(v, quant_inv_scale(amax)) (so |q| <=
// 127, an all-zero row gives q = 0), scale = quant_scale(amax) (0 for an
// all-zero row). q (rows, K), scale (rows).
void quant_rows_int8_model(const float *x, int rows, int k, int silu, int8_t *q, float *scale);
// The output of gemm_int8_rows (kernels/gemm_int8_rows.cu): A quantized per
// row (with SiLU first when silu_a), W per row (= per output channel, never
// SiLU), isum the exact INT32 sum of qa[m, :] qw[n, :] over the whole K (no
// K-tiles, no split-K: the result does not depend on the kernel's tile), then
// in FP32 without contraction: v = float(isum) * (sa[m] * sw[n]), v = v +
// bias[n], v = v + residual[m, n], y = fp16(v). GEGLU as gemm_int8_model
// (W rows and bias interleaved, 16-column blocks of 8 a- then 8
// g-channels, y = fp16(a * quant_gelu(g)), no residual, N a multiple of 16).
// Arguments as gemm_int8_model's: a (M, K), w (N, K), residual (M, N) FP16
// values as float, bias (N) FP32 or NULL, y (M, N) or (M, N/2) with GEGLU.
// Bit-exact with the kernel except SiLU (expf) and GELU (erff), as above.
void gemm_int8_rows_model(int m, int n, int k, const float *a, const float *w, const float *bias,
                          const float *residual, float *y, GemmEpilogue epi, int silu_a);

// --int8-scales group (gemm_int8_group, kernels/gemm_int8_rows.cu): A quantized
// per row and group of QUANT_GROUP K-elements (the last group the K tail) with
// the per-tile quantizer: amax = max |x| over the group, (inv, scale) =
// quant_tile_params(amax, 1), q by quant_round_half (FP16 path) or quant_round.
// x (rows, K) FP16 values as float; q (rows, K); scale (rows, groups).
#define QUANT_GROUP 128
void quant_groups_int8_model(const float *x, int rows, int k, int8_t *q, float *scale);
// The output of gemm_int8_group: A per (row, group) as above, W per output
// channel (quant_rows_int8_model, as --int8-scales row); per group the exact
// INT32 sum isum_g of qa qw over the group, acc = fmaf(float(isum_g), sa(m,
// g), acc) in group order from acc = 0, then v = acc * sw[n], + bias[n], +
// residual[m, n], y = fp16(v); GEGLU as gemm_int8_rows_model. Arguments as
// gemm_int8_rows_model's (no SiLU on A). Bit-exact with the kernel except
// GELU (erff), as above.
void gemm_int8_group_model(int m, int n, int k, const float *a, const float *w, const float *bias,
                           const float *residual, float *y, GemmEpilogue epi);


#endif
