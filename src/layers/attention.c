// attention.c: attention counts and the CPU FP32 reference (twin of
// attention_ref_f32 in kernels/reference.cu).
#include "attention.h"

#include <math.h>
#include <stdlib.h>

#include "../../common/common.h"

void attention_ref_cpu(const AttnShape *s, const float *q, const float *k, const float *v, float *o, float scale) {
    const int B = s->batch, H = s->heads, sq = s->sq, skv = s->skv, d = s->d;
    // One (b, h, i) row per iteration: its scores row (skv floats), softmax,
    // then its d outputs. Rows are independent, so the parallel loop does not
    // change any summation order.
#pragma omp parallel
    {
        float *p = xmalloc((size_t)(skv > 0 ? skv : 1) * sizeof(float));  // (skv) scores, then probabilities
#pragma omp for collapse(3) schedule(static)
        for (int b = 0; b < B; b++)
            for (int h = 0; h < H; h++)
                for (int i = 0; i < sq; i++) {
                    const float *qi = q + ((size_t)b * sq + i) * s->ldq + (size_t)h * d;        // (d)
                    const float *kb = k + (size_t)b * skv * s->ldkv + (size_t)h * d;            // (skv, ldkv)
                    const float *vb = v + (size_t)b * skv * s->ldkv + (size_t)h * d;            // (skv, ldkv)
                    float *oi = o + ((size_t)b * sq + i) * s->ldo + (size_t)h * d;              // (d)
                    for (int j = 0; j < skv; j++) {
                        const float *kj = kb + (size_t)j * s->ldkv;
                        float acc = 0.f;
                        for (int e = 0; e < d; e++) acc = fmaf(qi[e], kj[e], acc);
                        p[j] = acc * scale;
                    }
                    float mx = -INFINITY;
                    for (int j = 0; j < skv; j++) mx = fmaxf(mx, p[j]);
                    float sum = 0.f;
                    for (int j = 0; j < skv; j++) {
                        float ex = expf(p[j] - mx);
                        p[j] = ex;
                        sum += ex;
                    }
                    for (int j = 0; j < skv; j++) p[j] = p[j] / sum;
                    for (int e = 0; e < d; e++) {
                        float acc = 0.f;
                        for (int j = 0; j < skv; j++) acc = fmaf(p[j], vb[(size_t)j * s->ldkv + e], acc);
                        oi[e] = acc;
                    }
                }
        free(p);
    }
}

double attention_flops(const AttnShape *s) {
    return 4.0 * s->batch * s->heads * (double)s->sq * s->skv * s->d;
}

double attention_min_bytes(const AttnShape *s) {
    const double c = (double)s->heads * s->d;
    return 2.0 * s->batch * c * (2.0 * s->sq + 2.0 * s->skv);  // Q and O (sq rows), K and V (skv rows)
}

AttnShape attention_shape_at_head_dim(const AttnShape *a, int dp) {
    AttnShape s = *a;
    if (dp > s.d) s.d = dp, s.ldq = s.ldkv = s.ldo = s.heads * dp;
    return s;
}

int attention_gpu_head_dim(int d) {
    if (d <= 0) return 0;
    if (attention_head_dim_supported(d)) return d;
    if (d % 8) return 0;
    for (int e = d + 8; e <= 256; e += 8)
        if (attention_head_dim_supported(e)) return e;
    return 0;
}
