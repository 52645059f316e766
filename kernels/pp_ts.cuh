// pp_ts.cuh: the TMA-store ("ts") epilogue of the 64-row ping-pong GEMM
// tiles, shared by the FP16 tiles (gemm_wgmma_pp.cu) and the INT8 row-scale
// tiles (gemm_int8_rows.cu, which dequantize their INT32 sums into FP32
// first). One consumer warp forms its 16 output rows in registers (bias,
// residual, GEGLU, the LayerNorm fold: conv2d.cuh's arithmetic), writes them
// with stmatrix into its slab (kernels/ts_layout.h: TMA boxes of 64, 32 and
// 16 columns, swizzled) and lane 0 stores the slab's boxes by TMA. The
// residual comes into the same slab by TMA while the tile's main loop runs.
// Why and what it measured: gemm_wgmma_pp.cu's header, docs/PERF.md "The
// TMA-store epilogue for the ping-pong GEMM".
#ifndef UNETRUN_PP_TS_CUH
#define UNETRUN_PP_TS_CUH

#include "conv2d.cuh"
#include "mma.cuh"  // ldmatrix_x4, stmatrix_x4, pack_half2, half2_bits
#include "tensormap.cuh"
#include "ts_layout.h"
#include "wgmma.cuh"

#include <cuda.h>  // CUtensorMap
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include <type_traits>

