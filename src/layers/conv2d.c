// conv2d.c: convolution layer: weights, FLOP/byte counts, CPU reference.
#include "conv2d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/params.h"
#include "../../common/common.h"

void conv2d_layer_init(Conv2dLayer *L, const char *name, ConvShape s, int has_bias, const ParamSource *src,
                       uint64_t seed, int on_device, int want_host) {
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->s = s;
    L->has_bias = has_bias;
    const int k = s.ksize;
    const size_t nw = (size_t)s.cout * s.cin * k * k;
    const float bound = 1.0f / sqrtf((float)(s.cin * k * k));
    char tname[128];
    snprintf(tname, sizeof(tname), "%s.weight", name);
    const int64_t wshape[4] = {s.cout, s.cin, k, k}, bshape[1] = {s.cout};  // PyTorch (Cout, Cin, k, k), (Cout)
    if (on_device) {
        float *w_oikk;  // (Cout, Cin, k, k): PyTorch layout, as a checkpoint stores it
        cudaCheck(cudaMalloc((void **)&w_oikk, nw * sizeof(float)));
        param_fill(src, tname, 4, wshape, seed, w_oikk, nw, 0.0f, bound, 1);
        cudaCheck(cudaMalloc((void **)&L->d_w16, nw * sizeof(uint16_t)));
        cudaCheck(cudaMalloc((void **)&L->d_w_ref, nw * sizeof(float)));
        cudaCheck(conv_weight_layouts_dev(w_oikk, L->d_w16, L->d_w_ref, s.cout, s.cin, k, 0));
        cudaCheck(cudaDeviceSynchronize());
        cudaCheck(cudaFree(w_oikk));
        if (has_bias) {
            cudaCheck(cudaMalloc((void **)&L->d_bias, s.cout * sizeof(float)));
            snprintf(tname, sizeof(tname), "%s.bias", name);
            param_fill(src, tname, 1, bshape, seed, L->d_bias, s.cout, 0.0f, bound, 1);
        }
        if (want_host) {
            L->h_w_ref = host_copy_f32(L->d_w_ref, nw);
            if (has_bias) L->h_bias = host_copy_f32(L->d_bias, s.cout);
        }
        return;
    }
    float *w_oikk = xmalloc(nw * sizeof(float));
    param_fill(src, tname, 4, wshape, seed, w_oikk, nw, 0.0f, bound, 0);
    L->h_w_ref = xmalloc(nw * sizeof(float));
    L->h_w_fast = xmalloc(nw * sizeof(float));
    for (int co = 0; co < s.cout; co++)
        for (int ci = 0; ci < s.cin; ci++)
            for (int kh = 0; kh < k; kh++)
                for (int kw = 0; kw < k; kw++) {
                    float v = w_oikk[(((size_t)co * s.cin + ci) * k + kh) * k + kw];
                    size_t dst = (((size_t)kh * k + kw) * s.cin + ci) * s.cout + co;
                    L->h_w_ref[dst] = v;
                    L->h_w_fast[dst] = round_f16(v);
                }
    free(w_oikk);
    if (has_bias) {
        L->h_bias = xmalloc(s.cout * sizeof(float));
        snprintf(tname, sizeof(tname), "%s.bias", name);
        param_fill(src, tname, 1, bshape, seed, L->h_bias, s.cout, 0.0f, bound, 0);
    }
}

void conv2d_layer_drop_ref_dev(Conv2dLayer *L) {
    if (L->d_w_ref) cudaCheck(cudaFree(L->d_w_ref));
    L->d_w_ref = NULL;
}

