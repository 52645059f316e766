// linear.h: fully connected layers y = act(x) W^T + b.
//
// Used for the time-embedding projection (a few rows, SiLU on the input) and
// for every Linear of the transformer block (token rows on the tensor-core
// GEMM). A layer may fuse several checkpoint Linears that read the same
// input (to_q/to_k/to_v, to_k/to_v): their weights are stacked along N, each
// part keeping its own checkpoint name, so loading stays a name lookup.
#ifndef UNETRUN_LAYER_LINEAR_H
#define UNETRUN_LAYER_LINEAR_H

#include <stdint.h>

#include "../../kernels/kernels.h"
#include "../../weights/params.h"

#define LINEAR_MAX_PARTS 3

typedef struct {
    char name[96];  // report name, e.g. "transformer_blocks.0.attn1.to_qkv"
    int k, n;       // in_features, out_features (all parts; 8C for ff.net.0.proj)
    int has_bias, silu_in;
    int geglu;      // output = a * gelu_erf(g) over the two halves: width n / 2
    int nparts;
    char part[LINEAR_MAX_PARTS][96];  // checkpoint names, each part (n / nparts, k)
    float *h_w_ref;   // (N, K) FP32, parts stacked, checkpoint row order
    float *h_w_fast;  // (N, K) FP16-rounded values (CPU emulation)
    float *h_bias;    // (N)
    uint16_t *d_w16;  // (N, K) FP16; rows interleaved for GEGLU (geglu_interleave_rows)
    float *d_w_ref;   // (N, K) FP32, checkpoint row order
    float *d_bias;    // (N) checkpoint order
    float *d_bias_fast;  // (N) the fast kernel's order (interleaved for GEGLU, else == d_bias)
    TileConfig cfg;      // GEMM tile / split-K (token linears)
    int8_t *d_w8;        // (N, K) d_w16 quantized per row (output channel), made once for --int8-scales row
    float *d_sw;         // (N) its scales
    // A LayerNorm folded in (linear_fold_layernorm: the graph's ln1 -> to_qkv, ln2 -> to_q,
    // ln3 -> ff.net.0.proj). h_w_fast and d_w16 then hold the gamma-scaled weight W'[n, k] =
    // gamma[k] W[n, k] (FP16 values), fold_colsum the row sums of W' and fold_bias = beta W^T +
    // bias; h_w_ref, h_bias, d_w_ref and d_bias stay the Linear's own (references, vendor chain).
    int fold_ln;
    float *h_fold_colsum, *h_fold_bias;  // (N) checkpoint order (CPU path)
    float *d_fold_colsum, *d_fold_bias;  // (N) the fast kernel's order (interleaved for GEGLU)
} LinearLayer;

// Describes the layer (no memory): one part named `name` unless parts are
// added with linear_add_part.
void linear_layer_spec(LinearLayer *L, const char *name, int k, int n, int has_bias, int silu_in, int geglu);
void linear_add_part(LinearLayer *L, const char *part_name);
// PyTorch default init per part: weights and bias uniform in +-1/sqrt(K).
void linear_layer_init(LinearLayer *L, const ParamSource *src, uint64_t seed, int on_device, int want_host);
// Frees the device FP32 weights (d_w_ref), as conv2d_layer_drop_ref_dev.
void linear_layer_drop_ref_dev(LinearLayer *L);
void linear_layer_free(LinearLayer *L);
int linear_out_width(const LinearLayer *L);  // n, or n / 2 with GEGLU

// Folds the LayerNorm (gamma, beta: (K) host arrays) that feeds this layer
// into it (the fields above), from the layer's FP32 weights: call after
// linear_layer_init and before linear_layer_drop_ref_dev. colsum sums the
// FP16 values of W' that the GEMM multiplies (in double), fold_bias sums
// beta[k] W[n, k] of the FP32 weights (in double) plus the bias.
void linear_fold_layernorm(LinearLayer *L, const float *gamma, const float *beta, int on_device);
// CPU emulation of gemm_fp16_lnfold (a folded layer's fast path): x (rows,
// K) the LayerNorm's raw input, row statistics of layernorm_stats_cpu, acc =
// x W'^T in FP32, (acc - mean colsum) rstd + fold_bias, then GEGLU over the
// [a | g] halves; y (rows, linear_out_width), not rounded.
void linear_lnfold_cpu(const LinearLayer *L, const float *x, int rows, float eps, float *y);

double linear_flops(int rows, int k, int n);
double linear_min_bytes(int rows, int k, int n, int has_bias);

// CPU twin of linear_ref_f32: y[m, n] = sum_k x[m, k] w[n, k] + bias[n] + residual[m, n].
void linear_ref_cpu(const float *x, const float *w, const float *bias, const float *residual, float *y, int rows,
                    int k, int n);
// CPU twin of geglu_ref_f32: y[m, j] = x[m, j] * gelu_erf(x[m, F + j]), x (M, 2F).
void geglu_ref_cpu(const float *x, float *y, int m, int f);
float gelu_erf_ref(float x);

// CPU emulation of the online-quantized INT8 GEMM (gemm_int8): the bit-exact
// model gemm_int8_model with the tile and split-K that gemm_int8_heuristic
// picks for an H100 (LINEAR_INT8_EMUL_SMS SMs), so the CPU path gives the same
// numbers as `--device cuda --kernel-select heuristic` on an H100.
#define LINEAR_INT8_EMUL_SMS 132
// y = epi(silu?(a) w^T + bias (+ residual)); a (M, K), w (N, K) and residual
// (M, N) hold FP16 values as float, w in checkpoint row order ([a; g] halves
// for GEGLU: interleaved here for the model), bias (N) or NULL; y (M, N), or
// (M, N / 2) with GEGLU, FP16-rounded. Returns the configuration emulated.
TileConfig linear_int8_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                            const float *residual, float *y, GemmEpilogue epi, int silu_a);
// The same with --int8-scales row (gemm_int8_rows_model: one scale per row of
// a and per row of w, exact sums over the whole K; no tile to emulate).
void linear_int8_rows_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                           const float *residual, float *y, GemmEpilogue epi, int silu_a);
// The same with --int8-scales group (gemm_int8_group_model: a per row and
// 128-K group, w per row; no SiLU on A).
void linear_int8_group_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                            const float *residual, float *y, GemmEpilogue epi);

#endif
