// mma.cuh: the PTX wrappers shared by the tensor-core kernels (conv2d.cu,
// attention.cu): shared-memory addresses, cp.async with zero fill,
// ldmatrix (plain and transposed) and mma.sync m16n8k16 / m16n8k8 with FP16
// operands and FP32 accumulators (sm_80 and newer).
#ifndef UNETRUN_MMA_CUH
#define UNETRUN_MMA_CUH

#include <cuda_fp16.h>
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem_u32(const void *p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

static __device__ __forceinline__ void cp_async_16(uint32_t dst, const void *src, bool valid) {
    int n = valid ? 16 : 0;  // src-size 0: nothing is read, 16 zero bytes are written
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(n));
}
static __device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
static __device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

// The 32 bits of an FP16 pair (.x in the low half), as the mma / ldmatrix /
// stmatrix fragments hold it; pack_half2 rounds two floats into one.
static __device__ __forceinline__ uint32_t half2_bits(half2 h) { return *reinterpret_cast<uint32_t *>(&h); }
static __device__ __forceinline__ uint32_t pack_half2(float lo, float hi) {
    return half2_bits(__floats2half2_rn(lo, hi));
}

static __device__ __forceinline__ void ldmatrix_x4(uint32_t addr, uint32_t &r0, uint32_t &r1, uint32_t &r2,
                                            uint32_t &r3) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(addr));
}
static __device__ __forceinline__ void ldmatrix_x2(uint32_t addr, uint32_t &r0, uint32_t &r1) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(r0), "=r"(r1) : "r"(addr));
}
static __device__ __forceinline__ void ldmatrix_x4_trans(uint32_t addr, uint32_t &r0, uint32_t &r1, uint32_t &r2,
                                                  uint32_t &r3) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(addr));
}
static __device__ __forceinline__ void ldmatrix_x2_trans(uint32_t addr, uint32_t &r0, uint32_t &r1) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n"
                 : "=r"(r0), "=r"(r1)
                 : "r"(addr));
}

// c (16x8 f32) += a (16x16 f16, row) * b (16x8 f16, col)
static __device__ __forceinline__ void mma_16816(float *c, const uint32_t *a, uint32_t b0, uint32_t b1) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
// c (16x8 f32) += a (16x8 f16, row) * b (8x8 f16, col)
static __device__ __forceinline__ void mma_1688(float *c, const uint32_t *a, uint32_t b0) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(b0));
}

// b given as the two registers of a 16x8 fragment
static __device__ __forceinline__ void mma_16816(float *c, const uint32_t *a, const uint32_t *b) {
    mma_16816(c, a, b[0], b[1]);
}

#endif
