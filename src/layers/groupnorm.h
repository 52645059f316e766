// groupnorm.h: GroupNorm (affine) with optional SiLU.
#ifndef UNETRUN_LAYER_GROUPNORM_H
#define UNETRUN_LAYER_GROUPNORM_H

#include <stddef.h>
#include <stdint.h>

#include "../../weights/params.h"

typedef struct {
    char name[96];  // checkpoint name, e.g. "norm1"
    int c, groups, silu;
    float eps;
    float *h_gamma, *h_beta;  // (C) host
    float *d_gamma, *d_beta;  // (C) device
} GroupNormLayer;

// gamma = 1 + U(-0.25, 0.25), beta = U(-0.25, 0.25): the affine part is
// exercised, activations keep unit scale.
void groupnorm_layer_init(GroupNormLayer *L, const char *name, int c, int groups, float eps, int silu,
                          const ParamSource *src, uint64_t seed, int on_device, int want_host);
void groupnorm_layer_free(GroupNormLayer *L);
// The affine parameters of any norm layer ("<name>.weight", "<name>.bias")
// with the init above, on the device (plus host copies if want_host) or host.
void norm_affine_init(const char *name, int c, const ParamSource *src, uint64_t seed, int on_device, int want_host,
                      float **h_gamma, float **h_beta, float **d_gamma, float **d_beta);

// Per element: stats (sum, sum of squares), normalize, affine, SiLU.
double groupnorm_flops(size_t numel, int silu);
double groupnorm_min_bytes(size_t numel);  // FP16 read once + write once

// CPU twins of groupnorm_ref_f32 / silu_ref_f32.
void groupnorm_ref_cpu(const float *x, float *y,  // (B, HW, C)
                       const float *gamma, const float *beta, int batch, int hw, int c, int groups,
                       float eps);
void silu_ref_cpu(const float *x, float *y, size_t n);

#endif
