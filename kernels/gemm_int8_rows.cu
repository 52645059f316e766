// gemm_int8_rows.cu: the INT8 GEMM with per-row activation scales and per-
// output-channel weight scales (--int8-scales row), its row quantizer, the
// few-row linear that does both in one kernel (linear_rows_int8), and the
// GEMM with the same weights and A quantized per row and 128-K group by its
// own pass (--int8-scales group: quantize_groups_int8, gemm_int8_group).
//
// What it computes (kernels.h, quantize_rows_int8 / gemm_int8_rows)
//   qa, sa = quantize_rows_int8(a)  every row of A (M, K) to symmetric INT8
//                                   with its own max-abs scale (online, one
//                                   read of A per call; SiLU first for
//                                   time_emb_proj; after a LayerNorm, the
//                                   LayerNorm pass makes them instead:
//                                   layernorm_quant_rows_int8, layernorm.cu;
//                                   both use quant_rows.cuh);
//   qw, sw = quantize_rows_int8(w)  once, when the weights are made: one
//                                   scale per output channel;
//   y[m, n] = epi(float(isum) * (sa[m] * sw[n])), isum = sum over the whole K
//   of qa[m, k] * qw[n, k] in exact INT32 (|isum| <= K * 127^2 < 2^31 for
//   K < 133144). No K-tiles: the result does not depend on the tile (nor on
//   the ck tiles' K splits, whose INT32 sums add exactly), and the
//   dequantization is one multiply per output in the epilogue instead of two
//   operations per accumulator and K-tile. The C model is
//   gemm_int8_rows_model (src/layers/quant.c).
//
// Why (docs/PERF.md, "Online-quantized INT8 GEMM")
//   The per-tile kernels (gemm_int8.cu, gemm_int8_wgmma.cu) move FP16
//   operands, quantize every K-tile of A and W in every CTA that reads it
//   (each A tile N / BN times, each W tile M / BM times) and dequantize the
//   accumulators after every K-tile: 0.70x of the FP16 GEMM at 4096^3. Here
//   the operands are INT8 in memory, half the bytes of FP16, and the tensor
//   cores read them straight from the TMA ring: the main loop is the FP16
//   engine's (gemm_wgmma.cu) with twice the K per byte.
//
// Tile design (I8R_TILES: plain tiles, BN and ring stages; I8R_PP_TILES:
// persistent ping-pong tiles, consumer rows WM, BN, stages, consumers NC;
// I8R_QA_TILES: the ping-pong tiles that quantize their own A, BN, stages,
// consumers NC;
// I8R_CK_TILES: the cluster split-K tiles, BN, stages)
//   - Plain: CTA tile 128 x BN (BN = 256, 160 or 128), 384 threads: warpgroup 0
//     is the producer (one thread issues the TMA copies, 128-byte swizzle: a
//     128 (K bytes) x 128 (rows) box of qa and a 128 x BN box of qw per
//     stage), warpgroups 1 and 2 consume 64 rows each with one wgmma
//     m64nBNk32 s8 per 32 K-bytes (4 per stage), INT32 accumulators (BN / 2
//     per thread), and both read the stage's weight box: the lowest L2
//     traffic per product. setmaxnreg: producer 40, consumers 232. Stages of
//     48 KB (BN 256), 36 KB (160) or 32 KB (128): 4, 5 or 6, 180-192 KB.
//     Grid (M tiles, N tiles), M fastest: CTAs running together share
//     weight tiles in L2. The 128 x 160 tile (the epilogue's batches cut
//     at 20 column pairs) is the FP16 engine's pick at the K = 5120
//     feed-forward shape; in INT8 it ties the TS 64 x 160 at 2048 x 1280 x
//     5120 (42.65 against 42.36 us) and is the tuner's pick at 8192 rows
//     (160.4 against 162.1 for the TS 64 x 256; H100, docs/PERF.md), within
//     1%, so the heuristic does not take it.
//   - Ping-pong (gemm_wgmma_pp.cu's schedule): one CTA per SM walks the tiles
//     b, b + grid, ... (M fastest; N fastest where the INT8 A is over half the
//     L2, pp_rule_walk_n: the CTAs at work then share rows of A, which DRAM
//     gives once, rather than a column block of W; 8192 x 1280 x 5120: 118.4
//     against 126.7-126.9 us, H200, docs/PERF.md); the producer runs ahead
//     through one ring across tile boundaries; NC consumers take the CTA's
//     tiles in turn, each a whole WM x BN tile (WM = 128: two m64 halves), and
//     a consumer starts a tile's main loop once the previous one has issued its
//     last wgmma (named barriers), so the other consumers' epilogues run under
//     its products. Three consumers (the 64 x 128 "3c" tile, 512 threads,
//     setmaxnreg 24 / 160): at K = 320 .. 640 the epilogue of a tile takes
//     longer than its main loop (Nsight Compute at 8192 x 2560 x 320: 24% of
//     the issue slots used, the epilogue's loads waited on), and two epilogues
//     then run under each main loop: 43.3 against 51.4 us there with two
//     consumers (docs/PERF.md). The 64 x 64 tile (12 stages) is for the GEMMs
//     of a few rows (64-512), where more CTAs share the K loop; the 64 x 32 TS
//     tile (16 stages) for 64-128 rows at N = 1280: twice the CTAs of the 64 x
//     64 one, each streaming half the weight rows (13.6 against 14.3-14.4 us at
//     64 and 128 x 1280 x 5120).
//   - One wgmma group in flight (commit, wait_group 1, release the previous
//     stage): wg_ring_mainloop (wgmma.cuh), shared with gemm_wgmma.cu.
//   - Epilogue (i8r_epilogue, every TMA tile): the values formed in
//     registers (thread (warp w, lane l) holds rows 16w + l/4 (+8) and
//     column pairs 8j + 2 (l % 4)), the weight scales, bias and residual of
//     8 column pairs loaded before the first is used, written as FP16 pairs
//     into a per-warp slab of 8 rows (the plain tiles: in the then idle
//     ring; the ping-pong tiles: beside it) and stored to y as whole rows in
//     16-byte chunks. The first build stored the FP16 pairs straight to y
//     (4-byte stores): 183.9 against 157.2 us at 4096^3 (docs/PERF.md).
//   - TS tiles (the 64-row ping-pong tiles with " ts"; the heuristic's
//     picks): the accumulators are dequantized in place into FP32
//     (i8r_dequant_frag) and the FP16 engine's TMA-store epilogue
//     (pp_ts.cuh) does the rest: bias, residual (loaded into the warp's slab
//     by TMA under the tile's main loop), GEGLU, stmatrix into a swizzled
//     slab and TMA stores, so a consumer's epilogue no longer waits on its
//     global stores. Measured (docs/PERF.md, "The TMA-store epilogue on the
//     INT8 row tiles"): 4096^3 127.2 against 134.4 us with the same tile's
//     slab epilogue, 8192 x 10240 x 1280 197.5 against 264.8, 8192 x 2560
//     x 320 31.9 against 43.4 (the best slab-epilogue tile).
//   - TS tiles with two consumers and BN <= 160 read their weight scales
//     (BN / 8 float2 per thread) and the fragment's two row scales into
//     registers before the main loop, so the dequantization no longer
//     waits on L2 loads after the last wgmma: SD1.5 1280 @8 transformer
//     blocks 93.4-93.6 against 96.5-96.8 us (b2), 86.9-87.4 against
//     89.3-90.3 (b1); the GEMM kernel at 8192 x 960 x 320 13.1 against 13.7
//     us. Weight scales alone made 8192 x 320 x 320 0.2-0.4 us slower; with
//     the row scales too it is back at 6.34. The three-consumer tile and BN
//     = 256 have no registers for them (docs/PERF.md, "Scales in registers
//     before the main loop").
//   - TS tiles with BN <= 160 (ping-pong and qa) are compiled per epilogue
//     variant as gemm_wgmma_pp.cu's are (pp_ts.cuh, TSV; BN = 256 keeps
//     the all-variant kernel: ptxas spilled 16-196 bytes in its
//     single-variant ones): the SD1.5 320 @64 b2 block with INT8 row
//     linears 281-283 against 297-302 us (heuristic), the SD1.5 step
//     5.11-5.12 against 5.30 ms (H100, docs/PERF.md, "Cold instruction
//     caches").
//   - The 64 x 160 TS tile (wgmma s8 n160): every SD width is a multiple of
//     160, so N = 320 is two tiles (64 x 128: three, one half empty) and a
//     2048 x 1280 output 1.94 waves on 132 SMs (64 x 256: 1.21): 2048 x 1280
//     x 5120 45.0 against 49.2 us (docs/PERF.md, "INT8 row tiles that
//     quantize their own A").
//   - qa tiles (I8R_QA_TILES, gemm_int8_rows_a16): each CTA quantizes a 64-row
//     block of FP16 A itself and keeps it resident for its N tiles, one
//     kernel instead of the quantizer's pass and a tile; where 64-row blocks
//     fill the SMs (their section below).
//   - Group tiles (I8G_TILES, gemm_int8_group; --int8-scales group): A comes
//     quantized per (row, 128-K group) from quantize_groups_int8 (one pass, a
//     warp per row, a half-warp per group; INT8 A (M, K) and scales (M, G)),
//     and the tile is the plain one's: producer + two consumers, a stage of
//     INT8 A (128 x 128) and W (BN x 128) by TMA, wgmma s8 from shared
//     memory, but persistent: one CTA per SM walks its output tiles through
//     one ring (the producer runs ahead across tiles) and ends each with the
//     TS epilogue (pp_ts.cuh), whose stores run on under the next tile. One
//     group is one stage: its INT32 sums (|isum| <= 128 * 127^2 < 2^22) are
//     exact, and float(isum) (I2FP, one instruction) goes into
//     the FP32 accumulators with one fma and the row's group scale. The 128 x
//     160 tile runs a stage's two column halves as separate wgmma groups (one
//     is dequantized while the other's products run; 64-72 bytes spill, 80 +
//     80 registers of sums); the 128 x 128 "db" tile keeps two full INT32 sets
//     and dequantizes stage j under stage j + 1's products. The heuristic
//     takes the one with fewer waves x columns (db columns at 15/16).
//     Measured (H200, docs/PERF.md "Persistent group tiles"): 1.13-1.43x the
//     row tiles' time (one tile per CTA it was 1.25-1.97x); 1.24-1.43x faster
//     than FP16 at 4096^3, 8192 x 1280 x 5120 and N = 10240, K = 1280.
//     Measured (H200, docs/PERF.md "Group scales made before the GEMM"):
//     2048 x 1280 x 5120 45.0-45.4 us against 69.6-69.7 for the previous
//     design (FP16 A quantized in the consumers' registers: some 630
//     instructions per stage and thread at 6 cycles each) and 32.1-32.2 for
//     row scales; the SD1.5 b2 step 6.12 against 7.32 ms (row 4.89). Still
//     the accuracy setting, not a fast path: the dequantization per stage and
//     the separate pass keep it behind the row scheme at every shape.
//   - ck tiles (I8R_CK_TILES, cluster split-K): a 64 x BN tile's K in S
//     ranges, one per CTA of a cluster, the exact INT32 sums added through
//     distributed shared memory before the TS epilogue (their section below):
//     the GEMMs of a few rows and a long K, where one CTA per tile streams
//     the whole K alone (64 x 1280 x 5120: 9.1 against 11.6 us, H200).
//   - linear_rows_int8: B-row linears (the time embedding, time_emb_proj)
//     in one launch of light blocks, each quantizing the rows into shared
//     memory and forming 8 output channels by dp4a (no persistent CTA that
//     holds a whole SM for 1-2 rows, no second kernel).
//   A portable kernel (any cc, any K multiple of 8) computes the same bits
//   with dp4a over shared-memory tiles; it exists for the shapes and GPUs the
//   TMA tiles cannot take and is not tuned.
//
// Limits (H100, bench/results/2026-11-27-h100-int8-ts and -int8-qa,
// docs/PERF.md)
//   4096^3: 132.4 us (1038 effective TFLOP/s, quantization of A included),
//   1.60x the FP16 engine in the same run; the feed-forward shapes with N =
//   10240 1.45-1.58x, with K = 5120 0.96-1.06x; the SD linears with N = 320
//   .. 1280 0.85-1.11x (8192 x 320 x 320 0.85x): there the FP16 GEMM itself
//   is a few microseconds and streams A under its products, while the INT8
//   node adds a second kernel (the row quantizer, which reads A in FP16: at
//   K = 5120 a third of the node; or the LayerNorm that quantizes,
//   layernorm.cu) or, in a qa tile, reads its rows before its first product. The
//   plain tiles run the ring's fill and the epilogue with the tensor cores
//   idle; the ping-pong tiles do not share a weight tile between their
//   consumers. The TS 64 x 256 tile spills 8 bytes (outside the main loop).
//   TMA tiles: cc 9.0 with sm_90a code in the binary, K a multiple of 16
//   (16-byte rows of qa and qw), not --engine portable. Split-K only in the
//   ck tiles (clusters, for a few rows and a long K; their section below);
//   no stream-K.
#include "kernels.h"
#include "pdl.cuh"
#include "pp_ts.cuh"  // the TMA-store epilogue of the 64-row ping-pong tiles
#include "i8r_rule.h"  // the heuristic's rule (host code, tested on the CPU)
#include "quant_rows.cuh"
#include "gemm_int8.cuh"  // the per-tile quantizer (tile_params) of the group tiles
#include "tensormap.cuh"
#include "wgmma.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

#include <type_traits>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define I8R_DEVICE 1
#else
#define I8R_DEVICE 0
#endif

