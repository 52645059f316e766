// groupnorm.c: GroupNorm layer: parameters, counts, CPU reference.
#include "groupnorm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/params.h"
#include "../../common/common.h"

void norm_affine_init(const char *name, int c, const ParamSource *src, uint64_t seed, int on_device, int want_host,
                      float **h_gamma, float **h_beta, float **d_gamma, float **d_beta) {
    char gname[128], bname[128];
    snprintf(gname, sizeof(gname), "%s.weight", name);
    snprintf(bname, sizeof(bname), "%s.bias", name);
    const int64_t shape[1] = {c};
    if (on_device) {
        cudaCheck(cudaMalloc((void **)d_gamma, c * sizeof(float)));
        cudaCheck(cudaMalloc((void **)d_beta, c * sizeof(float)));
        param_fill(src, gname, 1, shape, seed, *d_gamma, c, 1.0f, 0.25f, 1);
        param_fill(src, bname, 1, shape, seed, *d_beta, c, 0.0f, 0.25f, 1);
        if (!want_host) return;
        *h_gamma = host_copy_f32(*d_gamma, c);
        *h_beta = host_copy_f32(*d_beta, c);
        return;
    }
    *h_gamma = xmalloc(c * sizeof(float));
    *h_beta = xmalloc(c * sizeof(float));
    param_fill(src, gname, 1, shape, seed, *h_gamma, c, 1.0f, 0.25f, 0);
    param_fill(src, bname, 1, shape, seed, *h_beta, c, 0.0f, 0.25f, 0);
}

void groupnorm_layer_init(GroupNormLayer *L, const char *name, int c, int groups, float eps, int silu,
                          const ParamSource *src, uint64_t seed, int on_device, int want_host) {
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->c = c;
    L->groups = groups;
    L->eps = eps;
    L->silu = silu;
    norm_affine_init(name, c, src, seed, on_device, want_host, &L->h_gamma, &L->h_beta, &L->d_gamma, &L->d_beta);
}

void groupnorm_layer_free(GroupNormLayer *L) {
    free(L->h_gamma);
    free(L->h_beta);
    if (L->d_gamma) cudaCheck(cudaFree(L->d_gamma));
    if (L->d_beta) cudaCheck(cudaFree(L->d_beta));
    memset(L, 0, sizeof(*L));
}

double groupnorm_flops(size_t numel, int silu) {
    // sum + sum of squares (3), normalize+affine as one FMA (2), SiLU (~4)
    return (double)numel * (silu ? 9.0 : 5.0);
}

double groupnorm_min_bytes(size_t numel) { return 4.0 * (double)numel; }

void groupnorm_ref_cpu(const float *x, float *y, const float *gamma, const float *beta, int batch, int hw,
                       int c, int groups, float eps) {
    const int cpg = c / groups;
    const size_t n = (size_t)hw * cpg;
#pragma omp parallel for collapse(2) schedule(static)
    for (int b = 0; b < batch; b++)
        for (int g = 0; g < groups; g++) {
            const float *xb = x + (size_t)b * hw * c + (size_t)g * cpg;
            float *yb = y + (size_t)b * hw * c + (size_t)g * cpg;
            double a = 0.0;
            for (size_t i = 0; i < n; i++) a += xb[(i / cpg) * c + i % cpg];
            double mean = a / (double)n;
            double q = 0.0;
            for (size_t i = 0; i < n; i++) {
                double d = xb[(i / cpg) * c + i % cpg] - mean;
                q += d * d;
            }
            double var = q / (double)n;
            float rstd = (float)(1.0 / sqrt(var + (double)eps));
            float fmean = (float)mean;
            for (size_t i = 0; i < n; i++) {
                size_t off = (i / cpg) * c + i % cpg;
                int ch = g * cpg + (int)(i % cpg);
                yb[off] = (xb[off] - fmean) * rstd * gamma[ch] + beta[ch];
            }
        }
}

void silu_ref_cpu(const float *x, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) {
        float v = x[i];
        y[i] = v / (1.0f + expf(-v));
    }
}
