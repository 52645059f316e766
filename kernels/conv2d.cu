// conv2d.cu: implicit GEMM v2 convolution, FP16 NHWC, FP32 accumulation.
//
// What it computes
//   y[b,ho,wo,co] = sum_{kh,kw,ci} x[b, ho*s-p+kh, wo*s-p+kw, ci] * w[co,kh,kw,ci]
//                   + bias[co] + temb[b,co] + residual[b,ho,wo,co]
//   as a GEMM  C[M,N] = A[M,K] * B[K,N]  with M = B*Ho*Wo, N = Cout,
//   K = k*k*Cin. A is never materialized (implicit im2col): each 16-byte
//   chunk of an A row is 8 consecutive input channels of one pixel, fetched
//   straight from x with cp.async (zero-filled outside the image).
//
// Tile design (CUTLASS-sm80 style, constants named below)
//   - CTA tile BM x BN x BK, BK = 32 or 64 halves, warps WM x WN, each warp
//     owning a (BM/WM) x (BN/WN) sub-tile of m16n8k16 mma.sync fragments.
//   - STAGES-deep cp.async pipeline for both operands (the loads of tile
//     k+STAGES-1 are in flight while tile k is multiplied); STAGES = 2 is a
//     plain double buffer, 3-4 hide H100's L2 latency.
//   - Shared-memory rows padded by +8 halves (row stride 80 bytes): the 8
//     rows an ldmatrix phase reads land on 8 distinct 16-byte bank groups
//     (seed Obs W: padding removed an 87% bank-conflict rate).
//   - Coordinates are never decoded per element (seed Step 4 / Insight 9):
//     each thread owns fixed A rows for the whole K loop, so their
//     (pixel offset, ih0, iw0) are computed once into registers; its K chunk
//     (kh, kw, ci) advances incrementally by BK with adds and compares only.
//   - Fused epilogue straight from the accumulators: bias, per-(b, c) time
//     embedding add, residual add, one rounding to FP16.
//   - Split-K: with few output tiles (batch-1 SD shapes give 10-96 tiles of
//     128x128 on a 132-SM GPU) the K range is split over blockIdx.z; FP32
//     partials go to a workspace and a second kernel sums them (in split
//     order: deterministic) and applies the same epilogue. A last-CTA-fixup
//     variant (atomic arrival counter, no second launch) measured 1.3-2x
//     slower on the H100 (the fixup serializes on one CTA per tile at the
//     tail), so it was dropped. Tile and split are chosen per shape by the
//     caller (timed candidates, see conv2d_candidates) to fill the SMs.
//
// The same kernel is the FP16 GEMM of the linear layers (gemm_fp16): a
// Linear over M rows is a 1x1 convolution over an M x 1 image, for which
// the coordinate bookkeeping reduces to one row offset per thread. Its
// extra epilogue is GEGLU (ff.net.0.proj): the weight rows are interleaved
// in blocks of 8 (a0 g0 a1 g1 ...), so the n8 fragment pair (j, j+1) of one
// thread holds a and g of the same output channels and a * gelu_erf(g) is
// formed in registers; the 8C-wide projection never reaches memory.
//
// gemm_fp16_lnfold is the same GEMM with a LayerNorm folded in (the
// transformer's ln1 -> to_qkv, ln2 -> to_q, ln3 -> ff.net.0.proj): it reads
// the raw rows x, the weight rows pre-scaled by gamma, and the epilogue
// (conv2d.cuh ln_fold) turns acc into (acc - mean_m colsum_n) rstd_m from the
// row statistics of layernorm_stats_fp16, so the normalized tensor is never
// written. Nothing in the main loop changes; every tile, split-K and
// GEGLU path of both engines takes it.
//
// Limits
//   Cin and Cout multiples of 8 (16-byte chunks never straddle a pixel or an
//   output row); kernel sizes 1 and 3 (any odd size works); element counts
//   below 2^31. mma.sync reaches roughly 60-75% of H100 tensor peak. On
//   a cc 9.0 GPU, GEMM-shaped problems (linear layers, 1x1 stride-1
//   convolutions) and convolutions over multiples of 64 input channels
//   (the up path's concatenated and nearest-2x inputs included) also get the
//   wgmma/TMA tiles of gemm_wgmma.cu as candidates (TileConfig tiles from
//   kNumTiles on), and GEMM-shaped ones with one input also the persistent
//   ping-pong tiles of gemm_wgmma_pp.cu (after those, no split-K; timed by
//   the tuner only: the heuristic's cost model does not cover them).
#include "kernels.h"
#include "mma.cuh"
#include "pdl.cuh"
#include "conv2d.cuh"
#include "pp_rule.h"

#include <cuda_fp16.h>
#include <stdint.h>

