// gemm_wgmma_pp.cu: persistent ping-pong tiles of the Hopper (sm_90a) FP16
// GEMM engine, for the GEMM-shaped problems whose K is short (the linear
// layers of the transformer blocks: K = 320 .. 1280) and every other
// GEMM-shaped node where tuning finds them faster.
//
// What it computes
//   The contract of gemm_wgmma.cu's tiles without split-K: y (M, N) = x (M, K)
//   * w (N, K)^T, FP16 in, FP32 accumulation, then conv2d.cuh's epilogue
//   (bias, time embedding, residual or GEGLU; the same per-element arithmetic
//   and one rounding to FP16) for a 1x1, stride-1 convolution or a linear
//   layer.
//
// Why (docs/PERF.md, "Hopper GEMM engine" and "A 128 x 160 Hopper tile")
//   gemm_wgmma.cu computes one output tile per CTA and runs its epilogue while
//   the tensor cores idle; at K = 320 the main loop is only five 64-deep
//   stages, so fill, drain and epilogue weigh as much as the products
//   (Nsight Compute: tensor pipe 27% busy at 8192 x 960 x 320).
//
// Tile design (PP_TILES: rows WM of a consumer's tile, BN, ring stages)
//   - One CTA per SM (grid = min(tiles, SMs)), walking the output tiles of a
//     static schedule: CTA b takes tiles b, b + grid, b + 2 grid, ...; tile t
//     is (t % tiles_m, t / tiles_m), M fastest, so the CTAs running at the
//     same time share few weight tiles (L2 reuse of w). Where x is over half
//     the L2 (pp_rule_walk_n; --tile-walk), tile t is (t / tiles_n, t %
//     tiles_n), N fastest, so that the CTAs at work share rows of x and x
//     comes from DRAM once rather than once per column block (wg_pp_tile).
//   - NC + 1 warpgroups (384 or 512 threads). Warpgroup 0 is the producer: one thread
//     issues the TMA copies (128-byte swizzle; a WM x 64 box of x and a
//     BN x 64 box of w per stage) into a STAGES-deep mbarrier ring, running
//     ahead across tile boundaries. Warpgroups 1 .. NC are consumers that
//     take the CTA's tiles in turn (consumer c the c-th, (c + NC)-th, ...)
//     and each own a whole WM x BN output tile (WM = 128: two m64 halves,
//     BN accumulators per thread; WM = 64: BN / 2). setmaxnreg: producer 24,
//     consumers 240 registers (two consumers) or 160 (three).
//   - Ping-pong: the consumers' main loops are ordered (named barriers 1 ..
//     NC: a consumer starts a tile's main loop once the previous one in the
//     ring has issued the last wgmma of the previous tile), so one consumer's
//     epilogue runs while another's products keep the tensor cores busy, and
//     the next tile's products queue right behind the previous tile's.
//   - Three consumers (NC = 3, "3c" tiles, 64-row tiles only: 512 threads
//     leave ptxas 128 registers per thread, and the epilogue keeps 2 chunk
//     loads in flight instead of 5 to fit them): two epilogues overlap each
//     main loop. Why: at K = 320 a 64 x 160 tile's main loop is about 0.6 us
//     and its fixed cost about 2.3 us per CTA (docs/PERF.md, "Weight-resident
//     ping-pong tiles"), more than one other consumer's main loop can hide.
//     Measured (docs/PERF.md, "Three consumer warpgroups in the ping-pong
//     GEMM"): 1.07-1.19x the two-consumer 64 x 160 tile wherever a CTA runs
//     more than one tile; the heuristic picks it (gemm_wgmma_pp_heuristic_tile).
//     Four consumers do not fit: see pp_consumer_regs. An epilogue straight
//     from the registers (4-byte or, after a quad exchange, 16-byte global
//     accesses) and one by bulk copies were slower than the buffer below.
//   - One wgmma group in flight: each stage's wgmma batch is committed, then
//     wgmma.wait_group 1 waits for the previous stage's batch and releases
//     that stage. The accumulators are fenced around every batch (an empty
//     asm that "reads and writes" them, wg_regs_ready), so ptxas sees no
//     register moves between issue and wait and keeps the wgmma asynchronous
//     (no C7515 / C7514 serialization warnings in this file's build). The
//     first batch of a tile overwrites the accumulators (scale-d = 0): no
//     zeroing between tiles.
//   - Epilogue buffer separate from the ring, 8 rows x (BN + 4) FP32 per
//     warp (each warp writes and reads back only its own rows: __syncwarp,
//     no CTA barrier): a warp stores 8 of its accumulator rows, reads them
//     back as 8-column chunks (16-byte residual loads and output stores,
//     consecutive lanes on consecutive chunks of a row), issues every
//     residual / time-embedding load of the 8 rows before the first store
//     (conv2d.cuh epilogue_load8 / epilogue_finish8), and repeats for its
//     next 8 rows. The +4 floats per row make the fragment stores
//     conflict-free (each bank twice per 64-bit warp store).
//   - TS tiles ("ts", 64-row tiles; the heuristic's pick): the epilogue by
//     TMA stores instead. Each warp owns a slab of its 16 output rows in
//     FP16, laid out as TMA boxes of 64 columns (128-byte swizzle), then
//     32 and 16 (kernels/ts_layout.h, checked on the CPU by
//     tests/cpu_ts_layout.c: 160 = 64 + 64 + 32). The arithmetic runs on
//     the accumulator fragments in registers, stmatrix writes them into the
//     slab (the swizzle keeps it conflict-free), and one lane issues the
//     box stores (3 for 160 columns) and moves on: the copy engine writes
//     whole 128-byte rows and clips the M / N tails, and the slab is waited
//     for (bulk_wait_read) only when the warp's next tile reuses it. A
//     residual is loaded into the slab by TMA when the tile starts, under
//     its main loop, and read back by ldmatrix at the stmatrix addresses.
//     Why: Nsight Compute on the buffer epilogue (18432 x 960 x 320, 3c)
//     counted 25% excess shared-memory wavefronts and L1 72.7% busy, and the
//     SD short-K GEMMs are latency-bound on the epilogue's instructions.
//     Measured (docs/PERF.md, "The TMA-store epilogue"): 1.03-1.39x the
//     buffer epilogue's 64 x 160 three-consumer tile at the SD linear shapes.
//     Two things it needs: straight-line code for the plain epilogues
//     (pp_ts_plain: bias and / or residual; pp_ts_geglu_plain), since a
//     first version that predicated the LayerNorm fold, time embedding and
//     residual per column pair ran 1.6x slower (1.8x the instructions,
//     32% of stall samples waiting for instruction fetch); and boxes of 64
//     columns, since 16 x 16 boxes (ten per warp and tile) made the GEMMs
//     without an epilogue operand slower than the buffer epilogue.
//   - One kernel per TS epilogue variant (TSV, pp_ts.cuh): each TS tile is
//     compiled once with every variant (run-time choice) and once for each
//     of bias + residual, bias, none, and GEGLU + bias alone (the
//     two-consumer tiles also for the LayerNorm fold with a bias, and with
//     GEGLU); pp_launch runs the single-variant kernel wherever it applies. Why: a kernel comes
//     cold into an SM's instruction cache after any other kernel ran there,
//     and the all-variant kernel (3-11 k SASS instructions; the 64 x 160 TS
//     tile 11 k, about 1.3 k of them executed) spread the executed epilogue
//     far from the main loop. 8192 x 320 x 320 + bias + residual took 12.9
//     us after a kernel of 195 KB of code against 9.7 warm; the 1.4 k
//     instruction single-variant kernel 9.9 against 9.5. In the SD1.5
//     320 @64 b2 transformer block (FP16, heuristic) 280-281 against 299-301
//     us, the SD1.5 step 5.25-5.26 against 5.44 ms (H100, docs/PERF.md,
//     "Cold instruction caches").
//   - Narrow TS tiles for GEMMs of a few rows (64 x 32 with 16 stages, 64 x
//     64 with 12, 64 x 96 with 10, or 9 and three consumers): the context's
//     key / value projections (77 or 154 rows) and the linears of the 8 x 8
//     to 16 x 16 levels (64-256 rows) made 20-40 tiles of 64 x 128, so as
//     many SMs pulled all of K through their rings while the rest idled;
//     cuBLASLt runs 64 x 40 or 64 x 16 tiles over 80 CTAs there (Nsight
//     Compute, docs/PERF.md "Narrow ping-pong tiles"). 64 x 64 makes 80 CTAs
//     of 77 x 2560; the rings (12 stages of 16 KB, 16 of 12 KB) keep 192 KB
//     in flight, the 64 x 128 tile's 7 stages 168 KB. Tuning: 0.3-1.8 us off
//     those nodes.
//
// Limits
//   GEMM-shaped only (1x1, stride 1, pad 0, one input tensor: no
//   concatenated or upsampled input); K and N multiples of 8 (16-byte TMA
//   rows); x and w 16-byte aligned; no split-K (the 512 x 1280 x 5120 kind of
//   shape keeps gemm_wgmma.cu's split tiles); cc 9.0 only (sm_90a code).
//   TS tiles need y and the residual 16-byte aligned (as the 16-byte stores
//   of the buffer epilogue do) and GEGLU's N a multiple of 16. The 64 x 160
//   three-consumer TS tile spills 12 bytes in its all-variant kernel and 4
//   in its GEGLU one (8 and 0 before the walk argument; with a residual it
//   ran within 0.2 us of that build at the SD shapes, docs/PERF.md, "The
//   N-fastest walk in the FP16 ping-pong tiles").
//   No clusters / TMA multicast, no stream-K: with fewer tiles than 2 x SMs a
//   CTA runs at most one tile per consumer and the ping-pong has nothing to
//   overlap. At the few-row GEMMs the narrow tiles still trail cuBLASLt by
//   0.3-2.4 us a node; its kernels there run in clusters of 8 with 13 KB
//   stages where ours read 16 KB (docs/PERF.md, "Narrow ping-pong tiles").
#include "kernels.h"
#include "tensormap.cuh"
#include "pdl.cuh"
#include "conv2d.cuh"
#include "pp_ts.cuh"  // the TS epilogue, PpTsMaps, pp_ts_ok, pp_ts_maps
#include "wgmma.cuh"

