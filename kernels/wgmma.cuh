// wgmma.cuh: the Hopper (sm_90a) primitives shared by the wgmma kernels
// (gemm_wgmma.cu, gemm_int8_wgmma.cu, attention_wgmma.cu): warpgroup-MMA
// ordering, mbarriers, TMA tile copies, shared-memory matrix descriptors and
// setmaxnreg. The wgmma/setmaxnreg/TMA instructions exist only in the sm_90a
// device pass; elsewhere those helpers compile to nothing (the kernels that
// use them are never launched there).
#ifndef UNETRUN_WGMMA_CUH
#define UNETRUN_WGMMA_CUH

#include <cuda.h>  // CUtensorMap
#include <stdint.h>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define WGMMA_SM90A_PASS 1
#else
#define WGMMA_SM90A_PASS 0
#endif

// --- warpgroup MMA ordering ---------------------------------------------------
// Orders earlier register and shared-memory writes before the next wgmma.
__device__ __forceinline__ void wg_fence() {
#if WGMMA_SM90A_PASS
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}
// Closes the group of wgmma issued since the last commit.
__device__ __forceinline__ void wg_commit() {
#if WGMMA_SM90A_PASS
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}
// Waits until at most N committed groups are pending.
template <int N>
__device__ __forceinline__ void wg_wait() {
#if WGMMA_SM90A_PASS
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
#endif
}
// After the last wait: the accumulators are the compiler's again (an empty
// asm that "writes" them keeps every read after the wait). Touching them
// between issue and wait would make ptxas serialize the wgmma (C7515).
// gemm_wgmma_pp.cu also fences each batch with it (before the fence and
// after the commit), which lets one group stay in flight across its loop.
template <int R>
__device__ __forceinline__ void wg_regs_ready(float *d) {
#pragma unroll
    for (int i = 0; i < R; i++) asm volatile("" : "+f"(d[i])::"memory");
}

// Eight FP32 accumulators d[i] .. d[i + 7] as read-write asm operands (the
// operand lists of the m64nNk16 wrappers).
#define WG_ACC8(d, i)                                                                                        \
    "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), \
        "+f"(d[i + 7])

// The accumulator operand lists of the m64n32, m64n64, m64n128, m64n160 and
// m64n256 instructions (operands %0 .. %15, %0 .. %31, %0 .. %63, %0 .. %79,
// %0 .. %127), shared by the FP16 and INT8 wrappers.
#define WG_D16 "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15"
#define WG_D32 \
    WG_D16 ", " \
           "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
#define WG_D64                                                                            \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "               \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "     \
    "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "     \
    "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
#define WG_D40                                                                            \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "               \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "     \
    "%32, %33, %34, %35, %36, %37, %38, %39"
#define WG_D80 WG_D64 ", %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79"
#define WG_D128                                                                                      \
    WG_D64 ", "                                                                                      \
    "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "                \
    "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "                \
    "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "    \
    "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"