namespace {

constexpr int PAD = 8;           // +8 halves per smem row (16 bytes): row stride 80 B (BK 32) or 144 B (BK 64)

// GATHER: the A operand of a whole UNet's up path (ConvParams.x2 / .up: a
// concatenated skip or a nearest-2x input), per-pixel addressing; its own
// instantiation, so the plain kernels keep their registers.
template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool GATHER>
__global__ void __launch_bounds__(WM *WN * 32) conv_igemm_kernel(ConvParams p) {
    pdl_wait();
    constexpr int LDS = BK + PAD;           // smem row stride in halves
    constexpr int CHUNKS_PER_ROW = BK / 8;  // 16-byte chunks per K-tile row
    constexpr int THREADS = WM * WN * 32;
    constexpr int WTM = BM / WM;  // warp tile rows
    constexpr int WTN = BN / WN;  // warp tile cols
    constexpr int MT = WTM / 16;  // m16 fragments per warp
    constexpr int NT = WTN / 8;   // n8 fragments per warp
    constexpr int ROWS_PER_PASS = THREADS / CHUNKS_PER_ROW;
    constexpr int A_ITERS = BM / ROWS_PER_PASS;  // A rows loaded per thread per tile
    constexpr int B_ITERS = BN / ROWS_PER_PASS;
    static_assert(NT % 2 == 0, "B fragments are loaded two n8 tiles at a time");
    static_assert(BM % ROWS_PER_PASS == 0 && BN % ROWS_PER_PASS == 0, "tile/thread mismatch");

    extern __shared__ __align__(16) unsigned char smem[];
    half *sA = reinterpret_cast<half *>(smem);  // [STAGES][BM][LDS]
    half *sB = sA + STAGES * BM * LDS;          // [STAGES][BN][LDS]

    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int wm = warp / WN;
    const int wn = warp % WN;
    const int m0 = blockIdx.x * BM;
    const int n0 = blockIdx.y * BN;

    // K range of this split: [k_begin, k_end), boundaries on KSPLIT_ALIGN.
    const int k_begin = (int)((long long)blockIdx.z * p.kchunks / p.splits) * KSPLIT_ALIGN;
    const int k_end = min(p.K, (int)((long long)(blockIdx.z + 1) * p.kchunks / p.splits) * KSPLIT_ALIGN);

    // --- per-thread load coordinates (computed once) ---
    const int chunk = tid % CHUNKS_PER_ROW;  // which 16-byte chunk of a tile row
    const int row0 = tid / CHUNKS_PER_ROW;
    int a_off[A_ITERS], a_ih0[A_ITERS], a_iw0[A_ITERS], a_b[GATHER ? A_ITERS : 1];
    const int HoWo = p.Ho * p.Wo;
#pragma unroll
    for (int i = 0; i < A_ITERS; i++) {
        int m = m0 + row0 + i * ROWS_PER_PASS;
        if (m < p.M) {
            int b = m / HoWo;
            int r = m - b * HoWo;
            int ho = r / p.Wo;
            int wo = r - ho * p.Wo;
            a_ih0[i] = ho * p.stride - p.pad;
            a_iw0[i] = wo * p.stride - p.pad;
            a_off[i] = ((b * p.H + a_ih0[i]) * p.W + a_iw0[i]) * p.Cin;
            if (GATHER) a_b[i] = b;
        } else {
            a_ih0[i] = -(1 << 28);  // fails every bounds check
            a_iw0[i] = 0;
            a_off[i] = 0;
            if (GATHER) a_b[i] = 0;
        }
    }
    const half *b_src[B_ITERS];
    bool b_ok[B_ITERS];
#pragma unroll
    for (int j = 0; j < B_ITERS; j++) {
        int n = n0 + row0 + j * ROWS_PER_PASS;
        b_ok[j] = n < p.N;
        b_src[j] = p.w + (size_t)(b_ok[j] ? n : 0) * p.K;
    }
    // K chunk state: k index and its (kh, kw, ci) decode, advanced by BK per tile.
    int kk = k_begin + chunk * 8;
    int ci, kh, kw;
    {
        int r = kk / p.Cin;
        ci = kk - r * p.Cin;
        kh = r / p.ksize;
        kw = r - kh * p.ksize;
    }

    auto load_tile = [&](int stage) {
        const bool k_ok = kk < k_end;
        const int koff = (kh * p.W + kw) * p.Cin + ci;
        half *dA = sA + stage * BM * LDS;
        half *dB = sB + stage * BN * LDS;
        if constexpr (GATHER) {  // two input tensors (channel concat) or an upsampled input: per-pixel addressing
            const int hs = p.up ? p.H >> 1 : p.H, wsz = p.up ? p.W >> 1 : p.W, c2 = p.Cin - p.Cin1;
#pragma unroll
            for (int i = 0; i < A_ITERS; i++) {
                int ih = a_ih0[i] + kh, iw = a_iw0[i] + kw;
                bool ok = k_ok && (unsigned)ih < (unsigned)p.H && (unsigned)iw < (unsigned)p.W;
                const size_t pix = ((size_t)a_b[i] * hs + (p.up ? ih >> 1 : ih)) * wsz + (p.up ? iw >> 1 : iw);
                const half *src = !ok ? p.x : ci < p.Cin1 ? p.x + pix * p.Cin1 + ci : p.x2 + pix * c2 + (ci - p.Cin1);
                cp_async_16(smem_u32(dA + (row0 + i * ROWS_PER_PASS) * LDS + chunk * 8), src, ok);
            }
        } else {
#pragma unroll
            for (int i = 0; i < A_ITERS; i++) {
                int ih = a_ih0[i] + kh, iw = a_iw0[i] + kw;
                bool ok = k_ok && (unsigned)ih < (unsigned)p.H && (unsigned)iw < (unsigned)p.W;
                const half *src = ok ? p.x + a_off[i] + koff : p.x;
                cp_async_16(smem_u32(dA + (row0 + i * ROWS_PER_PASS) * LDS + chunk * 8), src, ok);
            }
        }
#pragma unroll
        for (int j = 0; j < B_ITERS; j++) {
            bool ok = k_ok && b_ok[j];
            const half *src = ok ? b_src[j] + kk : p.w;
            cp_async_16(smem_u32(dB + (row0 + j * ROWS_PER_PASS) * LDS + chunk * 8), src, ok);
        }
        // advance to the next K tile
        kk += BK;
        ci += BK;
        while (ci >= p.Cin) {
            ci -= p.Cin;
            if (++kw == p.ksize) {
                kw = 0;
                ++kh;
            }
        }
    };

    float acc[MT][NT][4];
#pragma unroll
    for (int i = 0; i < MT; i++)
#pragma unroll
        for (int j = 0; j < NT; j++)
#pragma unroll
            for (int e = 0; e < 4; e++) acc[i][j][e] = 0.f;

    const int nk = k_end > k_begin ? (k_end - k_begin + BK - 1) / BK : 0;
    // prologue: fill STAGES-1 stages
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < nk) load_tile(s);
        cp_async_commit();
    }

    for (int t = 0; t < nk; t++) {
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        // refill the stage consumed in the previous iteration
        {
            int tn = t + STAGES - 1;
            if (tn < nk) load_tile(tn % STAGES);
            cp_async_commit();
        }
        const int stage = t % STAGES;
        const half *tA = sA + stage * BM * LDS;
        const half *tB = sB + stage * BN * LDS;
#pragma unroll
        for (int ks = 0; ks < BK / 16; ks++) {
            uint32_t af[MT][4], bf[NT][2];
#pragma unroll
            for (int i = 0; i < MT; i++) {
                int r = wm * WTM + i * 16 + (lane & 15);
                int c = ks * 16 + (lane >> 4) * 8;
                ldmatrix_x4(smem_u32(tA + r * LDS + c), af[i][0], af[i][1], af[i][2], af[i][3]);
            }
#pragma unroll
            for (int j = 0; j < NT; j += 2) {
                int r = wn * WTN + j * 8 + (lane & 7) + (lane >> 4) * 8;
                int c = ks * 16 + ((lane >> 3) & 1) * 8;
                ldmatrix_x4(smem_u32(tB + r * LDS + c), bf[j][0], bf[j][1], bf[j + 1][0], bf[j + 1][1]);
            }
#pragma unroll
            for (int i = 0; i < MT; i++)
#pragma unroll
                for (int j = 0; j < NT; j++) mma_16816(acc[i][j], af[i], bf[j]);
        }
    }
    cp_async_wait<0>();

    // --- epilogue ---
    const int g = lane >> 2;       // accumulator row within the m16 fragment
    const int q = (lane & 3) * 2;  // accumulator column pair within the n8 fragment