#include <cuda.h>  // CUtensorMap
#include <cuda_fp16.h>
#include <stdint.h>
#include <string.h>

// wgmma and setmaxnreg exist only in the sm_90a device pass; other targets
// compile an empty body that is never launched (gemm_wgmma_usable()).
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define PP_DEVICE 1
#else
#define PP_DEVICE 0
#endif

namespace {

constexpr int PP_BK = 64;              // K per stage: one 128-byte swizzle row of FP16
// threads: the producer warpgroup + NC consumer warpgroups
template <int NC>
__host__ __device__ constexpr int pp_threads() { return (NC + 1) * 128; }
// setmaxnreg targets: the producer's and each consumer's registers. The CTA
// holds what its launch allocated (the kernel's register count x threads:
// at most 65536 / threads, rounded down to 8: 168 or 128), so the consumers
// can only take what the producer gives back; a setmaxnreg.inc beyond that
// pool would block forever (pp_launch checks it). Four consumers (96 each at
// launch) would get at most 112: too few for a 64 x 128 tile (ptxas spills;
// measured on the device: a target of 120 hung).
constexpr int PP_PRODUCER_REGS = 24;
template <int NC>
__host__ __device__ constexpr int pp_consumer_regs() { return NC == 2 ? 240 : 160; }
constexpr int PP_EPI_ROWS = 8;         // rows of a warp's epilogue buffer
constexpr int PP_EPI_PAD = 4;          // floats per epilogue row beyond BN
constexpr int PP_SMEM_MAX = 227 * 1024;  // opt-in shared memory per block on cc 9.0
[[maybe_unused]] constexpr int PP_BAR_ORDER = 1;  // named barrier of consumer c's turn: PP_BAR_ORDER + c
static_assert(PP_BK == KSPLIT_ALIGN, "p.kchunks counts whole stages");

// Shared memory: the ring [STAGES][A (WM, 64) | B (BN, 64)] (1024-byte
// aligned); then either the epilogue buffers [NC consumers][4 warps][8][BN +
// 4] FP32 or (TS) the staging slabs [NC][4 warps][BN / 16 boxes][16][16]
// FP16; then full[STAGES], empty[STAGES] and (TS) one residual barrier per
// consumer warp.
template <int WM, int BN, int STAGES, int NC, int TS>
struct PpLayout {
    static constexpr int A_BYTES = WM * PP_BK * 2;
    static constexpr int STAGE_BYTES = (WM + BN) * PP_BK * 2;
    static_assert(A_BYTES % 1024 == 0, "the B box after the A box keeps the 128-byte swizzle's 1024-byte alignment");
    static constexpr int LDE = BN + PP_EPI_PAD;
    static constexpr int SLAB_BYTES = PP_TS_ROWS * BN * 2;  // TS: a warp's 16 rows, FP16 (ts_box_width)
    static constexpr int EPI_BYTES = TS ? NC * 4 * SLAB_BYTES : NC * 4 * PP_EPI_ROWS * LDE * 4;
    static constexpr int BARS = 2 * STAGES + (TS ? NC * 4 : 0);
    static constexpr int SMEM = 1024 + STAGES * STAGE_BYTES + EPI_BYTES + BARS * 8;
};

// The compiled tiles: rows of one consumer's tile, BN, stages (as many as
// the 227 KB hold beside the epilogue buffers). 160 divides every SD
// channel count; the 64-row tiles make twice the tiles where 128-row ones
// leave SMs idle (8192 x 320: 128 tiles of 128 x 160, 256 of 64 x 160).
// TS: the epilogue by TMA stores (pp_ts_epilogue, pp_ts.cuh; 64-row tiles).
#define PP_TILES(X)      \
    X(128, 160, 5, 2, 0) \
    X(128, 128, 6, 2, 0) \
    X(64, 160, 6, 2, 0)  \
    X(64, 256, 4, 2, 0)  \
    X(64, 160, 5, 3, 0)  \
    X(64, 128, 6, 3, 0)  \
    X(64, 160, 6, 2, 1)  \
    X(64, 160, 5, 3, 1)  \
    X(64, 128, 7, 3, 1)  \
    X(64, 96, 10, 2, 1)  \
    X(64, 96, 9, 3, 1)   \
    X(64, 64, 12, 2, 1)  \
    X(64, 32, 16, 2, 1)

#if PP_DEVICE
__device__ __forceinline__ void named_bar_sync(int id, int threads) {
    asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void named_bar_arrive(int id, int threads) {
    asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}
#endif  // PP_DEVICE

template <int WM, int BN, int STAGES, int NC, int TS, int TSV>
__global__ void __launch_bounds__(pp_threads<NC>(), 1)
    gemm_wgmma_pp_kernel(const __grid_constant__ CUtensorMap map_x,  // x (M, K), box 64 x WM
                         const __grid_constant__ CUtensorMap map_w,  // w (N, K), box 64 x BN
                         const __grid_constant__ PpTsMaps ts_maps,   // TS: y (M, N or N / 2), residual (M, N)
                         ConvParams p, int tiles_m, int tiles, int walk_n) {
#if PP_DEVICE
    using L = PpLayout<WM, BN, STAGES, NC, TS>;
    constexpr int HALVES = WM / 64;  // m64 wgmma per k16 step
    constexpr int R = BN / 2;        // accumulators per thread per m64 half
    extern __shared__ unsigned char smem_raw[];
    unsigned char *ring = smem_align1024(smem_raw);
    float *epi = reinterpret_cast<float *>(ring + STAGES * L::STAGE_BYTES);
    uint64_t *full = reinterpret_cast<uint64_t *>(ring + STAGES * L::STAGE_BYTES + L::EPI_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *rbar = empty + STAGES;  // TS: [NC][4 warps] residual boxes loaded
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int nkt = p.kchunks;  // 64-deep stages per tile

    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_x);  // kernel parameters: no dependence on the previous kernels
        tma_prefetch_map(&map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);   // the producer's arrive + the copies' bytes
            mbar_init(&empty[s], 4);  // one arrive per warp of the consumer that read it
        }
        if constexpr (TS)
            for (int b = 0; b < NC * 4; b++) mbar_init(&rbar[b], 1);
        if constexpr (TS) {
            tma_prefetch_map(&ts_maps.y64);
            if (p.residual) tma_prefetch_map(&ts_maps.r64);
        }
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();  // x, w, bias, residual come from the previous kernels

    if (wg == 0) {  // producer: the CTA's tiles in order, nkt stages each, through one ring
        regs_dealloc<PP_PRODUCER_REGS>();
        if (tid == 0)
            wg_pp_producer<STAGES, L::STAGE_BYTES, L::A_BYTES, PP_BK>(ring, full, empty, &map_x, &map_w, tiles,
                                                                       tiles_m, WM, BN, nkt, walk_n);
        return;
    }

    regs_alloc<pp_consumer_regs<NC>()>();
    const int c = wg - 1, warp = tid / 32, lane = tid % 32;
    float acc[HALVES * R];
    // local tile i of this CTA is t = blockIdx.x + i * gridDim.x; its stages
    // are the ring's i * nkt .. i * nkt + nkt - 1
    for (int t = blockIdx.x + c * gridDim.x, i = c; t < tiles; t += NC * gridDim.x, i += NC) {
        const long long g0 = (long long)i * nkt;
        int s = (int)(g0 % STAGES), ph = (int)((g0 / STAGES) & 1), prev = s;
        const bool next = t + (int)gridDim.x < tiles;  // the next consumer has tile i + 1
        unsigned char *slab = reinterpret_cast<unsigned char *>(epi) + (size_t)(c * 4 + warp) * L::SLAB_BYTES;  // TS: this warp's 16 rows
        if constexpr (TS) {
            if (p.residual && lane == 0) {  // the tile's residual into the slab, under the main loop
                const int2 at = wg_pp_tile(t, tiles_m, walk_n, WM, BN);
                bulk_wait_read<0>();  // the previous tile's stores have read the slab
                mbar_arrive_expect_tx(&rbar[c * 4 + warp], L::SLAB_BYTES);
                ts_load<BN>(ts_maps, slab, &rbar[c * 4 + warp], at.y, at.x + PP_TS_ROWS * warp);
            }
        }
        if (i > 0) named_bar_sync(PP_BAR_ORDER + c, 256);  // the previous consumer issued tile i - 1's main loop
        for (int kt = 0; kt < nkt; kt++) {
            mbar_wait(&full[s], ph);
            const unsigned char *st = ring + s * L::STAGE_BYTES;
            const uint64_t da = desc_sw128(st), db = desc_sw128(st + L::A_BYTES);
            wg_regs_ready<HALVES * R>(acc);
            wg_fence();
#pragma unroll
            for (int k = 0; k < PP_BK / 16; k++) {
                wgmma_f16<BN>(acc, da + 2 * k, db + 2 * k, kt | k);
                if constexpr (HALVES == 2) wgmma_f16<BN>(acc + R, da + (64 * 128 >> 4) + 2 * k, db + 2 * k, kt | k);
            }
            wg_commit();
            wg_regs_ready<HALVES * R>(acc);
            if (kt == nkt - 1 && next) named_bar_arrive(PP_BAR_ORDER + (c + 1) % NC, 256);  // the next one's turn
            wg_wait<1>();  // the previous stage's batch is done: give its slot back
            if (kt > 0 && lane == 0) mbar_arrive(&empty[prev]);
            prev = s;
            if (++s == STAGES) {
                s = 0;
                ph ^= 1;
            }
        }
        wg_wait<0>();
        wg_regs_ready<HALVES * R>(acc);
        if (lane == 0) mbar_arrive(&empty[prev]);
        const int2 at = wg_pp_tile(t, tiles_m, walk_n, WM, BN);
        const int m0 = at.x, n0 = at.y;
        if constexpr (TS) {
            if (p.residual) {
                mbar_wait(&rbar[c * 4 + warp], (i / NC) & 1);
            } else if (lane == 0) {
                bulk_wait_read<0>();  // the previous tile's stores have read the slab
            }
            __syncwarp();
            pp_ts_epilogue<BN, NC == 2, TSV>(p, ts_maps, acc, slab, m0 + PP_TS_ROWS * warp, n0, lane);
            continue;
        }
        float *buf = epi + (size_t)((c * 4 + warp) * PP_EPI_ROWS) * L::LDE;  // this warp's 8 rows

        // Epilogue, 8 rows at a time through this warp's buffer. Accumulator
        // r of half hm of thread (warp w, lane l) is row 64 hm + 16 w + l/4 +
        // 8 ((r >> 1) & 1), column 8 (r / 4) + 2 (l % 4) + (r & 1).
#pragma unroll
        for (int hm = 0; hm < HALVES; hm++) {
#pragma unroll
            for (int h = 0; h < 2; h++) {
                __syncwarp();  // the previous pass's reads are done
                float *row = buf + (lane / 4) * L::LDE + (lane & 3) * 2;
#pragma unroll
                for (int j = 0; j < BN / 8; j++)
                    *reinterpret_cast<float2 *>(row + j * 8) =
                        make_float2(acc[hm * R + 4 * j + 2 * h], acc[hm * R + 4 * j + 2 * h + 1]);
                __syncwarp();
                const int mrow = m0 + hm * 64 + warp * 16 + h * 8;
                if (!p.geglu) {
                    // in groups of G chunks per lane (registers: the 128 x 160 tile
                    // still holds 120 accumulators during its first pass)
                    constexpr int PER_ROW = BN / 8, ITERS = PP_EPI_ROWS * PER_ROW / 32;
                    constexpr int G = HALVES * R > 128 || NC > 2 ? 2 : ITERS;
                    static_assert(PP_EPI_ROWS * PER_ROW % 32 == 0, "whole passes of the warp");
#pragma unroll
                    for (int i0 = 0; i0 < ITERS; i0 += G) {
                        Epi8Operands in[G];
#pragma unroll
                        for (int it = 0; it < G; it++) {
                            const int e = lane + 32 * (i0 + it), m = mrow + e / PER_ROW, n = n0 + (e % PER_ROW) * 8;
                            in[it] = i0 + it < ITERS && m < p.M && n < p.N ? epilogue_load8(p, m, n) : Epi8Operands{};
                        }
#pragma unroll
                        for (int it = 0; it < G; it++) {
                            const int e = lane + 32 * (i0 + it), r = e / PER_ROW, col = (e % PER_ROW) * 8;
                            const int m = mrow + r, n = n0 + col;
                            if (i0 + it < ITERS && m < p.M && n < p.N)
                                epilogue_finish8(p, m, n, buf + r * L::LDE + col, in[it]);
                        }
                    }
                } else {  // GEGLU: 8 columns of a, then 8 of g, make 8 outputs
                    constexpr int PER_ROW = BN / 16;
                    for (int e = lane; e < PP_EPI_ROWS * PER_ROW; e += 32) {
                        const int r = e / PER_ROW, col = (e % PER_ROW) * 16;
                        const int m = mrow + r, n = n0 + col;
                        const float *v = buf + r * L::LDE + col;
                        if (m < p.M && n < p.N) geglu_store8(p, m, n, v, v + 8);
                    }
                }
            }
        }
    }
    if constexpr (TS)
        if (lane == 0) bulk_wait_all();  // the slab's last stores, before the CTA's shared memory goes
#endif
}

// --- host side ------------------------------------------------------------------

template <int WM, int BN, int STAGES, int NC, int TS, int TSV>
cudaError_t pp_launch_v(const ConvParams &p, cudaStream_t stream) {
    using L = PpLayout<WM, BN, STAGES, NC, TS>;
    static_assert(L::SMEM <= PP_SMEM_MAX, "ring + epilogue buffers fit the shared memory");
    static_assert(BN % 32 == 0 && BN <= 256 && (WM == 64 || WM == 128), "wgmma m64nBN tiles");
    static_assert(NC == 2 || (NC == 3 && WM == 64 && BN <= 160), "three consumers: 160 registers each");
    static_assert(!TS || WM == 64, "TS epilogue: 64-row tiles");
    if (TS && !pp_ts_ok(p)) return cudaErrorInvalidValue;
    static bool attr_set = false;  // per instantiation
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_wgmma_pp_kernel<WM, BN, STAGES, NC, TS, TSV>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, L::SMEM);
        if (e != cudaSuccess) return e;
        cudaFuncAttributes fa;
        e = cudaFuncGetAttributes(&fa, gemm_wgmma_pp_kernel<WM, BN, STAGES, NC, TS, TSV>);
        if (e != cudaSuccess) return e;
        if ((pp_consumer_regs<NC>() - fa.numRegs) * NC > fa.numRegs - PP_PRODUCER_REGS)
            return cudaErrorInvalidConfiguration;  // the consumers' setmaxnreg.inc would wait forever
        attr_set = true;
    }
    const int sms = hopper_num_sms();
    CUtensorMap mx, mw;
    cudaError_t e = tensor_map_k64(&mx, p.x, p.M, p.K, WM);
    if (e == cudaSuccess) e = tensor_map_k64(&mw, p.w, p.N, p.K, BN);
    PpTsMaps ts;  // only the maps of the box widths the tile's slab has (ts_box_width) are read
    ts.y64 = ts.y32 = ts.y16 = ts.r64 = ts.r32 = mx;
    if (TS && e == cudaSuccess) e = pp_ts_maps(p, BN, &ts);
    if (e != cudaSuccess) return e;
    const int tiles_m = (p.M + WM - 1) / WM, tiles_n = (p.N + BN - 1) / BN, tiles = tiles_m * tiles_n;
    const int grid = tiles < sms ? tiles : sms;
    const int walk_n = pp_walk_n(2LL * p.M * p.K, tiles_n);  // FP16 A: 2 M K bytes
    return pdl_launch(gemm_wgmma_pp_kernel<WM, BN, STAGES, NC, TS, TSV>, dim3(grid), dim3(pp_threads<NC>()),
                      (size_t)L::SMEM, stream, mx, mw, ts, p, tiles_m, tiles, walk_n);
}