namespace {

constexpr int PP_TS_ROWS = TS_ROWS;  // rows of a warp's slab and of its TMA boxes

// The TS epilogue's TMA maps (box rows 16): y in boxes of 64, 32 and 16
// columns, the residual in boxes of 64 and 32 (the widths ts_box_width makes).
struct PpTsMaps {
    CUtensorMap y64, y32, y16, r64, r32;
};

// The epilogue variants a TS kernel is compiled for (its TSV template
// argument). TSV_ANY holds every one and picks at run time (pp_ts_epilogue);
// each other value is one straight-line case alone, and the launchers run
// that kernel wherever the case applies (pp_ts_variant). Why: a kernel's
// code comes cold into an SM's instruction cache whenever another kernel
// ran there since, and with every variant in the kernel (10-11 k SASS
// instructions, about 1.3-2.3 k of them executed) the executed epilogue lies
// in far-apart pieces. An 8192 x 320 x 320 GEMM with bias and residual took
// 12.9 us after a kernel of 195 KB of code against 9.7 us warm; with the
// epilogue compiled for that case alone, 9.9-10.0 against 9.5-9.7 (H100,
// docs/PERF.md, "Cold instruction caches").
enum PpTsVariant { TSV_ANY = 0, TSV_BIAS_RES, TSV_BIAS, TSV_NONE, TSV_GEGLU_BIAS, TSV_LN_BIAS, TSV_LN_GEGLU_BIAS };

// Whether p is one of the TS epilogue's straight-line cases: no time
// embedding, an 8-byte aligned bias; the LayerNorm fold only with a bias and
// no residual (the fold always brings its folded bias; SD's folded GEMMs
// have no residual), and only where LNP (two consumers: with three, the
// fold's straight-line code made ptxas spill 36 bytes in the epilogue of
// every tile).
// (A macro, not a function: as a function it changed the all-variant
// kernels' SASS.)
#define PP_TS_PLAIN_CASE(p, LNP)                                 \
    (!(p).temb && !(reinterpret_cast<uintptr_t>((p).bias) & 7) && \
     (!(p).ln_stats || ((LNP) && (p).bias && !(p).residual)))

// The variant of pp_ts_epilogue's run-time choice for p (lnp as LNP in
// PP_TS_PLAIN_CASE); TSV_ANY for every case without a single-variant kernel.
inline int pp_ts_variant(const ConvParams &p, bool lnp) {
    if (!PP_TS_PLAIN_CASE(p, lnp)) return TSV_ANY;
    if (p.ln_stats) return p.geglu ? TSV_LN_GEGLU_BIAS : TSV_LN_BIAS;  // plain: lnp, a bias, no residual
    if (p.geglu) return p.bias ? TSV_GEGLU_BIAS : TSV_ANY;
    if (p.bias) return p.residual ? TSV_BIAS_RES : TSV_BIAS;
    return p.residual ? TSV_ANY : TSV_NONE;
}

// The single-variant kernels every TS launcher compiles (a mask of 1 << TSV).
constexpr unsigned TSV_PLAIN = 1u << TSV_BIAS_RES | 1u << TSV_BIAS | 1u << TSV_NONE | 1u << TSV_GEGLU_BIAS;
// and the LayerNorm fold's (the two-consumer FP16 tiles)
constexpr unsigned TSV_LN = 1u << TSV_LN_BIAS | 1u << TSV_LN_GEGLU_BIAS;

// A TS launcher's dispatch: launch(std::integral_constant<int, V>) with V =
// variant where MASK has it (the kernels compiled for one variant), else
// TSV_ANY. Only the kernels of MASK's variants and TSV_ANY are instantiated:
// V walks the variants from TSV_BIAS_RES to the last one at compile time.
template <unsigned MASK, int V = TSV_BIAS_RES, typename Launch>
cudaError_t pp_ts_dispatch(int variant, Launch launch) {
    if constexpr (V > TSV_LN_GEGLU_BIAS) {
        return launch(std::integral_constant<int, TSV_ANY>{});
    } else {
        if constexpr (MASK >> V & 1u)
            if (variant == V) return launch(std::integral_constant<int, V>{});
        return pp_ts_dispatch<MASK, V + 1>(variant, launch);
    }
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Shared address of row r, 8-column chunk e of the 16 columns at column c of
// a W-wide TS slab (kernels/ts_layout.h).
template <int W>
__device__ __forceinline__ uint32_t ts_addr(uint32_t slab, int c, int r, int e) {
    return slab + ts_slab_offset(W, c, r, e);
}

// The boxes of a W-wide slab from / to the tensor at (column c0, row m0w):
// loads complete on bar (residual maps), stores go in lane 0's bulk group.
template <int W>
__device__ __forceinline__ void ts_load(const PpTsMaps &maps, unsigned char *slab, uint64_t *bar, int c0, int m0w) {
#pragma unroll
    for (int c = 0; c < W; c += ts_box_width(W, c))
        tma_load_2d(slab + 32 * c, ts_box_width(W, c) == 64 ? &maps.r64 : &maps.r32, bar, c0 + c, m0w);
}
template <int W>
__device__ __forceinline__ void ts_store(const PpTsMaps &maps, const unsigned char *slab, int c0, int m0w) {
#pragma unroll
    for (int c = 0; c < W; c += ts_box_width(W, c)) {
        const int w = ts_box_width(W, c);
        tma_store_2d(w == 64 ? &maps.y64 : w == 32 ? &maps.y32 : &maps.y16, slab + 32 * c, c0 + c, m0w);
    }
}

// The end of a column pair of the TS epilogue for the fragment's two rows:
// + the residual pairs ra, rb (FP16, from ldmatrix) when res, then one
// rounding to the FP16 pairs oa, ob.
__device__ __forceinline__ void ts_finish_pair(float2 ya, float2 yb, bool res, uint32_t ra, uint32_t rb,
                                               uint32_t &oa, uint32_t &ob) {
    if (res) {
        const float2 fa = __half22float2(*reinterpret_cast<half2 *>(&ra));
        const float2 fb = __half22float2(*reinterpret_cast<half2 *>(&rb));
        ya.x += fa.x, ya.y += fa.y, yb.x += fb.x, yb.y += fb.y;
    }
    oa = pack_half2(ya.x, ya.y);
    ob = pack_half2(yb.x, yb.y);
}

// The common case of the TS epilogue, straight-line code: an optional bias
// (8-byte aligned) and residual, or (LN) the LayerNorm fold with a bias; no
// time embedding or GEGLU (the general loop of pp_ts_epilogue predicates all
// of those per column pair; with it the kernel ran 1.6x slower, Nsight
// Compute: 1.8x the instructions). The same arithmetic: the fold (sta, stb:
// the two rows' statistics), + bias, + residual, one rounding.
template <int BN, bool LN, bool BIAS, bool RES>
__device__ __forceinline__ void pp_ts_plain(const ConvParams &p, const float *acc, uint32_t slab, int r, int e,
                                            int n0, int lane, float2 sta, float2 stb) {
#pragma unroll
    for (int b = 0; b < BN / 16; b++) {  // columns 16 b ..: blocks 2 b and 2 b + 1
        const uint32_t addr = ts_addr<BN>(slab, 16 * b, r, e);
        uint32_t rs[4] = {0u, 0u, 0u, 0u};
        if constexpr (RES) ldmatrix_x4(addr, rs[0], rs[1], rs[2], rs[3]);
        uint32_t o[4];
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int j = 2 * b + h, n = n0 + 8 * j + 2 * (lane & 3);
            float2 ya = make_float2(acc[4 * j], acc[4 * j + 1]), yb = make_float2(acc[4 * j + 2], acc[4 * j + 3]);
            if constexpr (LN) {
                const float2 cs = n < p.N ? *reinterpret_cast<const float2 *>(p.ln_colsum + n) : make_float2(0.f, 0.f);
                ya = make_float2(ln_fold(ya.x, sta, cs.x), ln_fold(ya.y, sta, cs.y));
                yb = make_float2(ln_fold(yb.x, stb, cs.x), ln_fold(yb.y, stb, cs.y));
            }
            if constexpr (BIAS) {
                const float2 bb = n < p.N ? *reinterpret_cast<const float2 *>(p.bias + n) : make_float2(0.f, 0.f);
                ya.x += bb.x, ya.y += bb.y, yb.x += bb.x, yb.y += bb.y;
            }
            ts_finish_pair(ya, yb, RES, rs[2 * h], rs[2 * h + 1], o[2 * h], o[2 * h + 1]);
        }
        stmatrix_x4(addr, o[0], o[1], o[2], o[3]);
    }
}

// GEGLU in the TS epilogue with an optional bias (8-byte aligned) and (LN)
// the LayerNorm fold: geglu_value2's arithmetic, straight-line. Output block
// 2 b + h (8 columns) is a-block 4 b + 2 h times gelu of the g-block after it.
template <int BN, bool LN, bool BIAS>
__device__ __forceinline__ void pp_ts_geglu_plain(const ConvParams &p, const float *acc, uint32_t slab, int r, int e,
                                                  int n0, int lane, float2 sta, float2 stb) {
#pragma unroll
    for (int b = 0; b < BN / 32; b++) {
        uint32_t o[4];
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int j = 4 * b + 2 * h, n = n0 + 8 * j + 2 * (lane & 3);
            float2 ba = make_float2(0.f, 0.f), bg = ba, sa = ba, sg = ba;
            if (BIAS && n < p.N) {
                ba = *reinterpret_cast<const float2 *>(p.bias + n);
                bg = *reinterpret_cast<const float2 *>(p.bias + n + 8);
            }
            if (LN && n < p.N) {
                sa = *reinterpret_cast<const float2 *>(p.ln_colsum + n);
                sg = *reinterpret_cast<const float2 *>(p.ln_colsum + n + 8);
            }
#pragma unroll
            for (int rr = 0; rr < 2; rr++) {  // rows lane / 4 and + 8
                float a0 = acc[4 * j + 2 * rr], a1 = acc[4 * j + 2 * rr + 1];
                float g0 = acc[4 * j + 4 + 2 * rr], g1 = acc[4 * j + 5 + 2 * rr];
                if constexpr (LN) {
                    const float2 st = rr ? stb : sta;
                    a0 = ln_fold(a0, st, sa.x), a1 = ln_fold(a1, st, sa.y);
                    g0 = ln_fold(g0, st, sg.x), g1 = ln_fold(g1, st, sg.y);
                }
                if constexpr (BIAS) a0 += ba.x, a1 += ba.y, g0 += bg.x, g1 += bg.y;
                o[2 * h + rr] = pack_half2(a0 * gelu_erf(g0), a1 * gelu_erf(g1));
            }
        }
        stmatrix_x4(ts_addr<BN / 2>(slab, 16 * b, r, e), o[0], o[1], o[2], o[3]);
    }
}