#pragma unroll
    for (int i = 0; i < MT; i++) {
#pragma unroll
        for (int h = 0; h < 2; h++) {
            int m = m0 + wm * WTM + i * 16 + g + h * 8;
            if (m >= p.M) continue;
#pragma unroll
            for (int j = 0; j < NT; j++) {
                int n = n0 + wn * WTN + j * 8 + q;
                if (n >= p.N) continue;
                float v0 = acc[i][j][h * 2], v1 = acc[i][j][h * 2 + 1];
                if (p.splits > 1) {  // split-K: FP32 partial, summed by conv_splitk_reduce_kernel
                    float *dst = p.ws + ((size_t)blockIdx.z * p.M + m) * p.N + n;
                    *reinterpret_cast<float2 *>(dst) = make_float2(v0, v1);
                } else if (!p.geglu) {
                    epilogue_store2(p, m, n, v0, v1);
                } else if ((j & 1) == 0) {  // GEGLU: n8 block j holds a, block j+1 holds g
                    geglu_store2(p, m, n, v0, v1, acc[i][j + 1][h * 2], acc[i][j + 1][h * 2 + 1]);
                }
            }
        }
    }
}

// Sums the split-K partials (splits, M, N) in split order and applies the
// epilogue; each thread handles 2 adjacent channels.
__device__ __forceinline__ float2 sum_splits(const ConvParams &p, size_t e) {
    const size_t MN = (size_t)p.M * p.N;
    float2 s = *reinterpret_cast<const float2 *>(p.ws + e);
    for (int z = 1; z < p.splits; z++) {
        float2 t = *reinterpret_cast<const float2 *>(p.ws + z * MN + e);
        s.x += t.x;
        s.y += t.y;
    }
    return s;
}

__global__ void conv_splitk_reduce_kernel(ConvParams p) {
    pdl_wait();
    const int ncols = p.geglu ? p.N / 2 : p.N;  // output channels
    size_t pairs = (size_t)p.M * ncols / 2;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < pairs;
         i += (size_t)gridDim.x * blockDim.x) {
        size_t e = i * 2;
        int m = (int)(e / ncols), c = (int)(e % ncols);
        if (!p.geglu) {
            float2 s = sum_splits(p, e);
            epilogue_store2(p, m, c, s.x, s.y);
        } else {
            int n = (c >> 3) * 16 + (c & 7);  // a channel in the interleaved order; g is n + 8
            float2 a = sum_splits(p, (size_t)m * p.N + n), g = sum_splits(p, (size_t)m * p.N + n + 8);
            geglu_store2(p, m, n, a.x, a.y, g.x, g.y);
        }
    }
}

struct TileInfo {
    int bm, bn, bk, wm, wn, stages;
    const char *name;
};
// The compiled tiles. 128x128 is the largest tile, with 8 warps
// of 64x32 instead of 16 warps of 32x32 (fewer ldmatrix per mma); the
// smaller tiles exist so that small-M/small-N shapes get enough CTAs. BK 64
// halves the barriers per FLOP; on H100 its 3 stages (110 KB for 128x128)
// still leave 2 CTAs per SM, which GA104's 100 KB could not (seed Insight 3).
#define CONV_TILES(X)               \
    X(128, 128, 32, 2, 4, 4)        \
    X(128, 128, 64, 2, 4, 3)        \
    X(128, 128, 32, 2, 2, 4)        \
    X(128, 128, 64, 2, 2, 3)        \
    X(128, 256, 32, 2, 4, 3)        \
    X(256, 128, 32, 4, 2, 3)        \
    X(128, 64, 32, 2, 2, 4)         \
    X(128, 64, 64, 2, 2, 3)         \
    X(64, 128, 32, 2, 2, 4)         \
    X(64, 128, 64, 2, 2, 3)         \
    X(64, 64, 32, 2, 2, 4)          \
    X(64, 64, 64, 2, 2, 3)
#define TILE_INFO(bm, bn, bk, wm, wn, st) {bm, bn, bk, wm, wn, st, #bm "x" #bn "x" #bk "/" #st "st/" #wm "x" #wn "w"},
const TileInfo kTiles[] = {CONV_TILES(TILE_INFO)};
constexpr int kNumTiles = sizeof(kTiles) / sizeof(kTiles[0]);

size_t tile_smem(const TileInfo &t) { return (size_t)t.stages * (t.bm + t.bn) * (t.bk + PAD) * sizeof(half); }

template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool GATHER>
cudaError_t launch_tile(const ConvParams &p, cudaStream_t stream) {
    static bool attr_set = false;  // per instantiation
    size_t smem = (size_t)STAGES * (BM + BN) * (BK + PAD) * sizeof(half);
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(conv_igemm_kernel<BM, BN, BK, WM, WN, STAGES, GATHER>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    dim3 grid((p.M + BM - 1) / BM, (p.N + BN - 1) / BN, p.splits);
    return pdl_launch(conv_igemm_kernel<BM, BN, BK, WM, WN, STAGES, GATHER>, grid, dim3(WM * WN * 32), smem, stream,
                      p);
}

typedef cudaError_t (*LaunchFn)(const ConvParams &, cudaStream_t);
#define TILE_FN(bm, bn, bk, wm, wn, st) &launch_tile<bm, bn, bk, wm, wn, st, false>,
const LaunchFn kLaunch[] = {CONV_TILES(TILE_FN)};
#define TILE_FN_GATHER(bm, bn, bk, wm, wn, st) &launch_tile<bm, bn, bk, wm, wn, st, true>,
const LaunchFn kLaunchGather[] = {CONV_TILES(TILE_FN_GATHER)};  // x2 / up: a whole UNet's up path

int ceil_div(long long a, long long b) { return (int)((a + b - 1) / b); }

}  // namespace

extern "C" int conv2d_shape_init(ConvShape *s) {
    if (s->batch <= 0 || s->h <= 0 || s->w <= 0 || s->cin <= 0 || s->cout <= 0) return 1;
    if (s->cin % 8 || s->cout % 8) return 1;
    if (s->ksize <= 0 || s->stride <= 0 || s->pad < 0) return 1;
    long long ho = ((long long)s->h + 2 * s->pad - s->ksize) / s->stride + 1;
    long long wo = ((long long)s->w + 2 * s->pad - s->ksize) / s->stride + 1;
    if (ho <= 0 || wo <= 0) return 1;
    s->ho = (int)ho;
    s->wo = (int)wo;
    const long long lim = 1LL << 31;
    if ((long long)s->batch * s->h * s->w * s->cin >= lim) return 1;
    if ((long long)s->batch * ho * wo * s->cout >= lim) return 1;
    if ((long long)s->cout * s->ksize * s->ksize * s->cin >= lim) return 1;
    return 0;
}