namespace {

constexpr int I8R_BM = 128;       // CTA rows: two consumer warpgroups of 64
constexpr int I8R_BK = 128;       // K bytes per stage: one 128-byte swizzle row
constexpr int I8R_THREADS = 384;  // producer + two consumers

// The TMA tiles in tile-id order: one tile per CTA (BN, ring stages), then
// the persistent ping-pong ones (rows of a consumer's tile WM, BN, stages,
// consumers NC, TS: the TMA-store epilogue of pp_ts.cuh); the portable
// kernel's id follows them.
#define I8R_TILES(X) \
    X(256, 4)        \
    X(160, 5)        \
    X(128, 6)
#define I8R_PP_TILES(X) \
    X(128, 128, 6, 2, 0)  \
    X(64, 256, 4, 2, 0)   \
    X(64, 128, 8, 2, 0)   \
    X(64, 128, 8, 3, 0)   \
    X(64, 64, 12, 2, 0)   \
    X(64, 256, 4, 2, 1)   \
    X(64, 160, 6, 2, 1)   \
    X(64, 128, 8, 2, 1)   \
    X(64, 128, 7, 3, 1)   \
    X(64, 64, 12, 2, 1)   \
    X(64, 32, 16, 2, 1)
#define I8R_PLUS_ONE(...) +1
constexpr int I8R_NUM_PLAIN = 0 I8R_TILES(I8R_PLUS_ONE);               // counted from the lists
constexpr int I8R_NUM_TMA = I8R_NUM_PLAIN I8R_PP_TILES(I8R_PLUS_ONE);
constexpr int I8R_PORTABLE = I8R_NUM_TMA;  // tile id of the dp4a kernel
constexpr int I8R_EPI_ROWS = 8;            // rows of a warp's epilogue slab per pass
// ping-pong: named barrier of consumer c's turn, I8R_BAR_ORDER + c (device code only)
[[maybe_unused]] constexpr int I8R_BAR_ORDER = 2;
// setmaxnreg targets of the ping-pong tiles with NC consumers: the producer's (consumer 0) and each
// consumer's. The CTA holds what its launch allocated (65536 / threads per thread: 168 or 128), so the
// consumers only get what the producer gives back (i8r_pp_launch checks it).
__host__ __device__ constexpr int i8r_pp_regs(int nc, int consumer) {
    return consumer ? (nc == 2 ? 232 : 160) : (nc == 2 ? 40 : 24);
}

struct I8RParams {
    const int8_t *qa;       // (M, K)
    const float *sa;        // (M); the group tiles: (M, G) group scales
    const int8_t *qw;       // (N, K)
    const float *sw;        // (N)
    const float *bias;      // (N) or NULL
    const half *residual;   // (M, N) or NULL
    half *y;                // (M, N) or (M, N / 2) with GEGLU
    int M, N, K, geglu;
};

// --- the row quantizer ----------------------------------------------------------
// WPR warps per row (8 / WPR rows per block of 8 warps): max |v| over the row,
// then q = rn(v * 127 / amax). x (rows, K) FP16, q (rows, K), scale (rows); K
// a multiple of 8. CH > 0: the row is read once, CH 16-byte chunks per thread
// held in registers (K <= 256 CH WPR); CH == 0 (WPR = 1): any K, the row read
// twice. WPR > 1 is for a few long rows: one warp per row left a 256 x 5120
// pass on 32 SMs, each warp's loads, max, conversion and stores in series
// (6.9 us in place in the SD1.5 1280 @16 b1 transformer, docs/PERF.md "LayerNorm
// rows in one wave"); the warps' maxima meet in shared memory (max is exact in
// any order: the same bytes and scale).
template <int CH, int WPR>
__global__ void __launch_bounds__(256) quantize_rows_int8_kernel(const half *x, int rows, int K, int silu, int8_t *q,
                                                                 float *scale) {
    static_assert(WPR == 1 || (CH > 0 && 8 % WPR == 0), "split rows hold their chunks");
    pdl_wait();
    // the GEMM that reads qa may be scheduled while this pass runs (its prologue under our tail; it
    // still waits for our completion), as layernorm_stats_kernel lets its folded GEMM
    pdl_launch_dependents();
    constexpr int T = 32 * WPR;  // threads per row
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int row = blockIdx.x * (8 / WPR) + warp / WPR, t = (warp % WPR) * 32 + lane;
    if (WPR == 1 && row >= rows) return;
    const bool live = row < rows;  // WPR > 1: every thread reaches the barrier
    const uint4 *xr = reinterpret_cast<const uint4 *>(x + (size_t)(live ? row : 0) * K);  // 8 halves per chunk
    uint2 *qr = reinterpret_cast<uint2 *>(q + (size_t)(live ? row : 0) * K);
    const int chunks = live ? K / 8 : 0;
    float amax = 0.0f;
    uint4 u[CH > 0 ? CH : 1];
    if constexpr (CH > 0) {
#pragma unroll
        for (int i = 0; i < CH; i++) {
            const int c = t + T * i;
            u[i] = c < chunks ? xr[c] : make_uint4(0u, 0u, 0u, 0u);  // zeros: |0| changes no max
        }
#pragma unroll
        for (int i = 0; i < CH; i++) amax = i8r_amax8(u[i], silu, amax);
    } else {
        for (int c = lane; c < chunks; c += 32) amax = i8r_amax8(xr[c], silu, amax);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    if constexpr (WPR > 1) {
        __shared__ float part[8];  // (warps) maxima
        if (lane == 0) part[warp] = amax;
        __syncthreads();
        const int w0 = warp - warp % WPR;
#pragma unroll
        for (int w = 0; w < WPR; w++) amax = fmaxf(amax, part[w0 + w]);
        if (!live) return;
    }
    const float inv = i8r_inv(amax);
    if (t == 0) scale[row] = i8r_scale(amax);
    if constexpr (CH > 0) {
#pragma unroll
        for (int i = 0; i < CH; i++)
            if (t + T * i < chunks) qr[t + T * i] = i8r_quant8(u[i], silu, inv);
    } else {
        for (int c = lane; c < chunks; c += 32) qr[c] = i8r_quant8(xr[c], silu, inv);
    }
}

// --- the epilogue ----------------------------------------------------------------
__device__ __forceinline__ float i8r_gelu(float g) {
    const float e = erff(__fmul_rn(g, 0.70710678118654752f));
    return __fmul_rn(__fmul_rn(0.5f, g), __fadd_rn(1.0f, e));
}
// The FP32 value of an output before GEGLU: float(isum) * (sa * sw) (+ bias).
__device__ __forceinline__ float i8r_dequant(int isum, float sam, float sw, float bias, bool has_bias) {
    const float v = __fmul_rn((float)isum, __fmul_rn(sam, sw));  // (float)int: round to nearest
    return has_bias ? __fadd_rn(v, bias) : v;
}
// The group tiles' (--int8-scales group) value: the FP32 sum of the K groups' dequantized sums (acc, the
// row scales of A applied per group) times sw (+ bias).
[[maybe_unused]] __device__ __forceinline__ float i8r_dequant(float acc, float /* no row scale */, float sw,
                                                              float bias, bool has_bias) {
    const float v = __fmul_rn(acc, sw);
    return has_bias ? __fadd_rn(v, bias) : v;
}
__device__ __forceinline__ float i8r_value(const I8RParams &p, int isum, float sam, int n) {
    return i8r_dequant(isum, sam, p.sw[n], p.bias ? p.bias[n] : 0.0f, p.bias != nullptr);
}

// --- the few-row linear: quantize + GEMV in one kernel ---------------------------
// linear_rows_int8 (kernels.h). For B-row layers (the time embedding, every
// ResBlock's time_emb_proj) the quantizer and a GEMM tile were two launches
// and a persistent CTA that takes a whole SM's registers for 1-2 rows; here
// one launch of light blocks: each block quantizes the rows into shared
// memory with all its threads (the rows read twice from L2, for the max and
// then the bytes, as quantize_rows_int8_kernel<0, 1> does: the same functions,
// the same bytes and scales; one warp per row, as the quantizer has it, left
// 6-7 warps idle and took 11 us where the FP16 linear_rows takes 7), then warp w
// forms output channel n = 8 b + w for every row: 8-byte chunks of qw (the
// weights are read once, half the bytes of the FP16 linear_rows) against the
// quantized rows with dp4a, the lanes' INT32 sums added by shuffles (exact,
// any order), and lane m applies row m's epilogue (i8r_dequant, then the
// residual, one rounding: i8r_epilogue's operations).
constexpr int I8V_WARPS = 8;  // warps per block = output channels per block
__global__ void __launch_bounds__(I8V_WARPS * 32)
    linear_rows_int8_kernel(const half *x, int rows, int K, int silu, const int8_t *qw, const float *sw,
                            const float *bias, const half *residual, half *y, int N) {
    extern __shared__ __align__(16) unsigned char i8v_smem[];  // qa (rows, K) int8, then sa (rows)
    __shared__ float part[I8V_WARPS][LINEAR_ROWS_INT8_MAX];   // each warp's max |v| per row
    __shared__ float inv_s[LINEAR_ROWS_INT8_MAX];
    int8_t *qs = reinterpret_cast<int8_t *>(i8v_smem);
    float *ss = reinterpret_cast<float *>(i8v_smem + (size_t)rows * K);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, chunks = K / 8;
    pdl_wait();
    // quantize_rows_int8_kernel<0, 1>'s rows, every thread on every row: the max (exact in any order), then the bytes
#pragma unroll
    for (int r = 0; r < LINEAR_ROWS_INT8_MAX; r++) {
        if (r >= rows) break;
        const uint4 *xr = reinterpret_cast<const uint4 *>(x + (size_t)r * K);
        float amax = 0.0f;
        for (int c = threadIdx.x; c < chunks; c += I8V_WARPS * 32) amax = i8r_amax8(xr[c], silu, amax);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
        if (lane == 0) part[warp][r] = amax;
    }
    __syncthreads();
    if (threadIdx.x < rows) {
        float amax = part[0][threadIdx.x];
        for (int w = 1; w < I8V_WARPS; w++) amax = fmaxf(amax, part[w][threadIdx.x]);
        inv_s[threadIdx.x] = i8r_inv(amax);
        ss[threadIdx.x] = i8r_scale(amax);
    }
    __syncthreads();
    for (int r = 0; r < rows; r++) {
        const uint4 *xr = reinterpret_cast<const uint4 *>(x + (size_t)r * K);
        uint2 *qr = reinterpret_cast<uint2 *>(qs + (size_t)r * K);
        const float inv = inv_s[r];
        for (int c = threadIdx.x; c < chunks; c += I8V_WARPS * 32) qr[c] = i8r_quant8(xr[c], silu, inv);
    }
    __syncthreads();
    const int n = blockIdx.x * I8V_WARPS + warp;
    if (n >= N) return;
    int acc[LINEAR_ROWS_INT8_MAX] = {};
    const uint2 *wr = reinterpret_cast<const uint2 *>(qw + (size_t)n * K);
#pragma unroll 4
    for (int c = lane; c < chunks; c += 32) {
        const uint2 w = wr[c];
#pragma unroll
        for (int m = 0; m < LINEAR_ROWS_INT8_MAX; m++)
            if (m < rows) {
                const uint2 a = reinterpret_cast<const uint2 *>(qs + (size_t)m * K)[c];
                acc[m] = __dp4a((int)a.x, (int)w.x, acc[m]);
                acc[m] = __dp4a((int)a.y, (int)w.y, acc[m]);
            }
    }
    int mine = 0;  // lane m: row m's sum
#pragma unroll
    for (int m = 0; m < LINEAR_ROWS_INT8_MAX; m++) {
        int v = acc[m];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (lane == m) mine = v;
    }
    if (lane < rows) {
        float v = i8r_dequant(mine, ss[lane], sw[n], bias ? bias[n] : 0.0f, bias != nullptr);
        if (residual) v = __fadd_rn(v, __half2float(residual[(size_t)lane * N + n]));
        y[(size_t)lane * N + n] = __float2half_rn(v);
    }
}

// The slab's I8R_EPI_ROWS rows (CHUNKS 16-byte chunks each, LDS halves
// apart) to y's rows m0 .. at column n0 (y rows nout wide), whole rows in
// 16-byte stores, the M / N tails cut (N % 8 == 0, GEGLU N % 16: a chunk is
// all inside or all outside).
template <int CHUNKS, int LDS>
__device__ __forceinline__ void i8r_store_slab(const I8RParams &p, const half *slab, int m0, int n0, int nout,
                                               int lane) {
    constexpr int E = I8R_EPI_ROWS * CHUNKS;  // chunks of the 8 rows (GEGLU 128 x 160 tiles: 80, 2.5 passes)
#pragma unroll
    for (int i = 0; i < (E + 31) / 32; i++) {
        const int e = lane + 32 * i, rr = e / CHUNKS, ch = e % CHUNKS, m = m0 + rr, n = n0 + ch * 8;
        if ((E % 32 == 0 || e < E) && m < p.M && n < nout)
            *reinterpret_cast<uint4 *>(p.y + (size_t)m * nout + n) =
                *reinterpret_cast<const uint4 *>(slab + rr * LDS + ch * 8);
    }
}

// The epilogue of one warp: rows m0w .. m0w + 15 of its warpgroup's m64
// accumulators at column n0 (accumulator r of lane l: row m0w + l/4 + 8
// ((r >> 1) & 1), column n0 + 8 (r / 4) + 2 (l % 4) + (r & 1)), through the
// warp's slab of I8R_EPI_ROWS x (BN + 8) FP16. Each pass takes 8 rows: the
// values are formed in registers, G column pairs at a time with every
// global operand of the G pairs (weight scales, bias, residual) loaded
// before the first is used (one at a time, each load waited for before the
// next, the first build's epilogue was latency-bound: Nsight Compute, 46%
// of the stalls on L1TEX at 8192 x 320 x 320), written into the slab as
// FP16 pairs (the +8 halves per row put the 8 rows of a store on distinct
// banks), and whole rows are stored to y in 16-byte chunks (a row of 256
// FP16 is one 512-byte warp store). The slab is the warp's own: __syncwarp
// orders its writes and reads.
template <int BN, typename Acc>  // Acc: int (INT32 sums over the whole K) or float (the group tiles' sums)
__device__ __forceinline__ void i8r_epilogue(const I8RParams &p, const Acc *acc, half *slab, int m0w, int n0,
                                             int lane) {
    constexpr int LDS = BN + 8;  // halves per slab row
    constexpr int G = 8;         // column pairs (GEGLU: 16-column blocks) per batch of loads
    const int q2 = (lane & 3) * 2;
#pragma unroll
    for (int h = 0; h < 2; h++) {
        const int r = lane / 4, m = m0w + h * 8 + r;
        const bool mv = m < p.M;
        float sam = 0.0f;
        if constexpr (std::is_same<Acc, int>::value)  // INT32 sums: the row's scale
            sam = mv ? p.sa[m] : 0.0f;
        half2 *row = reinterpret_cast<half2 *>(slab + r * LDS);
        __syncwarp();  // the previous pass's reads of the slab are done
        if (!p.geglu) {
#pragma unroll
            for (int j0 = 0; j0 < BN / 8; j0 += G) {
                float s[G][2], b[G][2];
                half2 res[G];
#pragma unroll
                for (int g = 0; g < G; g++) {  // every operand of the G pairs first
                    if (j0 + g >= BN / 8) break;  // BN = 160: 20 pairs, the last batch 4
                    const int n = n0 + (j0 + g) * 8 + q2;
                    const bool nv = n < p.N;
                    s[g][0] = nv ? p.sw[n] : 0.0f, s[g][1] = nv ? p.sw[n + 1] : 0.0f;
                    b[g][0] = nv && p.bias ? p.bias[n] : 0.0f, b[g][1] = nv && p.bias ? p.bias[n + 1] : 0.0f;
                    res[g] = nv && mv && p.residual ? *reinterpret_cast<const half2 *>(p.residual + (size_t)m * p.N + n)
                                                    : __floats2half2_rn(0.0f, 0.0f);
                }
#pragma unroll
                for (int g = 0; g < G; g++) {
                    if (j0 + g >= BN / 8) break;
                    const int jj = j0 + g, n = n0 + jj * 8 + q2;
                    float v0 = i8r_dequant(acc[4 * jj + 2 * h], sam, s[g][0], b[g][0], p.bias != nullptr);
                    float v1 = i8r_dequant(acc[4 * jj + 2 * h + 1], sam, s[g][1], b[g][1], p.bias != nullptr);
                    if (p.residual) {
                        const float2 rf = __half22float2(res[g]);
                        v0 = __fadd_rn(v0, rf.x), v1 = __fadd_rn(v1, rf.y);
                    }
                    if (mv && n < p.N) row[(jj * 8 + q2) / 2] = __floats2half2_rn(v0, v1);
                }
            }
        } else {
#pragma unroll
            for (int j0 = 0; j0 < BN / 16; j0 += G / 2) {  // 16-column blocks: 8 a-, then 8 g-columns
                float s[G / 2][4], b[G / 2][4];
#pragma unroll
                for (int g = 0; g < G / 2; g++) {
                    if (j0 + g >= BN / 16) break;  // BN = 160: 10 blocks, the last batch 2
                    const int n = n0 + (j0 + g) * 16 + q2;
                    const bool nv = n < p.N;
#pragma unroll
                    for (int e = 0; e < 4; e++) {  // columns n, n + 1, n + 8, n + 9
                        const int ne = n + (e & 1) + 8 * (e >> 1);
                        s[g][e] = nv ? p.sw[ne] : 0.0f;
                        b[g][e] = nv && p.bias ? p.bias[ne] : 0.0f;
                    }
                }
#pragma unroll
                for (int g = 0; g < G / 2; g++) {
                    if (j0 + g >= BN / 16) break;
                    const int jj = 2 * (j0 + g), n = n0 + jj * 8 + q2;  // a-block jj, g-block jj + 1
                    const Acc is[4] = {acc[4 * jj + 2 * h], acc[4 * jj + 2 * h + 1], acc[4 * (jj + 1) + 2 * h],
                                       acc[4 * (jj + 1) + 2 * h + 1]};
                    float v[4];
#pragma unroll
                    for (int e = 0; e < 4; e++) v[e] = i8r_dequant(is[e], sam, s[g][e], b[g][e], p.bias != nullptr);
                    if (mv && n < p.N)
                        row[(jj / 2) * 4 + (lane & 3)] =
                            __floats2half2_rn(__fmul_rn(v[0], i8r_gelu(v[2])), __fmul_rn(v[1], i8r_gelu(v[3])));
                }
            }
        }
        __syncwarp();
        if (p.geglu) i8r_store_slab<BN / 16, LDS>(p, slab, m0w + h * 8, n0 / 2, p.N / 2, lane);
        else i8r_store_slab<BN / 8, LDS>(p, slab, m0w + h * 8, n0, p.N, lane);
    }
}

// --- the TMA / wgmma tile ----------------------------------------------------------
template <int BN, int STAGES>
constexpr size_t i8r_smem() {
    return 1024 + (size_t)STAGES * (I8R_BM + BN) * I8R_BK + 2 * STAGES * sizeof(uint64_t);
}

#if I8R_DEVICE
// The TMA tiles' setup (plain, ping-pong and group): thread 0 prefetches the maps and makes the ring's
// barriers (full: the producer's arrive and the copies' bytes; empty: `readers` arrives, one per consumer
// warp that reads a stage) and, TS, one residual barrier for each of the nres consumer warps, with the
// output's and the residual's maps prefetched; then every thread waits past them.
template <int STAGES, int TS>
__device__ __forceinline__ void i8r_ring_setup(const CUtensorMap *map_a, const CUtensorMap *map_w,
                                               const PpTsMaps *ts_maps, bool residual, uint64_t *full,
                                               uint64_t *empty, int readers, uint64_t *rbar, int nres) {
    if (threadIdx.x == 0) {
        tma_prefetch_map(map_a);
        tma_prefetch_map(map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);
            mbar_init(&empty[s], readers);
        }
        if constexpr (TS) {
            for (int b = 0; b < nres; b++) mbar_init(&rbar[b], 1);
            tma_prefetch_map(&ts_maps->y64);
            if (residual) tma_prefetch_map(&ts_maps->r64);
        }
        mbar_init_fence();
    }
    __syncthreads();
}

// The one-tile producer (thread 0 of warpgroup 0; the plain row tile and, with BM = 64 and its split's first
// stage kt0, the ck tile): stage i of the ring [STAGES][A (BM, 128) s8 | W (BN, 128) s8] gets qa's box at
// (K byte 128 (kt0 + i), row m0) and qw's at (128 (kt0 + i), n0), once the consumers gave the stage back.
template <int BN, int STAGES, int BM = I8R_BM>
__device__ __forceinline__ void i8r_produce(const CUtensorMap *map_a, const CUtensorMap *map_w, unsigned char *ring,
                                            uint64_t *full, uint64_t *empty, int nkt, int m0, int n0, int kt0 = 0) {
    constexpr int A_BYTES = BM * I8R_BK, STAGE_BYTES = A_BYTES + BN * I8R_BK;
    for (int i = 0; i < nkt; i++) {
        const int s = i % STAGES;
        if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
        unsigned char *st = ring + s * STAGE_BYTES;
        mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
        tma_load_2d(st, map_a, &full[s], (kt0 + i) * I8R_BK, m0);
        tma_load_2d(st + A_BYTES, map_w, &full[s], (kt0 + i) * I8R_BK, n0);
    }
}
#endif

template <int BN, int STAGES>
__global__ void __launch_bounds__(I8R_THREADS, 1)
    gemm_int8_rows_kernel(const __grid_constant__ CUtensorMap map_a,  // qa (M, K) u8, box 128 x 128
                          const __grid_constant__ CUtensorMap map_w,  // qw (N, K) u8, box 128 x BN
                          I8RParams p) {
#if I8R_DEVICE
    constexpr int A_BYTES = I8R_BM * I8R_BK;  // (128, 128) s8, swizzled
    constexpr int B_BYTES = BN * I8R_BK;      // (BN, 128) s8, swizzled
    constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    constexpr int R = BN / 2;  // accumulators per consumer thread
    extern __shared__ unsigned char smem_raw[];
    // ring: [STAGES][A (128, 128) | B (BN, 128)], then full[STAGES], empty[STAGES]
    unsigned char *ring = smem_align1024(smem_raw);
    uint64_t *full = reinterpret_cast<uint64_t *>(ring + STAGES * STAGE_BYTES);
    uint64_t *empty = full + STAGES;
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int m0 = blockIdx.x * I8R_BM, n0 = blockIdx.y * BN;
    const int nkt = (p.K + I8R_BK - 1) / I8R_BK;  // the K tail reads the copy engine's zeros

    i8r_ring_setup<STAGES, 0>(&map_a, &map_w, nullptr, false, full, empty, 8, nullptr, 0);
    pdl_wait();  // qa (this call's quantizer), bias, residual come from the previous kernels

    if (wg == 0) {  // producer
        regs_dealloc<40>();
        if (tid == 0) i8r_produce<BN, STAGES>(&map_a, &map_w, ring, full, empty, nkt, m0, n0);
        return;
    }

    regs_alloc<232>();
    const int c = wg - 1;  // consumer c owns rows m0 + 64c .. m0 + 64c + 63
    int acc[R];  // the first wgmma overwrites them (scale-d 0; nkt >= 1): zeroing them would serialize it (C7515)
    static_assert(I8R_BM == WG_RING_BM && I8R_BK == WG_RING_ROW_BYTES, "the shared ring's stage layout");
    wg_ring_mainloop<R, BN, STAGES>(acc, ring, full, empty, 0, nkt, c, tid,
                                    [](int *d, uint64_t da, uint64_t db, int scale_d) {
                                        wgmma_s8<BN>(d, da, db, scale_d);
                                    });
    wg_regs_ready<R>(acc);

    // Epilogue. Both consumers are past their last wgmma, so every copy into
    // the ring has landed and been read: the ring becomes each warp's slab.
    asm volatile("bar.sync 1, 256;\n" ::: "memory");  // the two consumers (named barrier 1)
    const int warp = tid / 32;
    half *slab = reinterpret_cast<half *>(ring) + (size_t)(c * 4 + warp) * I8R_EPI_ROWS * (BN + 8);
    i8r_epilogue<BN>(p, acc, slab, m0 + c * 64 + warp * 16, n0, tid % 32);
#endif
}

// --- the group tile: A per (row, 128-K group), quantized before the GEMM -------------------------------
// --int8-scales group (quantize_groups_int8 + gemm_int8_group): a pass quantizes each row's 128-element
// groups of A with the per-tile kernels' quantizer (tile_params, HFMA2 onto 1536) into qa (M, K) and the
// group scales sg (M, G); the producer copies qa and the per-channel INT8 weights by TMA as the plain
// tiles do, and each consumer's products read both from shared memory (wgmma s8, no A in registers). One
// group is one stage: its INT32 sums (|isum| <= 128 * 127^2 < 2^22) are exact, converted to float (one
// I2FP) and added into the FP32 accumulators with the two rows' group scales,
// acc = fma(float(isum), sg(row, group), acc). Either the two column halves of a stage are separate wgmma
// groups, so one half is dequantized while the other's products run, or (db) two full sets of sums
// alternate, so a stage is dequantized while the next one's products run. The kernel (gemm_int8_group_kernel,
// after the ping-pong tiles) is persistent with the TS epilogue.
constexpr int I8G_BK = 128;  // K elements per stage = one scale group
static_assert(I8G_BK == I8R_BK, "the group tiles use the plain tiles' ring and producer");
// Tiles (BN, stages, DB): DB = two INT32 accumulator sets in turn, each stage's products full width; else
// the two column halves of a stage in turn (BN = 160 has no registers for two full sets: 3 x 80 per thread).
// 128 x 160 has 4 stages (184 KB with its slabs): with 5 (221 KB) its CTAs lost their launch under the group
// pass (PDL), and 2048 x 1280 x 5120 took 48.5 against 43.1 us (H200; the kernel alone was faster).
#define I8G_TILES(X) \
    X(160, 4, 0)     \
    X(128, 6, 1)
constexpr int I8G_NUM = 0 I8G_TILES(I8R_PLUS_ONE);

// Rows of A per block of the group quantizer: one warp per row, each half-warp one group (16 lanes of
// 8-element chunks).
constexpr int I8G_QUANT_ROWS = 8;

// quantize_groups_int8 (kernels.h): q, sg (rows, G) from x (rows, K) FP16, K a multiple of 8. Each
// half-warp reads its group's 16 chunks, meets on the group's max-abs by shuffles (the group tiles' max:
// __hmax2 of |x| pairs, then fmaxf) and quantizes its chunk with the group's parameters; the K tail's
// group reads zeros past K (no max changes) and writes only its chunks.
__global__ void __launch_bounds__(I8G_QUANT_ROWS * 32)
    quantize_groups_int8_kernel(const half *x, int rows, int K, int8_t *q, float *sg) {
    pdl_wait();
    pdl_launch_dependents();  // the GEMM's prologue may run under this pass (it waits for our completion)
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, row = blockIdx.x * I8G_QUANT_ROWS + warp;
    if (row >= rows) return;
    const int ng = (K + I8G_BK - 1) / I8G_BK, chunks = K / 8;
    const uint4 *__restrict__ xr = reinterpret_cast<const uint4 *>(x + (size_t)row * K);  // 8 halves per chunk
    uint2 *__restrict__ qr = reinterpret_cast<uint2 *>(q + (size_t)row * K);
    constexpr int UB = 4;  // group pairs whose chunks are loaded before the first is used (one at a time was
                           // latency-bound: 18.9 us for 2048 x 5120, the row quantizer 12.8)
    for (int g0 = 0; g0 < ng; g0 += 2 * UB) {
        uint4 u[UB];
#pragma unroll
        for (int b = 0; b < UB; b++) {
            const int g = g0 + 2 * b + lane / 16, c = g * (I8G_BK / 8) + lane % 16;  // this lane's group, chunk
            u[b] = g < ng && c < chunks ? xr[c] : make_uint4(0u, 0u, 0u, 0u);  // zeros: |0| changes no max
        }
#pragma unroll
        for (int b = 0; b < UB; b++) {
            if (g0 + 2 * b >= ng) break;  // the batch past the row's groups (the same for the whole warp)
            const int g = g0 + 2 * b + lane / 16, c = g * (I8G_BK / 8) + lane % 16;
            const half2 m2 = __hmax2(__hmax2(__habs2(*reinterpret_cast<const half2 *>(&u[b].x)),
                                             __habs2(*reinterpret_cast<const half2 *>(&u[b].y))),
                                     __hmax2(__habs2(*reinterpret_cast<const half2 *>(&u[b].z)),
                                             __habs2(*reinterpret_cast<const half2 *>(&u[b].w))));
            const float2 mf = __half22float2(m2);
            float a = fmaxf(mf.x, mf.y);
#pragma unroll
            for (int o = 8; o > 0; o >>= 1) a = fmaxf(a, __shfl_xor_sync(0xffffffffu, a, o));  // the half-warp
            const TileQ tq = tile_params(a, true);
            if (g < ng && c < chunks)
                qr[c] = tq.half_path ? chunk_quant_h(u[b], tq.inv2) : chunk_quant(u[b], tq.inv, false);
            if (lane % 16 == 0 && g < ng) sg[(size_t)row * ng + g] = tq.scale;
        }
    }
}

#if I8R_DEVICE
// Column half hf of stage s's products for consumer c (its 64 rows of the stage's A box, columns hf BN/2
// .. +BN/2 of the weight box) into the half's INT32 sums d (BN / 4 per thread), one committed group; the
// first k32 step overwrites.
template <int BN, int H = BN / 2>
__device__ __forceinline__ void i8g_issue(int *d, const unsigned char *ring, int s, int c, int hf) {
    constexpr int A_BYTES = I8R_BM * I8G_BK, STAGE_BYTES = A_BYTES + BN * I8G_BK;
    const unsigned char *st = ring + s * STAGE_BYTES;
    const uint64_t da = desc_sw128(st + c * 64 * I8G_BK), db = desc_sw128(st + A_BYTES + hf * H * I8G_BK);
    wg_fence();
#pragma unroll
    for (int ks = 0; ks < I8G_BK / 32; ks++) wgmma_s8<H>(d, da + 2 * ks, db + 2 * ks, ks);  // first: d = A B
    wg_commit();
}

// A half's sums into the FP32 accumulators with the stage's two row scales (sc[0]: row l/4, sc[1]: + 8):
// exact float(isum) from the bits of 1.5 * 2^23 + isum, then one fma.
template <int N>
__device__ __forceinline__ void i8g_dequant(const int *is, float *acc, const float *sc) {
#pragma unroll
    for (int r = 0; r < N; r++) acc[r] = __fmaf_rn(__int2float_rn(is[r]), sc[(r >> 1) & 1], acc[r]);
}

// The group scales of stage j for the thread's two rows (0 past M: those rows' sums are the copy
// engine's zeros).
__device__ __forceinline__ void i8g_scales(const I8RParams &p, int ra, int ng, int j, float *s) {
    s[0] = ra < p.M ? __ldg(p.sa + (size_t)ra * ng + j) : 0.0f;
    s[1] = ra + 8 < p.M ? __ldg(p.sa + (size_t)(ra + 8) * ng + j) : 0.0f;
}

// A stage's place in the ring: its slot and the parity of the slot's pass. The persistent tiles walk
// several output tiles through one ring, so a tile's first stage is wherever the last one ended; the
// place is carried from stage to stage (no division by STAGES in the main loop).
struct I8gPos {
    int s, ph;
};
template <int STAGES>
__device__ __forceinline__ I8gPos i8g_next(I8gPos q) {
    return q.s + 1 == STAGES ? I8gPos{0, q.ph ^ 1} : I8gPos{q.s + 1, q.ph};
}

// One stage j < nkt - 1 of a consumer (at q; stage j + 1 at q1), the products of its two column halves
// issued before (both pending): as each half's sums arrive they are dequantized and that half's
// products of stage j + 1 issued, so the tensor cores multiply one half while the other is dequantized.
// The stage is given back once both halves' products are done. The next stage's scales are loaded first
// (sn). Every path leaves two groups pending (ptxas keeps the wgmma asynchronous only when it can see
// that).
template <int BN>
__device__ __forceinline__ void i8g_stage(const I8RParams &p, int j, I8gPos q, I8gPos q1, const unsigned char *ring,
                                          uint64_t *full, uint64_t *empty, int *isum, float *acc, const float *sc,
                                          float *sn, int c, int ra, int ng, int lane) {
    constexpr int Q = BN / 4;  // sums per half and thread
    i8g_scales(p, ra, ng, j + 1, sn);
    mbar_wait(&full[q1.s], q1.ph);
    wg_wait<1>();  // half 0 of stage j
    wg_regs_ready<Q>(isum);
    i8g_dequant<Q>(isum, acc, sc);
    i8g_issue<BN>(isum, ring, q1.s, c, 0);
    wg_wait<1>();  // half 1 of stage j (half 0 of j + 1 runs on)
    wg_regs_ready<Q>(isum + Q);
    if (lane == 0) mbar_arrive(&empty[q.s]);
    i8g_dequant<Q>(isum + Q, acc + Q, sc);
    i8g_issue<BN>(isum + Q, ring, q1.s, c, 1);
}
// The last stage (slot s): both halves' sums as they arrive, the stage given back.
template <int BN>
__device__ __forceinline__ void i8g_last(int s, uint64_t *empty, int *isum, float *acc, const float *sc, int lane) {
    constexpr int Q = BN / 4;
    wg_wait<1>();
    wg_regs_ready<Q>(isum);
    i8g_dequant<Q>(isum, acc, sc);
    wg_wait<0>();
    wg_regs_ready<Q>(isum + Q);
    if (lane == 0) mbar_arrive(&empty[s]);
    i8g_dequant<Q>(isum + Q, acc + Q, sc);
}

// The column-halves main loop (DB false) of a tile whose first stage is at q: stage j's halves, then
// j + 1's as each half is free. Returns the place after the tile's last stage.
template <int BN, int STAGES>
__device__ __forceinline__ I8gPos i8g_mainloop_halves(const I8RParams &p, const unsigned char *ring, uint64_t *full,
                                                      uint64_t *empty, float *acc, I8gPos q, int nkt, int c, int ra,
                                                      int lane) {
    constexpr int R = BN / 2;
    int isum[R];  // the group's INT32 sums, two column halves (the first wgmma of a group overwrites them)
    float sa[2], sb[2];  // the group scales of even / odd stages
    i8g_scales(p, ra, nkt, 0, sa);
    mbar_wait(&full[q.s], q.ph);
    i8g_issue<BN>(isum, ring, q.s, c, 0);
    i8g_issue<BN>(isum + R / 2, ring, q.s, c, 1);
    int j = 0;
    for (;;) {
        if (j + 1 >= nkt) {
            i8g_last<BN>(q.s, empty, isum, acc, sa, lane);
            break;
        }
        I8gPos q1 = i8g_next<STAGES>(q);
        i8g_stage<BN>(p, j++, q, q1, ring, full, empty, isum, acc, sa, sb, c, ra, nkt, lane);
        q = q1;
        if (j + 1 >= nkt) {
            i8g_last<BN>(q.s, empty, isum, acc, sb, lane);
            break;
        }
        q1 = i8g_next<STAGES>(q);
        i8g_stage<BN>(p, j++, q, q1, ring, full, empty, isum, acc, sb, sa, c, ra, nkt, lane);
        q = q1;
    }
    return i8g_next<STAGES>(q);
}

// One stage j of the two-set main loop (DB; stage j at q, stage j + 2 at q2): stage j + 1's products
// (the other set) run while stage j's sums (set cur) are dequantized; then stage j + 2's products go
// into cur. Both sets are pending on entry.
template <int BN>
__device__ __forceinline__ void i8g_db_stage(const I8RParams &p, int j, I8gPos q, I8gPos q2, const unsigned char *ring,
                                             uint64_t *full, uint64_t *empty, int *cur, float *acc, float *sc, int c,
                                             int ra, int ng, int lane) {
    constexpr int R = BN / 2;
    wg_wait<1>();  // stage j's products (j + 1's run on)
    wg_regs_ready<R>(cur);
    if (lane == 0) mbar_arrive(&empty[q.s]);
    i8g_dequant<R>(cur, acc, sc);
    i8g_scales(p, ra, ng, j + 2, sc);
    mbar_wait(&full[q2.s], q2.ph);
    i8g_issue<BN, BN>(cur, ring, q2.s, c, 0);
}
// The last one or two stages of the two-set loop: set x holds the stage in slot sx, set y (two = 1) the
// next one, in slot sy.
template <int BN>
__device__ __forceinline__ void i8g_db_last(int sx, int sy, bool two, uint64_t *empty, int *x, int *y, float *acc,
                                            const float *scx, const float *scy, int lane) {
    constexpr int R = BN / 2;
    if (two) {
        wg_wait<1>();
        wg_regs_ready<R>(x);
        if (lane == 0) mbar_arrive(&empty[sx]);
        i8g_dequant<R>(x, acc, scx);
        wg_wait<0>();
        wg_regs_ready<R>(y);
        if (lane == 0) mbar_arrive(&empty[sy]);
        i8g_dequant<R>(y, acc, scy);
    } else {
        wg_wait<0>();
        wg_regs_ready<R>(x);
        if (lane == 0) mbar_arrive(&empty[sx]);
        i8g_dequant<R>(x, acc, scx);
    }
}
// The two-set main loop of a tile whose first stage is at q; returns the place after its last stage.
template <int BN, int STAGES>
__device__ __forceinline__ I8gPos i8g_mainloop_db(const I8RParams &p, const unsigned char *ring, uint64_t *full,
                                                  uint64_t *empty, float *acc, I8gPos q, int nkt, int c, int ra,
                                                  int lane) {
    constexpr int R = BN / 2;
    int ia[R], ib[R];    // INT32 sums of even / odd stages (the first wgmma of a stage overwrites them)
    float sa[2], sb[2];  // their group scales
    i8g_scales(p, ra, nkt, 0, sa);
    mbar_wait(&full[q.s], q.ph);
    i8g_issue<BN, BN>(ia, ring, q.s, c, 0);
    I8gPos q1 = i8g_next<STAGES>(q);
    if (nkt == 1) {
        i8g_db_last<BN>(q.s, 0, false, empty, ia, ib, acc, sa, sb, lane);
        return q1;
    }
    i8g_scales(p, ra, nkt, 1, sb);
    mbar_wait(&full[q1.s], q1.ph);
    i8g_issue<BN, BN>(ib, ring, q1.s, c, 0);
    int j = 0;
    for (;;) {  // stage j at q, j + 1 at q1
        if (j + 2 >= nkt) {
            i8g_db_last<BN>(q.s, q1.s, true, empty, ia, ib, acc, sa, sb, lane);
            break;
        }
        I8gPos q2 = i8g_next<STAGES>(q1);
        i8g_db_stage<BN>(p, j++, q, q2, ring, full, empty, ia, acc, sa, c, ra, nkt, lane);
        q = q1, q1 = q2;
        if (j + 2 >= nkt) {
            i8g_db_last<BN>(q.s, q1.s, true, empty, ib, ia, acc, sb, sa, lane);
            break;
        }
        q2 = i8g_next<STAGES>(q1);
        i8g_db_stage<BN>(p, j++, q, q2, ring, full, empty, ib, acc, sb, c, ra, nkt, lane);
        q = q1, q1 = q2;
    }
    return i8g_next<STAGES>(q1);
}

// The group tile's weight scales, in place: acc * sw[n] of each fragment column (0 past N), the first
// half of i8r_dequant's group value; the TS epilogue adds the bias and the residual and rounds once.
template <int BN>
__device__ __forceinline__ void i8g_sw_frag(const I8RParams &p, float *acc, int n0, int lane) {
#pragma unroll
    for (int j = 0; j < BN / 8; j++) {
        const int n = n0 + 8 * j + 2 * (lane & 3);
        const float2 s = n < p.N ? *reinterpret_cast<const float2 *>(p.sw + n) : make_float2(0.0f, 0.0f);
        acc[4 * j] = __fmul_rn(acc[4 * j], s.x), acc[4 * j + 1] = __fmul_rn(acc[4 * j + 1], s.y);
        acc[4 * j + 2] = __fmul_rn(acc[4 * j + 2], s.x), acc[4 * j + 3] = __fmul_rn(acc[4 * j + 3], s.y);
    }
}
#endif

// --- the persistent ping-pong tile ------------------------------------------------
// Shared memory: the ring [STAGES][A (WM, 128) | B (BN, 128)] (1024-byte
// aligned), the epilogue slabs [NC consumers][4 warps] of I8R_EPI_ROWS x (BN
// + 8) FP16 or (TS) of the TS layout's 16 x BN FP16 (ts_layout.h; 1024-byte
// aligned, as its swizzled boxes need), then full[STAGES], empty[STAGES]
// and (TS) one residual barrier per consumer warp.
template <int WM, int BN, int STAGES, int NC, int TS>
struct I8rPpLayout {
    static constexpr int A_BYTES = WM * I8R_BK;
    static constexpr int STAGE_BYTES = (WM + BN) * I8R_BK;
    static_assert(A_BYTES % 1024 == 0, "the B box after the A box keeps the 128-byte swizzle's 1024-byte alignment");
    static constexpr int SLAB_BYTES = TS ? PP_TS_ROWS * BN * 2 : I8R_EPI_ROWS * (BN + 8) * 2;
    static constexpr int BARS = 2 * STAGES + (TS ? NC * 4 : 0);
    static constexpr size_t SMEM = 1024 + (size_t)STAGES * STAGE_BYTES + NC * 4 * SLAB_BYTES + BARS * 8;
};

// What pp_ts.cuh's epilogue and maps read of an INT8 row GEMM's operands, as
// ConvParams: y, bias, residual, M, N, GEGLU (no time embedding, no
// LayerNorm fold).
__host__ __device__ __forceinline__ ConvParams i8r_ts_params(const I8RParams &p) {
    ConvParams cp = {};
    cp.bias = p.bias, cp.residual = p.residual, cp.y = p.y, cp.M = p.M, cp.N = p.N, cp.geglu = p.geglu;
    return cp;
}

#if I8R_DEVICE
// Named barrier id among THREADS consumer threads (256: two warpgroups that sync, or one that syncs and one that
// arrives; the qa tiles' rows barrier: every consumer).
template <int THREADS = 256>
__device__ __forceinline__ void i8r_bar_sync(int id) {
    asm volatile("bar.sync %0, %1;\n" ::"r"(id), "n"(THREADS) : "memory");
}
__device__ __forceinline__ void i8r_bar_arrive(int id) { asm volatile("bar.arrive %0, 256;\n" ::"r"(id) : "memory"); }

// TS tiles: a warp's accumulators (rows m0w + lane / 4 and 8 below, whose
// scales are sa and sb, columns n0 + 8 j + 2 (lane % 4) and the next)
// dequantized in place into FP32 (their bits in acc): float(isum) * (sa[m] *
// sw[n]), i8r_dequant's product. The TS epilogue then adds the bias and the
// residual and rounds once, as i8r_epilogue does (the C model's operations,
// bit for bit; GEGLU's gelu_erf is i8r_gelu's arithmetic). Every weight
// scale is loaded before the first is used (no store in between). sw 8-byte
// aligned (i8r_pp_launch checks).
// The weight scales of a fragment's column pairs (BN / 8 float2), read into registers.
template <int BN>
__device__ __forceinline__ void i8r_sw_frag(const I8RParams &p, float2 (&sw)[BN / 8], int n0, int lane) {
#pragma unroll
    for (int j = 0; j < BN / 8; j++) {
        const int n = n0 + 8 * j + 2 * (lane & 3);
        sw[j] = n < p.N ? *reinterpret_cast<const float2 *>(p.sw + n) : make_float2(0.0f, 0.0f);
    }
}
template <int BN>
__device__ __forceinline__ void i8r_dequant_frag(int *acc, float sa, float sb, const float2 (&sw)[BN / 8]) {
#pragma unroll
    for (int j = 0; j < BN / 8; j++) {
        const float2 s = sw[j];
        acc[4 * j] = __float_as_int(i8r_dequant(acc[4 * j], sa, s.x, 0.0f, false));  // the TS epilogue adds the bias
        acc[4 * j + 1] = __float_as_int(i8r_dequant(acc[4 * j + 1], sa, s.y, 0.0f, false));
        acc[4 * j + 2] = __float_as_int(i8r_dequant(acc[4 * j + 2], sb, s.x, 0.0f, false));
        acc[4 * j + 3] = __float_as_int(i8r_dequant(acc[4 * j + 3], sb, s.y, 0.0f, false));
    }
}

// The TS tiles' consumer steps, shared by the ping-pong TS kernel and the qa
// kernel. i8r_ts_residual: lane 0 of a consumer warp loads its 16 rows of the
// tile's residual (columns n0 .., rows m0w ..) into its slab by TMA, once the
// slab's previous stores have read it; the tile's main loop runs under it.
template <int BN>
__device__ __forceinline__ void i8r_ts_residual(const I8RParams &p, const PpTsMaps &ts_maps, unsigned char *slab,
                                                uint64_t *rb, int n0, int m0w, int lane) {
    if (p.residual && lane == 0) {
        bulk_wait_read<0>();
        mbar_arrive_expect_tx(rb, PP_TS_ROWS * BN * 2);
        ts_load<BN>(ts_maps, slab, rb, n0, m0w);
    }
}
// Consumer c of NC's turn and main loop for its i-th tile (ring stages i nkt ..): wait until the previous
// consumer has issued its last tile's main loop, run this one (HALVES m64 halves of R accumulators each; A:
// the stage's rows, or ABM == 0 the resident boxes a_res), and pass the turn on where another consumer has a
// tile after it (next).
template <int R, int BN, int STAGES, int ABM, int NC, int HALVES = 1>
__device__ __forceinline__ void i8r_pp_mainloop(int *acc, unsigned char *ring, uint64_t *full, uint64_t *empty,
                                                const unsigned char *a_res, int i, int nkt, bool next, int c, int tid) {
    if (i > 0) i8r_bar_sync(I8R_BAR_ORDER + c);
    wg_ring_mainloop<HALVES * R, BN, STAGES, ABM>(
        acc, ring, full, empty, i * nkt, nkt, 0, tid,
        [](int *d, uint64_t da, uint64_t db, int scale_d) {
            wgmma_s8<BN>(d, da, db, scale_d);
            if constexpr (HALVES == 2) wgmma_s8<BN>(d + R, da + (64 * I8R_BK >> 4), db, scale_d);
        },
        [&]() {
            if (next) i8r_bar_arrive(I8R_BAR_ORDER + (c + 1) % NC);
        },
        a_res);
    wg_regs_ready<HALVES * R>(acc);
}
// One 64 x BN tile of consumer c of NC (its i-th: ring stages i nkt .., the
// residual barrier's pass i / NC): wait for the turn (the previous consumer
// has issued its last tile's main loop), the main loop (A: the stage's 64
// rows, or ABM == 0 the resident boxes a_res), the turn passed on where
// another consumer has a tile after it (next), then the residual (or the
// slab free), i8r_dequant_frag with the fragment rows' scales (scales(sa,
// sb), read there) and pp_ts.cuh's epilogue into rows m0w .. of y.
template <int BN, int STAGES, int ABM, int NC, int TSV, typename Scales>
__device__ __forceinline__ void i8r_ts_tile(const I8RParams &p, const PpTsMaps &ts_maps, int *acc,
                                            unsigned char *ring, uint64_t *full, uint64_t *empty,
                                            const unsigned char *a_res, int i, int nkt, bool next, int c, int tid,
                                            uint64_t *rb, unsigned char *slab, int m0w, int n0, Scales scales) {
    const int lane = tid % 32;
    // Two consumers, BN <= 160: the weight and row scales are read before the main loop and held in registers
    // (BN / 4 + 2 of them; the three-consumer tile's 160 and BN = 256's accumulators leave no room), off the
    // epilogue's path.
    constexpr bool SW_EARLY = NC == 2 && BN <= 160;
    float2 sw[BN / 8];
    float sa, sb;
    if constexpr (SW_EARLY) i8r_sw_frag<BN>(p, sw, n0, lane), scales(sa, sb);
    i8r_pp_mainloop<BN / 2, BN, STAGES, ABM, NC>(acc, ring, full, empty, a_res, i, nkt, next, c, tid);
    if (p.residual) mbar_wait(rb, (i / NC) & 1);
    else if (lane == 0) bulk_wait_read<0>();  // the previous tile's stores have read the slab
    __syncwarp();
    if constexpr (!SW_EARLY) scales(sa, sb), i8r_sw_frag<BN>(p, sw, n0, lane);
    i8r_dequant_frag<BN>(acc, sa, sb, sw);
    pp_ts_epilogue<BN, false, TSV>(i8r_ts_params(p), ts_maps, reinterpret_cast<const float *>(acc), slab, m0w, n0,
                                   lane);
}
#endif

// One CTA per SM (grid = min(tiles, SMs)) walks a static schedule of WM x BN
// output tiles (CTA b: tiles b, b + grid, ...; tile t is
// (t % tiles_m, t / tiles_m), M fastest; with walk_n > 0, the tiles per row,
// it is (t / walk_n, t % walk_n), N fastest: wg_pp_tile, pp_rule_walk_n). The producer
// runs ahead through one ring across tile boundaries; the two consumers take
// the CTA's tiles in turn and each owns a whole tile (WM = 128: two m64 halves
// of BN / 2 accumulators per thread). A consumer starts a tile's main loop
// once the other has issued its previous tile's last wgmma (named barriers
// I8R_BAR_ORDER + c), so one consumer's epilogue runs under the other's
// products. TS: the epilogue is pp_ts.cuh's (after i8r_dequant_frag), the
// residual comes into the warp's slab by TMA under the tile's main loop, and
// y goes out by TMA stores.
template <int WM, int BN, int STAGES, int NC, int TS, int TSV>
__global__ void __launch_bounds__((NC + 1) * 128, 1)
    gemm_int8_rows_pp_kernel(const __grid_constant__ CUtensorMap map_a,  // qa (M, K) u8, box 128 x WM
                             const __grid_constant__ CUtensorMap map_w,  // qw (N, K) u8, box 128 x BN
                             const __grid_constant__ PpTsMaps ts_maps,   // TS: y (M, N or N / 2), residual (M, N)
                             I8RParams p, int tiles_m, int tiles, int walk_n) {
#if I8R_DEVICE
    using L = I8rPpLayout<WM, BN, STAGES, NC, TS>;
    static_assert(!TS || WM == 64, "TS epilogue: 64-row tiles");
    constexpr int HALVES = WM / 64, R = BN / 2;  // m64 wgmma per K step, accumulators per half and thread
    extern __shared__ unsigned char smem_raw[];
    unsigned char *ring = smem_align1024(smem_raw);
    unsigned char *slabs = ring + STAGES * L::STAGE_BYTES;  // [NC consumers][4 warps] of SLAB_BYTES
    uint64_t *full = reinterpret_cast<uint64_t *>(slabs + NC * 4 * L::SLAB_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *rbar = empty + STAGES;  // TS: [NC][4 warps] residual boxes loaded
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int nkt = (p.K + I8R_BK - 1) / I8R_BK;  // stages per tile; the K tail reads the copy engine's zeros

    // empty: one arrive per warp of the consumer that read the stage
    i8r_ring_setup<STAGES, TS>(&map_a, &map_w, &ts_maps, p.residual != nullptr, full, empty, 4, rbar, NC * 4);
    pdl_wait();  // qa (this call's quantizer), bias, residual come from the previous kernels

    if (wg == 0) {  // producer: the CTA's tiles in order, nkt stages each, through one ring
        regs_dealloc<i8r_pp_regs(NC, 0)>();
        if (tid == 0)
            wg_pp_producer<STAGES, L::STAGE_BYTES, L::A_BYTES, I8R_BK>(ring, full, empty, &map_a, &map_w, tiles,
                                                                        tiles_m, WM, BN, nkt, walk_n);
        return;
    }

    regs_alloc<i8r_pp_regs(NC, 1)>();
    const int c = wg - 1, warp = tid / 32, lane = tid % 32;
    unsigned char *slab = slabs + (size_t)(c * 4 + warp) * L::SLAB_BYTES;  // this warp's
    int acc[HALVES * R];  // each tile's first wgmma overwrites them (scale-d 0)
    // local tile i of this CTA is t = blockIdx.x + i * gridDim.x; its stages are the ring's i * nkt ..
    for (int t = blockIdx.x + c * gridDim.x, i = c; t < tiles; t += NC * gridDim.x, i += NC) {
        const bool next = t + (int)gridDim.x < tiles;  // the other consumer has tile i + 1
        const int2 at = wg_pp_tile(t, tiles_m, walk_n, WM, BN);
        const int m0 = at.x, n0 = at.y;
        if constexpr (TS) {
            const int m0w = m0 + PP_TS_ROWS * warp, ma = m0w + (lane >> 2), mb = ma + 8;
            uint64_t *rb = &rbar[c * 4 + warp];
            i8r_ts_residual<BN>(p, ts_maps, slab, rb, n0, m0w, lane);
            i8r_ts_tile<BN, STAGES, WM, NC, TSV>(p, ts_maps, acc, ring, full, empty, nullptr, i, nkt, next, c, tid,
                                                 rb, slab, m0w, n0, [&](float &sa, float &sb) {
                                                     sa = ma < p.M ? p.sa[ma] : 0.0f;
                                                     sb = mb < p.M ? p.sa[mb] : 0.0f;
                                                 });
        } else {
            i8r_pp_mainloop<R, BN, STAGES, WM, NC, HALVES>(acc, ring, full, empty, nullptr, i, nkt, next, c, tid);
#pragma unroll
            for (int hm = 0; hm < HALVES; hm++)
                i8r_epilogue<BN>(p, acc + hm * R, reinterpret_cast<half *>(slab), m0 + hm * 64 + warp * 16, n0, lane);
        }
    }
    if constexpr (TS)
        if (lane == 0) bulk_wait_all();  // the slab's last stores, before the CTA's shared memory goes
#endif
}

// --- the group tiles (persistent; see "the group tile" above) ---------------------------------------
// Shared memory of a group tile: the ping-pong tiles' layout (I8rPpLayout) with 128-row A boxes and two
// consumers, whose slabs are both consumers' warps' ([2][4]).
template <int BN, int STAGES, int TS>
using I8gLayout = I8rPpLayout<I8R_BM, BN, STAGES, 2, TS>;

// One CTA per SM (grid = min(tiles, SMs)) walks a static schedule of 128 x BN output tiles (CTA b: tiles
// b, b + grid, ...; M fastest), both consumers on each tile (64 rows each), the producer running ahead
// through one ring across tile boundaries (wg_pp_producer), so the next tile's first stages land under
// this tile's last products and epilogue. TS: the residual comes into each warp's slab by TMA under the
// tile's main loop and y goes out by TMA stores (pp_ts.cuh) that run on under the next tile; else (the
// residual not 16-byte aligned or the weight scales not 8-byte aligned; gemm_int8_group refuses a y that
// is not 16-byte aligned) i8r_epilogue through the slab.
template <int BN, int STAGES, bool DB, int TS, int TSV>
__global__ void __launch_bounds__(I8R_THREADS, 1)
    gemm_int8_group_kernel(const __grid_constant__ CUtensorMap map_a,  // qa (M, K) u8, box 128 x 128
                           const __grid_constant__ CUtensorMap map_w,  // qw (N, K) u8, box 128 x BN
                           const __grid_constant__ PpTsMaps ts_maps,   // TS: y (M, N or N / 2), residual (M, N)
                           I8RParams p, int tiles_m, int tiles) {      // p.sa: the group scales (M, G)
#if I8R_DEVICE
    using L = I8gLayout<BN, STAGES, TS>;
    constexpr int R = BN / 2;  // accumulators per consumer thread
    extern __shared__ unsigned char smem_raw[];
    unsigned char *ring = smem_align1024(smem_raw);
    unsigned char *slabs = ring + STAGES * L::STAGE_BYTES;  // [2 consumers][4 warps] of SLAB_BYTES
    uint64_t *full = reinterpret_cast<uint64_t *>(slabs + 8 * L::SLAB_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *rbar = empty + STAGES;  // TS: [2][4 warps] residual boxes loaded
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int nkt = (p.K + I8G_BK - 1) / I8G_BK;  // = G; the K tail reads the copy engine's zeros

    // empty: one arrive per consumer warp (both consumers read every stage)
    i8r_ring_setup<STAGES, TS>(&map_a, &map_w, &ts_maps, p.residual != nullptr, full, empty, 8, rbar, 8);
    pdl_wait();  // qa, sg (this call's pass), bias, residual come from the previous kernels

    if (wg == 0) {  // producer: the CTA's tiles in order, nkt stages each, through one ring
        regs_dealloc<24>();
        if (tid == 0)
            wg_pp_producer<STAGES, L::STAGE_BYTES, L::A_BYTES, I8G_BK>(ring, full, empty, &map_a, &map_w, tiles,
                                                                        tiles_m, I8R_BM, BN, nkt);
        return;
    }

    regs_alloc<240>();
    const int c = wg - 1, warp = tid / 32, lane = tid % 32;  // consumer c owns rows 64c .. 64c + 63 of a tile
    unsigned char *slab = slabs + (size_t)(c * 4 + warp) * L::SLAB_BYTES;  // this warp's
    [[maybe_unused]] uint64_t *rb = &rbar[c * 4 + warp];
    I8gPos q = {0, 0};  // the ring place of the next tile's first stage
    for (int t = blockIdx.x, k = 0; t < tiles; t += gridDim.x, k++) {
        const int2 at = wg_pp_tile(t, tiles_m, 0, I8R_BM, BN);  // M fastest, as the producer walks
        const int m0 = at.x, n0 = at.y;
        const int m0w = m0 + c * 64 + warp * 16, ra = m0w + lane / 4;  // this thread's fragment rows ra, ra + 8
        if constexpr (TS) i8r_ts_residual<BN>(p, ts_maps, slab, rb, n0, m0w, lane);
        float acc[R];  // the FP32 sums of the groups
#pragma unroll
        for (int r = 0; r < R; r++) acc[r] = 0.0f;
        if constexpr (DB) q = i8g_mainloop_db<BN, STAGES>(p, ring, full, empty, acc, q, nkt, c, ra, lane);
        else q = i8g_mainloop_halves<BN, STAGES>(p, ring, full, empty, acc, q, nkt, c, ra, lane);
        if constexpr (TS) {
            if (p.residual) mbar_wait(rb, k & 1);
            else if (lane == 0) bulk_wait_read<0>();  // the previous tile's stores have read the slab
            __syncwarp();
            i8g_sw_frag<BN>(p, acc, n0, lane);
            pp_ts_epilogue<BN, false, TSV>(i8r_ts_params(p), ts_maps, acc, slab, m0w, n0, lane);
        } else {
            __syncwarp();  // the slab's previous reads (the last tile's stores) are done in every lane
            i8r_epilogue<BN>(p, acc, reinterpret_cast<half *>(slab), m0w, n0, lane);
        }
    }
    if constexpr (TS)
        if (lane == 0) bulk_wait_all();  // the slab's last stores, before the CTA's shared memory goes
#endif
}

// --- the tiles that quantize their own A rows ("qa") -------------------------------
// For a node whose A is plain FP16 rows (no LayerNorm that quantizes them, no
// SiLU), the row quantizer's pass (a second launch, a read of A and a write
// and re-read of qa) is most of the node at the SD linears with K <= 1280
// (8192 x 320 x 320: 11.8 against the FP16 GEMM's 8.2 us; docs/PERF.md). Here
// each CTA owns one 64-row block of A and a share of its N tiles, and its two
// consumer warpgroups first quantize the block's rows themselves, whole, into
// shared memory: quantize_rows_int8's arithmetic (quant_rows.cuh), so the
// bytes, the scales and y are the separate pass's, bit for bit. The INT8 rows
// stay resident (K / 128 boxes of 64 rows x 128 bytes in the ring's 128-byte
// swizzle) for every N tile the CTA computes; the producer streams only the
// weight boxes through the ring, from the CTA's start, so the first stages
// land under the quantization. The tiles then run as the TS ping-pong ones
// (wg_ring_mainloop with A from the resident boxes, i8r_dequant_frag with
// the scales from shared memory, pp_ts.cuh's epilogue).
//   - Rows: warp w of the consumers' 8 takes 8 rows, each read by the fewest
//     lanes whose I8R_QA_CH 16-byte chunks cover it (K <= 32 * 8 *
//     I8R_QA_CH), all loads of I8R_QA_G passes issued before the first max:
//     one read of A.
//   - Grid: tiles_m x nsplit CTAs, CTA (rb, s) takes the N tiles s, s +
//     nsplit, ..; nsplit = the most that keep the grid within the SMs (at
//     least 1, at most the N tiles): at 4096 rows and fewer the row blocks
//     are quantized by nsplit CTAs each, from L2 after the first. Sharing
//     that work through a cluster (each CTA quantizing 64 / nsplit rows and
//     bulk-copying them into its peers) was measured and not kept: never
//     tuning's pick, at the same CTA count 0.4 us faster to 1.1 us slower
//     (H200, docs/PERF.md "qa tiles in clusters").
//   - Measured (H100, docs/PERF.md "INT8 row tiles that quantize their own
//     A"): 8192 x 320 x 1280 18.2-18.7 us against 27.7 for the pass and the
//     best other tile (FP16: 18.3), 8192 x 320 x 320 11.7 against 13.1 (FP16:
//     10.0). With 4096 rows and fewer they lose (4096 x 320 x 1280: 15.2
//     against 12.9): each CTA's quantization is not overlapped with its
//     products (one CTA per SM, one row block each), and nsplit CTAs repeat
//     it. The heuristic takes them only where 64-row blocks fill the SMs,
//     and not for GEGLU: two consumers cannot hide its erf epilogue behind
//     a K = 320 tile's products (8192 x 2560 x 320: 51.3 us against 43.2
//     for the pass and the three-consumer 64 x 128 tile).
//   - Three consumers (the 64 x 128 "3c" qa tile, 512 threads, setmaxnreg 24
//     / 160, 64 accumulators as the three-consumer ping-pong tile; a 64 x 160
//     one spilled 48 and 148 bytes in two epilogue variants within the 128
//     registers ptxas has; tuning's only, the heuristic's rule names
//     two-consumer qa tiles): at K = 320 a tile's epilogue takes longer than
//     its main loop, and two epilogues then run under each main loop, as in
//     the three-consumer ping-pong tile. The first two consumers' 8 warps
//     quantize the rows. Measured (H200, docs/PERF.md "Where the qa tiles'
//     time goes"): 8192 x 1920 x 640 28.3 us against 29.3 for the best
//     two-consumer tile, 8192 x 2560 x 320 28.7 against 28.9-29.1; slower
//     where a CTA has fewer tiles (8192 x 960 x 320: 15.2-15.4 against 14.2
//     for the qa 64 x 160).
//   - Limits: K <= I8R_QA_KMAX and the resident boxes + ring + slabs within
//     227 KB (the launcher refuses otherwise).
#define I8R_QA_TILES(X) \
    X(256, 3, 2)        \
    X(160, 4, 2)        \
    X(128, 4, 2)        \
    X(64, 6, 2)         \
    X(128, 5, 3)
constexpr int I8R_NUM_QA = 0 I8R_QA_TILES(I8R_PLUS_ONE);
constexpr int I8R_QA_BASE = I8R_PORTABLE + 1;  // tile id of the first qa tile
[[maybe_unused]] constexpr int I8R_QA_G = 4;  // passes of a warp's rows loaded at a time
constexpr int I8R_QA_CH = 5;                   // 16-byte chunks per lane and row
constexpr int I8R_QA_KMAX = 32 * I8R_QA_CH * 8;
constexpr int I8R_QA_BOX = 64 * I8R_BK;  // one resident box: 64 rows x 128 K-bytes
[[maybe_unused]] constexpr int I8R_QA_BAR_ROWS = 1;  // named barrier: the rows are in the boxes (every consumer)

// Shared memory: the resident boxes [kb][64 rows x 128 bytes] (1024-byte
// aligned), the ring [STAGES][B (BN, 128)], the TS slabs [NC consumers][4
// warps] of 16 x BN FP16, the 64 row scales, then full[STAGES],
// empty[STAGES], one residual barrier per consumer warp.
// The resident boxes of K: 128 K-bytes each (= ring stages per tile).
__host__ __device__ __forceinline__ int i8r_qa_boxes(int k) { return (k + I8R_BK - 1) / I8R_BK; }

template <int BN, int STAGES, int NC>
struct I8rQaLayout {
    static constexpr int STAGE_BYTES = BN * I8R_BK;
    static constexpr int SLAB_BYTES = PP_TS_ROWS * BN * 2;
    static constexpr int BARS = 2 * STAGES + NC * 4;
    static constexpr size_t smem(int kb) {
        return 1024 + (size_t)kb * I8R_QA_BOX + (size_t)STAGES * STAGE_BYTES + NC * 4 * SLAB_BYTES + 64 * 4 +
               BARS * 8;
    }
};

#if I8R_DEVICE
// The 8 bytes of 16-byte chunk ch / 2 of row r (its bytes 8 (ch % 2) ..) in the resident boxes: box ch / 16,
// row r's 128 bytes there, 16-byte chunk (ch % 16) / 2 at its place in the 128-byte swizzle.
__device__ __forceinline__ uint2 *i8r_qa_bytes(unsigned char *abox, int r, int ch) {
    return reinterpret_cast<uint2 *>(abox + (ch >> 4) * I8R_QA_BOX + r * I8R_BK + ((((ch & 15) >> 1) ^ (r & 7)) << 4) +
                                     ((ch & 1) << 3));
}

// Rows m0 .. m0 + 63 of a (M, K) FP16 quantized per row into the resident
// boxes (row r's 16-byte chunk j of box b at b * 8 KB + 128 r + 16 (j ^ r %
// 8): what a TMA copy with the 128-byte swizzle writes) and their scales into
// sa_s: quantize_rows_int8_kernel's functions, so the same bytes. Warp w takes
// rows 8 w .. 8 w + 7; a row is read by L lanes (the fewest, a power of 2,
// whose I8R_QA_CH 16-byte chunks each cover it: 8 at K = 320, 32 at 1280), so
// the warp holds 32 / L rows per pass and I8R_QA_G passes at a time, every
// load of them issued before the first max (at K <= 640 the whole row block
// is in flight at once). Rows past M are zeros (scale 0); the bytes past K in
// the last box are zeros (the weights' are the copy engine's zeros there too).
__device__ __forceinline__ void i8r_qa_rows(const half *a, int M, int K, int kb, int m0, int w, int lane,
                                            unsigned char *abox, float *sa_s) {
    const int chunks = K / 8;
    int L = 1;  // lanes per row
    while (L * I8R_QA_CH < chunks) L <<= 1;
    const int rpp = 32 / L, sub = lane / L, sl = lane % L;  // rows per pass; this lane's row and place in it
    for (int p0 = 0; p0 < 8; p0 += rpp * I8R_QA_G) {
        uint4 u[I8R_QA_G][I8R_QA_CH];
#pragma unroll
        for (int g = 0; g < I8R_QA_G; g++) {
            const int rw = p0 + g * rpp + sub, m = m0 + 8 * w + rw;  // the row's place in the warp's 8, in A
            const uint4 *xr = reinterpret_cast<const uint4 *>(a + (size_t)m * K);
#pragma unroll
            for (int i = 0; i < I8R_QA_CH; i++) {
                const int ch = sl + L * i;
                u[g][i] = rw < 8 && m < M && ch < chunks ? xr[ch] : make_uint4(0u, 0u, 0u, 0u);  // |0| changes no max
            }
        }
#pragma unroll
        for (int g = 0; g < I8R_QA_G; g++) {
            float amax = 0.0f;
#pragma unroll
            for (int i = 0; i < I8R_QA_CH; i++) amax = i8r_amax8(u[g][i], 0, amax);
            for (int o = L / 2; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
            const int rw = p0 + g * rpp + sub, r = 8 * w + rw;  // the row in the block
            if (rw >= 8) continue;  // past the warp's rows (no shuffle below)
            const float inv = i8r_inv(amax);
            if (sl == 0) sa_s[r] = i8r_scale(amax);
#pragma unroll
            for (int i = 0; i < I8R_QA_CH; i++) {
                const int ch = sl + L * i;
                if (ch < chunks) *i8r_qa_bytes(abox, r, ch) = i8r_quant8(u[g][i], 0, inv);
            }
            for (int ch = chunks + sl; ch < kb * 16; ch += L)  // zeros past K in the last box
                *i8r_qa_bytes(abox, r, ch) = make_uint2(0u, 0u);
        }
    }
}
#endif

template <int BN, int STAGES, int NC, int TSV>
__global__ void __launch_bounds__((NC + 1) * 128, 1)
    gemm_int8_rows_qa_kernel(const __grid_constant__ CUtensorMap map_w,  // qw (N, K) u8, box 128 x BN
                             const __grid_constant__ PpTsMaps ts_maps,   // y (M, N or N / 2), residual (M, N)
                             const half *a,                              // (M, K) FP16, 16-byte aligned rows
                             I8RParams p, int tiles_m, int tiles_n, int nsplit) {
#if I8R_DEVICE
    using L = I8rQaLayout<BN, STAGES, NC>;
    constexpr int R = BN / 2;  // accumulators per consumer thread
    extern __shared__ unsigned char smem_raw[];
    const int kb = i8r_qa_boxes(p.K);
    unsigned char *abox = smem_align1024(smem_raw);
    unsigned char *ring = abox + (size_t)kb * I8R_QA_BOX;
    unsigned char *slabs = ring + STAGES * L::STAGE_BYTES;  // [NC consumers][4 warps] of SLAB_BYTES
    float *sa_s = reinterpret_cast<float *>(slabs + NC * 4 * L::SLAB_BYTES);  // (64) row scales
    uint64_t *full = reinterpret_cast<uint64_t *>(sa_s + 64);
    uint64_t *empty = full + STAGES;
    uint64_t *rbar = empty + STAGES;  // [NC][4 warps] residual boxes loaded
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int m0 = (blockIdx.x % tiles_m) * 64, split = blockIdx.x / tiles_m;
    const int nt = (tiles_n - split + nsplit - 1) / nsplit;  // this CTA's tiles j: columns (split + j nsplit) BN

    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);   // the producer's arrive + the copy's bytes
            mbar_init(&empty[s], 4);  // one arrive per warp of the consumer that read it
        }
        for (int b = 0; b < NC * 4; b++) mbar_init(&rbar[b], 1);
        tma_prefetch_map(&ts_maps.y64);
        if (p.residual) tma_prefetch_map(&ts_maps.r64);
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();  // A, bias, residual come from the previous kernels

    if (wg == 0) {  // producer: the CTA's tiles in order, kb weight boxes each, through the ring
        regs_dealloc<i8r_pp_regs(NC, 0)>();
        if (tid == 0) {
            int s = 0, ph = 0;  // ring slot and its pass parity
            for (int j = 0; j < nt; j++) {
                const int n0 = (split + j * nsplit) * BN;
                for (int kt = 0; kt < kb; kt++) {
                    mbar_wait(&empty[s], ph ^ 1);  // the first pass finds the slots free
                    unsigned char *st = ring + s * L::STAGE_BYTES;
                    mbar_arrive_expect_tx(&full[s], L::STAGE_BYTES);
                    tma_load_2d(st, &map_w, &full[s], kt * I8R_BK, n0);
                    if (++s == STAGES) s = 0, ph ^= 1;
                }
            }
        }
        return;
    }

    regs_alloc<i8r_pp_regs(NC, 1)>();
    const int c = wg - 1, warp = tid / 32, lane = tid % 32;
    unsigned char *slab = slabs + (size_t)(c * 4 + warp) * L::SLAB_BYTES;  // this warp's
    uint64_t *rb = &rbar[c * 4 + warp];
    const int m0w = m0 + PP_TS_ROWS * warp, r = PP_TS_ROWS * warp + (lane >> 2);  // the fragment's rows: r, r + 8
    if (c < nt) i8r_ts_residual<BN>(p, ts_maps, slab, rb, (split + c * nsplit) * BN, m0w, lane);
    if (NC == 2 || c < 2)  // the first two consumers' 8 warps, 8 rows each
        i8r_qa_rows(a, p.M, p.K, kb, m0, c * 4 + warp, lane, abox, sa_s);
    fence_proxy_async_smem();  // the generic-proxy stores of the rows, read next by wgmma
    i8r_bar_sync<NC * 128>(I8R_QA_BAR_ROWS);
    int acc[R];  // each tile's first wgmma overwrites them (scale-d 0)
    for (int j = c; j < nt; j += NC) {
        const int n0 = (split + j * nsplit) * BN;
        if (j > c) i8r_ts_residual<BN>(p, ts_maps, slab, rb, n0, m0w, lane);
        i8r_ts_tile<BN, STAGES, 0, NC, TSV>(p, ts_maps, acc, ring, full, empty, abox, j, kb, j + 1 < nt, c, tid, rb,
                                            slab, m0w, n0, [&](float &sa, float &sb) {
                                                sa = sa_s[r], sb = sa_s[r + 8];
                                            });
    }
    if (lane == 0) bulk_wait_all();  // the slab's last stores, before the CTA's shared memory goes
#endif
}

// --- cluster split-K tiles ("ck"): the GEMMs of a few rows and a long K -----------
// The ping-pong tiles give one CTA a whole tile's K: at 128 x 1280 x 5120 (SD1.5
// 1280 @8 b2 ff2) the 64 x 32 TS tile makes 80 CTAs that each stream 40 stages
// of A and W one after another, and the node took 12.1 us where the FP16 engine's
// cluster split-K tile (6 splits) took 11.65 (H200, docs/PERF.md "Issue 16's GEMM
// targets on the final tree"). Here a 64 x BN tile's K is cut into S ranges, one
// per CTA of a thread-block cluster (1, 1, S): grid (M tiles, N tiles, S), CTA z
// (its cluster rank) runs the stages [z nkt / S, (z + 1) nkt / S).
//   - 256 threads: warpgroup 0's thread 0 issues the TMA copies (a 128 x 64 box
//     of qa and a 128 x BN box of qw per stage, 128-byte swizzle) into a
//     STAGES-deep ring and exits without joining the cluster barriers (they wait
//     for the non-exited threads only, as the FP16 ck tiles' producer does);
//     warpgroup 1 runs wg_ring_mainloop (wgmma m64nBNk32 s8, INT32 sums, one
//     group in flight).
//   - The splits' INT32 sums are exact and add in any order: every CTA stores
//     its sums into its idle ring ([R / 4][128 threads] int4, thread-minor), a
//     cluster barrier, then warp w of CTA w % S adds the other CTAs' sums of
//     its 16 rows (the same fragment places at the same thread) to its
//     registers through distributed shared memory (mapa + ld.shared::cluster)
//     and runs the TS epilogue (i8r_dequant_frag, pp_ts.cuh) on those rows; a
//     second barrier keeps every CTA's tile alive until it has been read. So
//     the epilogue's reads are spread over min(S, 4) CTAs, and every split
//     count gives the bits of the unsplit tiles and of the C model
//     (gemm_int8_rows_model): the contract of this file's header holds.
//   - The warps that store read their weight and row scales before the main
//     loop and load their residual rows into their slabs by TMA under it, as
//     the TS ping-pong tiles do.
//   - Limits: S in 2 .. I8R_CK_MAX_SPLITS (a portable cluster size) and at most
//     the K stages; the launcher refuses otherwise. A storing warp reads S - 1
//     partial fragments (16 rows x BN ints each) in series: meant for tiles x S
//     within the SMs, where the fill of one ring is what the node waits for.
#define I8R_CK_TILES(X) \
    X(64, 8)            \
    X(128, 6)           \
    X(160, 6)
constexpr int I8R_NUM_CK = 0 I8R_CK_TILES(I8R_PLUS_ONE);
constexpr int I8R_CK_BASE = I8R_QA_BASE + I8R_NUM_QA;  // tile id of the first ck tile
constexpr int I8R_CK_MAX_SPLITS = 8;

template <int BN, int STAGES>
using I8rCkLayout = I8rPpLayout<64, BN, STAGES, 1, 1>;  // ring [STAGES][A (64, 128) | W (BN, 128)], 4 slabs

template <int BN, int STAGES, int TSV>
__global__ void __launch_bounds__(256, 1)
    gemm_int8_rows_ck_kernel(const __grid_constant__ CUtensorMap map_a,  // qa (M, K) u8, box 128 x 64
                             const __grid_constant__ CUtensorMap map_w,  // qw (N, K) u8, box 128 x BN
                             const __grid_constant__ PpTsMaps ts_maps,   // y (M, N or N / 2), residual (M, N)
                             I8RParams p) {
#if I8R_DEVICE
    using L = I8rCkLayout<BN, STAGES>;
    constexpr int R = BN / 2;  // INT32 sums per thread
    static_assert(R * 128 * 4 <= STAGES * L::STAGE_BYTES, "a CTA's partial tile fits its ring");
    extern __shared__ unsigned char smem_raw[];
    unsigned char *ring = smem_align1024(smem_raw);
    unsigned char *slabs = ring + STAGES * L::STAGE_BYTES;  // [4 warps] of SLAB_BYTES
    uint64_t *full = reinterpret_cast<uint64_t *>(slabs + 4 * L::SLAB_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *rbar = empty + STAGES;  // [4 warps] residual boxes loaded
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int S = (int)gridDim.z, z = (int)blockIdx.z;  // cluster (1, 1, S): rank z
    const int m0 = (int)blockIdx.x * 64, n0 = (int)blockIdx.y * BN;
    const int nkt = (p.K + I8R_BK - 1) / I8R_BK;  // the K tail reads the copy engine's zeros
    const int kt0 = z * nkt / S, n_kt = (z + 1) * nkt / S - kt0;

    i8r_ring_setup<STAGES, 1>(&map_a, &map_w, &ts_maps, p.residual != nullptr, full, empty, 4, rbar, 4);
    pdl_wait();  // qa (this call's quantizer), bias, residual come from the previous kernels

    if (wg == 0) {  // producer: this split's stages
        static_assert(L::STAGE_BYTES == (64 + BN) * I8R_BK, "i8r_produce's stage layout");
        if (tid == 0) i8r_produce<BN, STAGES, 64>(&map_a, &map_w, ring, full, empty, n_kt, m0, n0, kt0);
        return;
    }

    const int warp = tid / 32, lane = tid % 32;
    const bool mine = warp % S == z;  // this warp sums its 16 rows over the splits and stores them
    unsigned char *slab = slabs + (size_t)warp * L::SLAB_BYTES;  // this warp's
    uint64_t *rb = &rbar[warp];
    const int m0w = m0 + PP_TS_ROWS * warp, ma = m0w + (lane >> 2), mb = ma + 8;  // the fragment's rows
    float2 sw[BN / 8];
    float sa = 0.0f, sb = 0.0f;
    if (mine) {
        i8r_ts_residual<BN>(p, ts_maps, slab, rb, n0, m0w, lane);
        i8r_sw_frag<BN>(p, sw, n0, lane);
        sa = ma < p.M ? p.sa[ma] : 0.0f;
        sb = mb < p.M ? p.sa[mb] : 0.0f;
    }
    int acc[R];  // the first wgmma overwrites them (scale-d 0); n_kt >= 1 (the launcher: S <= nkt)
    wg_ring_mainloop<R, BN, STAGES, 64>(acc, ring, full, empty, 0, n_kt, 0, tid,
                                        [](int *d, uint64_t da, uint64_t db, int scale_d) {
                                            wgmma_s8<BN>(d, da, db, scale_d);
                                        });
    wg_regs_ready<R>(acc);
    // The ring is idle: every copy has landed (each full barrier was waited on) and every wgmma that read
    // it has completed (wait_group 0).
    int4 *part = reinterpret_cast<int4 *>(ring);  // (R / 4, 128) this CTA's sums, thread-minor
#pragma unroll
    for (int r = 0; r < R / 4; r++)
        part[r * 128 + tid] = make_int4(acc[4 * r], acc[4 * r + 1], acc[4 * r + 2], acc[4 * r + 3]);
    cluster_sync();  // the partial tiles are in shared memory
    if (mine) {  // warp w of every peer holds the same fragment places at the same tid
        const uint32_t local = smem_u32addr(part);
        for (int q = 0; q < S; q++) {
            if (q == z) continue;
            const uint32_t peer = cluster_map(local, (uint32_t)q);
#pragma unroll
            for (int r = 0; r < R / 4; r++) {
                const float4 v = ld_cluster_f4(peer + (uint32_t)((r * 128 + tid) * 16));  // the bits of 4 ints
                acc[4 * r] += __float_as_int(v.x), acc[4 * r + 1] += __float_as_int(v.y);
                acc[4 * r + 2] += __float_as_int(v.z), acc[4 * r + 3] += __float_as_int(v.w);
            }
        }
    }
    cluster_sync();  // every peer's tile has been read: they may exit
    if (!mine) return;
    if (p.residual) mbar_wait(rb, 0);
    __syncwarp();
    i8r_dequant_frag<BN>(acc, sa, sb, sw);
    pp_ts_epilogue<BN, false, TSV>(i8r_ts_params(p), ts_maps, reinterpret_cast<const float *>(acc), slab, m0w, n0,
                                   lane);
    if (lane == 0) bulk_wait_all();  // the slab's stores, before the CTA's shared memory goes
#endif
}

// --- the portable kernel ----------------------------------------------------------
// 64 x 64 outputs per CTA of 256 threads, 4 x 4 per thread; K in chunks of 64
// bytes through shared memory; dp4a (4 products summed into an INT32).
constexpr int I8P_T = 64, I8P_KC = 64;
__global__ void __launch_bounds__(256) gemm_int8_rows_portable_kernel(I8RParams p) {
    pdl_wait();
    __shared__ int sa_[I8P_T][I8P_KC / 4 + 1];  // (64 rows, 16 words) of qa, +1 word: no bank conflicts
    __shared__ int sw_[I8P_T][I8P_KC / 4 + 1];
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int m0 = blockIdx.x * I8P_T, n0 = blockIdx.y * I8P_T;
    int acc[4][4] = {};
    for (int k0 = 0; k0 < p.K; k0 += I8P_KC) {
        for (int i = threadIdx.x; i < I8P_T * (I8P_KC / 4); i += 256) {
            const int r = i / (I8P_KC / 4), wd = i % (I8P_KC / 4), k = k0 + wd * 4;
            int va = 0, vw = 0;  // K % 8 == 0: a word is all inside K or all outside
            if (k < p.K && m0 + r < p.M) va = *reinterpret_cast<const int *>(p.qa + (size_t)(m0 + r) * p.K + k);
            if (k < p.K && n0 + r < p.N) vw = *reinterpret_cast<const int *>(p.qw + (size_t)(n0 + r) * p.K + k);
            sa_[r][wd] = va, sw_[r][wd] = vw;
        }
        __syncthreads();
#pragma unroll 4
        for (int wd = 0; wd < I8P_KC / 4; wd++)
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = __dp4a(sa_[ty + 16 * i][wd], sw_[tx + 16 * j][wd], acc[i][j]);
        __syncthreads();
    }
    // thread (tx, ty) holds rows m0 + ty + 16 i, columns n0 + tx + 16 j; the epilogue (GEGLU pairs
    // columns 8 apart) reads them back from shared memory
    __shared__ int tile[I8P_T][I8P_T + 1];  // (64, 64) INT32 sums
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) tile[ty + 16 * i][tx + 16 * j] = acc[i][j];
    __syncthreads();
    const int ncols = p.geglu ? I8P_T / 2 : I8P_T;
    for (int e = threadIdx.x; e < I8P_T * ncols; e += 256) {
        const int r = e / ncols, cc = e % ncols, m = m0 + r;
        if (m >= p.M) continue;
        const float sam = p.sa[m];
        if (!p.geglu) {
            const int n = n0 + cc;
            if (n >= p.N) continue;
            float v = i8r_value(p, tile[r][cc], sam, n);
            if (p.residual) v = __fadd_rn(v, __half2float(p.residual[(size_t)m * p.N + n]));
            p.y[(size_t)m * p.N + n] = __float2half_rn(v);
        } else {
            const int ca = (cc / 8) * 16 + cc % 8, n = n0 + ca;  // a-column; its g-column is n + 8
            if (n >= p.N) continue;
            const float av = i8r_value(p, tile[r][ca], sam, n), gv = i8r_value(p, tile[r][ca + 8], sam, n + 8);
            p.y[(size_t)m * (p.N / 2) + (n0 / 2 + cc)] = __float2half_rn(__fmul_rn(av, i8r_gelu(gv)));
        }
    }
}

// The TMA maps of qa (boxes of 128 K-bytes x a_rows) and qw (128 x w_rows), 128-byte swizzle.
cudaError_t i8r_maps(const I8RParams &p, int a_rows, int w_rows, CUtensorMap *ma, CUtensorMap *mw) {
    cudaError_t e = tensor_map_2d(ma, p.qa, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, p.M, p.K, I8R_BK, a_rows,
                                  CU_TENSOR_MAP_SWIZZLE_128B);
    if (e == cudaSuccess)
        e = tensor_map_2d(mw, p.qw, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, p.N, p.K, I8R_BK, w_rows,
                          CU_TENSOR_MAP_SWIZZLE_128B);
    return e;
}

template <int BN, int STAGES>
cudaError_t i8r_launch(const I8RParams &p, cudaStream_t stream) {
    static bool attr_set = false;  // per instantiation
    constexpr size_t smem = i8r_smem<BN, STAGES>();
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_rows_kernel<BN, STAGES>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    CUtensorMap ma, mw;
    const cudaError_t e = i8r_maps(p, I8R_BM, BN, &ma, &mw);
    if (e != cudaSuccess) return e;
    dim3 grid((p.M + I8R_BM - 1) / I8R_BM, (p.N + BN - 1) / BN);
    return pdl_launch(gemm_int8_rows_kernel<BN, STAGES>, grid, dim3(I8R_THREADS), smem, stream, ma, mw, p);
}

// The TS tiles' maps and operands: pp_ts.cuh's for an output of I8RParams' y.
// They need y and the residual 16-byte aligned (pp_ts_ok) and the weight
// scales 8-byte aligned (i8r_dequant_frag's pair loads); else the tile refuses.
static bool i8r_ts_usable(const I8RParams &p) {
    return pp_ts_ok(i8r_ts_params(p)) && !(reinterpret_cast<uintptr_t>(p.sw) & 7);
}
cudaError_t i8r_ts_maps(const I8RParams &p, int bn, PpTsMaps *ts) {
    if (!i8r_ts_usable(p)) return cudaErrorInvalidValue;
    return pp_ts_maps(i8r_ts_params(p), bn, ts);
}

// The group tiles: qa and qw as the plain tiles' maps (128 x 128 and 128 x BN boxes, 128-byte swizzle),
// one CTA per SM at most.
template <int BN, int STAGES, bool DB, int TS, int TSV>
cudaError_t i8g_launch_v(const I8RParams &p, const CUtensorMap &ma, const CUtensorMap &mw, const PpTsMaps &ts,
                         cudaStream_t stream) {
    using L = I8gLayout<BN, STAGES, TS>;
    static_assert(L::SMEM <= 227 * 1024, "ring + slabs fit the shared memory");
    static bool attr_set = false;  // per instantiation
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_group_kernel<BN, STAGES, DB, TS, TSV>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)L::SMEM);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    const int tiles_m = (p.M + I8R_BM - 1) / I8R_BM, tiles = tiles_m * ((p.N + BN - 1) / BN), sms = hopper_num_sms();
    return pdl_launch(gemm_int8_group_kernel<BN, STAGES, DB, TS, TSV>, dim3(tiles < sms ? tiles : sms),
                      dim3(I8R_THREADS), L::SMEM, stream, ma, mw, ts, p, tiles_m, tiles);
}
// The TS epilogue where its operands allow it (i8r_ts_usable), the kernel of
// p's epilogue variant alone where there is one; else the slab epilogue.
template <int BN, int STAGES, bool DB>
cudaError_t i8g_launch(const I8RParams &p, cudaStream_t stream) {
    CUtensorMap ma, mw;
    cudaError_t e = i8r_maps(p, I8R_BM, BN, &ma, &mw);
    if (e != cudaSuccess) return e;
    PpTsMaps ts;  // only the maps of the box widths the tile's slab has (ts_box_width) are read
    ts.y64 = ts.y32 = ts.y16 = ts.r64 = ts.r32 = ma;
    if (!i8r_ts_usable(p)) return i8g_launch_v<BN, STAGES, DB, 0, TSV_ANY>(p, ma, mw, ts, stream);
    e = i8r_ts_maps(p, BN, &ts);
    if (e != cudaSuccess) return e;
    return pp_ts_dispatch<TSV_PLAIN>(pp_ts_variant(i8r_ts_params(p), false), [&](auto v) {
        return i8g_launch_v<BN, STAGES, DB, 1, decltype(v)::value>(p, ma, mw, ts, stream);
    });
}