// The TS epilogue of one warp: rows m0w .. m0w + 15 of a 64-row tile at
// column n0, from the accumulator fragments (block j of 8 columns: acc[4 j],
// acc[4 j + 1] of row m0w + lane / 4, acc[4 j + 2], acc[4 j + 3] eight rows
// below, columns n0 + 8 j + 2 (lane % 4), +1). The arithmetic runs in
// registers (pp_ts_plain, or epilogue_pre2 + the residual, or geglu_value2:
// the same as the other epilogues), stmatrix writes FP16 into the warp's
// slab, and lane 0 stores the slab's boxes by TMA (rows and columns past the
// output are not written). The residual is already in the slab (the boxes the
// tile's start loaded) and is read back by ldmatrix at the same addresses.
// Lane 0 must have waited for the slab's previous stores to be read
// (bulk_wait_read) before the slab is written.
template <int BN, bool LNP, int TSV = TSV_ANY>
__device__ __forceinline__ void pp_ts_epilogue(const ConvParams &p, const PpTsMaps &maps, const float *acc,
                                               unsigned char *slab, int m0w, int n0, int lane) {
    [[maybe_unused]] const int q = lane & 3, ma = m0w + (lane >> 2), mb = ma + 8;  // TSV_ANY's
    // this lane's row address for stmatrix / ldmatrix: matrix i = lane / 8 is rows
    // 8 (i & 1) .. +7 and chunk i / 2 of a 16 x 16 block (the fragment order)
    const int r = (lane & 7) + 8 * (lane >> 3 & 1), e = lane >> 4;
    const uint32_t sl = smem_u32addr(slab);
    [[maybe_unused]] const bool va = ma < p.M, vb = mb < p.M;
    [[maybe_unused]] const bool plain = PP_TS_PLAIN_CASE(p, LNP);  // the straight-line cases (TSV_ANY)
    const float2 z = make_float2(0.f, 0.f);  // the row statistics where there is no fold
    if constexpr (TSV == TSV_BIAS_RES) {  // one variant: the launcher checked that it applies
        pp_ts_plain<BN, false, true, true>(p, acc, sl, r, e, n0, lane, z, z);
    } else if constexpr (TSV == TSV_BIAS) {
        pp_ts_plain<BN, false, true, false>(p, acc, sl, r, e, n0, lane, z, z);
    } else if constexpr (TSV == TSV_NONE) {
        pp_ts_plain<BN, false, false, false>(p, acc, sl, r, e, n0, lane, z, z);
    } else if constexpr (TSV == TSV_GEGLU_BIAS) {
        pp_ts_geglu_plain<BN, false, true>(p, acc, sl, r, e, n0, lane, z, z);
    } else if constexpr (LNP && (TSV == TSV_LN_BIAS || TSV == TSV_LN_GEGLU_BIAS)) {
        const float2 sta = va ? p.ln_stats[ma] : z, stb = vb ? p.ln_stats[mb] : z;
        if constexpr (TSV == TSV_LN_GEGLU_BIAS) pp_ts_geglu_plain<BN, true, true>(p, acc, sl, r, e, n0, lane, sta, stb);
        else pp_ts_plain<BN, true, true, false>(p, acc, sl, r, e, n0, lane, sta, stb);
    } else if (LNP && plain && p.ln_stats) {  // the fold's row statistics (rows past M: zeros, not stored)
        const float2 sta = va ? p.ln_stats[ma] : z, stb = vb ? p.ln_stats[mb] : z;
        if (p.geglu) pp_ts_geglu_plain<BN, LNP, true>(p, acc, sl, r, e, n0, lane, sta, stb);
        else pp_ts_plain<BN, LNP, true, false>(p, acc, sl, r, e, n0, lane, sta, stb);
    } else if (plain && !p.geglu) {
        if (p.bias && p.residual) pp_ts_plain<BN, false, true, true>(p, acc, sl, r, e, n0, lane, z, z);
        else if (p.bias) pp_ts_plain<BN, false, true, false>(p, acc, sl, r, e, n0, lane, z, z);
        else if (p.residual) pp_ts_plain<BN, false, false, true>(p, acc, sl, r, e, n0, lane, z, z);
        else pp_ts_plain<BN, false, false, false>(p, acc, sl, r, e, n0, lane, z, z);
    } else if (plain) {
        if (p.bias) pp_ts_geglu_plain<BN, false, true>(p, acc, sl, r, e, n0, lane, z, z);
        else pp_ts_geglu_plain<BN, false, false>(p, acc, sl, r, e, n0, lane, z, z);
    } else if (!p.geglu) {
#pragma unroll
        for (int b = 0; b < BN / 16; b++) {
            const uint32_t addr = ts_addr<BN>(sl, 16 * b, r, e);
            uint32_t rs[4] = {0u, 0u, 0u, 0u};
            if (p.residual) ldmatrix_x4(addr, rs[0], rs[1], rs[2], rs[3]);
            uint32_t o[4];
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int j = 2 * b + h, n = n0 + 8 * j + 2 * q;
                float2 ya = make_float2(acc[4 * j], acc[4 * j + 1]), yb = make_float2(acc[4 * j + 2], acc[4 * j + 3]);
                if (n < p.N) {
                    if (va) ya = epilogue_pre2(p, ma, n, ya.x, ya.y);
                    if (vb) yb = epilogue_pre2(p, mb, n, yb.x, yb.y);
                }
                ts_finish_pair(ya, yb, p.residual != nullptr, rs[2 * h], rs[2 * h + 1], o[2 * h], o[2 * h + 1]);
            }
            stmatrix_x4(addr, o[0], o[1], o[2], o[3]);
        }
    } else {
#pragma unroll
        for (int b = 0; b < BN / 32; b++) {  // output columns 16 b ..: output blocks 2 b, 2 b + 1
            uint32_t o[4];
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int j = 4 * b + 2 * h, n = n0 + 8 * j + 2 * q;  // a block j, g block j + 1
                const float *a = acc + 4 * j, *g = acc + 4 * j + 4;
                half2 ha = __floats2half2_rn(0.f, 0.f), hb = ha;
                if (n < p.N && va) ha = geglu_value2(p, ma, n, a[0], a[1], g[0], g[1]);
                if (n < p.N && vb) hb = geglu_value2(p, mb, n, a[2], a[3], g[2], g[3]);
                o[2 * h] = half2_bits(ha);
                o[2 * h + 1] = half2_bits(hb);
            }
            stmatrix_x4(ts_addr<BN / 2>(sl, 16 * b, r, e), o[0], o[1], o[2], o[3]);
        }
    }
    fence_proxy_async_smem();  // this lane's slab writes, before the copy engine reads them
    __syncwarp();
    if (lane == 0) {
        if (p.geglu) ts_store<BN / 2>(maps, slab, n0 / 2, m0w);
        else ts_store<BN>(maps, slab, n0, m0w);
        bulk_commit();
    }
}
#endif  // __CUDA_ARCH_FEAT_SM90_ALL