// TileConfig.tile numbering: the mma.sync tiles [0, kNumTiles), then
// gemm_wgmma.cu's tiles, then gemm_wgmma_pp.cu's persistent ping-pong tiles.
namespace {
int pp_first() { return kNumTiles + gemm_wgmma_num_tiles(); }
int num_all_tiles() { return pp_first() + gemm_wgmma_pp_num_tiles(); }
// The GEMM's K: the taps' channels, and a fused shortcut's (ConvShape.cs).
long long gemm_k(const ConvShape *s) { return (long long)s->ksize * s->ksize * s->cin + s->cs; }
// The Hopper engine's tiles of a shape: output tiles of tile index wt.
long long wgmma_tiles(const ConvShape *s, int wt) {
    int bm = 0, bn = 0;
    gemm_wgmma_tile_dims(wt, &bm, &bn);
    const long long mt = gemm_wgmma_tile_im2col(wt) ? ceil_div((long long)s->batch * s->ho * s->wo, bm)
                                                    : gemm_wgmma_m_tiles(s->batch, s->ho, s->wo, s->ksize, s->stride,
                                                                         s->pad, s->up);
    return mt * ceil_div(s->cout, bn);
}
}  // namespace

extern "C" const char *conv2d_tile_name(int tile) {
    if (tile >= pp_first()) return gemm_wgmma_pp_tile_name(tile - pp_first());
    if (tile >= kNumTiles) return gemm_wgmma_tile_name(tile - kNumTiles);
    return tile >= 0 ? kTiles[tile].name : "?";
}

extern "C" int conv2d_hopper_usable(void) { return gemm_wgmma_usable(); }

extern "C" int conv2d_norm_shape_ok(const ConvShape *s) {
    return s->cin % 8 == 0 && s->cout % 8 == 0 && !s->up &&
           gemm_wgmma_shape_ok(s->ksize, s->stride, s->pad, s->cin, s->cout, s->cin2, s->up);
}

extern "C" int conv2d_shortcut_shape_ok(const ConvShape *s) {
    return s->cin % 8 == 0 && s->cout % 8 == 0 && !s->norm &&
           gemm_wgmma_shortcut_ok(s->ksize, s->stride, s->pad, s->cin, s->cout, s->cin2, s->up, s->cs, s->cs2);
}

extern "C" int conv2d_tile_is_wgmma(int tile) { return tile >= kNumTiles && tile < num_all_tiles(); }

extern "C" int conv2d_tile_is_stream_k(int tile) {
    return tile >= kNumTiles && tile < pp_first() && gemm_wgmma_tile_stream_k(tile - kNumTiles);
}

extern "C" size_t conv2d_workspace_bytes(const ConvShape *s, TileConfig cfg) {
    if (conv2d_tile_is_stream_k(cfg.tile))
        return gemm_wgmma_sk_workspace_bytes(cfg.tile - kNumTiles, wgmma_tiles(s, cfg.tile - kNumTiles),
                                             (int)ceil_div(gemm_k(s), KSPLIT_ALIGN));
    if (cfg.splits <= 1 || (cfg.tile >= kNumTiles && cfg.tile < pp_first() &&
                            gemm_wgmma_tile_cluster_k(cfg.tile - kNumTiles)))
        return 0;
    return (size_t)cfg.splits * s->batch * s->ho * s->wo * s->cout * sizeof(float);
}

extern "C" int conv2d_candidates(const ConvShape *s, int num_sms, TileConfig *out, int max) {
    static const int kSplits[] = {1, 2, 3, 4, 6, 8, 12, 16};
    long long M = (long long)s->batch * s->ho * s->wo;
    int kchunks = ceil_div(gemm_k(s), KSPLIT_ALIGN);
    int n = 0;
    // The Hopper engine's tiles follow where it runs the shape (GEMM-shaped,
    // or a convolution over multiples of 64 input channels; a concatenated
    // input whose two parts are multiples of 64 channels; a nearest-2x
    // input read as four output phases); its persistent ping-pong tiles
    // only GEMM-shaped problems with one input, without split-K.
    // A GroupNorm in the operand path (s->norm) and a fused shortcut (s->cs)
    // run on gemm_wgmma.cu's tiles alone.
    const int wgmma = gemm_wgmma_usable() &&
                      gemm_wgmma_shape_ok(s->ksize, s->stride, s->pad, s->cin, s->cout, s->cin2, s->up) &&
                      !(s->norm && s->up) && (!s->cs || conv2d_shortcut_shape_ok(s));
    const int pp = wgmma && !s->norm && !s->cs &&
                   gemm_wgmma_pp_shape_ok(s->ksize, s->stride, s->pad, s->cin, s->cout, s->cin2, s->up);
    const int ntiles = !wgmma ? (s->cs ? 0 : kNumTiles) : pp ? num_all_tiles() : pp_first();
    for (int t = s->norm || s->cs ? kNumTiles : 0; t < ntiles; t++) {
        if (t >= pp_first()) {  // no split-K
            if (n < max) out[n++] = (TileConfig){t, 1};
            continue;
        }
        long long tiles;
        if (t >= kNumTiles) {
            // im2col tiles: plain convolutions only
            if (gemm_wgmma_tile_im2col(t - kNumTiles) &&
                !gemm_wgmma_i2c_shape_ok(s->ksize, s->stride, s->pad, s->up, s->norm, s->cs))
                continue;
            tiles = wgmma_tiles(s, t - kNumTiles);
        } else {
            tiles = ceil_div(M, kTiles[t].bm) * ceil_div(s->cout, kTiles[t].bn);
        }
        const int ck = t >= kNumTiles && gemm_wgmma_tile_cluster_k(t - kNumTiles);  // split-K inside a cluster
        if (t >= kNumTiles && gemm_wgmma_tile_stream_k(t - kNumTiles)) {
            // stream-K: no split; only where a one-tile-per-CTA grid leaves a partial last wave
            if (gemm_wgmma_sk_shape_ok(s->ksize, s->stride, s->pad, s->up, s->norm) && tiles % num_sms != 0 &&
                n < max)
                out[n++] = (TileConfig){t, 1};
            continue;
        }
        for (unsigned si = 0; si < sizeof(kSplits) / sizeof(kSplits[0]); si++) {
            int sp = kSplits[si];
            if (sp > 1 && kchunks / sp < 2) break;             // at least 128 of K per split
            if (sp > 1 && tiles * sp > 6LL * num_sms) break;   // already plenty of CTAs
            if (ck && (sp < 2 || sp > WG_MAX_CLUSTER_K)) continue;
            if (n < max) out[n++] = (TileConfig){t, sp};
        }
    }
    return n;
}