// --- FP16 wgmma, both operands in shared memory -----------------------------
// m64nNk16, FP16 x FP16 -> FP32, A (64, 16) K-major and B (N, 16) K-major
// through 128-byte-swizzled descriptors (desc_sw128); scale_d = 0 overwrites
// the accumulators (a tile's first product: no zeroing, which would be a
// non-wgmma write of the accumulators inside the pipeline, C7515).
// d (64 x 32, FP32, 16 registers per thread) = A (64 x 16) * B (32 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n32(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %18, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 "
        "{"
        WG_D16
        "}, %16, %17, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 64, FP32, 32 registers per thread) = A (64 x 16) * B (64 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n64(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{"
        WG_D32
        "}, %32, %33, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 80, FP32, 40 registers per thread) = A (64 x 16) * B (80 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n80(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %42, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n80k16.f32.f16.f16 "
        "{"
        WG_D40
        "}, %40, %41, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 96, FP32, 48 registers per thread) = A (64 x 16) * B (96 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n96(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %50, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n96k16.f32.f16.f16 "
        "{"
        "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
        "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47"
        "}, %48, %49, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32), WG_ACC8(d, 40)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 128, FP32, 64 registers per thread) = A (64 x 16) * B (128 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n128(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %66, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{"
        WG_D64
        "}, %64, %65, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32), WG_ACC8(d, 40),
          WG_ACC8(d, 48), WG_ACC8(d, 56)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 160, FP32, 80 registers per thread) = A (64 x 16) * B (160 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n160(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %82, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n160k16.f32.f16.f16 "
        "{"
        WG_D80
        "}, %80, %81, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32), WG_ACC8(d, 40),
          WG_ACC8(d, 48), WG_ACC8(d, 56), WG_ACC8(d, 64), WG_ACC8(d, 72)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 256, FP32, 128 registers per thread) = A (64 x 16) * B (256 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n256(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
        "{"
        WG_D128
        "}, %128, %129, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32), WG_ACC8(d, 40),
          WG_ACC8(d, 48), WG_ACC8(d, 56), WG_ACC8(d, 64), WG_ACC8(d, 72), WG_ACC8(d, 80), WG_ACC8(d, 88),
          WG_ACC8(d, 96), WG_ACC8(d, 104), WG_ACC8(d, 112), WG_ACC8(d, 120)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

// d (64 x 192, FP32, 96 registers per thread) = A (64 x 16) * B (192 x 16)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_f16_n192(float *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %98, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n192k16.f32.f16.f16 "
        "{"
        WG_D64 ", "
        "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
        "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95"
        "}, %96, %97, p, 1, 1, 0, 0;\n"
        "}\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24), WG_ACC8(d, 32), WG_ACC8(d, 40),
          WG_ACC8(d, 48), WG_ACC8(d, 56), WG_ACC8(d, 64), WG_ACC8(d, 72), WG_ACC8(d, 80), WG_ACC8(d, 88)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}

template <int N>
__device__ __forceinline__ void wgmma_f16(float *d, uint64_t da, uint64_t db, int scale_d) {
    static_assert(N == 32 || N == 64 || N == 80 || N == 96 || N == 128 || N == 160 || N == 192 || N == 256,
                  "compiled wgmma widths");
    if constexpr (N == 256) wgmma_f16_n256(d, da, db, scale_d);
    else if constexpr (N == 192) wgmma_f16_n192(d, da, db, scale_d);
    else if constexpr (N == 160) wgmma_f16_n160(d, da, db, scale_d);
    else if constexpr (N == 128) wgmma_f16_n128(d, da, db, scale_d);
    else if constexpr (N == 96) wgmma_f16_n96(d, da, db, scale_d);
    else if constexpr (N == 80) wgmma_f16_n80(d, da, db, scale_d);
    else if constexpr (N == 64) wgmma_f16_n64(d, da, db, scale_d);
    else wgmma_f16_n32(d, da, db, scale_d);
}

// --- INT8 wgmma, both operands in shared memory ------------------------------
// m64nNk32, s8 x s8 -> s32, A (64, 32) and B (N, 32) K-major through
// 128-byte-swizzled descriptors (a 128-byte row is 128 K-elements; a k32
// step is 32 bytes, +2 in the descriptor, as FP16's k16); scale_d = 0
// overwrites the accumulators. Used by gemm_int8_rows.cu.
#define WG_IACC8(d, i)                                                                                       \
    "+r"(d[i]), "+r"(d[i + 1]), "+r"(d[i + 2]), "+r"(d[i + 3]), "+r"(d[i + 4]), "+r"(d[i + 5]), "+r"(d[i + 6]), \
        "+r"(d[i + 7])
// d (64 x 32, s32, 16 registers per thread) = A (64 x 32) * B (32 x 32)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_s8_n32(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %18, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n32k32.s32.s8.s8 "
        "{"
        WG_D16
        "}, %16, %17, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
// d (64 x 64, s32, 32 registers per thread) = A (64 x 32) * B (64 x 32)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_s8_n64(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 "
        "{"
        WG_D32
        "}, %32, %33, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8), WG_IACC8(d, 16), WG_IACC8(d, 24)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
// d (64 x 128, s32, 64 registers per thread) = A (64 x 32) * B (128 x 32)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_s8_n128(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %66, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 "
        "{"
        WG_D64
        "}, %64, %65, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8), WG_IACC8(d, 16), WG_IACC8(d, 24), WG_IACC8(d, 32), WG_IACC8(d, 40),
          WG_IACC8(d, 48), WG_IACC8(d, 56)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
// d (64 x 256, s32, 128 registers per thread) = A (64 x 32) * B (256 x 32)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_s8_n256(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.s8 "
        "{"
        WG_D128
        "}, %128, %129, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8), WG_IACC8(d, 16), WG_IACC8(d, 24), WG_IACC8(d, 32), WG_IACC8(d, 40),
          WG_IACC8(d, 48), WG_IACC8(d, 56), WG_IACC8(d, 64), WG_IACC8(d, 72), WG_IACC8(d, 80), WG_IACC8(d, 88),
          WG_IACC8(d, 96), WG_IACC8(d, 104), WG_IACC8(d, 112), WG_IACC8(d, 120)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
// d (64 x 160, s32, 80 registers per thread) = A (64 x 32) * B (160 x 32)^T + (scale_d ? d : 0)
__device__ __forceinline__ void wgmma_s8_n160(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %82, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n160k32.s32.s8.s8 "
        "{"
        WG_D80
        "}, %80, %81, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8), WG_IACC8(d, 16), WG_IACC8(d, 24), WG_IACC8(d, 32), WG_IACC8(d, 40),
          WG_IACC8(d, 48), WG_IACC8(d, 56), WG_IACC8(d, 64), WG_IACC8(d, 72)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
// d (64 x 80, s32, 40 registers per thread) = A (64 x 32) * B (80 x 32)^T + (scale_d ? d : 0): the group
// tiles' column halves of 160 (gemm_int8_rows.cu)
__device__ __forceinline__ void wgmma_s8_n80(int *d, uint64_t da, uint64_t db, int scale_d) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %42, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n80k32.s32.s8.s8 "
        "{"
        WG_D40
        "}, %40, %41, p;\n"
        "}\n"
        : WG_IACC8(d, 0), WG_IACC8(d, 8), WG_IACC8(d, 16), WG_IACC8(d, 24), WG_IACC8(d, 32)
        : "l"(da), "l"(db), "r"(scale_d));
#endif
}
template <int N>
__device__ __forceinline__ void wgmma_s8(int *d, uint64_t da, uint64_t db, int scale_d) {
    static_assert(N == 32 || N == 64 || N == 80 || N == 128 || N == 160 || N == 256, "compiled INT8 wgmma widths");
    if constexpr (N == 256) wgmma_s8_n256(d, da, db, scale_d);
    else if constexpr (N == 160) wgmma_s8_n160(d, da, db, scale_d);
    else if constexpr (N == 80) wgmma_s8_n80(d, da, db, scale_d);
    else if constexpr (N == 128) wgmma_s8_n128(d, da, db, scale_d);
    else if constexpr (N == 64) wgmma_s8_n64(d, da, db, scale_d);
    else wgmma_s8_n32(d, da, db, scale_d);
}
// The INT32 accumulators as asm operands (see wg_regs_ready).
template <int R>
__device__ __forceinline__ void wg_regs_ready(int *d) {
#pragma unroll
    for (int i = 0; i < R; i++) asm volatile("" : "+r"(d[i])::"memory");
}

__device__ __forceinline__ uint32_t smem_u32addr(const void *p) {
    return (uint32_t)__cvta_generic_to_shared(p);
}

// The first 1024-byte aligned byte of the dynamic shared memory (128-byte
// swizzled TMA boxes need it). Pointer arithmetic on the __shared__ array, not
// a round trip through an integer: the compiler then knows the result and
// everything derived from it are shared memory and emits LDS / STS. Through
// an integer it emitted generic LD.E / ST.E, and a generic load issued after
// global stores waited about 500 cycles each in the epilogue loops (clock64
// stamps of a 64 x 64 tile: 2100 of its 5300 cycles were the store loop).
__device__ __forceinline__ unsigned char *smem_align1024(unsigned char *smem_raw) {
    return smem_raw + ((1024u - (smem_u32addr(smem_raw) & 1023u)) & 1023u);
}

// --- mbarrier and TMA ---------------------------------------------------------
__device__ __forceinline__ void mbar_init(uint64_t *bar, int count) {
#if WGMMA_SM90A_PASS
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smem_u32addr(bar)), "r"(count) : "memory");
#endif
}
// Makes the mbarrier initializations visible to the copy engine.
__device__ __forceinline__ void mbar_init_fence() {
#if WGMMA_SM90A_PASS
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
#endif
}
// Arrives and adds `bytes` to the transaction count the phase waits for.
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t *bar, uint32_t bytes) {
#if WGMMA_SM90A_PASS
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(smem_u32addr(bar)), "r"(bytes)
                 : "memory");