template <int WM, int BN, int STAGES, int NC, int TS, int TSV>
cudaError_t i8r_pp_launch_v(const I8RParams &p, cudaStream_t stream) {
    using L = I8rPpLayout<WM, BN, STAGES, NC, TS>;
    static_assert(NC == 2 || (NC == 3 && WM * BN / 128 <= 64), "three consumers: 160 registers, 64 accumulators");
    static_assert(L::SMEM <= 227 * 1024, "ring + slabs fit the shared memory");
    static bool attr_set = false;  // per instantiation
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_rows_pp_kernel<WM, BN, STAGES, NC, TS, TSV>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)L::SMEM);
        if (e != cudaSuccess) return e;
        cudaFuncAttributes fa;
        e = cudaFuncGetAttributes(&fa, gemm_int8_rows_pp_kernel<WM, BN, STAGES, NC, TS, TSV>);
        if (e != cudaSuccess) return e;
        if ((i8r_pp_regs(NC, 1) - fa.numRegs) * NC > fa.numRegs - i8r_pp_regs(NC, 0))
            return cudaErrorInvalidConfiguration;  // the consumers' setmaxnreg.inc would wait forever
        attr_set = true;
    }
    CUtensorMap ma, mw;
    cudaError_t e = i8r_maps(p, WM, BN, &ma, &mw);
    PpTsMaps ts;  // only the maps of the box widths the tile's slab has (ts_box_width) are read
    ts.y64 = ts.y32 = ts.y16 = ts.r64 = ts.r32 = ma;
    if (TS && e == cudaSuccess) e = i8r_ts_maps(p, BN, &ts);
    if (e != cudaSuccess) return e;
    const int tiles_m = (p.M + WM - 1) / WM, tiles_n = (p.N + BN - 1) / BN, tiles = tiles_m * tiles_n;
    const int sms = hopper_num_sms();
    const int walk_n = pp_walk_n((long long)p.M * p.K, tiles_n);  // INT8 A: M x K bytes
    return pdl_launch(gemm_int8_rows_pp_kernel<WM, BN, STAGES, NC, TS, TSV>, dim3(tiles < sms ? tiles : sms),
                      dim3((NC + 1) * 128), L::SMEM, stream, ma, mw, ts, p, tiles_m, tiles, walk_n);
}