namespace {
// Estimated time (microseconds) of a Hopper-engine tile: fixed cost + the
// larger of the tensor-core time of the CTAs' waves and the L2 -> shared
// memory traffic of every stage, + the split-K partials' round trip. The
// constants were fit (least squares on log time) to the H100 tuning tables
// of bench/results/2026-11-23-h100-conv-wgmma/ (143 timed candidates of
// nine 3x3 convolutions); holding out one shape at a time, the model's pick
// was on average 1.02x and at worst 1.18x the time of that shape's fastest
// candidate. Per 64-deep stage of one CTA running alone: 0.353, 0.419 and
// 0.663 us for BN = 64, 128, 256 (interpolated in between); 8.2 TB/s of
// L2 reads, 1.28x the bytes for BN = 256 (fewer stages in flight).
// Cluster split-K tiles (tile index `wt` of gemm_wgmma.cu): their waves
// count clusters against the device's cluster capacity (a cluster of 4 of
// SD1.5's 1280 @16 b2 conv, 32 clusters of 4 = 128 CTAs, ran 57.6 us against
// 34.7 us for 96 CTAs in clusters of 3), and their in-cluster reduction
// costs 0.65x the workspace round trip: on the H100 the ck tile beat the
// workspace split of the same tile and split by 1.9-4.6 us at five SD shapes
// (bench/results/2026-11-23-h100-ck-producer-exit), 0.26-0.47x that term.
// Stream-K tiles: the CTAs share the U = tiles x stages evenly, S =
// ceil(U / CTAs) stages each, and a stage costs more than in a grid of one
// tile per CTA: SK_FIX_US + (SK_STAGE_BASE + SK_STAGE_PER_COL BN) S t_stage
// on top of the fixed 4.46 us, fit (least squares on log time) to the 32
// stream-K candidates (BN 64, 128, 160 and 256) of eight SD convolutions on
// the H100 (bench/results/2026-11-26-h100-stream-k/tuning/); the one built,
// BN 160, costs 1.4x per stage. All 132 CTAs stream different (tile, K)
// stages at once, where the CTAs of a one-tile-per-CTA wave read the same
// weight stage together: Nsight Compute put the L2 at 5.8 against 3.0 TB/s
// for the same convolution (docs/PERF.md, "Stream-K convolution tiles").
constexpr double SK_FIX_US = 5.0, SK_STAGE_BASE = 0.84, SK_STAGE_PER_COL = 0.0035;
double wgmma_tile_us(const ConvShape *s, int wt, int bn, int splits, int num_sms) {
    const int cluster_k = gemm_wgmma_tile_cluster_k(wt);
    const double bn_pts[3] = {64, 128, 256}, stage_us[3] = {0.353, 0.419, 0.663}, l2_factor[3] = {1.015, 1.0, 1.278};
    const int j = bn <= 128 ? 0 : 1;
    double f = (bn - bn_pts[j]) / (bn_pts[j + 1] - bn_pts[j]);
    f = f < 0 ? 0 : (f > 1 ? 1 : f);
    const double t_stage = stage_us[j] + f * (stage_us[j + 1] - stage_us[j]);
    const double l2f = l2_factor[j] + f * (l2_factor[j + 1] - l2_factor[j]);
    const long long M = (long long)s->batch * s->ho * s->wo;
    const long long ctas = wgmma_tiles(s, wt) * splits;
    long long waves = (ctas + num_sms - 1) / num_sms;
    if (cluster_k && splits > 1) {
        int cap = gemm_wgmma_max_clusters(wt, splits);
        if (cap < 1) cap = num_sms / splits;  // the query failed: assume every SM takes part
        waves = (ctas / splits + cap - 1) / cap;
    }
    const int spc = ceil_div(ceil_div(gemm_k(s), KSPLIT_ALIGN), splits);
    if (gemm_wgmma_tile_stream_k(wt)) {  // equal shares of every tile's stages
        const long long u = ctas * spc, g = u < num_sms ? u : num_sms, per = (u + g - 1) / g;
        return 4.46 + SK_FIX_US + (SK_STAGE_BASE + SK_STAGE_PER_COL * bn) * (double)per * t_stage;
    }
    const double tc = (double)waves * spc * t_stage;
    const double l2 = (double)ctas * spc * (128 + bn) * 128 * l2f / 8.22e12 * 1e6;
    double t = 4.46 + (tc > l2 ? tc : l2);
    if (splits > 1) t += (cluster_k ? 0.65 : 1.0) * splits * M * s->cout * 8 / 2.15e12 * 1e6;
    return t;
}
}  // namespace

namespace {
// Whether the heuristic weighs the stream-K tile (tuning always times it):
// where a one-tile-per-CTA grid of its own tiles keeps less than 70% of the
// SMs busy over its waves (the stream-K stage costs 1.4x, SK_STAGE_*), and
// only with at least half a wave of whole tiles. With fewer tiles the
// cluster split-K tiles ran faster than the model says (SD1.5's
// 2560 -> 1280 @16 b2 shortcut conv: ck split 8 24.1-24.9 us, stream-K
// 40.8-40.9 us, same job, bench/results/2026-11-26-h100-stream-k/).
bool sk_heuristic_ok(long long tiles, int num_sms) {
    const long long waves = (tiles + num_sms - 1) / num_sms;
    return 2 * tiles >= num_sms && (double)tiles < 0.7 * (double)(waves * num_sms);
}
}  // namespace

