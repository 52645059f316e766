// layernorm.cu: LayerNorm over the channel dim of (M, C) FP16 rows, its
// statistics pass alone (a LayerNorm folded into the FP16 GEMM that reads
// it), and the LayerNorm that quantizes its rows for a --int8-scales row GEMM.
//
// What it computes
//   layernorm_fp16:       y[m, c] = (x[m, c] - mean_m) / sqrt(var_m + eps) * gamma[c] + beta[c]
//   layernorm_stats_fp16: stats[m] = (mean_m, rstd_m = 1 / sqrt(var_m + eps)), FP32
//   layernorm_quant_rows_int8: q, scale = quantize_rows_int8(layernorm_fp16(x)), the same bytes, without
//                         writing y: the row stays in registers from its load to its INT8 store (3 bytes
//                         per element moved instead of the 7 of a LayerNorm and a separate quantizer)
//   mean and (biased) variance in FP32, two passes over the row held in
//   registers (centered variance, no E[x^2] - E[x]^2 cancellation). Both
//   kernels get the statistics from one device function (row_stats), so the
//   fold (gemm_fp16_lnfold) normalizes with exactly the mean and rstd that
//   the separate LayerNorm uses.
//
// Design
//   One warp per row; each lane owns 16-byte chunks c = 8*lane + 256*i of
//   the row and keeps them in registers (NCH chunks), so the row is read from
//   memory once and written once: the kernel is a pure streaming pass, as a
//   memory-bound op should be
//   (16-byte accesses, enough rows in flight: 8 warps per block, one block
//   per 8 rows). Reductions are warp shuffles, no shared memory, no barrier.
//   For NHWC activations the (B, H*W, C) token view is the same memory, so
//   no reshape kernel exists anywhere in the transformer block. The
//   statistics pass reads the row the same way and writes 8 bytes per row
//   instead of the row: half the traffic of the LayerNorm (no write of the
//   normalized tensor, which the folded GEMM never reads).
//
// Limits
//   C a multiple of 8 and at most 4096 (NCH = 2, 4, 8 or 16 chunks per lane).
#include "kernels.h"
#include "pdl.cuh"
#include "quant_rows.cuh"
#include "tensormap.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

namespace {

constexpr int kRowsPerBlock = 8;  // warps per block, one row each
// Two chunks per lane (C <= 512) take 30-40 registers: 6 blocks per SM. The
// same kernels bound to 32 registers (MINB = 8: every warp slot; ptxas moves
// 4 bytes of layernorm_kernel to the stack) hold 8. MINB = 0 is no bound (the
// other widths). The launchers take the bound where the rows need more than 6
// blocks per SM: in place in the SD1.5 320 @64 b2 transformer (8192 rows, 1024
// blocks) a LayerNorm then takes 4.2-4.3 against 4.8-5.4 us, a quantizing one
// 5.3-5.4 against 5.8-6.0. At 4096 rows the bound was 0.15-0.3 us slower
// (docs/PERF.md, "LayerNorm rows in one wave").
constexpr int kBlocksPerSmUnbound = 6;

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

template <int NCH, int MINB>
__global__ void __launch_bounds__(kRowsPerBlock * 32, MINB)
    layernorm_kernel(const half *__restrict__ x, half *__restrict__ y, const float *__restrict__ gamma,
                     const float *__restrict__ beta, int M, int C, float eps) {
    pdl_wait();
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= M) return;
    uint4 v[NCH];  // (NCH, 8) halves of this lane
    const float2 st = row_stats<NCH>(x + (size_t)row * C, C, eps, lane, v);
    const float mean = st.x, rstd = st.y;
    const bool vec = ln_vec(gamma, beta);
    half *yr = y + (size_t)row * C;
#pragma unroll
    for (int i = 0; i < NCH; i++) {
        int c = i * 256 + lane * 8;
        if (c < C) *reinterpret_cast<uint4 *>(yr + c) = ln_chunk(v[i], c, mean, rstd, gamma, beta, vec);
    }
}

// layernorm_kernel's rows quantized instead of stored: the normalized FP16
// chunks stay in registers, their max |v| over the row gives the row's INT8
// scale, and q, scale are what quantize_rows_int8 makes of layernorm_kernel's
// output (quant_rows.cuh; the same bytes).
template <int NCH, int MINB>
__global__ void __launch_bounds__(kRowsPerBlock * 32, MINB)
    layernorm_quant_kernel(const half *__restrict__ x, const float *__restrict__ gamma,
                           const float *__restrict__ beta, int M, int C, float eps, int8_t *__restrict__ q,
                           float *__restrict__ scale) {
    pdl_wait();
    pdl_launch_dependents();  // the GEMM's prologue under our tail (it still waits for our completion)
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= M) return;
    uint4 v[NCH];  // (NCH, 8) halves of this lane: the row, then the normalized row
    const float2 st = row_stats<NCH>(x + (size_t)row * C, C, eps, lane, v);
    const bool vec = ln_vec(gamma, beta);
    float amax = 0.0f;
