// linear.c: linear layer: weights, counts, CPU reference, and a LayerNorm
// folded into the layer (linear_fold_layernorm, linear_lnfold_cpu).
#include "linear.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/params.h"
#include "../../common/common.h"
#include "layernorm.h"
#include "quant.h"

void linear_layer_spec(LinearLayer *L, const char *name, int k, int n, int has_bias, int silu_in, int geglu) {
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->k = k;
    L->n = n;
    L->has_bias = has_bias;
    L->silu_in = silu_in;
    L->geglu = geglu;
    L->cfg.tile = 0;
    L->cfg.splits = 1;
}

void linear_add_part(LinearLayer *L, const char *part_name) {
    if (L->nparts >= LINEAR_MAX_PARTS) die_internal("too many parts in linear layer %s", L->name);
    snprintf(L->part[L->nparts++], sizeof(L->part[0]), "%s", part_name);
}

int linear_out_width(const LinearLayer *L) { return L->geglu ? L->n / 2 : L->n; }

// Fills the (N, K) weight and (N) bias of every part, host or device.
static void fill_parts(const LinearLayer *L, const ParamSource *src, uint64_t seed, float *w, float *b,
                       int on_device) {
    const int np = L->nparts ? L->nparts : 1;
    const int rows = L->n / np;
    const float bound = 1.0f / sqrtf((float)L->k);
    for (int p = 0; p < np; p++) {
        const char *pname = L->nparts ? L->part[p] : L->name;
        char wname[128], bname[128];
        snprintf(wname, sizeof(wname), "%s.weight", pname);
        snprintf(bname, sizeof(bname), "%s.bias", pname);
        const int64_t wshape[2] = {rows, L->k}, bshape[1] = {rows};  // PyTorch (out, in), (out)
        param_fill(src, wname, 2, wshape, seed, w + (size_t)p * rows * L->k, (size_t)rows * L->k, 0.0f, bound,
                   on_device);
        if (L->has_bias) param_fill(src, bname, 1, bshape, seed, b + (size_t)p * rows, rows, 0.0f, bound, on_device);
    }
}

void linear_layer_init(LinearLayer *L, const ParamSource *src, uint64_t seed, int on_device, int want_host) {
    const int k = L->k, n = L->n;
    const size_t nw = (size_t)n * k;
    if (L->geglu && (n % 16)) die_internal("GEGLU layer %s needs a multiple of 16 outputs", L->name);
    if (on_device) {
        cudaCheck(cudaMalloc((void **)&L->d_w_ref, nw * sizeof(float)));
        cudaCheck(cudaMalloc((void **)&L->d_w16, nw * sizeof(uint16_t)));
        if (L->has_bias) cudaCheck(cudaMalloc((void **)&L->d_bias, n * sizeof(float)));
        fill_parts(L, src, seed, L->d_w_ref, L->d_bias, 1);
        L->d_bias_fast = L->d_bias;
        if (L->geglu) {
            // The fast kernel wants a/g rows interleaved in blocks of 8.
            float *w = host_copy_f32(L->d_w_ref, nw), *wi = xmalloc(nw * sizeof(float));
            float *tmp = NULL;
            geglu_interleave_rows(w, wi, n / 2, k);
            cudaCheck(cudaMalloc((void **)&tmp, nw * sizeof(float)));
            copy_to_device(tmp, wi, nw * sizeof(float), 0);
            cudaCheck(f32_to_f16_dev(tmp, L->d_w16, nw, 0));
            cudaCheck(cudaDeviceSynchronize());
            cudaCheck(cudaFree(tmp));
            if (L->has_bias) {
                float *bb = host_copy_f32(L->d_bias, n), *bi = xmalloc(n * sizeof(float));
                geglu_interleave_rows(bb, bi, n / 2, 1);
                cudaCheck(cudaMalloc((void **)&L->d_bias_fast, n * sizeof(float)));
                copy_to_device(L->d_bias_fast, bi, n * sizeof(float), 0);
                free(bb);
                free(bi);
            }
            free(w);
            free(wi);
        } else {
            cudaCheck(f32_to_f16_dev(L->d_w_ref, L->d_w16, nw, 0));
        }
        cudaCheck(cudaDeviceSynchronize());
        if (!want_host) return;
        L->h_w_ref = host_copy_f32(L->d_w_ref, nw);
        if (L->has_bias) L->h_bias = host_copy_f32(L->d_bias, n);
        return;
    }
    L->h_w_ref = xmalloc(nw * sizeof(float));
    L->h_w_fast = xmalloc(nw * sizeof(float));
    if (L->has_bias) L->h_bias = xmalloc(n * sizeof(float));
    fill_parts(L, src, seed, L->h_w_ref, L->h_bias, 0);
    for (size_t i = 0; i < nw; i++) L->h_w_fast[i] = round_f16(L->h_w_ref[i]);
}