namespace {
// The heuristic's ping-pong pick (a tile of gemm_wgmma_pp.cu with the
// TMA-store epilogue, gemm_wgmma_pp_heuristic_tile) for a GEMM-shaped node,
// else -1 (gemm_wgmma.cu's cost model below). ln_fold: the node's LayerNorm is
// folded into the epilogue, which the two-consumer tiles run in their
// single-variant kernels (pp_ts.cuh TSV_LN_*); the three-consumer ones keep it
// in the all-variant kernel.
// - K <= 640 from half a wave of 64 x 160 tiles: the two-consumer 64 x 160
//   tile below 3.5 waves, the three-consumer one from there. On the H100
//   (bench/results/2026-11-26-h100-weight-resident/) the two-consumer tile was
//   1.02-1.30x the best gemm_wgmma.cu tile at every shape of 3.5 waves or more;
//   the three-consumer one 1.07-1.19x that (bench/results/2026-11-27-h100-pp3/),
//   the TMA-store epilogue 1.03-1.39x more (bench/results/2026-11-27-h100-ts/).
// - 640 < K <= 2048 at most 256 rows (the context's key / value projections,
//   the 8 x 8 to 16 x 16 levels' linears), and with the LayerNorm fold at any
//   rows: the two-consumer 64 x 160, 64 x 96 or (at most 256 rows) 64 x 64
//   tile by pp_wave_width; K = 2048 at most 256 rows without the fold: the
//   three-consumer 64 x 96 tile (77 x 2560 x 2048 8.06 us against 9.00 for
//   64 x 128 and 9.3-12.4 for split-K; bench/results/2026-11-27-h100-narrow/).
// - K > 640 with more rows, where 64 x 160 tiles make at most one wave: the
//   three-consumer 64 x 160 or 64 x 96 tile by pp_wave_width; past K = 2560
//   the three-consumer 64 x 128 tile where those make one wave, else 64 x 160
//   (one long-K tile per CTA: the wave model's narrower tile runs slower).
// - K <= 1280 with N <= 640 past one wave (the feed-forward's second GEMM at
//   320 channels): the two-consumer 64 x 160 tile.
// - K > 2048 with N <= 640 past two waves of 64 x 160 (ff2 at 640 channels,
//   4608 rows and more): the two-consumer 64 x 160 or three-consumer 64 x 128
//   tile by pp_wave_width.
//   The two K > 2048 rules came from tuning tables (H200, with the N-fastest
//   walk where A is over half the L2; bench/results/2026-11-29-h200-tile-walk/
//   tuning-k2560) and were measured against the rules before them (rule-k2560,
//   graph replays with a residual, us): SD1.5 512 x 1280 x 5120 20.0-20.2
//   against 22.7-22.8 (a 128 x 160 split-K tile), SD2.1 576 x 1280 x 5120
//   20.2-20.6 against 23.3-25.2 (64 x 96, three consumers), SD2.1 4608 x 640 x
//   2560 32.0 against 35.4-35.5 (128 x 256), SDXL 8192 x 640 x 2560 48.6-48.8
//   against 51.4-51.7 (128 x 160).
// Tuning picked these tiles at those shapes in the sweeps of every SD block
// (bench/results/2026-11-28-h200-heuristic, H200, with the cold-code fix of
// the TS epilogue), against gemm_wgmma.cu's tiles: 1024 x 10240 x 1280 with
// the fold 55.5 against 79.6 us, 1024 x 1280 x 5120 24.3 against 32.4,
// 9216 x 320 x 1280 22.3 against 31.6, 512 x 1280 x 1280 9.9 against 11.2.
// Where tuning kept gemm_wgmma.cu's tiles (1152 and 2048 x 1280 x 1280 and x
// 5120 without the fold, 2304 and 4096 x 640 x 2560) the rules leave them.
// The rule itself is pp_rule_kind (kernels/pp_rule.h, tested on the CPU); its
// wave model, pp_wave_width, orders as tuning did: 256 x 3840 x 1280 64 x 160
// (13.3 us) against 64 x 64 (15.0); 64 x 10240 x 1280 64 x 96 (12.3) against
// 64 x 64 (15.7); 576 x 1280 x 1280 with the LayerNorm fold 64 x 96 (12.4)
// against a 128 x 64 gemm_wgmma.cu tile (14.2).
int pp_heuristic_pick(const ConvShape *s, const TileConfig *cand, int nc, int num_sms, int ln_fold) {
    const int kind = pp_rule_kind((long long)s->batch * s->ho * s->wo, s->cout, gemm_k(s), ln_fold, num_sms);
    if (kind < 0) return -1;
    const int pt = gemm_wgmma_pp_heuristic_tile(kind);
    for (int i = 0; pt >= 0 && i < nc; i++)
        if (cand[i].tile == pp_first() + pt) return i;
    return -1;
}
}  // namespace

namespace {
// The im2col twin of the cost model's pick (the same width and split) where
// the pick is a plain rectangle tile and the twin's 128 consecutive output
// pixels make fewer tiles than the rectangles do: outputs whose side is not a
// multiple of the rectangle's (24 x 24 at batch 2: 9 m-tiles against 12;
// 12 x 12; odd sizes); else -1. At the same tile and split the im2col tiles
// ran 0.99x the rectangle's time at the median of 18 SD convolutions on the
// H100, and tuning picked them at SD2.1's 24 x 24 and 48 x 48 convolutions
// (1280 -> 1280 @24 b1 34.4 against 38.5 us; bench/results/2026-11-27-h100-im2col/).
int i2c_twin(const ConvShape *s, TileConfig pick, const TileConfig *cand, int nc) {
    const int wt = pick.tile - kNumTiles;
    if (gemm_wgmma_tile_cluster_k(wt) || gemm_wgmma_tile_stream_k(wt) || gemm_wgmma_tile_im2col(wt)) return -1;
    int bm = 0, bn = 0;
    gemm_wgmma_tile_dims(wt, &bm, &bn);
    for (int i = 0; i < nc; i++) {
        const int t = cand[i].tile - kNumTiles;
        if (cand[i].tile < kNumTiles || cand[i].tile >= pp_first() || !gemm_wgmma_tile_im2col(t) ||
            cand[i].splits != pick.splits)
            continue;
        int bm2 = 0, bn2 = 0;
        gemm_wgmma_tile_dims(t, &bm2, &bn2);
        if (bn2 == bn) return wgmma_tiles(s, t) < wgmma_tiles(s, wt) ? i : -1;
    }
    return -1;
}
}  // namespace

// The candidates the heuristic weighs: the first 128 of the list, the view its
// cost model was fit to and its picks were measured with (the lists were cut
// at 128 until CONV2D_MAX_CANDIDATES). Offered the whole list, it took the
// cluster split-K tiles that long-K shapes list last (low-resolution 3x3
// convs, the feed-forward's second GEMM, the context's key/value GEMMs) where
// they ran 12-40% slower than its old picks: SD1.5 b1 step 4.11 -> 4.17 ms,
// SD2.1 b1 7.14 -> 7.24 ms (bench/results/2026-11-27-h100-candidates/).
constexpr int kHeuristicCandidates = 128;

extern "C" TileConfig conv2d_heuristic(const ConvShape *s, int num_sms) { return conv2d_heuristic_ln(s, num_sms, 0); }