#endif
}
__device__ __forceinline__ void mbar_arrive(uint64_t *bar) {
#if WGMMA_SM90A_PASS
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(smem_u32addr(bar)) : "memory");
#endif
}
// Waits until the phase of parity `parity` has completed.
__device__ __forceinline__ void mbar_wait(uint64_t *bar, int parity) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "{\n"
        ".reg .pred done;\n"
        "WAIT:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
        "@!done bra WAIT;\n"
        "}\n" ::"r"(smem_u32addr(bar)),
        "r"(parity)
        : "memory");
#endif
}
// Brings a tensor map (a __grid_constant__ kernel parameter) into the copy
// engine's descriptor cache, so that the first copy through it does not wait
// for the descriptor's fetch after the kernel's prologue.
__device__ __forceinline__ void tma_prefetch_map(const CUtensorMap *map) {
#if WGMMA_SM90A_PASS
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
#endif
}
// Copies `bytes` (a multiple of 16; both addresses 16-byte aligned) from
// shared memory to global memory on the copy engine, in this thread's bulk
// group. The shared source must have been written before a
// fence_proxy_async of the writing threads, and must stay untouched until
// bulk_wait_read returns.
__device__ __forceinline__ void bulk_store(void *gdst, const void *ssrc, uint32_t bytes) {
#if WGMMA_SM90A_PASS
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(gdst), "r"(smem_u32addr(ssrc)),
                 "r"(bytes)
                 : "memory");