// The TS tiles run the kernel compiled for p's epilogue variant alone where there is one (pp_ts_variant,
// pp_ts.cuh: the cold instruction caches), else the one with every variant. BN = 256: every variant in one
// kernel (ptxas spilled 16-196 bytes in the single-variant ones).
template <int WM, int BN, int STAGES, int NC, int TS>
cudaError_t i8r_pp_launch(const I8RParams &p, cudaStream_t stream) {
    return pp_ts_dispatch<TS && BN <= 160 ? TSV_PLAIN : 0u>(pp_ts_variant(i8r_ts_params(p), false), [&](auto v) {
        return i8r_pp_launch_v<WM, BN, STAGES, NC, TS, decltype(v)::value>(p, stream);
    });
}

// The TMA tiles in tile-id order (I8R_TILES, then I8R_PP_TILES).
struct I8rTile {
    const char *name;
    cudaError_t (*launch)(const I8RParams &, cudaStream_t);
};
#define I8R_PLAIN_ROW(bn, st) {"i8r 128x" #bn "/" #st "st", &i8r_launch<bn, st>},
#define I8R_PP_NAME_2 ""
#define I8R_PP_NAME_3 " 3c"
#define I8R_PP_TS_0 ""
#define I8R_PP_TS_1 " ts"
#define I8R_PP_ROW(wm, bn, st, nc, ts) \
    {"i8r pp " #wm "x" #bn "/" #st "st" I8R_PP_NAME_##nc I8R_PP_TS_##ts, &i8r_pp_launch<wm, bn, st, nc, ts>},
const I8rTile kI8rTiles[] = {I8R_TILES(I8R_PLAIN_ROW) I8R_PP_TILES(I8R_PP_ROW)};
struct I8gTile {
    const char *name;
    int bn, db;
    cudaError_t (*launch)(const I8RParams &, cudaStream_t);
};
#define I8G_DB_0 ""
#define I8G_DB_1 " db"
#define I8G_ROW(bn, st, db) {"i8g 128x" #bn "/" #st "st" I8G_DB_##db, bn, db, &i8g_launch<bn, st, db>},
const I8gTile kI8gTiles[] = {I8G_TILES(I8G_ROW)};
static_assert(sizeof(kI8gTiles) / sizeof(kI8gTiles[0]) == I8G_NUM, "group tile ids");

static_assert(sizeof(kI8rTiles) / sizeof(kI8rTiles[0]) == I8R_NUM_TMA, "tile ids");

// nsplit of a qa launch: CTAs per 64-row block, the most that keep tiles_m x nsplit within the SMs (at
// least 1: more row blocks than SMs run in waves; at most the N tiles).
static int i8r_qa_splits(int tiles_m, int tiles_n, int sms) {
    const int s = sms / tiles_m;
    return s < 1 ? 1 : s > tiles_n ? tiles_n : s;
}

// The qa tile (BN, STAGES, NC consumers) can take K: within I8R_QA_KMAX, and its shared memory within the 227 KB.
template <int BN, int STAGES, int NC>
static bool i8r_qa_fits(int k) {
    return k <= I8R_QA_KMAX && I8rQaLayout<BN, STAGES, NC>::smem(i8r_qa_boxes(k)) <= 227 * 1024;
}

template <int BN, int STAGES, int NC, int TSV>
cudaError_t i8r_qa_launch_v(const half *a, const I8RParams &p, cudaStream_t stream) {
    constexpr size_t SMEM_MAX = 227 * 1024;
    if (!i8r_qa_fits<BN, STAGES, NC>(p.K) || (reinterpret_cast<uintptr_t>(a) & 15)) return cudaErrorInvalidValue;
    static bool attr_set = false;  // per instantiation
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_rows_qa_kernel<BN, STAGES, NC, TSV>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SMEM_MAX);
        if (e != cudaSuccess) return e;
        cudaFuncAttributes fa;
        e = cudaFuncGetAttributes(&fa, gemm_int8_rows_qa_kernel<BN, STAGES, NC, TSV>);
        if (e != cudaSuccess) return e;
        if ((i8r_pp_regs(NC, 1) - fa.numRegs) * NC > fa.numRegs - i8r_pp_regs(NC, 0))
            return cudaErrorInvalidConfiguration;  // the consumers' setmaxnreg.inc would wait forever
        attr_set = true;
    }
    CUtensorMap mw;
    cudaError_t e = tensor_map_2d(&mw, p.qw, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, p.N, p.K, I8R_BK, BN,
                                  CU_TENSOR_MAP_SWIZZLE_128B);
    PpTsMaps ts;  // only the maps of the box widths the tile's slab has (ts_box_width) are read
    ts.y64 = ts.y32 = ts.y16 = ts.r64 = ts.r32 = mw;
    if (e == cudaSuccess) e = i8r_ts_maps(p, BN, &ts);
    if (e != cudaSuccess) return e;
    const int tiles_m = (p.M + 63) / 64, tiles_n = (p.N + BN - 1) / BN;
    const int nsplit = i8r_qa_splits(tiles_m, tiles_n, hopper_num_sms());
    const size_t smem = I8rQaLayout<BN, STAGES, NC>::smem(i8r_qa_boxes(p.K));
    return pdl_launch(gemm_int8_rows_qa_kernel<BN, STAGES, NC, TSV>, dim3(tiles_m * nsplit), dim3((NC + 1) * 128),
                      smem, stream, mw, ts, a, p, tiles_m, tiles_n, nsplit);
}
template <int BN, int STAGES, int NC>
cudaError_t i8r_qa_launch(const half *a, const I8RParams &p, cudaStream_t stream) {
    return pp_ts_dispatch<BN <= 160 ? TSV_PLAIN : 0u>(pp_ts_variant(i8r_ts_params(p), false), [&](auto v) {
        return i8r_qa_launch_v<BN, STAGES, NC, decltype(v)::value>(a, p, stream);
    });  // BN = 256: every variant in one kernel, as i8r_pp_launch
}

