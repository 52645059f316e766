// gemm_int8.cuh: what the two online-quantized INT8 GEMM kernels share
// (gemm_int8.cu: mma.sync, every architecture; gemm_int8_wgmma.cu: wgmma,
// sm_90a): the launch parameters, the quantizers of a 16-byte FP16 chunk, the
// per-tile scale computation, and the bias / residual / GEGLU epilogue stores.
// Both kernels must compute exactly what the C model (src/layers/quant.c)
// computes, so these are written once.
#ifndef UNETRUN_GEMM_INT8_CUH
#define UNETRUN_GEMM_INT8_CUH

#include <cuda_fp16.h>
#include <stdint.h>

namespace {

constexpr int I8_CPAD = 8;           // +8 floats per row of the FP32 epilogue tile
constexpr float I8_MAGIC = 12582912.0f;  // 1.5 * 2^23: fma(x, inv, MAGIC) has round(x * inv) in its low bits
constexpr int I8_MAGIC_BITS = 0x4B400000; // its bit pattern: an INT32 sum s added to it reads as the float MAGIC + s
constexpr float I8_HALF_INV_MAX = 65504.0f;  // largest FP16: 127 / amax above this takes the FP32 quantizer

struct I8Params {
    const half *a;         // (M, K)
    const half *w;         // (N, K), GEGLU rows interleaved in blocks of 8
    const float *bias;     // (N) or null
    const half *residual;  // (M, N) or null
    half *y;               // (M, N), or (M, N/2) with GEGLU
    float *ws;             // (splits, M, N) FP32 partials when splits > 1
    int M, N, K;
    int nkt, splits;       // K-tiles of BK, number of K splits
    int geglu, silu_a;
};

// x / (1 + exp(-x)) with IEEE division (quant.c: same expression; expf may
// differ from the host's by an ulp).
__device__ __forceinline__ float silu_f(float x) { return __fdiv_rn(x, __fadd_rn(1.0f, expf(-x))); }

// 0.5 * g * (1 + erf(g / sqrt 2)) in the order of quant.c, no contraction.
__device__ __forceinline__ float gelu_f(float g) {
    float e = erff(__fmul_rn(g, 0.70710678118654752f));
    return __fmul_rn(__fmul_rn(0.5f, g), __fadd_rn(1.0f, e));
}

__device__ __forceinline__ float2 h2_to_f2(uint32_t u) { return __half22float2(*reinterpret_cast<half2 *>(&u)); }

// max |x| of the 8 halves of a 16-byte chunk (SiLU applied first if asked).
__device__ __forceinline__ float chunk_maxabs(uint4 c, bool silu) {
    if (!silu) {
        half2 m = __habs2(*reinterpret_cast<half2 *>(&c.x));
        m = __hmax2(m, __habs2(*reinterpret_cast<half2 *>(&c.y)));
        m = __hmax2(m, __habs2(*reinterpret_cast<half2 *>(&c.z)));
        m = __hmax2(m, __habs2(*reinterpret_cast<half2 *>(&c.w)));
        float2 f = __half22float2(m);
        return fmaxf(f.x, f.y);
    }
    const uint32_t u[4] = {c.x, c.y, c.z, c.w};
    float m = 0.f;
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float2 f = h2_to_f2(u[i]);
        m = fmaxf(m, fmaxf(fabsf(silu_f(f.x)), fabsf(silu_f(f.y))));
    }
    return m;
}

// The 8 halves of a chunk -> 8 INT8 (round to nearest even of x * inv).
__device__ __forceinline__ uint2 chunk_quant(uint4 c, float inv, bool silu) {
    const uint32_t u[4] = {c.x, c.y, c.z, c.w};
    uint32_t b[8];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float2 f = h2_to_f2(u[i]);
        if (silu) {
            f.x = silu_f(f.x);
            f.y = silu_f(f.y);
        }
        b[2 * i] = __float_as_uint(__fmaf_rn(f.x, inv, I8_MAGIC));
        b[2 * i + 1] = __float_as_uint(__fmaf_rn(f.y, inv, I8_MAGIC));
    }
    uint2 r;
    r.x = __byte_perm(__byte_perm(b[0], b[1], 0x0040), __byte_perm(b[2], b[3], 0x0040), 0x5410);
    r.y = __byte_perm(__byte_perm(b[4], b[5], 0x0040), __byte_perm(b[6], b[7], 0x0040), 0x5410);
    return r;
}

// The 8 halves of a chunk -> 8 INT8 with FP16 FMA: fma(x, inv_h, 1536) rounds the
// exact product once onto the integers of [1024, 2048), whose FP16 encoding
// 0x6600 + q has q in its low byte. Two elements per HFMA2.
__device__ __forceinline__ uint2 chunk_quant_h(uint4 c, uint32_t inv2) {
    const half2 inv = *reinterpret_cast<half2 *>(&inv2);
    const half2 mg = __half2half2(__ushort_as_half((unsigned short)0x6600));  // 1536
    const uint32_t u[4] = {c.x, c.y, c.z, c.w};
    uint32_t h[4];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        half2 v = __hfma2(*reinterpret_cast<const half2 *>(&u[i]), inv, mg);
        h[i] = *reinterpret_cast<uint32_t *>(&v);
    }
    return make_uint2(__byte_perm(h[0], h[1], 0x6420), __byte_perm(h[2], h[3], 0x6420));
}