void linear_layer_drop_ref_dev(LinearLayer *L) {
    if (L->d_w_ref) cudaCheck(cudaFree(L->d_w_ref));
    L->d_w_ref = NULL;
}

void linear_fold_layernorm(LinearLayer *L, const float *gamma, const float *beta, int on_device) {
    const int k = L->k, n = L->n;
    const size_t nw = (size_t)n * k;
    if (on_device && !L->d_w_ref) die_internal("LayerNorm fold of %s after its FP32 weights were freed", L->name);
    float *w = on_device ? host_copy_f32(L->d_w_ref, nw) : L->h_w_ref;  // (N, K) checkpoint order
    float *bias = NULL;
    if (L->has_bias) bias = on_device ? host_copy_f32(L->d_bias, n) : L->h_bias;
    float *wq = xmalloc(nw * sizeof(float));  // (N, K) W' as FP16 values
    float *colsum = xmalloc(n * sizeof(float)), *fbias = xmalloc(n * sizeof(float));  // (N)
    for (int o = 0; o < n; o++) {
        double s = 0.0, t = bias ? bias[o] : 0.0;
        for (int i = 0; i < k; i++) {
            const size_t e = (size_t)o * k + i;
            wq[e] = round_f16(gamma[i] * w[e]);
            s += wq[e];
            t += (double)beta[i] * w[e];
        }
        colsum[o] = (float)s;
        fbias[o] = (float)t;
    }
    L->fold_ln = 1;
    if (!on_device) {
        memcpy(L->h_w_fast, wq, nw * sizeof(float));
        L->h_fold_colsum = colsum;
        L->h_fold_bias = fbias;
        free(wq);
        return;
    }
    if (L->geglu) {  // the kernel's row order: 8-row blocks a0 g0 a1 g1 ...
        float *t = xmalloc(nw * sizeof(float));
        geglu_interleave_rows(wq, t, n / 2, k);
        free(wq);
        wq = t;
        float *c2 = xmalloc(n * sizeof(float)), *b2 = xmalloc(n * sizeof(float));
        geglu_interleave_rows(colsum, c2, n / 2, 1);
        geglu_interleave_rows(fbias, b2, n / 2, 1);
        free(colsum);
        free(fbias);
        colsum = c2;
        fbias = b2;
    }
    uint16_t *w16 = xmalloc(nw * sizeof(uint16_t));
    for (size_t e = 0; e < nw; e++) w16[e] = f32_to_f16(wq[e]);
    copy_to_device(L->d_w16, w16, nw * sizeof(uint16_t), 0);
    cudaCheck(cudaMalloc((void **)&L->d_fold_colsum, n * sizeof(float)));
    cudaCheck(cudaMalloc((void **)&L->d_fold_bias, n * sizeof(float)));
    copy_to_device(L->d_fold_colsum, colsum, n * sizeof(float), 0);
    copy_to_device(L->d_fold_bias, fbias, n * sizeof(float), 0);
    cudaCheck(cudaDeviceSynchronize());
    free(w16);
    free(wq);
    free(colsum);
    free(fbias);
    free(w);
    free(bias);
}

void linear_lnfold_cpu(const LinearLayer *L, const float *x, int rows, float eps, float *y) {
    const int k = L->k, n = L->n;
    if (!L->fold_ln || !L->h_fold_colsum) die_internal("%s has no LayerNorm folded in", L->name);
    float *mean = xmalloc((size_t)rows * sizeof(float)), *rstd = xmalloc((size_t)rows * sizeof(float));
    layernorm_stats_cpu(x, rows, k, eps, mean, rstd);
    float *acc = L->geglu ? xmalloc((size_t)rows * n * sizeof(float)) : y;  // (rows, N)
    linear_ref_cpu(x, L->h_w_fast, NULL, NULL, acc, rows, k, n);
    for (int r = 0; r < rows; r++)
        for (int o = 0; o < n; o++) {
            float *v = &acc[(size_t)r * n + o];
            *v = fmaf(-mean[r], L->h_fold_colsum[o], *v) * rstd[r] + L->h_fold_bias[o];
        }
    if (L->geglu) {
        geglu_ref_cpu(acc, y, rows, n / 2);
        free(acc);
    }
    free(mean);
    free(rstd);
}

