// layernorm.h: LayerNorm (affine) over the channel dim of (rows, C) tokens.
#ifndef UNETRUN_LAYER_LAYERNORM_H
#define UNETRUN_LAYER_LAYERNORM_H

#include <stddef.h>
#include <stdint.h>

#include "../../weights/params.h"

typedef struct {
    char name[96];  // checkpoint name, e.g. "transformer_blocks.0.norm1"
    int c;
    float eps;
    float *h_gamma, *h_beta;  // (C) host
    float *d_gamma, *d_beta;  // (C) device
} LayerNormLayer;

// gamma = 1 + U(-0.25, 0.25), beta = U(-0.25, 0.25), as for GroupNorm.
void layernorm_layer_init(LayerNormLayer *L, const char *name, int c, float eps, const ParamSource *src,
                          uint64_t seed, int on_device, int want_host);
void layernorm_layer_free(LayerNormLayer *L);

double layernorm_flops(size_t numel);
double layernorm_min_bytes(size_t numel, int c);  // FP16 read once + write once, FP32 gamma/beta

// CPU twin of layernorm_ref_f32: two-pass mean/variance in double.
void layernorm_ref_cpu(const float *x, float *y,  // (M, C)
                       const float *gamma, const float *beta, int m, int c, float eps);
// The statistics layernorm_ref_cpu normalizes with: mean[r] and rstd[r] of
// each row (double sums, rounded to float), as layernorm_stats_fp16 gives
// them on the GPU (there in FP32).
void layernorm_stats_cpu(const float *x, int m, int c, float eps, float *mean, float *rstd);

#endif
