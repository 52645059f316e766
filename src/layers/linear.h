// linear.h: fully connected layer y = act(x) W^T + b (here: time_emb_proj).
#ifndef UNETRUN_LAYER_LINEAR_H
#define UNETRUN_LAYER_LINEAR_H

#include <stdint.h>

typedef struct {
    char name[48];  // checkpoint name, e.g. "time_emb_proj"
    int k, n, has_bias, silu_in;
    float *h_w_ref;   // (N, K) FP32
    float *h_w_fast;  // (N, K) FP16-rounded values (CPU emulation)
    float *h_bias;    // (N)
    uint16_t *d_w16;  // (N, K) FP16
    float *d_w_ref;   // (N, K) FP32
    float *d_bias;    // (N)
} LinearLayer;

// PyTorch default init: weights and bias uniform in +-1/sqrt(K).
void linear_layer_init(LinearLayer *L, const char *name, int k, int n, int has_bias, int silu_in,
                       uint64_t seed, int on_device, int want_host);
void linear_layer_free(LinearLayer *L);

double linear_flops(int rows, int k, int n);
double linear_min_bytes(int rows, int k, int n, int has_bias);

// CPU twin of linear_ref_f32: y[b, n] = sum_k x[b, k] w[n, k] + bias[n].
void linear_ref_cpu(const float *x, const float *w, const float *bias, float *y, int rows, int k, int n);

#endif