// The heuristic's qa tiles: the two-consumer ones, widest first, listed before the three-consumer ones (tuning's
// only), so that index i of kI8rQaBn is qa tile i. 0 ends the list.
#define I8R_QA_BN2(bn, st, nc) (nc == 2 ? bn : 0),
#define I8R_QA_NC(bn, st, nc) nc,
constexpr int kI8rQaBn[] = {I8R_QA_TILES(I8R_QA_BN2) 0};
constexpr int kI8rQaNc[] = {I8R_QA_TILES(I8R_QA_NC) 0};
constexpr bool i8r_qa_order_ok() {
    for (int i = 1; i < I8R_NUM_QA; i++)
        if ((kI8rQaNc[i] == 2 && kI8rQaNc[i - 1] != 2) || (kI8rQaNc[i] == 2 && kI8rQaBn[i] >= kI8rQaBn[i - 1]))
            return false;
    return true;
}
static_assert(i8r_qa_order_ok(), "the two-consumer qa tiles first, widest first");
// The index of the two-consumer qa tile of BN columns in kI8rQaTiles; -1 if not compiled.
constexpr int i8r_qa_index(int bn) {
    for (int i = 0; i < I8R_NUM_QA; i++)
        if (kI8rQaBn[i] == bn) return i;
    return -1;
}