extern "C" TileConfig conv2d_heuristic_ln(const ConvShape *s, int num_sms, int ln_fold) {
    // Estimated time ~ waves * tile work / tile efficiency + split-K traffic.
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    int nc = conv2d_candidates(s, num_sms, cand, CONV2D_MAX_CANDIDATES);
    const int pp = pp_heuristic_pick(s, cand, nc, num_sms, ln_fold);
    if (pp >= 0) return cand[pp];
    const int nc_all = nc;
    if (nc > kHeuristicCandidates) nc = kHeuristicCandidates;  // the cost model's view
    // Where the Hopper engine runs the shape it is the one picked (it was the
    // tuner's pick at every SD conv and GEMM shape measured on the H100), by
    // its own model; the model knows gemm_wgmma.cu's tiles only, and of the
    // ping-pong tiles only the rule above picks one.
    double best_wg = 1e300;
    TileConfig pick_wg = {-1, 1};
    for (int i = 0; i < nc; i++) {
        if (cand[i].tile < kNumTiles || cand[i].tile >= pp_first()) continue;
        if (gemm_wgmma_tile_im2col(cand[i].tile - kNumTiles)) continue;  // the rule below
        if (gemm_wgmma_tile_stream_k(cand[i].tile - kNumTiles) &&
            !sk_heuristic_ok(wgmma_tiles(s, cand[i].tile - kNumTiles), num_sms))
            continue;
        int bm = 0, bn = 0;
        gemm_wgmma_tile_dims(cand[i].tile - kNumTiles, &bm, &bn);
        const double t = wgmma_tile_us(s, cand[i].tile - kNumTiles, bn, cand[i].splits, num_sms);
        if (t < best_wg) {
            best_wg = t;
            pick_wg = cand[i];
        }
    }
    if (pick_wg.tile >= 0) {
        const int i2c = i2c_twin(s, pick_wg, cand, nc_all);
        return i2c >= 0 ? cand[i2c] : pick_wg;
    }
    long long M = (long long)s->batch * s->ho * s->wo;
    const long long K = gemm_k(s);
    double best = 1e300;
    TileConfig pick = {0, 1};
    for (int i = 0; i < nc; i++) {
        if (cand[i].tile >= kNumTiles) continue;
        const TileInfo &ti = kTiles[cand[i].tile];
        long long ctas = (long long)ceil_div(M, ti.bm) * ceil_div(s->cout, ti.bn) * cand[i].splits;
        int per_sm = (int)((227 * 1024) / tile_smem(ti));
        int warps = ti.wm * ti.wn;
        if (per_sm * warps > 16) per_sm = 16 / warps;
        if (per_sm < 1) per_sm = 1;
        long long waves = (ctas + (long long)num_sms * per_sm - 1) / ((long long)num_sms * per_sm);
        double eff = (ti.bm * ti.bn >= 128 * 128 ? 1.0 : (ti.bm * ti.bn >= 128 * 64 ? 0.85 : 0.7)) *
                     (ti.bk == 64 ? 1.1 : 1.0);
        // one wave: every SM runs per_sm CTAs of this tile at ~2.5 TFLOP/s per SM
        double wave_time = 2.0 * ti.bm * ti.bn * ((double)K / cand[i].splits) * per_sm / (eff * 2.5e12);
        double t = (double)waves * wave_time;
        if (cand[i].splits > 1) t += (double)cand[i].splits * M * s->cout * 8.0 / 2.5e12 + 3e-6;
        if (t < best) {
            best = t;
            pick = cand[i];
        }
    }
    return pick;
}

namespace {
cudaError_t igemm_launch(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *x2,
                         const uint16_t *w, const float *bias, const uint16_t *temb, const uint16_t *residual,
                         uint16_t *y, int geglu, float *workspace, cudaStream_t stream,
                         const float *norm = nullptr, int norm_silu = 0, const float *ln_stats = nullptr,
                         const float *ln_colsum = nullptr, const uint16_t *xs = nullptr,
                         const uint16_t *xs2 = nullptr, float *gn_part = nullptr, int *gn_slot = nullptr) {
    if (cfg.tile < 0 || cfg.tile >= num_all_tiles() || cfg.splits < 1) return cudaErrorInvalidValue;
    if (!ln_stats != !ln_colsum ||
        (ln_stats && ((reinterpret_cast<uintptr_t>(ln_stats) & 7) || (reinterpret_cast<uintptr_t>(ln_colsum) & 15))))
        return cudaErrorInvalidValue;  // the epilogue reads (mean, rstd) as float2 and colsum as float4
    if (!norm != !s->norm || (norm && cfg.tile < kNumTiles)) return cudaErrorInvalidValue;  // Hopper tiles only
    if (!xs != !s->cs || (s->cs && (cfg.tile < kNumTiles || cfg.tile >= pp_first() || (s->cs2 && !xs2))))
        return cudaErrorInvalidValue;  // a fused shortcut: gemm_wgmma.cu's tiles only
    if ((s->cin2 || s->up) && ((s->cin2 && !x2) || s->cin2 % 8 || s->h % (s->up ? 2 : 1) || s->w % (s->up ? 2 : 1)))
        return cudaErrorInvalidValue;
    if (!workspace && conv2d_workspace_bytes(s, cfg) > 0) return cudaErrorInvalidValue;  // ck tiles need none
    if (gn_part && (!gn_slot || geglu || !conv2d_gn_stats_slots(s, cfg))) return cudaErrorInvalidValue;
    ConvParams p;
    p.x = reinterpret_cast<const half *>(x);
    p.w = reinterpret_cast<const half *>(w);
    p.bias = bias;
    p.temb = reinterpret_cast<const half *>(temb);
    p.residual = reinterpret_cast<const half *>(residual);
    p.y = reinterpret_cast<half *>(y);
    p.H = s->h;
    p.W = s->w;
    p.Cin = s->cin;
    p.ksize = s->ksize;
    p.stride = s->stride;
    p.pad = s->pad;
    p.Ho = s->ho;
    p.Wo = s->wo;
    p.M = s->batch * s->ho * s->wo;
    p.N = s->cout;
    p.Kc = s->ksize * s->ksize * s->cin;
    p.K = (int)gemm_k(s);
    p.xs = reinterpret_cast<const half *>(xs);
    p.xs2 = s->cs2 ? reinterpret_cast<const half *>(xs2) : nullptr;
    p.Cs1 = s->cs - s->cs2;
    p.kchunks = ceil_div(p.K, KSPLIT_ALIGN);
    p.splits = cfg.splits > p.kchunks ? p.kchunks : cfg.splits;
    p.ws = workspace;
    p.geglu = geglu;
    p.x2 = s->cin2 ? reinterpret_cast<const half *>(x2) : nullptr;
    p.Cin1 = s->cin - s->cin2;
    p.up = s->up;
    p.norm = reinterpret_cast<const float2 *>(norm);
    p.norm_silu = norm_silu;
    p.cluster_k = 0;  // gemm_wgmma_launch sets it for its cluster split-K tiles
    p.ln_stats = reinterpret_cast<const float2 *>(ln_stats);
    p.ln_colsum = ln_colsum;
    p.gn_part = reinterpret_cast<float2 *>(gn_part);
    p.gn_slot = reinterpret_cast<int2 *>(gn_slot);
    const LaunchFn *table = (p.x2 || p.up) ? kLaunchGather : kLaunch;
    cudaError_t e = cfg.tile < kNumTiles  ? table[cfg.tile](p, stream)
                    : cfg.tile < pp_first() ? gemm_wgmma_launch(cfg.tile - kNumTiles, p, stream)
                                            : gemm_wgmma_pp_launch(cfg.tile - pp_first(), p, stream);
    if (e != cudaSuccess || p.splits == 1 || conv2d_workspace_bytes(s, cfg) == 0) return e;  // reduced in-kernel
    size_t pairs = (size_t)p.M * p.N / 2;
    int blocks = (int)((pairs + 255) / 256);
    if (blocks > 4096) blocks = 4096;
    return pdl_launch(conv_splitk_reduce_kernel, dim3(blocks), dim3(256), 0, stream, p);
}
}  // namespace

