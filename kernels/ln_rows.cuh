// ln_rows.cuh: one LayerNorm row per warp, held in registers: its statistics
// (row_stats) and its normalized, scaled FP16 chunks (ln_chunk). Shared by
// the LayerNorm kernels (layernorm.cu) and the INT8 row GEMM's quantizing
// prologue (gemm_int8_rows.cu), so every caller normalizes a row to the same
// bits.
#ifndef UNETRUN_LN_ROWS_CUH
#define UNETRUN_LN_ROWS_CUH

#include <cuda_fp16.h>
#include <stdint.h>

// Loads this lane's chunks of row xr into v and returns the row's mean and
// rstd (every lane gets both), two passes over the registers.
template <int NCH>
__device__ __forceinline__ float2 row_stats(const half *__restrict__ xr, int C, float eps, int lane, uint4 *v) {
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < NCH; i++) {
        int c = i * 256 + lane * 8;
        if (c < C) {
            v[i] = *reinterpret_cast<const uint4 *>(xr + c);
            const half2 *h = reinterpret_cast<const half2 *>(&v[i]);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                float2 f = __half22float2(h[e]);
                sum += f.x + f.y;
            }
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    const float mean = sum / C;
    float var = 0.f;
#pragma unroll
    for (int i = 0; i < NCH; i++) {
        int c = i * 256 + lane * 8;
        if (c < C) {
            const half2 *h = reinterpret_cast<const half2 *>(&v[i]);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                float2 f = __half22float2(h[e]);
                var += (f.x - mean) * (f.x - mean) + (f.y - mean) * (f.y - mean);
            }
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) var += __shfl_xor_sync(0xffffffffu, var, o);
    return make_float2(mean, rsqrtf(var / C + eps));
}

// Chunk v (8 halves at column c) of a row normalized with (mean, rstd) and
// scaled: (x - mean) * rstd * gamma + beta, rounded to FP16 once. vec:
// gamma and beta 16-byte aligned, their 8 values read as two float4 each.
// The scalar loads (lanes 32 bytes apart, 16 loads per chunk) kept the L1
// 73% busy and made the pass twice a row quantizer's time at C = 320
// (Nsight Compute, 8192 rows: 13.1 against 6.3 us; docs/PERF.md). The
// arithmetic is the same either way.
__device__ __forceinline__ uint4 ln_chunk(const uint4 &v, int c, float mean, float rstd,
                                          const float *__restrict__ gamma, const float *__restrict__ beta,
                                          bool vec) {
    float g[8], b[8];
    if (vec) {
        const float4 *g4 = reinterpret_cast<const float4 *>(gamma + c), *b4 = reinterpret_cast<const float4 *>(beta + c);
        const float4 g0 = g4[0], g1 = g4[1], b0 = b4[0], b1 = b4[1];
        g[0] = g0.x, g[1] = g0.y, g[2] = g0.z, g[3] = g0.w, g[4] = g1.x, g[5] = g1.y, g[6] = g1.z, g[7] = g1.w;
        b[0] = b0.x, b[1] = b0.y, b[2] = b0.z, b[3] = b0.w, b[4] = b1.x, b[5] = b1.y, b[6] = b1.z, b[7] = b1.w;
    } else {
#pragma unroll
        for (int e = 0; e < 8; e++) g[e] = gamma[c + e], b[e] = beta[c + e];
    }
    const half2 *h = reinterpret_cast<const half2 *>(&v);
    uint4 out;
    half2 *o2 = reinterpret_cast<half2 *>(&out);
#pragma unroll
    for (int e = 0; e < 4; e++) {
        float2 f = __half22float2(h[e]);
        o2[e] = __floats2half2_rn((f.x - mean) * rstd * g[2 * e] + b[2 * e],
                                  (f.y - mean) * rstd * g[2 * e + 1] + b[2 * e + 1]);
    }
    return out;
}
__device__ __forceinline__ bool ln_vec(const float *gamma, const float *beta) {
    return !((reinterpret_cast<uintptr_t>(gamma) | reinterpret_cast<uintptr_t>(beta)) & 15);
}

#endif