void linear_layer_free(LinearLayer *L) {
    free(L->h_w_ref);
    free(L->h_w_fast);
    free(L->h_bias);
    free(L->h_fold_colsum);
    free(L->h_fold_bias);
    if (L->d_fold_colsum) cudaCheck(cudaFree(L->d_fold_colsum));
    if (L->d_fold_bias) cudaCheck(cudaFree(L->d_fold_bias));
    L->h_fold_colsum = L->h_fold_bias = L->d_fold_colsum = L->d_fold_bias = NULL;
    L->fold_ln = 0;
    if (L->d_w16) cudaCheck(cudaFree(L->d_w16));
    if (L->d_w8) cudaCheck(cudaFree(L->d_w8));
    if (L->d_sw) cudaCheck(cudaFree(L->d_sw));
    if (L->d_w_ref) cudaCheck(cudaFree(L->d_w_ref));
    if (L->d_bias_fast && L->d_bias_fast != L->d_bias) cudaCheck(cudaFree(L->d_bias_fast));
    if (L->d_bias) cudaCheck(cudaFree(L->d_bias));
    L->h_w_ref = L->h_w_fast = L->h_bias = NULL;
    L->d_w16 = NULL;
    L->d_w8 = NULL, L->d_sw = NULL;
    L->d_w_ref = L->d_bias = L->d_bias_fast = NULL;
}

double linear_flops(int rows, int k, int n) { return 2.0 * rows * (double)k * n; }

double linear_min_bytes(int rows, int k, int n, int has_bias) {
    return 2.0 * ((double)n * k + (double)rows * k + (double)rows * n) + (has_bias ? 4.0 * n : 0.0);
}

void linear_ref_cpu(const float *x, const float *w, const float *bias, const float *residual, float *y, int rows,
                    int k, int n) {
#pragma omp parallel for schedule(static)
    for (int b = 0; b < rows; b++)
        for (int o = 0; o < n; o++) {
            float acc = 0.0f;
            for (int kk = 0; kk < k; kk++) acc += x[(size_t)b * k + kk] * w[(size_t)o * k + kk];
            if (bias) acc += bias[o];
            if (residual) acc += residual[(size_t)b * n + o];
            y[(size_t)b * n + o] = acc;
        }
}

float gelu_erf_ref(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f)); }

void geglu_ref_cpu(const float *x, float *y, int m, int f) {
    for (int r = 0; r < m; r++)
        for (int j = 0; j < f; j++) {
            float a = x[(size_t)r * 2 * f + j], g = x[(size_t)r * 2 * f + f + j];
            y[(size_t)r * f + j] = a * gelu_erf_ref(g);
        }
}

// w (N, K) and bias (N) in the INT8 kernels' row order: GEGLU's [a; g] halves
// interleaved in 8-row blocks a0 g0 a1 g1 ... (new buffers *wi, *bi for the
// caller to free), else the inputs themselves.
static void int8_kernel_order(const float *w, const float *bias, int n, int k, GemmEpilogue epi, const float **wk,
                              const float **bk, float **wi, float **bi) {
    *wk = w, *bk = bias, *wi = NULL, *bi = NULL;
    if (epi != GEMM_EPI_GEGLU) return;
    *wi = xmalloc((size_t)n * k * sizeof(float));  // (N, K)
    geglu_interleave_rows(w, *wi, n / 2, k);
    *wk = *wi;
    if (bias) {
        *bi = xmalloc((size_t)n * sizeof(float));  // (N)
        geglu_interleave_rows(bias, *bi, n / 2, 1);
        *bk = *bi;
    }
}

TileConfig linear_int8_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                            const float *residual, float *y, GemmEpilogue epi, int silu_a) {
    TileConfig cfg = gemm_int8_heuristic(m, n, k, LINEAR_INT8_EMUL_SMS);
    int bm = 0, bn = 0, bk = 0;
    gemm_int8_tile_dims(cfg.tile, &bm, &bn, &bk);
    const float *wk, *bk_bias;
    float *wi, *bi;
    int8_kernel_order(w, bias, n, k, epi, &wk, &bk_bias, &wi, &bi);
    gemm_int8_model(m, n, k, bm, bn, bk, cfg.splits, a, wk, bk_bias, residual, y, epi, silu_a);
    free(wi);
    free(bi);
    return cfg;
}

void linear_int8_group_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                            const float *residual, float *y, GemmEpilogue epi) {
    const float *wk, *bk;
    float *wi, *bi;
    int8_kernel_order(w, bias, n, k, epi, &wk, &bk, &wi, &bi);
    gemm_int8_group_model(m, n, k, a, wk, bk, residual, y, epi);
    free(wi);
    free(bi);
}

void linear_int8_rows_emul(int m, int n, int k, const float *a, const float *w, const float *bias,
                           const float *residual, float *y, GemmEpilogue epi, int silu_a) {
    const float *wk, *bk;
    float *wi, *bi;
    int8_kernel_order(w, bias, n, k, epi, &wk, &bk, &wi, &bi);
    gemm_int8_rows_model(m, n, k, a, wk, bk, residual, y, epi, silu_a);
    free(wi);
    free(bi);
}