#endif
}
// Makes this thread's earlier generic-proxy writes to shared memory visible
// to the copy engine (the async proxy), before a TMA store reads them.
__device__ __forceinline__ void fence_proxy_async_smem() {
#if WGMMA_SM90A_PASS
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}
// Stores the box at src to coordinates (c0 = column, c1 = row) of `map`, in
// this thread's bulk group; elements outside the tensor are not written.
__device__ __forceinline__ void tma_store_2d(const CUtensorMap *map, const void *src, int c0, int c1) {
#if WGMMA_SM90A_PASS
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];\n" ::"l"(
                     reinterpret_cast<uint64_t>(map)),
                 "r"(c0), "r"(c1), "r"(smem_u32addr(src))
                 : "memory");
#endif
}
// Closes this thread's bulk group.
__device__ __forceinline__ void bulk_commit() {
#if WGMMA_SM90A_PASS
    asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
#endif
}
// Waits until the copy engine has read the shared sources of all but the
// newest N of this thread's bulk groups (their global writes may be in flight).
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
#if WGMMA_SM90A_PASS
    asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(N) : "memory");
#endif
}
// Closes this thread's bulk group and waits until the copy engine has read
// every shared source of its bulk groups (the writes to global memory may
// still be in flight; kernel completion makes them visible).
__device__ __forceinline__ void bulk_commit_wait_read() {
    bulk_commit();
    bulk_wait_read<0>();
}
// Waits until every bulk group of this thread has completed, writes included.
__device__ __forceinline__ void bulk_wait_all() {
#if WGMMA_SM90A_PASS
    asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
#endif
}
// Four 8 x 8 FP16 matrices from registers to shared memory (the transpose of
// ldmatrix.x4): lanes 8i .. 8i + 7 give the row addresses of matrix i, and
// register ri of lane l holds row l / 4, columns 2 (l % 4), +1 of matrix i
// (the mma / wgmma accumulator fragment of an 8 x 8 block).
__device__ __forceinline__ void stmatrix_x4(uint32_t addr, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
#if WGMMA_SM90A_PASS
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(addr), "r"(r0), "r"(r1),
                 "r"(r2), "r"(r3)
                 : "memory");
