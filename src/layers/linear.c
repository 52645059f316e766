// linear.c: linear layer: weights, counts, CPU reference.
#include "linear.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../kernels/kernels.h"
#include "../../weights/random.h"
#include "../common.h"

void linear_layer_init(LinearLayer *L, const char *name, int k, int n, int has_bias, int silu_in,
                       uint64_t seed, int on_device, int want_host) {
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->k = k;
    L->n = n;
    L->has_bias = has_bias;
    L->silu_in = silu_in;
    const size_t nw = (size_t)n * k;
    const float bound = 1.0f / sqrtf((float)k);
    char wname[64], bname[64];
    snprintf(wname, sizeof(wname), "%s.weight", name);
    snprintf(bname, sizeof(bname), "%s.bias", name);
    if (on_device) {
        cudaCheck(cudaMalloc((void **)&L->d_w_ref, nw * sizeof(float)));
        cudaCheck(cudaMalloc((void **)&L->d_w16, nw * sizeof(uint16_t)));
        random_uniform(wname, seed, L->d_w_ref, nw, 0.0f, bound, 1);
        cudaCheck(f32_to_f16_dev(L->d_w_ref, L->d_w16, nw, 0));
        if (has_bias) {
            cudaCheck(cudaMalloc((void **)&L->d_bias, n * sizeof(float)));
            random_uniform(bname, seed, L->d_bias, n, 0.0f, bound, 1);
        }
        cudaCheck(cudaDeviceSynchronize());
        if (!want_host) return;
        L->h_w_ref = host_copy_f32(L->d_w_ref, nw);
        if (has_bias) L->h_bias = host_copy_f32(L->d_bias, n);
        return;
    }
    L->h_w_ref = xmalloc(nw * sizeof(float));
    L->h_w_fast = xmalloc(nw * sizeof(float));
    random_uniform(wname, seed, L->h_w_ref, nw, 0.0f, bound, 0);
    for (size_t i = 0; i < nw; i++) L->h_w_fast[i] = round_f16(L->h_w_ref[i]);
    if (has_bias) {
        L->h_bias = xmalloc(n * sizeof(float));
        random_uniform(bname, seed, L->h_bias, n, 0.0f, bound, 0);
    }
}

void linear_layer_free(LinearLayer *L) {
    free(L->h_w_ref);
    free(L->h_w_fast);
    free(L->h_bias);
    if (L->d_w16) cudaCheck(cudaFree(L->d_w16));
    if (L->d_w_ref) cudaCheck(cudaFree(L->d_w_ref));
    if (L->d_bias) cudaCheck(cudaFree(L->d_bias));
    memset(L, 0, sizeof(*L));
}

double linear_flops(int rows, int k, int n) { return 2.0 * rows * (double)k * n; }

double linear_min_bytes(int rows, int k, int n, int has_bias) {
    return 2.0 * ((double)n * k + (double)rows * k + (double)rows * n) + (has_bias ? 4.0 * n : 0.0);
}

void linear_ref_cpu(const float *x, const float *w, const float *bias, float *y, int rows, int k, int n) {
    for (int b = 0; b < rows; b++)
        for (int o = 0; o < n; o++) {
            float acc = 0.0f;
            for (int kk = 0; kk < k; kk++) acc += x[(size_t)b * k + kk] * w[(size_t)o * k + kk];
            if (bias) acc += bias[o];
            y[(size_t)b * n + o] = acc;
        }
}