void conv2d_layer_join_shortcut(Conv2dLayer *L, const Conv2dLayer *S) {
    const int cout = L->s.cout, cs = S->s.cin;
    if (cs != L->s.cs || S->s.cout != cout || S->s.ksize != 1 || !L->d_w16 || !S->d_w16)
        die_internal("shortcut %s does not fit %s", S->name, L->name);
    const size_t kc = (size_t)L->s.ksize * L->s.ksize * L->s.cin, k = kc + cs;
    cudaCheck(cudaMalloc((void **)&L->d_w16_sc, (size_t)cout * k * sizeof(uint16_t)));
    cudaCheck(cudaMemcpy2D(L->d_w16_sc, k * sizeof(uint16_t), L->d_w16, kc * sizeof(uint16_t), kc * sizeof(uint16_t),
                           cout, cudaMemcpyDeviceToDevice));
    cudaCheck(cudaMemcpy2D(L->d_w16_sc + kc, k * sizeof(uint16_t), S->d_w16, cs * sizeof(uint16_t),
                           cs * sizeof(uint16_t), cout, cudaMemcpyDeviceToDevice));
    float *b = xcalloc((size_t)cout, sizeof(float));
    const Conv2dLayer *parts[2] = {L, S};
    for (int p = 0; p < 2; p++) {
        if (!parts[p]->d_bias) continue;
        float *h = host_copy_f32(parts[p]->d_bias, (size_t)cout);
        for (int co = 0; co < cout; co++) b[co] += h[co];
        free(h);
    }
    cudaCheck(cudaMalloc((void **)&L->d_bias_sc, (size_t)cout * sizeof(float)));
    cudaCheck(cudaMemcpy(L->d_bias_sc, b, (size_t)cout * sizeof(float), cudaMemcpyHostToDevice));
    free(b);
}

void conv2d_layer_free(Conv2dLayer *L) {
    free(L->h_w_ref);
    free(L->h_w_fast);
    free(L->h_bias);
    if (L->d_w16) cudaCheck(cudaFree(L->d_w16));
    if (L->d_w8) cudaCheck(cudaFree(L->d_w8));
    if (L->d_sw) cudaCheck(cudaFree(L->d_sw));
    if (L->d_w_ref) cudaCheck(cudaFree(L->d_w_ref));
    if (L->d_bias) cudaCheck(cudaFree(L->d_bias));
    if (L->d_w16_sc) cudaCheck(cudaFree(L->d_w16_sc));
    if (L->d_bias_sc) cudaCheck(cudaFree(L->d_bias_sc));
    memset(L, 0, sizeof(*L));
}

double conv2d_flops(const ConvShape *s) {
    return 2.0 * s->batch * s->ho * s->wo * (double)s->cout * s->ksize * s->ksize * s->cin;
}

double conv2d_min_bytes(const ConvShape *s, int has_bias, int has_temb, int has_res) {
    double out = (double)s->batch * s->ho * s->wo * s->cout;
    double b = 2.0 * ((double)s->batch * s->h * s->w * s->cin + (double)s->cout * s->ksize * s->ksize * s->cin + out);
    if (has_bias) b += 4.0 * s->cout;
    if (has_temb) b += 2.0 * s->batch * s->cout;
    if (has_res) b += 2.0 * out;
    return b;
}

void conv2d_ref_cpu(const ConvShape *s, const float *x, const float *w, const float *bias, const float *temb,
                    const float *residual, float *y) {
    const long long M = (long long)s->batch * s->ho * s->wo;
    const int N = s->cout;
#pragma omp parallel for schedule(static)
    for (long long m = 0; m < M; m++) {
        float *acc = y + (size_t)m * N;
        for (int co = 0; co < N; co++) acc[co] = 0.0f;
        int wo = (int)(m % s->wo);
        int ho = (int)((m / s->wo) % s->ho);
        int b = (int)(m / ((long long)s->wo * s->ho));
        for (int kh = 0; kh < s->ksize; kh++) {
            int ih = ho * s->stride - s->pad + kh;
            if (ih < 0 || ih >= s->h) continue;
            for (int kw = 0; kw < s->ksize; kw++) {
                int iw = wo * s->stride - s->pad + kw;
                if (iw < 0 || iw >= s->w) continue;
                const float *xp = x + (((size_t)b * s->h + ih) * s->w + iw) * s->cin;
                const float *wp = w + ((size_t)(kh * s->ksize + kw) * s->cin) * N;
                for (int ci = 0; ci < s->cin; ci++) {
                    const float xv = xp[ci];
                    const float *wr = wp + (size_t)ci * N;
                    for (int co = 0; co < N; co++) acc[co] += xv * wr[co];
                }
            }
        }
        for (int co = 0; co < N; co++) {
            float v = acc[co];
            if (bias) v += bias[co];
            if (temb) v += temb[(size_t)b * N + co];
            if (residual) v += residual[(size_t)m * N + co];
            acc[co] = v;
        }
    }
}