#pragma unroll
    for (int i = 0; i < NCH; i++) {
        int c = i * 256 + lane * 8;
        if (c < C) {
            v[i] = ln_chunk(v[i], c, st.x, st.y, gamma, beta, vec);
            amax = i8r_amax8(v[i], 0, amax);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    const float inv = i8r_inv(amax);
    if (lane == 0) scale[row] = i8r_scale(amax);
    uint2 *qr = reinterpret_cast<uint2 *>(q + (size_t)row * C);
#pragma unroll
    for (int i = 0; i < NCH; i++) {
        int c = i * 256 + lane * 8;
        if (c < C) qr[c / 8] = i8r_quant8(v[i], 0, inv);
    }
}

template <int NCH, int MINB>
__global__ void __launch_bounds__(kRowsPerBlock * 32, MINB)
    layernorm_stats_kernel(const half *__restrict__ x, float2 *__restrict__ stats, int M, int C, float eps) {
    pdl_wait();
    // The GEMM that reads the statistics may be scheduled while this pass runs (its prologue overlaps our
    // tail; it still waits for our completion): 2-3 us less per fused node at C = 1280 on the H100 than
    // without the early trigger (docs/PERF.md).
    pdl_launch_dependents();
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= M) return;
    uint4 v[NCH];
    const float2 st = row_stats<NCH>(x + (size_t)row * C, C, eps, lane, v);
    if (lane == 0) stats[row] = st;
}

}  // namespace

// The kernel for C, and for NCH = 2 the 32-register bound where the rows' blocks exceed what 6 per SM hold.
#define LN_PICK(kern, c, blocks)                                                                  \
    ((c) <= 512    ? ((blocks) > (unsigned)(kBlocksPerSmUnbound * hopper_num_sms()) ? kern<2, 8> : kern<2, 0>) \
     : (c) <= 1024 ? kern<4, 0>                                                                     \
     : (c) <= 2048 ? kern<8, 0>                                                                     \
                   : kern<16, 0>)

extern "C" cudaError_t layernorm_fp16(const uint16_t *x, uint16_t *y, const float *gamma, const float *beta, int m,
                                      int c, float eps, cudaStream_t stream) {
    if (m <= 0 || c <= 0 || c % 8 || c > 4096) return cudaErrorInvalidValue;
    const half *hx = reinterpret_cast<const half *>(x);
    half *hy = reinterpret_cast<half *>(y);
    dim3 grid((m + kRowsPerBlock - 1) / kRowsPerBlock), block(kRowsPerBlock * 32);
    void (*kern)(const half *, half *, const float *, const float *, int, int, float) =
        LN_PICK(layernorm_kernel, c, grid.x);
    return pdl_launch(kern, grid, block, 0, stream, hx, hy, gamma, beta, m, c, eps);
}

extern "C" cudaError_t layernorm_quant_rows_int8(const uint16_t *x, const float *gamma, const float *beta, int m,
                                                 int c, float eps, int8_t *q, float *scale, cudaStream_t stream) {
    if (m <= 0 || c <= 0 || c % 8 || c > 4096 || !x || !gamma || !beta || !q || !scale) return cudaErrorInvalidValue;
    const half *hx = reinterpret_cast<const half *>(x);
    dim3 grid((m + kRowsPerBlock - 1) / kRowsPerBlock), block(kRowsPerBlock * 32);
    void (*kern)(const half *, const float *, const float *, int, int, float, int8_t *, float *) =
        LN_PICK(layernorm_quant_kernel, c, grid.x);
    return pdl_launch(kern, grid, block, 0, stream, hx, gamma, beta, m, c, eps, q, scale);
}

extern "C" cudaError_t layernorm_stats_fp16(const uint16_t *x, float *stats, int m, int c, float eps,
                                            cudaStream_t stream) {
    if (m <= 0 || c <= 0 || c % 8 || c > 4096 || (reinterpret_cast<uintptr_t>(stats) & 7)) return cudaErrorInvalidValue;
    const half *hx = reinterpret_cast<const half *>(x);
    float2 *st = reinterpret_cast<float2 *>(stats);
    dim3 grid((m + kRowsPerBlock - 1) / kRowsPerBlock), block(kRowsPerBlock * 32);
    void (*kern)(const half *, float2 *, int, int, float) = LN_PICK(layernorm_stats_kernel, c, grid.x);
    return pdl_launch(kern, grid, block, 0, stream, hx, st, m, c, eps);
}