#endif
}
// Copies the box at (c0 = K element, c1 = row) of `map` into dst; completes on bar.
__device__ __forceinline__ void tma_load_2d(void *dst, const CUtensorMap *map, uint64_t *bar, int c0, int c1) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n" ::
            "r"(smem_u32addr(dst)),
        "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(smem_u32addr(bar))
        : "memory");
#endif
}
// Copies the box at coordinates (c0, c1, c2, c3) (innermost first) of a
// rank-4 `map` into dst; completes on bar. Coordinates may be negative or
// past the end: elements outside the tensor are written as zero (and still
// counted in the transaction bytes), e.g. a convolution's padding, or the
// columns past a head's d in attention.
__device__ __forceinline__ void tma_load_4d(void *dst, const CUtensorMap *map, uint64_t *bar, int c0, int c1, int c2,
                                            int c3) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, "
        "%5}], [%6];\n" ::"r"(smem_u32addr(dst)),
        "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(smem_u32addr(bar))
        : "memory");
#endif
}

// im2col mode of a rank-4 NHWC `map` (tensor_map_im2col): the map's
// pixelsPerColumn pixels x channelsPerPixel channels from channel c of the
// pixel (w, h, n), each pixel shifted by the filter offsets (ow, oh); the
// pixels follow the map's bounding box (one per output position, W, then H,
// then N, every stride-th) across rows and images, and a shifted pixel
// outside the tensor reads as zero (counted in the transaction bytes).
__device__ __forceinline__ void tma_load_im2col_4d(void *dst, const CUtensorMap *map, uint64_t *bar, int c, int w,
                                                   int h, int n, uint16_t ow, uint16_t oh) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, "
        "%5}], [%6], {%7, %8};\n" ::"r"(smem_u32addr(dst)),
        "l"(reinterpret_cast<uint64_t>(map)), "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem_u32addr(bar)), "h"(ow), "h"(oh)
        : "memory");
#endif
}