struct I8rQaTile {
    const char *name;
    cudaError_t (*launch)(const half *, const I8RParams &, cudaStream_t);
    bool (*fits)(int k);
};
#define I8R_QA_NAME_2
#define I8R_QA_NAME_3 " 3c"
#define I8R_QA_ROW(bn, st, nc) \
    {"i8r qa 64x" #bn "/" #st "st" I8R_QA_NAME_##nc " ts", &i8r_qa_launch<bn, st, nc>, &i8r_qa_fits<bn, st, nc>},
const I8rQaTile kI8rQaTiles[] = {I8R_QA_TILES(I8R_QA_ROW)};
static_assert(sizeof(kI8rQaTiles) / sizeof(kI8rQaTiles[0]) == I8R_NUM_QA, "qa tile ids");

// The ck tiles (cluster split-K): S splits of each 64 x BN tile's K stages, one cluster (1, 1, S) per tile.
// They need the TS epilogue's operand alignment (i8r_ts_usable) and 2 <= S <= min(I8R_CK_MAX_SPLITS, the K
// stages).
template <int BN, int STAGES, int TSV>
cudaError_t i8r_ck_launch_v(const I8RParams &p, int splits, cudaStream_t stream) {
    using L = I8rCkLayout<BN, STAGES>;
    static_assert(L::SMEM <= 227 * 1024, "ring + slabs fit the shared memory");
    const int nkt = (p.K + I8R_BK - 1) / I8R_BK;
    if (splits < 2 || splits > I8R_CK_MAX_SPLITS || splits > nkt || !i8r_ts_usable(p)) return cudaErrorInvalidValue;
    static bool attr_set = false;  // per instantiation
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_rows_ck_kernel<BN, STAGES, TSV>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)L::SMEM);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    CUtensorMap ma, mw;
    cudaError_t e = i8r_maps(p, 64, BN, &ma, &mw);
    PpTsMaps ts;
    if (e == cudaSuccess) e = i8r_ts_maps(p, BN, &ts);
    if (e != cudaSuccess) return e;
    const dim3 grid((p.M + 63) / 64, (p.N + BN - 1) / BN, splits);
    return pdl_launch_cluster(gemm_int8_rows_ck_kernel<BN, STAGES, TSV>, grid, dim3(256), L::SMEM, stream,
                              dim3(1, 1, splits), ma, mw, ts, p);
}
template <int BN, int STAGES>
cudaError_t i8r_ck_launch(const I8RParams &p, int splits, cudaStream_t stream) {
    return pp_ts_dispatch<TSV_PLAIN>(pp_ts_variant(i8r_ts_params(p), false), [&](auto v) {
        return i8r_ck_launch_v<BN, STAGES, decltype(v)::value>(p, splits, stream);
    });
}
// Clusters of S CTAs of the ck tile <BN, STAGES> that the GPU holds at once (a cluster's CTAs share a GPC, so
// at one CTA per SM a GPC whose SM count is not a multiple of S leaves SMs idle); 0 on error. Cached per tile
// and S by the caller.
template <int BN, int STAGES>
int i8r_ck_max_clusters(int splits) {
    using L = I8rCkLayout<BN, STAGES>;
    if (cudaFuncSetAttribute(gemm_int8_rows_ck_kernel<BN, STAGES, TSV_ANY>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)L::SMEM) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return max_active_clusters(gemm_int8_rows_ck_kernel<BN, STAGES, TSV_ANY>, dim3(1, 1, splits), dim3(1, 1, splits),
                               dim3(256), L::SMEM);
}
struct I8rCkTile {
    const char *name;
    int bn;
    cudaError_t (*launch)(const I8RParams &, int splits, cudaStream_t);
    int (*max_clusters)(int splits);
};
#define I8R_CK_ROW(bn, st) {"i8r ck 64x" #bn "/" #st "st ts", bn, &i8r_ck_launch<bn, st>, &i8r_ck_max_clusters<bn, st>},
const I8rCkTile kI8rCkTiles[] = {I8R_CK_TILES(I8R_CK_ROW)};
static_assert(sizeof(kI8rCkTiles) / sizeof(kI8rCkTiles[0]) == I8R_NUM_CK, "ck tile ids");
static bool i8r_tile_ck(int tile) { return tile >= I8R_CK_BASE && tile < I8R_CK_BASE + I8R_NUM_CK; }
// Whether the clusters of ck tile t (index in kI8rCkTiles) with S splits for tiles output tiles all fit the GPU
// at once (one wave; a second wave of clusters doubled the node: 64 x 1280 x 5120 in 6 splits 13.9 against 9.1
// us in 4, H200, docs/PERF.md). The device's answer per tile and S is kept (the process runs on one device).
static bool i8r_ck_one_wave(int t, int splits, long long tiles) {
    static int cache[I8R_NUM_CK][I8R_CK_MAX_SPLITS + 1];  // max clusters + 1; 0: not asked yet
    if (!cache[t][splits]) cache[t][splits] = kI8rCkTiles[t].max_clusters(splits) + 1;
    return tiles <= cache[t][splits] - 1;
}

