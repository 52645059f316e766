// layernorm.c: LayerNorm layer: parameters, counts, CPU reference.
#include "layernorm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/common.h"
#include "groupnorm.h"

void layernorm_layer_init(LayerNormLayer *L, const char *name, int c, float eps, const ParamSource *src,
                          uint64_t seed, int on_device, int want_host) {
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->c = c;
    L->eps = eps;
    norm_affine_init(name, c, src, seed, on_device, want_host, &L->h_gamma, &L->h_beta, &L->d_gamma, &L->d_beta);
}

void layernorm_layer_free(LayerNormLayer *L) {
    free(L->h_gamma);
    free(L->h_beta);
    if (L->d_gamma) cudaCheck(cudaFree(L->d_gamma));
    if (L->d_beta) cudaCheck(cudaFree(L->d_beta));
    memset(L, 0, sizeof(*L));
}

// mean (1), centered square (3), normalize + affine (3) per element
double layernorm_flops(size_t numel) { return 7.0 * (double)numel; }

double layernorm_min_bytes(size_t numel, int c) { return 4.0 * (double)numel + 8.0 * c; }

// One row's mean (double) and rstd, as both CPU functions below use them.
static void row_stats(const float *xr, int c, float eps, double *mean, float *rstd) {
    double s = 0.0;
    for (int i = 0; i < c; i++) s += xr[i];
    *mean = s / c;
    double q = 0.0;
    for (int i = 0; i < c; i++) q += (xr[i] - *mean) * (xr[i] - *mean);
    *rstd = (float)(1.0 / sqrt(q / c + (double)eps));
}

void layernorm_ref_cpu(const float *x, float *y, const float *gamma, const float *beta, int m, int c, float eps) {
#pragma omp parallel for schedule(static)
    for (int r = 0; r < m; r++) {
        const float *xr = x + (size_t)r * c;
        float *yr = y + (size_t)r * c;
        double mean;
        float rstd;
        row_stats(xr, c, eps, &mean, &rstd);
        float fmean = (float)mean;
        for (int i = 0; i < c; i++) yr[i] = (xr[i] - fmean) * rstd * gamma[i] + beta[i];
    }
}

void layernorm_stats_cpu(const float *x, int m, int c, float eps, float *mean, float *rstd) {
#pragma omp parallel for schedule(static)
    for (int r = 0; r < m; r++) {
        double mu;
        row_stats(x + (size_t)r * c, c, eps, &mu, &rstd[r]);
        mean[r] = (float)mu;
    }
}