// --- shared-memory matrix descriptors (128-byte swizzle) -----------------------
// K-major operand tile: rows of 64 FP16 (128 bytes), 8-row groups 1024 bytes
// apart (stride byte offset), the tile base 1024-byte aligned. Adding 2
// (32 bytes) steps to the next k16.
__device__ __forceinline__ uint64_t desc_sw128(const void *tile) {
    return (uint64_t)((smem_u32addr(tile) & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) |
           ((uint64_t)1 << 62);
}
// MN-major (transposed) operand tile, e.g. a B operand stored (K rows, N
// contiguous): rows of 64 FP16 along N (128 bytes), 8 K-rows per 1024-byte
// group (stride byte offset = 1024), the next 64 N-columns `mn_block_bytes`
// further on (leading byte offset). Base 1024-byte aligned; a k16 step is
// 2048 bytes.
__device__ __forceinline__ uint64_t desc_sw128_mn(const void *tile, uint32_t mn_block_bytes) {
    return (uint64_t)((smem_u32addr(tile) & 0x3FFFF) >> 4) | ((uint64_t)((mn_block_bytes >> 4) & 0x3FFF) << 16) |
           ((uint64_t)(1024 >> 4) << 32) | ((uint64_t)1 << 62);
}
// K-major operand tile with 32-byte rows (16 FP16: one k16 step), 32-byte
// swizzle: 8 rows per 256-byte group (stride byte offset = 256). Base
// 256-byte aligned.
__device__ __forceinline__ uint64_t desc_sw32(const void *tile) {
    return (uint64_t)((smem_u32addr(tile) & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(256 >> 4) << 32) |
           ((uint64_t)3 << 62);
}
// MN-major operand tile of 16 N-columns (32-byte rows along N), 32-byte
// swizzle: 8 K-rows per 256-byte group (stride byte offset = 256); one
// swizzle atom along N, so the leading byte offset is not used. A k16 step
// is 512 bytes.
__device__ __forceinline__ uint64_t desc_sw32_mn(const void *tile) {
    return (uint64_t)((smem_u32addr(tile) & 0x3FFFF) >> 4) | ((uint64_t)(256 >> 4) << 16) |
           ((uint64_t)(256 >> 4) << 32) | ((uint64_t)3 << 62);
}

// --- thread-block clusters -----------------------------------------------------
// This CTA's rank in its cluster.
__device__ __forceinline__ uint32_t cluster_rank() {
    uint32_t r = 0;
#if WGMMA_SM90A_PASS
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
#endif
    return r;
}
// Every non-exited thread of every CTA of the cluster arrives and waits;
// shared-memory writes before it are visible to the peers' reads after it.
__device__ __forceinline__ void cluster_sync() {
#if WGMMA_SM90A_PASS
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" ::: "memory");
#endif
}
// The shared-memory address `addr` of this CTA as seen in cluster rank `cta`.
__device__ __forceinline__ uint32_t cluster_map(uint32_t addr, uint32_t cta) {
    uint32_t r = addr;
#if WGMMA_SM90A_PASS
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(addr), "r"(cta));
#endif
    return r;
}
// 16 bytes of a peer's shared memory (an address from cluster_map).
__device__ __forceinline__ float4 ld_cluster_f4(uint32_t addr) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
#if WGMMA_SM90A_PASS
    asm volatile("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];\n"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "r"(addr)
                 : "memory");
#endif
    return v;
}

// --- register reallocation between warpgroups -----------------------------------
template <int R>
__device__ __forceinline__ void regs_dealloc() {
#if WGMMA_SM90A_PASS
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(R));
#endif
}
template <int R>
__device__ __forceinline__ void regs_alloc() {
#if WGMMA_SM90A_PASS
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(R));
#endif
}