// A tile's launcher: TS tiles run the kernel compiled for p's epilogue
// variant alone where there is one (pp_ts_variant), else the one with all.
template <int WM, int BN, int STAGES, int NC, int TS>
cudaError_t pp_launch(const ConvParams &p, cudaStream_t stream) {
    return pp_ts_dispatch<!TS ? 0u : NC == 2 ? TSV_PLAIN | TSV_LN : TSV_PLAIN>(pp_ts_variant(p, NC == 2), [&](auto v) {
        return pp_launch_v<WM, BN, STAGES, NC, TS, decltype(v)::value>(p, stream);
    });
}

struct PpTile {
    int wm, bn;
    const char *name;
    cudaError_t (*launch)(const ConvParams &, cudaStream_t);
};
#define PP_NAME_NC_2 ""
#define PP_NAME_NC_3 " 3c"
#define PP_NAME_TS_0 ""
#define PP_NAME_TS_1 " ts"
#define PP_TILE_ROW(wm, bn, st, nc, ts)                                                                 \
    {wm, bn, "wgmma pp " #wm "x" #bn "x64/" #st "st" PP_NAME_NC_##nc PP_NAME_TS_##ts, \
     &pp_launch<wm, bn, st, nc, ts>},
const PpTile kPpTiles[] = {PP_TILES(PP_TILE_ROW)};
constexpr int kNumPpTiles = sizeof(kPpTiles) / sizeof(kPpTiles[0]);

}  // namespace