// Per-tile quantization parameters from the block-wide max-abs (quant.c:
// quant_tile_params). FP16 path when allowed and 127/amax fits FP16:
// inv_h = fp16(127 / amax), scale = 1 / float(inv_h); else the FP32 path:
// inv = 127 / amax (0 if amax == 0), scale = amax / 127.
struct TileQ {
    float inv, scale;
    uint32_t inv2;  // inv_h in both halves
    bool half_path;
};
__device__ __forceinline__ TileQ tile_params(float amax, bool allow_half) {
    TileQ q;
    float inv = amax > 0.f ? __fdiv_rn(127.0f, amax) : 0.f;
    q.half_path = allow_half && amax > 0.f && inv <= I8_HALF_INV_MAX;
    if (q.half_path) {
        half h = __float2half_rn(inv);
        half2 h2 = __half2half2(h);
        q.inv2 = *reinterpret_cast<uint32_t *>(&h2);
        q.inv = __half2float(h);
        q.scale = __fdiv_rn(1.0f, q.inv);
    } else {
        q.inv2 = 0;
        q.inv = inv;
        q.scale = __fdiv_rn(amax, 127.0f);
    }
    return q;
}

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

// + bias + residual on 8 consecutive channels n..n+7 of row m, one 16-byte store.
__device__ __forceinline__ void epi_store8(const I8Params &p, int m, int n, float *v) {
    if (p.bias) {
#pragma unroll
        for (int i = 0; i < 8; i++) v[i] = __fadd_rn(v[i], p.bias[n + i]);
    }
    if (p.residual) {
        uint4 r = *reinterpret_cast<const uint4 *>(p.residual + (size_t)m * p.N + n);
        const uint32_t u[4] = {r.x, r.y, r.z, r.w};
#pragma unroll
        for (int i = 0; i < 4; i++) {
            float2 f = h2_to_f2(u[i]);
            v[2 * i] = __fadd_rn(v[2 * i], f.x);
            v[2 * i + 1] = __fadd_rn(v[2 * i + 1], f.y);
        }
    }
    uint4 o;
    half2 h0 = __floats2half2_rn(v[0], v[1]), h1 = __floats2half2_rn(v[2], v[3]);
    half2 h2 = __floats2half2_rn(v[4], v[5]), h3 = __floats2half2_rn(v[6], v[7]);
    o.x = *reinterpret_cast<uint32_t *>(&h0);
    o.y = *reinterpret_cast<uint32_t *>(&h1);
    o.z = *reinterpret_cast<uint32_t *>(&h2);
    o.w = *reinterpret_cast<uint32_t *>(&h3);
    *reinterpret_cast<uint4 *>(p.y + (size_t)m * p.N + n) = o;
}

// GEGLU on the interleaved 16-channel block n..n+15 (a = n..n+7, g = n+8..n+15):
// output channels n/2 .. n/2+7 of row m.
__device__ __forceinline__ void geglu_store8(const I8Params &p, int m, int n, float *a, float *g) {
    if (p.bias) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            a[i] = __fadd_rn(a[i], p.bias[n + i]);
            g[i] = __fadd_rn(g[i], p.bias[n + 8 + i]);
        }
    }
    uint32_t o[4];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        half2 h = __floats2half2_rn(__fmul_rn(a[2 * i], gelu_f(g[2 * i])), __fmul_rn(a[2 * i + 1], gelu_f(g[2 * i + 1])));
        o[i] = *reinterpret_cast<uint32_t *>(&h);
    }
    *reinterpret_cast<uint4 *>(p.y + (size_t)m * (p.N / 2) + n / 2) = make_uint4(o[0], o[1], o[2], o[3]);
}

// The CTA's FP32 output tile sC (BM x BN, row stride LDC floats, in shared
// memory after a barrier) to global memory: FP32 split-K partials into p.ws,
// or bias / residual / GEGLU and the FP16 store, 8 channels per thread step.
template <int BM, int BN, int LDC, int THREADS>
__device__ __forceinline__ void store_tile(const I8Params &p, const float *sC, int m0, int n0, int tid) {
    if (p.splits > 1 || !p.geglu) {
        constexpr int G = BN / 8;  // 8-channel groups per row
        for (int e = tid; e < BM * G; e += THREADS) {
            int r = e / G, c = (e % G) * 8;
            int m = m0 + r, n = n0 + c;
            if (m >= p.M || n >= p.N) continue;
            float v[8];
            float4 x0 = *reinterpret_cast<const float4 *>(sC + r * LDC + c);
            float4 x1 = *reinterpret_cast<const float4 *>(sC + r * LDC + c + 4);
            if (p.splits > 1) {  // FP32 partial, summed by gemm_int8_reduce_kernel
                float *dst = p.ws + ((size_t)blockIdx.z * p.M + m) * p.N + n;
                *reinterpret_cast<float4 *>(dst) = x0;
                *reinterpret_cast<float4 *>(dst + 4) = x1;
                continue;
            }
            v[0] = x0.x, v[1] = x0.y, v[2] = x0.z, v[3] = x0.w;
            v[4] = x1.x, v[5] = x1.y, v[6] = x1.z, v[7] = x1.w;
            epi_store8(p, m, n, v);
        }
    } else {
        constexpr int G = BN / 16;  // interleaved a/g blocks per row
        for (int e = tid; e < BM * G; e += THREADS) {
            int r = e / G, c = (e % G) * 16;
            int m = m0 + r, n = n0 + c;
            if (m >= p.M || n >= p.N) continue;
            float a[8], gg[8];
#pragma unroll
            for (int i = 0; i < 8; i++) {
                a[i] = sC[r * LDC + c + i];
                gg[i] = sC[r * LDC + c + 8 + i];
            }
            geglu_store8(p, m, n, a, gg);
        }
    }
}

}  // namespace

#endif