// --- the consumer main loop of the TMA-ring GEMM tiles ----------------------------
// A ring stage (gemm_wgmma.cu's plain tiles, gemm_int8_rows.cu): A, ABM rows
// (128: two consumer warpgroups of 64; the persistent INT8 tiles: one
// consumer's 64 or 128), then B, BN rows, each row one 128-byte swizzle row of
// K (64 FP16 or 128 INT8), the stage 1024-byte aligned.
constexpr int WG_RING_BM = 128;         // A rows per stage: two consumer warpgroups of 64
constexpr int WG_RING_ROW_BYTES = 128;  // K bytes per operand row and stage
struct WgNoTurn {  // wg_ring_mainloop's default hook after the last batch is issued
    __device__ void operator()() const {}
};
// Consumer c's main loop over nkt stages whose ring positions start at i0
// (the CTA's running stage count), R accumulators per thread: one wgmma
// group in flight. Stage i's batch (mma(acc, desc A, desc B, scale_d), four
// 32-byte K steps; A at consumer c's 64 rows of the stage) is committed, then
// wait_group 1 waits for stage i - 1's and gives that stage back (one arrive
// per warp on its empty barrier), so the tensor cores have the next batch
// queued while this warp waits for its next full barrier. last() runs once
// the last stage's batch is issued (the ping-pong tiles pass the turn to the
// next consumer there). The accumulators are fenced around each batch
// (wg_regs_ready) so ptxas keeps the wgmma asynchronous (no C7515
// serialization). The first stage overwrites acc (scale-d 0); with nkt == 0
// acc is left as it was. ABM == 0: the stages hold B only and stage j's A is
// box j of a_res, resident in shared memory (64 rows x 128 bytes per box,
// the ring's swizzle; gemm_int8_rows.cu's tiles that quantize A themselves).
template <int R, int BN, int STAGES, int ABM = WG_RING_BM, typename Acc, typename Mma, typename Last = WgNoTurn>
__device__ __forceinline__ void wg_ring_mainloop(Acc *acc, unsigned char *ring, uint64_t *full, uint64_t *empty,
                                                 int i0, int nkt, int c, int tid, Mma mma, Last last = Last{},
                                                 const unsigned char *a_res = nullptr) {
    constexpr int STAGE_BYTES = (ABM + BN) * WG_RING_ROW_BYTES;
    int prev = 0;
    for (int j = 0; j < nkt; j++) {
        const int i = i0 + j, s = i % STAGES;
        mbar_wait(&full[s], (i / STAGES) & 1);
        const unsigned char *sa = ABM == 0 ? a_res + j * 64 * WG_RING_ROW_BYTES                    // box j
                                           : ring + s * STAGE_BYTES + c * 64 * WG_RING_ROW_BYTES;  // this consumer's 64 rows
        const uint64_t da = desc_sw128(sa), db = desc_sw128(ring + s * STAGE_BYTES + ABM * WG_RING_ROW_BYTES);
        wg_regs_ready<R>(acc);
        wg_fence();
#pragma unroll
        for (int k = 0; k < WG_RING_ROW_BYTES / 32; k++) mma(acc, da + 2 * k, db + 2 * k, j | k);  // first: d = A B
        wg_commit();
        wg_regs_ready<R>(acc);
        if (j == nkt - 1) last();
        wg_wait<1>();  // stage i - 1's products are done: give its buffers back
        if (j > 0 && (tid & 31) == 0) mbar_arrive(&empty[prev]);
        prev = s;
    }
    wg_wait<0>();
    if (nkt > 0 && (tid & 31) == 0) mbar_arrive(&empty[prev]);
}

// Tile t of the persistent ping-pong tiles' walk: its first row (x) and first column (y). M fastest, (t %
// tiles_m, t / tiles_m); with walk_n > 0, the tiles per row, N fastest, (t / walk_n, t % walk_n)
// (pp_rule_walk_n, --tile-walk).
__device__ __forceinline__ int2 wg_pp_tile(int t, int tiles_m, int walk_n, int wm, int bn) {
    const int d = walk_n ? walk_n : tiles_m, q = t / d, r = t - q * d;  // one division
    return walk_n ? make_int2(q * wm, r * bn) : make_int2(r * wm, q * bn);
}

// The producer of the persistent ping-pong tiles (gemm_wgmma_pp.cu, gemm_int8_rows.cu): the one thread that
// walks the CTA's tiles b, b + grid, ... in wg_pp_tile's order and loads each tile's nkt stages into the
// ring, a wm-row box of A at K coordinate kt * BK and a bn-row box of B behind it, running ahead across
// tile boundaries as far as the ring's empty barriers let it.
template <int STAGES, int STAGE_BYTES, int A_BYTES, int BK>
__device__ __forceinline__ void wg_pp_producer(unsigned char *ring, uint64_t *full, uint64_t *empty,
                                               const CUtensorMap *map_a, const CUtensorMap *map_b, int tiles,
                                               int tiles_m, int wm, int bn, int nkt, int walk_n = 0) {
    int s = 0, ph = 0;  // ring slot and its pass parity
    for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int2 at = wg_pp_tile(t, tiles_m, walk_n, wm, bn);
        for (int kt = 0; kt < nkt; kt++) {
            mbar_wait(&empty[s], ph ^ 1);  // the first pass finds the slots free
            unsigned char *st = ring + s * STAGE_BYTES;
            mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
            tma_load_2d(st, map_a, &full[s], kt * BK, at.x);
            tma_load_2d(st + A_BYTES, map_b, &full[s], kt * BK, at.y);
            if (++s == STAGES) {
                s = 0;
                ph ^= 1;
            }
        }
    }
}

#endif
