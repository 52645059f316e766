// quant_rows.cuh: the per-row symmetric INT8 quantization of FP16 values, as
// device helpers over 16-byte chunks of 8 halves. The row quantizer
// (quantize_rows_int8, gemm_int8_rows.cu) and the LayerNorm that quantizes its
// output rows (layernorm_quant_rows_int8, layernorm.cu) both use them, so the
// two compute the same bytes and scales. The arithmetic is kernels.h's
// quantize_rows_int8 contract: amax = max |v| over the row (exact), inv = 127
// / amax (IEEE), q = round-to-nearest-even(v * inv) by one fma onto the grid
// of 1.5 * 2^23, scale = amax / 127 (IEEE); the C model is
// quant_rows_int8_model (src/layers/quant.c).
#ifndef UNETRUN_QUANT_ROWS_CUH
#define UNETRUN_QUANT_ROWS_CUH

#include <cuda_fp16.h>
#include <stdint.h>

constexpr float I8R_MAGIC = 12582912.0f;  // 1.5 * 2^23: fma onto the integer grid

__device__ __forceinline__ float i8r_silu(float x) { return __fdiv_rn(x, __fadd_rn(1.0f, expf(-x))); }

// The quantized byte of v * inv (|v * inv| < 127.5): fmaf onto the grid of
// 1.5 * 2^23, whose float bits end in the two's complement of the integer.
__device__ __forceinline__ uint32_t i8r_qbits(float v, float inv) {
    return __float_as_uint(__fmaf_rn(v, inv, I8R_MAGIC));
}
// 8 halves (one 16-byte chunk) to 8 quantized bytes.
__device__ __forceinline__ uint2 i8r_quant8(const uint4 &u, int silu, float inv) {
    const half2 *h = reinterpret_cast<const half2 *>(&u);
    uint32_t b[8];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float2 f = __half22float2(h[i]);
        if (silu) f.x = i8r_silu(f.x), f.y = i8r_silu(f.y);
        b[2 * i] = i8r_qbits(f.x, inv), b[2 * i + 1] = i8r_qbits(f.y, inv);
    }
    // low bytes of b0..b3, b4..b7
    return make_uint2(__byte_perm(__byte_perm(b[0], b[1], 0x0040), __byte_perm(b[2], b[3], 0x0040), 0x5410),
                      __byte_perm(__byte_perm(b[4], b[5], 0x0040), __byte_perm(b[6], b[7], 0x0040), 0x5410));
}
// max |v| of 8 halves (v = silu(x) where asked), folded into amax.
__device__ __forceinline__ float i8r_amax8(const uint4 &u, int silu, float amax) {
    const half2 *h = reinterpret_cast<const half2 *>(&u);
    if (!silu) {  // |x| of FP16 values: exact in FP16
        const half2 m = __hmax2(__hmax2(__habs2(h[0]), __habs2(h[1])), __hmax2(__habs2(h[2]), __habs2(h[3])));
        return fmaxf(amax, fmaxf(__low2float(m), __high2float(m)));
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const float2 f = __half22float2(h[i]);
        amax = fmaxf(amax, fmaxf(fabsf(i8r_silu(f.x)), fabsf(i8r_silu(f.y))));
    }
    return amax;
}

// inv and scale of a row whose max |v| is amax (a row of zeros: inv 0, so every q is 0).
__device__ __forceinline__ float i8r_inv(float amax) { return amax > 0.0f ? __fdiv_rn(127.0f, amax) : 0.0f; }
__device__ __forceinline__ float i8r_scale(float amax) { return __fdiv_rn(amax, 127.0f); }

#endif