int gemm_wgmma_pp_num_tiles(void) { return kNumPpTiles; }

int gemm_wgmma_pp_heuristic_tile(int kind) {
    static const char *const picks[] = {// in pp_rule.h's PP_KIND_* order
                                        "wgmma pp 64x160x64/6st ts", "wgmma pp 64x160x64/5st 3c ts",
                                        "wgmma pp 64x64x64/12st ts", "wgmma pp 64x96x64/9st 3c ts",
                                        "wgmma pp 64x96x64/10st ts", "wgmma pp 64x128x64/7st 3c ts"};
    if (kind < 0 || kind >= (int)(sizeof(picks) / sizeof(picks[0]))) return -1;
    for (int i = 0; i < kNumPpTiles; i++)
        if (!strcmp(kPpTiles[i].name, picks[kind])) return i;
    return -1;
}

const char *gemm_wgmma_pp_tile_name(int i) { return i >= 0 && i < kNumPpTiles ? kPpTiles[i].name : "?"; }

void gemm_wgmma_pp_tile_dims(int i, int *bm, int *bn) {
    *bm = i >= 0 && i < kNumPpTiles ? kPpTiles[i].wm : 0;
    *bn = i >= 0 && i < kNumPpTiles ? kPpTiles[i].bn : 0;
}

int gemm_wgmma_pp_shape_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up) {
    return ksize == 1 && stride == 1 && pad == 0 && !cin2 && !up && cin % 8 == 0 && cout % 8 == 0;
}

cudaError_t gemm_wgmma_pp_launch(int i, const ConvParams &p, cudaStream_t stream) {
    if (i < 0 || i >= kNumPpTiles || !gemm_wgmma_usable()) return cudaErrorInvalidValue;
    if (!gemm_wgmma_pp_shape_ok(p.ksize, p.stride, p.pad, p.Cin, p.N, p.x2 ? p.Cin - p.Cin1 : 0, p.up) ||
        p.K % 8 || p.splits != 1 || p.norm)
        return cudaErrorInvalidValue;
    if ((reinterpret_cast<uintptr_t>(p.x) | reinterpret_cast<uintptr_t>(p.w)) & 15) return cudaErrorInvalidValue;
    return kPpTiles[i].launch(p, stream);
}