// The TS epilogue's TMA maps need y (and the residual) 16-byte aligned (as
// every epilogue's 16-byte stores do); a GEGLU output row is N / 2 channels
// (N a multiple of 16).
bool pp_ts_ok(const ConvParams &p) {
    return !((reinterpret_cast<uintptr_t>(p.y) | reinterpret_cast<uintptr_t>(p.residual)) & 15) &&
           (!p.geglu || p.N % 16 == 0);
}

// The TS maps of an output W = BN (or BN / 2 with GEGLU) columns wide: one
// per box width its slab has.
cudaError_t pp_ts_maps(const ConvParams &p, int bn, PpTsMaps *ts) {
    static const CUtensorMapSwizzle kSwizzle[3] = {CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_SWIZZLE_64B,
                                                   CU_TENSOR_MAP_SWIZZLE_32B};
    const int w = p.geglu ? bn / 2 : bn, n = p.geglu ? p.N / 2 : p.N;
    CUtensorMap *ymap[3] = {&ts->y64, &ts->y32, &ts->y16}, *rmap[3] = {&ts->r64, &ts->r32, nullptr};
    cudaError_t e = cudaSuccess;
    for (int i = 0; i < 3 && e == cudaSuccess; i++) {
        const int bw = 64 >> i;  // box width
        const bool has_y = i == 0 ? w >= 64 : (w % 64 & bw) != 0, has_r = i == 0 ? bn >= 64 : (bn % 64 & bw) != 0;
        if (has_y) e = tensor_map_fp16(ymap[i], p.y, p.M, n, bw, PP_TS_ROWS, kSwizzle[i]);
        if (e == cudaSuccess && p.residual && rmap[i] && has_r)
            e = tensor_map_fp16(rmap[i], p.residual, p.M, p.N, bw, PP_TS_ROWS, kSwizzle[i]);
    }
    return e;
}

}  // namespace

#endif