// The tile id of the ping-pong tile (wm, bn, nc consumers, ts), any stage count; -1 if not compiled.
struct I8rPpDims {
    int wm, bn, stages, nc, ts;
};
#define I8R_PP_DIMS(wm, bn, st, nc, ts) I8rPpDims{wm, bn, st, nc, ts},
constexpr I8rPpDims kI8rPpDims[] = {I8R_PP_TILES(I8R_PP_DIMS)};
constexpr int i8r_pp_id(int wm, int bn, int nc, int ts) {
    for (int i = 0; i < (int)(sizeof(kI8rPpDims) / sizeof(kI8rPpDims[0])); i++)
        if (kI8rPpDims[i].wm == wm && kI8rPpDims[i].bn == bn && kI8rPpDims[i].nc == nc && kI8rPpDims[i].ts == ts)
            return I8R_NUM_PLAIN + i;
    return -1;
}

// The TMA tiles can run: an sm_90a image, a cc 9.0 device with the encoder, K % 16 == 0,
// and not --engine portable.
bool i8r_tma_usable(int k) {
#if defined(GEMM_INT8_ROWS_SM90A)
    return k % 16 == 0 && hopper_tma_device() && kernels_engine() == KERNEL_ENGINE_AUTO;
#else
    (void)k;
    return false;
#endif
}

}  // namespace

