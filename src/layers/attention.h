// attention.h: multi-head attention (softmax(Q K^T * scale) V): counts and
// the CPU FP32 reference. The fast kernel (attention_fp16) and the GPU FP32
// reference (attention_ref_f32) are declared in kernels/kernels.h, with the
// layout (AttnShape) shared by all three.
#ifndef UNETRUN_LAYER_ATTENTION_H
#define UNETRUN_LAYER_ATTENTION_H

#include "../../kernels/kernels.h"

// CPU twin of attention_ref_f32: same layout, same loops in the same order
// (FP32 scores with a sequential fmaf dot product over e, scaled after the
// dot; per row max, expf(s - max), sum in key order, division by the sum;
// O = P V with a sequential fmaf sum over keys), so the two agree to FP32
// rounding (expf differs by at most an ulp or two between host and device).
// q: (B, sq, ldq), k and v: (B, skv, ldkv), o: (B, sq, ldo); head h at
// column h*d. Only the heads*d columns of o are written.
void attention_ref_cpu(const AttnShape *s, const float *q, const float *k, const float *v, float *o, float scale);

// 4 * B * H * sq * skv * d: two GEMMs (Q K^T and P V) of 2 flops per MAC.
double attention_flops(const AttnShape *s);
// The head dim the GPU runs a head dim d at: d when a kernel has it, else the
// smallest compiled one above it for d a multiple of 8 (Q, K and V zero-padded
// per head: the scores and the first d output columns are unchanged); 0 when
// there is none.
int attention_gpu_head_dim(int d);
// The shape the kernel runs a at head dim dp: a itself where dp <= a->d, else
// d = dp over packed (B, S, heads x dp) buffers (the padded Q, K, V, O).
AttnShape attention_shape_at_head_dim(const AttnShape *a, int dp);
// FP16 Q, K, V read once and O written once: 2 bytes per element.
double attention_min_bytes(const AttnShape *s);

#endif
