// streamk.h: the schedule of the stream-K convolution tiles
// (gemm_wgmma_sk_kernel, kernels/gemm_wgmma.cu), shared by the kernel and
// its CPU test (tests/cpu_streamk.c).
//
// Also the schedule of the stream-K attention kernels (attn_wgmma_kernel,
// kernels/attention_wgmma.cu), with work items for tiles and key tiles for
// K stages.
//
// The work is U = tiles x kt K stages, stage u being stage u % kt of tile
// u / kt. CTA q of g runs the stages [q U / g, (q + 1) U / g) in order, in
// segments of one tile each. A segment that starts at stage 0 of its tile
// owns the tile: it adds the FP32 partials of the CTAs that ran the rest of
// the tile (its helpers) and runs the epilogue. Any other segment is the
// first of its CTA and is written as that CTA's partial. The helpers of a
// tile are the CTAs q' > q whose first stage lies inside the tile, so an
// owner waits only for CTAs of higher index, which ran their partial first.
#ifndef UNETRUN_STREAMK_H
#define UNETRUN_STREAMK_H

#ifdef __CUDACC__
#define SK_FN __host__ __device__ __forceinline__
#else
#define SK_FN static inline
// A helper publishes its partial by a release store of a flag value that
// names the launch's output and the helper's slot, so no zeroing pass is
// needed in a workspace that other nodes share; the owner clears each flag
// it has consumed, so a replay never sees a stale one.
#ifdef __CUDACC__
#include <stdint.h>
#define SK_FLAG_SALT 0x9E3779B97F4A7C15ull
__device__ __forceinline__ unsigned long long sk_flag_value(const void *out, int q) {
    return ((unsigned long long)(uintptr_t)out ^ SK_FLAG_SALT ^ ((unsigned long long)q << 40)) | 1ull;
}
__device__ __forceinline__ unsigned long long ld_acquire_u64(const unsigned long long *a) {
    unsigned long long v;
    asm volatile("ld.acquire.gpu.global.u64 %0, [%1];\n" : "=l"(v) : "l"(a) : "memory");
    return v;
}
__device__ __forceinline__ void st_release_u64(unsigned long long *a, unsigned long long v) {
    asm volatile("st.release.gpu.global.u64 [%0], %1;\n" ::"l"(a), "l"(v) : "memory");
}
#endif

#endif

// CTAs that take part in a schedule of u stages on a grid of g: min(g, u),
// at least 1, so that each of them runs at least one stage (an owner waits
// for every CTA whose first stage lies inside its tile: an empty share would
// never arrive). The convolution's launcher sizes its grid so; the attention
// kernels give the units left after their whole waves to this many CTAs.
SK_FN int sk_ctas(int g, long long u) { return (int)(u < g ? (u > 0 ? u : 1) : g); }

// First stage of CTA q of g over u stages (CTA g: the end of the last).
SK_FN long long sk_first(int q, int g, long long u) { return (long long)q * u / g; }

// The segment that starts at stage `at` of a CTA whose stages end at `end`:
// tile, and its K stages [ka, kb).
typedef struct {
    int tile, ka, kb;
} SkSegment;
SK_FN SkSegment sk_segment(long long at, long long end, int kt) {
    SkSegment s;
    s.tile = (int)(at / kt);
    s.ka = (int)(at - (long long)s.tile * kt);
    const long long tile_end = (long long)(s.tile + 1) * kt;
    s.kb = (int)((end < tile_end ? end : tile_end) - (long long)s.tile * kt);
    return s;
}

// The same with int cursors (a kernel whose whole work is < 2^31 stages):
// no 64-bit division (a called routine) inside its loops.
SK_FN SkSegment sk_segment32(int at, int end, int kt) {
    SkSegment s;
    s.tile = at / kt;
    s.ka = at - s.tile * kt;
    const int left = end - s.tile * kt;
    s.kb = left < kt ? left : kt;
    return s;
}

// 1 when CTA h (> the owner) is a helper of `tile`: its first stage lies
// strictly inside the tile's stages.
SK_FN int sk_is_helper(int h, int g, long long u, int tile, int kt) {
    const long long f = sk_first(h, g, u);
    return h < g && f > (long long)tile * kt && f < (long long)(tile + 1) * kt;
}

// A helper publishes its partial by a release store of a flag value that
// names the launch's output and the helper's slot, so no zeroing pass is
// needed in a workspace that other nodes share; the owner clears each flag
// it has consumed, so a replay never sees a stale one.
#ifdef __CUDACC__
#include <stdint.h>
#define SK_FLAG_SALT 0x9E3779B97F4A7C15ull
__device__ __forceinline__ unsigned long long sk_flag_value(const void *out, int q) {
    return ((unsigned long long)(uintptr_t)out ^ SK_FLAG_SALT ^ ((unsigned long long)q << 40)) | 1ull;
}
__device__ __forceinline__ unsigned long long ld_acquire_u64(const unsigned long long *a) {
    unsigned long long v;
    asm volatile("ld.acquire.gpu.global.u64 %0, [%1];\n" : "=l"(v) : "l"(a) : "memory");
    return v;
}
__device__ __forceinline__ void st_release_u64(unsigned long long *a, unsigned long long v) {
    asm volatile("st.release.gpu.global.u64 [%0], %1;\n" ::"l"(a), "l"(v) : "memory");
}
#endif

#endif