extern "C" cudaError_t quantize_rows_int8(const uint16_t *x, int rows, int k, int silu, int8_t *q, float *scale,
                                          cudaStream_t stream) {
    if (rows < 1 || k < 8 || k % 8 || !x || !q || !scale) return cudaErrorInvalidValue;
    const half *xh = reinterpret_cast<const half *>(x);
    // Warps per row: where a warp per row would leave the blocks under two per SM (a few long rows), the
    // fewest (a power of two up to 8) whose threads hold the row in 4 chunks each (quantize_rows_int8_kernel's
    // comment), for K 1032-4096 and for K up to 8192 at <= 512 rows. Measured (H100, docs/PERF.md): 256 / 512
    // x 5120 in place 6.9 / 7.1 -> 2.4 / 3.2 us, 1024 / 2048 x 2560 7.0 / 7.5 -> 3.1 / 4.3; but the node
    // 1024 x 1280 x 5120 took 24.7 against 23.1 us (2048 x 5120 at parity), so past 512 such rows stay one
    // per warp. Else one, with the fewest chunks per lane in registers that hold the row (K <= 256 CH), or
    // none (the row re-read) past 5120.
    const int chunks = k / 8;
    int wpr = 1;
    if ((rows + 7) / 8 < 2 * hopper_num_sms() && chunks > 4 * 32 && (k <= 4096 || (rows <= 512 && k <= 8192)))
        while (chunks > 4 * 32 * wpr) wpr *= 2;
    const dim3 grid((rows + 8 / wpr - 1) / (8 / wpr)), block(256);
    void (*kern)(const half *, int, int, int, int8_t *, float *) =
        wpr == 8       ? quantize_rows_int8_kernel<4, 8>
        : wpr == 4     ? quantize_rows_int8_kernel<4, 4>
        : wpr == 2     ? quantize_rows_int8_kernel<4, 2>
        : k <= 256 * 2 ? quantize_rows_int8_kernel<2, 1>
        : k <= 256 * 4 ? quantize_rows_int8_kernel<4, 1>
        : k <= 256 * 8 ? quantize_rows_int8_kernel<8, 1>
        : k <= 256 * 20 ? quantize_rows_int8_kernel<20, 1>
                        : quantize_rows_int8_kernel<0, 1>;
    return pdl_launch(kern, grid, block, 0, stream, xh, rows, k, silu, q, scale);
}

// The kernel's shared memory: the quantized rows (rows, K) and their scales.
static size_t linear_rows_int8_smem(int rows, int k) { return (size_t)rows * k + (size_t)rows * sizeof(float); }

extern "C" int linear_rows_int8_fits(int rows, int k) {
    return rows >= 1 && rows <= LINEAR_ROWS_INT8_MAX && linear_rows_int8_smem(rows, k) <= 48 * 1024;
}

extern "C" cudaError_t linear_rows_int8(const uint16_t *x, int rows, int k, int n, int silu_a, const int8_t *qw,
                                        const float *sw, const float *bias, const uint16_t *residual, uint16_t *y,
                                        cudaStream_t stream) {
    if (!linear_rows_int8_fits(rows, k) || k < 8 || k % 8 || n < 1 || !x || !qw || !sw || !y)
        return cudaErrorInvalidValue;
    const size_t smem = linear_rows_int8_smem(rows, k);
    return pdl_launch(linear_rows_int8_kernel, dim3((n + I8V_WARPS - 1) / I8V_WARPS), dim3(I8V_WARPS * 32), smem,
                      stream, reinterpret_cast<const half *>(x), rows, k, silu_a, qw, sw, bias,
                      reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y), n);
}

extern "C" int gemm_int8_rows_tile_a16(int tile) { return tile >= I8R_QA_BASE && tile < I8R_QA_BASE + I8R_NUM_QA; }

extern "C" const char *gemm_int8_rows_tile_name(int tile) {
    if (tile == I8R_PORTABLE) return "i8r portable 64x64 dp4a";
    if (gemm_int8_rows_tile_a16(tile)) return kI8rQaTiles[tile - I8R_QA_BASE].name;
    if (i8r_tile_ck(tile)) return kI8rCkTiles[tile - I8R_CK_BASE].name;
    return tile >= 0 && tile < I8R_NUM_TMA ? kI8rTiles[tile].name : "i8r ?";
}

extern "C" int gemm_int8_rows_portable_tile(void) { return I8R_PORTABLE; }

extern "C" int gemm_int8_rows_ck_tile(int i) { return i >= 0 && i < I8R_NUM_CK ? I8R_CK_BASE + i : -1; }

// The qa tiles that can take K (none where the TMA tiles cannot run).
static bool i8r_qa_usable(int k, int t) { return i8r_tma_usable(k) && kI8rQaTiles[t].fits(k); }

extern "C" int gemm_int8_rows_candidates(int m, int n, int k, int a16, int num_sms, TileConfig *out, int max) {
    int c = 0;
    if (i8r_tma_usable(k) && a16 != 2)
        for (int t = 0; t < I8R_NUM_TMA && c < max; t++) out[c++] = TileConfig{t, 1};
    // the ck tiles where their tiles fill under half the SMs: each split count that fills over half and at
    // most all of them, with at least two K stages per split, whose clusters the GPU holds at once
    const int nkt = (k + I8R_BK - 1) / I8R_BK;
    if (i8r_tma_usable(k) && a16 != 2 && num_sms > 0)
        for (int t = 0; t < I8R_NUM_CK; t++) {
            const int tiles = ((m + 63) / 64) * ((n + kI8rCkTiles[t].bn - 1) / kI8rCkTiles[t].bn);
            for (int s = 2; s <= I8R_CK_MAX_SPLITS && 2 * s <= nkt && tiles * s <= num_sms && c < max; s++)
                if (2 * tiles * s > num_sms && i8r_ck_one_wave(t, s, tiles)) out[c++] = TileConfig{I8R_CK_BASE + t, s};
        }
    if (a16)
        for (int t = 0; t < I8R_NUM_QA && c < max; t++)
            if (i8r_qa_usable(k, t)) out[c++] = TileConfig{I8R_QA_BASE + t, 1};
    if (c == 0 && c < max) out[c++] = TileConfig{I8R_PORTABLE, 1};
    return c;
}

// The tuned picks of the H100 runs as a rule (bench/results/2026-11-27-h100-int8-ts and -int8-qa,
// docs/PERF.md "The TMA-store epilogue on the INT8 row tiles" and "INT8 row tiles that quantize their
// own A"). In order:
// - K >= 4096 with a few rows: the 64 x 64 ck tile (cluster split-K) where its tiles split at least twice
//   within 80 CTAs on 132 SMs and its clusters fit the GPU at once (i8r_rule_ck: 64 x 1280 x 5120 in 4
//   splits, 128 rows in 2; the wider ck tiles are tuning's only; H200, docs/PERF.md "Cluster split-K INT8 row
//   tiles").
// - a16 (A plain FP16 rows) where the 64-row blocks fill their waves to 7/8 of the SMs (8192 rows on the
//   H100): the qa tile of the width that fills the grid best (64 x 160 at N = 320 .. 960: 8192 x 320 x
//   1280 18.2 against 24.7 us for the quantizer pass and the best other tile; 64 x 256 from N = 2560);
//   with fewer rows each CTA's unoverlapped quantization of its rows costs more than the pass saves (4096
//   x 320 x 1280: 15.2 against 12.9); with a part-filled second wave of row blocks the qa kernel runs
//   twice a block's time (SD2.1 320 @96: 9216 x 320 x 1280 40.1 against 26.0 us for the pass and the TS
//   64 x 160, H200, docs/PERF.md "INT8 row against this round's FP16 heuristic, and the qa tiles in waves
//   of row blocks"); where the tile of that width does not take K, the pass and the rules below. a16 == 2
//   (--fuse-quant on): the qa tile wherever one takes K (the widest of those).
// - GEGLU with two waves of 64 x 128 tiles at K <= 640, or five at a longer K: the three-consumer TS 64 x
//   128 (its epilogue, with erf, outweighs a short main loop). Between two and five waves at K = 1280 two
//   consumers, and 64 x 160 where its tiles fill the last wave better by 0.1 (H200, nodes with the
//   quantizing LayerNorm: SD1.5 ff1 at 16 x 16 b1 15.5-15.8 us against 17.3-17.5 for the three-consumer
//   64 x 128, at 8 x 8 b2 13.4-13.5 against 14.0-14.2 for the two-consumer one; docs/PERF.md, the ninth
//   round's section, "The INT8 GEGLU rule at a few hundred rows").
// - At least a wave of 64 x 256 tiles with N within 7% of whole 256-column tiles: the TS 64 x 256 (4096^3,
//   N = 10240: its two consumers' 128 accumulators make the fewest tiles); at least a wave of 64 x 128
//   tiles: the TS 64 x 128, three consumers where K <= 640; half a wave: the two-consumer TS 64 x 128. In
//   each of these the TS 64 x 160 instead where its tiles fill the last wave and the columns by more than
//   0.05 better (every SD width is a multiple of 160: 2048 x 1280 x 5120 45.0 against 50.6 us with 64 x 256,
//   8192 x 320 x 320 12.2 against 13.1 with the three-consumer 64 x 128, 2048 x 640 x 640 9.7 against 10.7).
// - Else (a few rows) the TS 64 x 64, for more CTAs, or the TS 64 x 32 where 64 x 64 tiles fill less than
//   half the SMs and K >= 1024 (docs/PERF.md, "A 64 x 32 INT8 row tile").
// - GEGLU keeps the pass and the three-consumer tile: its erf epilogue outlasts a K = 320 tile's products,
//   and the qa tiles have two consumers (8192 x 2560 x 320: 51.3-51.7 against 43.2-43.3 us, docs/PERF.md).
// - Under auto, where the qa tile of the best fill does not take K, the pass and the TS rules: at 8192 x
//   10240 x 1280 the 64 x 256 qa tile does not; the narrowest one (an earlier fallback) took 315.9 us against
//   184.0 for the pass and the TS 64 x 256 (H200), the 64 x 160 one 238-240 against 202 (H100; docs/PERF.md).
//   Forced, the widest narrower one that takes K (less shared memory).
// - The 64 x 32 tile (ff2 and the attention outputs at 64-128 rows): twice the CTAs, each streaming half the
//   weight rows; measured at K = 1280 and 5120, not at the context projections' K = 768.
// The rule itself is i8r_rule_ck and i8r_rule_pick (kernels/i8r_rule.h, tested on the CPU). The TS tiles
// need y and the residual 16-byte aligned (the graph's tensors are); the portable kernel where no TMA tile runs.
extern "C" TileConfig gemm_int8_rows_heuristic(int m, int n, int k, GemmEpilogue epi, int a16, int num_sms) {
    if (!i8r_tma_usable(k)) return TileConfig{I8R_PORTABLE, 1};
    const I8rRuleCk ck = i8r_rule_ck(m, n, k, num_sms);
    for (int t = 0; ck.splits > 1 && t < I8R_NUM_CK; t++)
        if (kI8rCkTiles[t].bn == ck.bn &&
            i8r_ck_one_wave(t, ck.splits, (long long)((m + 63) / 64) * ((n + ck.bn - 1) / ck.bn)))
            return TileConfig{I8R_CK_BASE + t, ck.splits};
    int qa_takes_k[I8R_NUM_QA];
    for (int t = 0; t < I8R_NUM_QA; t++) qa_takes_k[t] = i8r_qa_usable(k, t);
    const I8rRulePick r = i8r_rule_pick(m, n, k, epi == GEMM_EPI_GEGLU, a16, num_sms, kI8rQaBn, qa_takes_k);
    if (r.qa) return TileConfig{I8R_QA_BASE + i8r_qa_index(r.bn), 1};
    static_assert(i8r_pp_id(64, 256, 2, 1) >= 0 && i8r_pp_id(64, 160, 2, 1) >= 0 && i8r_pp_id(64, 128, 2, 1) >= 0 &&
                      i8r_pp_id(64, 128, 3, 1) >= 0 && i8r_pp_id(64, 64, 2, 1) >= 0 && i8r_pp_id(64, 32, 2, 1) >= 0,
                  "the rule's TS tiles are compiled");
    const int tile = i8r_pp_id(64, r.bn, r.nc, 1);
    return TileConfig{tile >= 0 ? tile : I8R_PORTABLE, 1};  // every TS tile the rule names is compiled
}

extern "C" cudaError_t gemm_int8_rows_a16(int m, int n, int k, TileConfig cfg, const uint16_t *a, const int8_t *qw,
                                          const float *sw, const float *bias, const uint16_t *residual, uint16_t *y,
                                          GemmEpilogue epi, cudaStream_t stream) {
    const int geglu = epi == GEMM_EPI_GEGLU;
    if (m < 1 || n < 8 || k < 8 || n % 8 || k % 8 || (geglu && (n % 16 || residual)) || !a || !qw || !sw || !y ||
        !gemm_int8_rows_tile_a16(cfg.tile) || cfg.splits != 1 || !i8r_qa_usable(k, cfg.tile - I8R_QA_BASE))
        return cudaErrorInvalidValue;
    I8RParams p = {nullptr, nullptr, qw, sw, bias, reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y),
                   m, n, k, geglu};
    return kI8rQaTiles[cfg.tile - I8R_QA_BASE].launch(reinterpret_cast<const half *>(a), p, stream);
}

extern "C" cudaError_t gemm_int8_rows(int m, int n, int k, TileConfig cfg, const int8_t *qa, const float *sa,
                                      const int8_t *qw, const float *sw, const float *bias, const uint16_t *residual,
                                      uint16_t *y, GemmEpilogue epi, cudaStream_t stream) {
    const int geglu = epi == GEMM_EPI_GEGLU;
    if (m < 1 || n < 8 || k < 8 || n % 8 || k % 8 || (geglu && (n % 16 || residual)) || !qa || !sa || !qw || !sw ||
        !y || cfg.tile < 0 || (cfg.tile > I8R_PORTABLE && !i8r_tile_ck(cfg.tile)) ||
        (cfg.splits != 1 && !i8r_tile_ck(cfg.tile)))
        return cudaErrorInvalidValue;
    I8RParams p = {qa, sa, qw, sw, bias, reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y),
                   m, n, k, geglu};
    if (i8r_tile_ck(cfg.tile))
        return i8r_tma_usable(k) ? kI8rCkTiles[cfg.tile - I8R_CK_BASE].launch(p, cfg.splits, stream)
                                 : cudaErrorInvalidValue;
    if (cfg.tile == I8R_PORTABLE)
        return pdl_launch(gemm_int8_rows_portable_kernel, dim3((m + I8P_T - 1) / I8P_T, (n + I8P_T - 1) / I8P_T),
                          dim3(256), 0, stream, p);
    if (!i8r_tma_usable(k)) return cudaErrorInvalidValue;
    return kI8rTiles[cfg.tile].launch(p, stream);
}

// --- --int8-scales group -------------------------------------------------------------------------------
extern "C" int gemm_int8_group_usable(int k) { return i8r_tma_usable(k); }

extern "C" const char *gemm_int8_group_tile_name(int tile) {
    return tile >= 0 && tile < I8G_NUM ? kI8gTiles[tile].name : "i8g ?";
}

extern "C" int gemm_int8_group_candidates(int m, int n, int k, TileConfig *out, int max) {
    (void)m, (void)n;
    int c = 0;
    if (gemm_int8_group_usable(k))
        for (int t = 0; t < I8G_NUM && c < max; t++) out[c++] = TileConfig{t, 1};
    return c;
}

// i8g_rule_pick (i8r_rule.h) over the tile list.
extern "C" TileConfig gemm_int8_group_heuristic(int m, int n, int k) {
    (void)k;
    int bns[I8G_NUM], db[I8G_NUM];
    for (int t = 0; t < I8G_NUM; t++) bns[t] = kI8gTiles[t].bn, db[t] = kI8gTiles[t].db;
    return TileConfig{i8g_rule_pick(m, n, hopper_num_sms() > 0 ? hopper_num_sms() : 132, bns, db, I8G_NUM), 1};
}

extern "C" cudaError_t quantize_groups_int8(const uint16_t *x, int rows, int k, int8_t *q, float *scale,
                                            cudaStream_t stream) {
    if (rows < 1 || k < 8 || k % 8 || !x || !q || !scale) return cudaErrorInvalidValue;
    return pdl_launch(quantize_groups_int8_kernel, dim3((rows + I8G_QUANT_ROWS - 1) / I8G_QUANT_ROWS),
                      dim3(I8G_QUANT_ROWS * 32), 0, stream, reinterpret_cast<const half *>(x), rows, k, q, scale);
}

extern "C" cudaError_t gemm_int8_group(int m, int n, int k, TileConfig cfg, const int8_t *qa, const float *sg,
                                       const int8_t *qw, const float *sw, const float *bias, const uint16_t *residual,
                                       uint16_t *y, GemmEpilogue epi, cudaStream_t stream) {
    const int geglu = epi == GEMM_EPI_GEGLU;
    if (m < 1 || n < 8 || k < 16 || n % 8 || (geglu && (n % 16 || residual)) || !qa || !sg || !qw || !sw || !y ||
        cfg.tile < 0 || cfg.tile >= I8G_NUM || cfg.splits != 1 || !gemm_int8_group_usable(k) ||
        (reinterpret_cast<uintptr_t>(y) & 15))  // every epilogue stores 16 bytes at a time
        return cudaErrorInvalidValue;
    I8RParams p = {qa, sg, qw, sw, bias, reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y),
                   m, n, k, geglu};
    return kI8gTiles[cfg.tile].launch(p, stream);
}