extern "C" cudaError_t conv2d_igemm_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x,
                                         const uint16_t *w, const float *bias, const uint16_t *temb,
                                         const uint16_t *residual, uint16_t *y, float *workspace,
                                         cudaStream_t stream) {
    if (s->cin2 || s->up) return cudaErrorInvalidValue;  // conv2d_igemm2_fp16
    return igemm_launch(s, cfg, x, nullptr, w, bias, temb, residual, y, 0, workspace, stream);
}

extern "C" int conv2d_gn_stats_slots(const ConvShape *s, TileConfig cfg) {
    if (cfg.tile < kNumTiles || cfg.tile >= pp_first() || s->cin2 || s->up || s->norm || s->cs) return 0;
    const long long n = gemm_wgmma_gn_stats_slots(cfg.tile - kNumTiles, s->batch, s->ho, s->wo, s->ksize, s->stride,
                                                  s->pad, s->up, cfg.splits);
    return n > 0 && n < (1LL << 30) ? (int)n : 0;
}

extern "C" int conv2d_gn_stats_max_slots(const ConvShape *s) {
    int most = 0;
    for (int i = 0; i < gemm_wgmma_num_tiles(); i++) {
        const int n = conv2d_gn_stats_slots(s, TileConfig{kNumTiles + i, 1});
        if (n > most) most = n;
    }
    return most;
}

extern "C" cudaError_t conv2d_igemm_gn_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *w,
                                            const float *bias, const uint16_t *temb, const uint16_t *residual,
                                            uint16_t *y, float *workspace, float *gn_part, int *gn_slot,
                                            cudaStream_t stream) {
    if (s->cin2 || s->up || !gn_part) return cudaErrorInvalidValue;
    return igemm_launch(s, cfg, x, nullptr, w, bias, temb, residual, y, 0, workspace, stream, nullptr, 0, nullptr,
                        nullptr, nullptr, nullptr, gn_part, gn_slot);
}

extern "C" cudaError_t conv2d_igemm2_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *x2,
                                          const uint16_t *w, const float *bias, const uint16_t *temb,
                                          const uint16_t *residual, uint16_t *y, float *workspace,
                                          cudaStream_t stream) {
    return igemm_launch(s, cfg, x, x2, w, bias, temb, residual, y, 0, workspace, stream);
}

extern "C" cudaError_t conv2d_igemm_norm_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x,
                                              const uint16_t *x2, const float *norm, int silu, const uint16_t *w,
                                              const float *bias, const uint16_t *temb, const uint16_t *residual,
                                              uint16_t *y, float *workspace, cudaStream_t stream) {
    if (!s->norm || !norm) return cudaErrorInvalidValue;
    return igemm_launch(s, cfg, x, x2, w, bias, temb, residual, y, 0, workspace, stream, norm, silu);
}

extern "C" cudaError_t conv2d_igemm_sc_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *xs,
                                            const uint16_t *xs2, const uint16_t *w, const float *bias,
                                            const uint16_t *temb, uint16_t *y, float *workspace, cudaStream_t stream) {
    if (!s->cs || !xs || s->cin2 || s->up || s->norm) return cudaErrorInvalidValue;
    return igemm_launch(s, cfg, x, nullptr, w, bias, temb, nullptr, y, 0, workspace, stream, nullptr, 0, nullptr,
                        nullptr, xs, xs2);
}

extern "C" ConvShape gemm_as_conv(int m, int n, int k) {
    ConvShape s = {1, m, 1, k, n, 1, 1, 0, m, 1, 0, 0, 0, 0, 0};
    return s;
}

extern "C" cudaError_t gemm_fp16(int m, int n, int k, TileConfig cfg, const uint16_t *a, const uint16_t *w,
                                 const float *bias, const uint16_t *residual, uint16_t *y, GemmEpilogue epi,
                                 float *workspace, cudaStream_t stream) {
    ConvShape s = gemm_as_conv(m, n, k);
    if (conv2d_shape_init(&s)) return cudaErrorInvalidValue;
    if (epi == GEMM_EPI_GEGLU && (n % 16 || residual)) return cudaErrorInvalidValue;
    return igemm_launch(&s, cfg, a, nullptr, w, bias, NULL, residual, y, epi == GEMM_EPI_GEGLU, workspace, stream);
}

extern "C" cudaError_t gemm_fp16_lnfold(int m, int n, int k, TileConfig cfg, const uint16_t *a, const uint16_t *w,
                                        const float *ln_stats, const float *ln_colsum, const float *bias,
                                        const uint16_t *residual, uint16_t *y, GemmEpilogue epi, float *workspace,
                                        cudaStream_t stream) {
    if (!ln_stats || !ln_colsum) return cudaErrorInvalidValue;
    ConvShape s = gemm_as_conv(m, n, k);
    if (conv2d_shape_init(&s)) return cudaErrorInvalidValue;
    if (epi == GEMM_EPI_GEGLU && (n % 16 || residual)) return cudaErrorInvalidValue;
    return igemm_launch(&s, cfg, a, nullptr, w, bias, NULL, residual, y, epi == GEMM_EPI_GEGLU, workspace, stream,
                        nullptr, 0, ln_stats, ln_colsum);
}

extern "C" void geglu_interleave_rows(const float *src, float *dst, int f, int k) {
    for (int r = 0; r < 2 * f; r++) {
        int blk = r / 16, within = r % 16;
        int srow = (within < 8 ? 0 : f) + blk * 8 + within % 8;  // a rows first, then g rows
        for (int c = 0; c < k; c++) dst[(size_t)r * k + c] = src[(size_t)srow * k + c];
    }
}
