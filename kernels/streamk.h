// streamk.h: the schedule of the stream-K convolution tiles
// (gemm_wgmma_sk_kernel, kernels/gemm_wgmma.cu), shared by the kernel and
// its CPU test (tests/cpu_streamk.c).
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
#endif

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

// 1 when CTA h (> the owner) is a helper of `tile`: its first stage lies
// strictly inside the tile's stages.
SK_FN int sk_is_helper(int h, int g, long long u, int tile, int kt) {
    const long long f = sk_first(h, g, u);
    return h < g && f > (long long)tile * kt && f < (long long)(tile + 1) * kt;
}

#endif
