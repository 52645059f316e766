// gemm_wgmma.cu: the Hopper (sm_90a) engine of the FP16 GEMM and implicit-GEMM
// convolution: every linear layer (gemm_fp16) and every convolution over
// multiples of 64 input channels (1x1, 3x3, stride 2, and the up path's
// concatenated and nearest-2x inputs) when the tuner or the heuristic picks it.
//
// What it computes
//   Exactly the contract of conv_igemm_kernel (conv2d.cu) for a GEMM-shaped
//   problem: y (M, N) = x (M, K) * w (N, K)^T, FP16 in, FP32 accumulation,
//   then the shared epilogue of conv2d.cuh (bias, time embedding, residual
//   or GEGLU, one rounding to FP16), or FP32 split-K partials (splits, M, N)
//   that conv_splitk_reduce_kernel sums in split order.
//
// Tile design (constants WG_BM, WG_BK, WG_THREADS; tiles in WG_TILES)
//   - CTA tile 128 x BN x 64, BN = 256, 160, 128 or 64 (N = 320 wastes
//     nothing at 64 and 160, a sixth at 128). Three warpgroups (384
//     threads): warpgroup 0 is the producer, and one of its threads
//     issues every copy; warpgroups 1 and 2 are consumers, each owning 64 rows x BN columns of FP32
//     accumulators in registers (BN / 2 per thread). setmaxnreg moves the
//     producer to 40 registers and the consumers to 232.
//   - Operands by TMA (cp.async.bulk.tensor.2d, 128-byte swizzle): one
//     64 x 128-row box of x and one 64 x BN-row box of w per stage; rows and
//     K beyond the matrix are zero-filled by the copy engine, so M, N and K
//     tails need no code in the main loop. The wgmma reads both straight
//     from the swizzled tiles (K-major descriptors, 1024-byte 8-row groups;
//     the k16 steps advance the start address by 32 bytes).
//   - STAGES-deep ring (192 KB of the 227 KB: 4, 6 or 8 stages), a full and
//     an empty mbarrier per stage: the producer waits for "empty", arms
//     "full" with the stage's byte count and issues the two copies; each
//     consumer waits for "full", issues four m64nBNk16 wgmma, commits, and
//     waits for the previous stage's group (wgmma.wait_group 1) before it
//     releases that stage, so one group stays in flight across the loop; the
//     two consumer warpgroups take turns on the tensor cores. The first
//     wgmma of a tile overwrites the accumulators (scale-d 0) and the
//     accumulators are fenced around each batch (wg_regs_ready): no
//     non-wgmma write of them inside the pipeline, so ptxas keeps the wgmma
//     asynchronous (no C7515). The GroupNorm instantiation keeps
//     wait_group 0 (its rewrite of the next stage overlaps the products).
//     The cluster split-K tiles are their own instantiations (template CK):
//     with the cluster code behind a runtime branch in the same kernel, the
//     plain 128 x 160 conv of SD1.5's 320 -> 320 @64 b2 ran 37.8-38.5 us
//     against 33.6-35.3 us before that code existed and 33.7-34.4 us as a
//     separate instantiation (same H100, same run:
//     bench/results/2026-11-23-h100-engine-ab). The
//     tensor cores always have the next stage's data: the seed's observation that the mma.sync kernel's
//     latency-bound main loop (ldmatrix, address math and mma.sync issue
//     sharing one warp) is what caps it is answered by moving the copies to
//     the copy engine and the operand reads into the tensor cores.
//   - The up path's inputs read in place (ConvParams.x2 / .up): a
//     concatenated input is two tensor maps, and a stage (64 channels of one
//     tap) reads the tensor it lies in (both parts multiples of 64 channels);
//     a nearest-2x input is read as four output phases: the CTAs of phase
//     (px, py) compute the outputs (2j + px, 2i + py), whose tap (ky, kx)
//     reads source pixel (j + floor((px + kx - pad) / 2), i + floor((py + ky
//     - pad) / 2)): a plain unit-stride box of the half-size source, so
//     neither the upsampled nor the concatenated tensor is ever written.
//   - The im2col tiles ("i2c", a fourth instantiation I2C of each plain
//     tile): a CTA's 128 rows are 128 consecutive output pixels (the GEMM's
//     rows, across image rows and images) instead of a rectangle, and the A
//     stage is one TMA copy in im2col mode (cuTensorMapEncodeIm2col: the
//     filter window's corner of every output position in the map's bounding
//     box, the tap as the copy's offsets, stride and padding in the map).
//     Same shared-memory tile, main loop and (GEMM-mode) epilogue. They make
//     fewer tiles where the output side is not a multiple of a rectangle's
//     (24 x 24 at batch 2: 9 against 12). Measured on the H100 beside the
//     rectangles at 18 SD convolutions (docs/PERF.md, "Convolution A operand
//     in TMA im2col mode"): 0.99x the rectangle's time at the same tile and
//     split (median), tuning's pick at SD2.1's 24 x 24 and 48 x 48 layers.
//     Plain convolutions only (no nearest-2x input, GroupNorm operand path
//     or fused shortcut, which need the rectangle), no cluster split-K.
//   - A ResBlock's 1x1 shortcut in conv2's K (ConvParams.xs, a third
//     instantiation SC of each plain and ck tile): past the conv's Kc = 9
//     Cin come Cs more K whose stages the producer loads, in a copy loop of
//     their own, from the shortcut input's 4-D map (xs, and xs2 past Cs1:
//     an up block's skip) at the rectangle's own pixels (stride 1, same
//     size); w is the two weights joined row by row. The shortcut's output
//     is never written and conv2 reads no residual: SD1.5's shortcut
//     ResBlocks 0.6-9.7 us faster on the H100 (docs/PERF.md).
//   - GroupNorm in the operand path (ConvParams.norm, a second
//     instantiation NORM of each tile): each consumer rewrites its own 64
//     rows of the A stage in shared memory, x * scale + shift per (sample,
//     channel) from the GroupNorm statistics pass, then SiLU as
//     h + h tanh(h) with h = y / 2 (one MUFU.TANH per two FP16 elements), and
//     fences the stores to the async proxy before its wgmma reads them. Rows
//     that are a convolution's zero padding keep the copy engine's zeros.
//     The rewrite of stage i + 1 runs while the wgmma of stage i are in
//     flight, so the normalized tensor is never written to memory and the
//     separate apply pass (a read and a write of the activation) is gone. A
//     3x3 conv rewrites each input element once per tap (9x): two FP32
//     FMAs, a pack, one MUFU op per two elements and an HFMA2 per tap, which
//     is why SiLU is the FP16 tanh form (an exp + reciprocal in FP32 would
//     be four MUFU ops per pair, more than the stage's products take).
//     Error: 2-3 FP16 roundings of the operand (h, tanh, the product)
//     instead of one, measured in docs/PERF.md.
//   - Split-K two ways: FP32 partials in a workspace that
//     conv_splitk_reduce_kernel sums, or (the "ck" tiles, 2 .. 8 splits)
//     the splits of a tile as one thread-block cluster (1, 1, S): each CTA
//     stages its FP32 tile in shared memory, and after a cluster barrier
//     CTA z sums rows [128 z / S, 128 (z + 1) / S) of all S tiles through
//     distributed shared memory (mapa + ld.shared::cluster) in rank order,
//     the reduce kernel's order, and runs the epilogue; a second barrier
//     keeps every tile alive until its peers have read it. No workspace and
//     no second kernel.
//   - Stream-K ("sk" tiles, convolutions only): one persistent CTA per SM
//     runs an equal share of all tiles' K stages, so a grid of 144 or 90
//     tiles on 132 SMs (SD2.1's 96 x 96 and 48 x 48 convs: 1.09 and 0.68
//     waves) keeps every SM busy to the end; a tile cut between CTAs is
//     summed in the kernel (partials + flags, gemm_wgmma_sk_kernel below).
//   - The next GroupNorm's statistics (GNS, a fifth instantiation of each
//     plain and im2col tile; ConvParams.gn_part): while it stores y, each
//     thread keeps running sums of its 8 columns over its rows (the FP16
//     values stored, shifted by the first row's), the consumer combines
//     them per column in shared memory (Chan's formula), and each
//     consumer's 64 rows (one sample) leave one (mean, M2) per channel; the
//     GroupNorm then folds those (groupnorm_apply_partials_fp16) instead of
//     reading y for its statistics. Measured on the H100 (docs/PERF.md,
//     "GroupNorm statistics from conv1's epilogue"): the statistics cost
//     the conv 2-3 us per wave of tiles (SD1.5 320 @64 b2: 27.7 -> 30.4 us)
//     and save the GroupNorm 6-8 us (16.6 -> 10.1 us), a net 3 us per
//     ResBlock there and none at SDXL's 4-wave 320 @128 b2.
//   - Epilogue through shared memory: the accumulators go to an FP32 tile
//     over the (then idle) ring and come back as 8-column row chunks, so
//     residual loads and output stores are 16 bytes per thread and whole
//     lines per warp; conv2d.cuh's epilogue_finish8 / geglu_store8 apply the
//     same per-element arithmetic as the mma.sync kernel's epilogue_store2.
//     (Stores of 4 bytes straight from the wgmma fragment, 8 rows per warp
//     instruction, measured 0.37x of cuBLASLt at 8192 x 960 x 320.) The
//     plain and cluster split-K epilogues (no GEGLU) keep each thread on one
//     8-column chunk across its rows (wg_emit_rows, wg_emit_rows_cluster):
//     bias read once, four rows' loads in flight; split-K partials leave as
//     one bulk copy per tile row (wg_store_partials); GEGLU goes chunk by
//     chunk (wg_emit_geglu).
//
// Limits
//   GEMM-shaped (1x1, stride 1, pad 0; K a multiple of 8) or a convolution
//   over Cin % 64 == 0 (stride 1 or 2; nearest-2x inputs stride 1 with a
//   same-size output); N a multiple of 8
//   (TMA rows of 16-byte multiples); x and w 16-byte aligned; cc 9.0 only
//   (sm_90a code). The GroupNorm operand path needs no nearest-2x input;
//   the fused shortcut a stride-1 same-size convolution (not GEMM-shaped),
//   Cs and Cs1 multiples of 64, and no GroupNorm operand path.
//   One output tile per CTA, except the stream-K tiles (gemm_wgmma_sk_kernel,
//   convolutions only: one CTA per SM over equal shares of every tile's K
//   stages; the persistent ping-pong GEMM tiles are gemm_wgmma_pp.cu); no
//   TMA multicast; the epilogue does not overlap the next tile's products. The GroupNorm operand path is slower
//   than the separate pass for 3x3 convs (the rewrite runs once per tap:
//   3.6x the instructions, docs/PERF.md), so the graph uses it only with
//   --fuse-norm on. What that leaves on the table: docs/PERF.md.
#include "kernels.h"
#include "tensormap.cuh"
#include "pdl.cuh"
#include "conv2d.cuh"
#include "wgmma.cuh"
#include "streamk.h"
#include "im2col_box.h"

#include <cuda.h>  // CUtensorMap and its enums; the encoder comes from the driver at run time
#include <cuda_fp16.h>
#include <stdint.h>

// wgmma and setmaxnreg exist only in the sm_90a device pass; every other
// target compiles the kernel to an empty body that is never launched
// (gemm_wgmma_usable() requires the sm_90a build and a cc 9.0 device).
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define WG_DEVICE 1
#else
#define WG_DEVICE 0
#endif

namespace {

constexpr int WG_BM = 128;       // CTA rows: two consumer warpgroups of 64 rows
constexpr int WG_BK = 64;        // K per stage: one 128-byte swizzle row of FP16 (= KSPLIT_ALIGN)
constexpr int WG_THREADS = 384;  // producer warpgroup + 2 consumer warpgroups
constexpr int WG_SMEM_SLACK = 1024 + 256;  // 1024-byte alignment of the ring + the mbarriers
constexpr int EPI_PAD = 8;       // +8 floats per row of the FP32 epilogue tile (32 bytes)
static_assert(WG_BK == KSPLIT_ALIGN, "a split-K range is a whole number of stages");
// The FP32 epilogue tile (128, BN + EPI_PAD) reuses the ring.
static_assert(128 * (256 + EPI_PAD) * 4 <= 4 * (128 + 256) * 64 * 2, "epilogue tile fits the BN 256 ring");
static_assert(128 * (64 + EPI_PAD) * 4 <= 8 * (128 + 64) * 64 * 2, "epilogue tile fits the BN 64 ring");
static_assert(128 * (160 + EPI_PAD) * 4 <= 5 * (128 + 160) * 64 * 2, "epilogue tile fits the BN 160 ring");

// Which rows a CTA tile covers. GEMM mode: rows m0 .. m0 + 127 of x (M, K).
// Convolution mode: an output rectangle of bb images x bh rows x bw
// columns (bb * bh * bw == WG_BM), the box one 4-D TMA copy fetches per
// (tap, 64 channels); tiles_w x tiles_h x ceil(B / bb) of them cover the
// output, with elements past the edges computed on zeros and not stored.
struct WgGeom {
    int conv;
    int bw, bh, bb;
    int tiles_w, tiles_h;
    int tiles_b;  // ceil(B / bb)
    int up;       // nearest-2x input: four output phases, tiles_w x tiles_h x tiles_b CTAs each
};

// The compiled tiles: BN, STAGES. Each stage is (128 + BN) x 64 FP16.
// BN = 160 divides every SD channel count (320 .. 2560), and at 320 output
// channels it makes two column tiles instead of three: SD1.5's 320 -> 320
// conv at 64 x 64, batch 2 is 128 CTAs (one wave on 132 SMs) instead of
// 192 (1.45 waves; Nsight Compute on the 128-wide tile: SM busy 35%).
#define WG_TILES(X) \
    X(256, 4)       \
    X(160, 5)       \
    X(128, 6)       \
    X(64, 8)
// The stream-K tile: 160 columns. The other widths were built and timed at
// eight SD convolutions on the H100 (docs/PERF.md, "Stream-K convolution
// tiles"): per stage 1.5-2.3x slower than a one-tile-per-CTA grid at 256,
// and at 128 and 64 slower than the other candidates wherever the
// heuristic picked them (SD1.5's 1280 @16 b2 shortcut conv 25.0 -> 34.7 us),
// so they are not built.
#define WG_TILES_SK(X) X(160, 5)

// Device helpers: only the sm_90a pass has a kernel body that uses them.
#if WG_DEVICE
// mbarrier, TMA, descriptor and setmaxnreg helpers: wgmma.cuh.

// Where a CTA's tile lies: its first row and column, and in convolution
// mode the output rectangle's first pixel and (nearest-2x input) phase.
struct WgTileAt {
    int m0, n0, ox0, oy0, b0, px, py;
};

// The output row of tile row r (0 .. 127), or -1 where the row lies past
// the output (a rectangle's edge, past the batch, or past M).
__device__ __forceinline__ int wg_row_m(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int r) {
    int m = at.m0 + r;
    if (g.conv) {  // row r of the rectangle: (image, y, x) = (r / (bh bw), r / bw % bh, r % bw)
        // bw and bh are powers of two (conv_geometry): shifts and masks
        const int lw = __ffs(g.bw) - 1, lh = __ffs(g.bh) - 1;
        int ox = at.ox0 + (r & (g.bw - 1)), oy = at.oy0 + ((r >> lw) & (g.bh - 1));
        const int b = at.b0 + (r >> (lw + lh));
        if (g.up) {
            ox = 2 * ox + at.px;
            oy = 2 * oy + at.py;
        }
        if (ox >= p.Wo || oy >= p.Ho) return -1;
        m = (b * p.Ho + oy) * p.Wo + ox;  // >= M when b is past the batch
    }
    return m < p.M ? m : -1;
}

// GEGLU tiles: row r, interleaved columns col .. col + 15 of the tile (8 of
// a, then 8 of g), FP32 values v, to 8 output channels; rows and columns
// past the output are dropped.
constexpr int GEGLU_CHUNK = 16;
__device__ __forceinline__ void wg_emit_geglu(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int r,
                                              int col, const float *v) {
    const int n = at.n0 + col, m = wg_row_m(p, g, at, r);
    if (m >= 0 && n < p.N) geglu_store8(p, m, n, v, v + 8);
}

// A consumer's 64 rows of the FP32 tile (stage rows 64c .., LDE floats
// apart) as split-K partials: ws (splits, M, N), slice blockIdx.z, summed by
// conv_splitk_reduce_kernel. A tile row is one contiguous run of the
// output row (columns n0 .. n0 + BN), so thread r of the consumer hands row
// r to the copy engine as one bulk copy (cp.async.bulk, shared -> global)
// and the values never pass through registers again. As a loop of 16-byte
// register stores, ptxas reused each chunk's registers for the next one's
// shared loads and address, so every chunk waited for the previous chunk's
// stores (Nsight Compute, 640 -> 1280 @16 b1, split 6: 1669 long- and 1607
// short-scoreboard samples of 19397 on that chain; the kernel ran 17.5-17.9
// us against 16.3-16.5 us for an earlier build whose schedule did not have
// it). The caller fences the tile's shared stores to the async proxy before
// its barrier. GEGLU tiles store their interleaved columns unchanged (the
// reduce kernel pairs them).
template <int BN, int LDE>
__device__ __forceinline__ void wg_store_partials(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int c,
                                                  int tid, const float *stage) {
    if (tid >= 64) return;
    const int r = c * 64 + tid, m = wg_row_m(p, g, at, r), cols = min(BN, p.N - at.n0);
    if (m >= 0 && cols > 0) {
        float *dst = p.ws + ((size_t)blockIdx.z * p.M + m) * p.N + at.n0;  // N % 8 == 0: 16-byte aligned
        bulk_store(dst, stage + (size_t)r * LDE, (uint32_t)cols * sizeof(float));
    }
    bulk_commit_wait_read();  // the ring is shared memory of this CTA: keep it until the copies have read it
}

// The GroupNorm statistics tiles (GNS): a thread's running statistics of
// its 8 columns over the rows it stores, from the FP16 values y holds,
// shifted by the first such row's values so that the sums do not cancel.
struct GnAcc {
    float k[8], s[8], q[8];  // shift, sum and sum of squares of (v - shift)
    int n, first_m;          // rows, the first row's m
};
__device__ __forceinline__ void gn_acc_row(GnAcc &a, uint4 out, int m) {
    const half2 *h = reinterpret_cast<const half2 *>(&out);
    float v[8];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const float2 f = __half22float2(h[i]);
        v[2 * i] = f.x, v[2 * i + 1] = f.y;
    }
    if (a.n == 0) {
        a.first_m = m;
#pragma unroll
        for (int i = 0; i < 8; i++) a.k[i] = v[i];
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        const float d = v[i] - a.k[i];
        a.s[i] += d;
        a.q[i] = fmaf(d, d, a.q[i]);
    }
    a.n++;
}

// A consumer's 64 rows of the FP32 epilogue tile (stage rows 64c ..,
// LDE floats apart) through the epilogue to y: no GEGLU, no split-K. Thread
// tid keeps one 8-column chunk (tid % CPR) for every row it stores (rows
// tid / CPR + k RPP), so its bias and column bound are read once, and the
// residual / time-embedding loads of EPI_G rows are issued before the first
// of their stores (the compiler cannot move a load past a store to y).
// Measured against the per-chunk loop it replaces (which only the GEGLU
// tiles keep, wg_emit_geglu), H200, same job, heuristic picks
// (docs/PERF.md, "A row-mapped epilogue"): SD1.5 step 4.31 -> 4.22 ms (b1),
// 6.08 -> 5.90 ms (b2); 320 -> 320 @64 b2 convs 31.2 -> 27.3-27.8 us. That
// loop took 61% of the instructions and 43% of the warp stall samples of a
// 128 x 160 tile at 8192 x 320 x 320 (Nsight Compute), ~110 instructions
// per 8-column chunk. Two things measured worse and are not used: the
// same mapping for the FP32 split-K partials (+1.2-1.9 us per split conv
// node), and the loop over the rows fully unrolled (no faster; the code is
// fetched cold by every CTA). Nor is the FP16 result sent as one bulk copy
// per row from a shared tile (as wg_store_partials does): 1.0-2.2 us
// slower per small GEMM on the H100 (the copy's latency at the CTA's end).
// GNS: each row chunk stored also goes into the thread's GnAcc.
constexpr int EPI_G = 4;
template <int BN, int LDE, bool GNS = false>
__device__ __forceinline__ void wg_emit_rows(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int c, int tid,
                                             const float *stage, GnAcc *ga = nullptr) {
    constexpr int CPR = BN / 8;                   // 8-column chunks per tile row
    constexpr int RPP = 128 / CPR;                // rows per pass of the consumer's 128 threads
    constexpr int PASSES = (64 + RPP - 1) / RPP;  // passes over its 64 rows
    const int ch = tid % CPR, rr = tid / CPR, col = ch * 8, n = at.n0 + col;
    if (rr >= RPP || n >= p.N) return;  // BN 160: threads 120 .. 127 have no chunk
    const float *src = stage + (size_t)(c * 64 + rr) * LDE + col;  // this thread's chunk of row rr
    float b8[8];
    epilogue_bias8(p, n, b8);
#pragma unroll 1
    for (int k0 = 0; k0 < PASSES; k0 += EPI_G) {
        int m[EPI_G];
        Epi8Operands in[EPI_G];
#pragma unroll
        for (int k = 0; k < EPI_G; k++) {
            const int r = rr + (k0 + k) * RPP;
            m[k] = k0 + k < PASSES && r < 64 ? wg_row_m(p, g, at, c * 64 + r) : -1;
            in[k] = m[k] >= 0 ? epilogue_load8(p, m[k], n) : Epi8Operands{};
        }
#pragma unroll
        for (int k = 0; k < EPI_G; k++) {
            if (m[k] < 0) continue;
            const uint4 out = epilogue_finish8(p, m[k], n, src + (size_t)(k0 + k) * RPP * LDE, in[k], b8);
            if constexpr (GNS) gn_acc_row(*ga, out, m[k]);
        }
    }
}

// The GroupNorm statistics tiles (GNS), after wg_emit_rows<GNS> and a
// barrier of the consumer (its rows of the staged tile are free): slot
// blockIdx.x * 2 + c is this consumer's 64 rows, all of one sample
// (conv2d_gn_stats_slots checks the geometry). The RPP threads of a column
// chunk (one per row of a pass) leave their (mean, M2) per column and
// their row count in shared memory; then thread tid takes columns tid,
// tid + 128 of the tile and combines the RPP partials in order (Chan's
// formula) into p.gn_part (slots, N). A slot's partials and its (sample,
// rows) are rewritten on every launch.
template <int BN, int LDE>
__device__ __forceinline__ void wg_gn_stats(const ConvParams &p, const WgTileAt &at, int c, int tid, float *stage,
                                            const GnAcc &ga) {
    constexpr int CPR = BN / 8, RPP = 128 / CPR;
    static_assert(RPP * BN * 2 + 2 * RPP <= 64 * (BN + EPI_PAD), "partials fit the consumer's rows of the tile");
    float *red = stage + (size_t)c * 64 * LDE;  // (RPP, BN) mean, M2; then cnt (RPP), sample (RPP)
    int *cnt = reinterpret_cast<int *>(red + RPP * BN * 2), *smp = cnt + RPP;
    const int ch = tid % CPR, rr = tid / CPR;
    if (rr < RPP) {
        if (ch == 0) {  // column n0 < N: every thread of chunk 0 stored its rows
            cnt[rr] = ga.n;
            smp[rr] = ga.n ? ga.first_m / (p.Ho * p.Wo) : -1;
        }
        const float inv = ga.n ? __fdividef(1.0f, (float)ga.n) : 0.0f;
#pragma unroll
        for (int i = 0; i < 8; i++) {
            const float ms = ga.s[i] * inv;  // mean - shift
            *reinterpret_cast<float2 *>(red + ((size_t)rr * BN + ch * 8 + i) * 2) =
                make_float2(ga.n ? ga.k[i] + ms : 0.0f, ga.n ? fmaxf(ga.q[i] - ga.s[i] * ms, 0.0f) : 0.0f);
        }
    }
    asm volatile("bar.sync %0, 128;\n" ::"r"(2 + c) : "memory");
    int rows = 0, sample = -1;
#pragma unroll
    for (int r = 0; r < RPP; r++) {
        rows += cnt[r];
        if (sample < 0) sample = smp[r];
    }
    const int slot = (int)blockIdx.x * 2 + c;
    if (tid == 0 && blockIdx.y == 0) p.gn_slot[slot] = make_int2(rows ? sample : -1, rows);
    if (!rows) return;
    for (int j = tid; j < BN && at.n0 + j < p.N; j += 128) {
        float n = 0.0f, mean = 0.0f, m2 = 0.0f;
#pragma unroll 1
        for (int r = 0; r < RPP; r++) {
            const float nb = (float)cnt[r];
            if (nb == 0.0f) continue;
            const float2 t = *reinterpret_cast<const float2 *>(red + ((size_t)r * BN + j) * 2);
            const float nn = n + nb, d = t.x - mean, w = __fdividef(nb, nn);  // nb / nn: a fraction, no slow path
            mean = fmaf(d, w, mean);
            m2 += t.y + d * d * (n * w);
            n = nn;
        }
        p.gn_part[(size_t)slot * p.N + at.n0 + j] = make_float2(mean, m2);
    }
}

// Four FP32 values at byte offset off of the staged tile, summed over the
// S CTAs of the cluster in rank order (the reduce kernel's order).
__device__ __forceinline__ float4 cluster_sum4(uint32_t local, uint32_t off, int S) {
    float4 sum = ld_cluster_f4(cluster_map(local, 0) + off);
    for (int q = 1; q < S; q++) {
        const float4 u = ld_cluster_f4(cluster_map(local, (uint32_t)q) + off);
        sum.x += u.x, sum.y += u.y, sum.z += u.z, sum.w += u.w;
    }
    return sum;
}

// Cluster split-K (CK tiles), no GEGLU: rows [r0, r1) of the tile summed
// over the S CTAs of the cluster (their FP32 tiles through distributed
// shared memory, in rank order, the reduce kernel's order) and sent through
// the epilogue to y, mapped as wg_emit_rows: each of the 256 consumer
// threads keeps one 8-column chunk for all its rows (bias read once) and
// issues the residual / time-embedding loads and the peer reads of EPI_G
// rows before the first of their stores. (The per-chunk loop, which the
// GEGLU ck tiles keep, wg_emit_geglu, recomputes the row, the bias and the feature checks
// for every chunk: ~110 instructions each, Nsight Compute.)
template <int BN, int LDE>
__device__ __forceinline__ void wg_emit_rows_cluster(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int t,
                                                     int r0, int r1, int S, uint32_t local) {
    constexpr int CPR = BN / 8;    // 8-column chunks per tile row
    constexpr int RPP = 256 / CPR; // rows per pass of the 256 consumer threads
    const int ch = t % CPR, rr = t / CPR, col = ch * 8, n = at.n0 + col;
    if (rr >= RPP || n >= p.N) return;  // BN 160: threads 240 .. 255 have no chunk
    float b8[8];
    epilogue_bias8(p, n, b8);
#pragma unroll 1
    for (int rb = r0 + rr; rb < r1; rb += EPI_G * RPP) {
        int m[EPI_G];
        Epi8Operands in[EPI_G];
        alignas(16) float v[EPI_G][8];
#pragma unroll
        for (int k = 0; k < EPI_G; k++) {
            const int r = rb + k * RPP;
            m[k] = r < r1 ? wg_row_m(p, g, at, r) : -1;
            if (m[k] < 0) continue;
            in[k] = epilogue_load8(p, m[k], n);
            const uint32_t off = (uint32_t)(((size_t)r * LDE + col) * sizeof(float));
#pragma unroll
            for (int h = 0; h < 8; h += 4) *reinterpret_cast<float4 *>(&v[k][h]) = cluster_sum4(local, off + h * 4, S);
        }
#pragma unroll
        for (int k = 0; k < EPI_G; k++)
            if (m[k] >= 0) epilogue_finish8(p, m[k], n, v[k], in[k], b8);
    }
}

// GroupNorm prologue: two channels of the A operand, x * scale + shift, then
// SiLU when `silu` (scale and shift are then pre-halved: h = y / 2 and
// silu(y) = h + h tanh(h), one MUFU.TANH per two elements in FP16x2).
__device__ __forceinline__ uint32_t norm_pair(uint32_t v, float s0, float t0, float s1, float t1, int silu) {
    const float2 f = __half22float2(*reinterpret_cast<const half2 *>(&v));
    const half2 y = __floats2half2_rn(fmaf(f.x, s0, t0), fmaf(f.y, s1, t1));
    const half2 o = silu ? __hfma2(y, h2tanh_approx(y), y) : y;
    return *reinterpret_cast<const uint32_t *>(&o);
}

// Makes this thread's shared-memory stores visible to the wgmma that read
// the tile next (the generic and the async proxy).
__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }

// Convolution mode: the output rectangle of m-tile bx (its first output
// pixel, and with a nearest-2x input its output phase) into at.
__device__ __forceinline__ void wg_rect(const WgGeom &g, int bx, WgTileAt &at) {
    if (g.up) {  // the rectangle is in phase coordinates: output (2 j + px, 2 i + py)
        const int per = g.tiles_w * g.tiles_h * g.tiles_b, ph = bx / per;
        bx -= ph * per;
        at.py = ph >> 1;
        at.px = ph & 1;
    }
    const int t = bx / g.tiles_w;
    at.ox0 = (bx - t * g.tiles_w) * g.bw;
    at.oy0 = (t % g.tiles_h) * g.bh;
    at.b0 = (t / g.tiles_h) * g.bb;
}

// Producer: the two copies of K stage kt (64 of the convolution's K) of the
// tile at `at` into the stage at sa (A, then B at a_bytes), completing on bar.
__device__ __forceinline__ void wg_issue_conv(const ConvParams &p, const WgGeom &g, const CUtensorMap *map_x,
                                              const CUtensorMap *map_x2, const CUtensorMap *map_w, const WgTileAt &at,
                                              int kt, unsigned char *sa, uint64_t *bar, int a_bytes) {
    const int k = kt * WG_BK;
    if (g.conv) {  // K = (ky, kx, ci): one tap and 64 channels (Cin % 64 == 0) per stage
        const int tap = k / p.Cin, c0 = k - tap * p.Cin;
        const int ky = tap / p.ksize, kx = tap - ky * p.ksize;
        int ix = at.ox0 * p.stride + kx - p.pad, iy = at.oy0 * p.stride + ky - p.pad;
        if (g.up) {  // upsampled column 2j + px + kx - pad is source column j + floor((px + kx - pad) / 2)
            ix = at.ox0 + ((at.px + kx - p.pad + 2) >> 1) - 1;
            iy = at.oy0 + ((at.py + ky - p.pad + 2) >> 1) - 1;
        }
        if (p.x2 && c0 >= p.Cin1) tma_load_4d(sa, map_x2, bar, c0 - p.Cin1, ix, iy, at.b0);
        else tma_load_4d(sa, map_x, bar, c0, ix, iy, at.b0);
    } else if (p.x2 && k >= p.Cin1) {  // concatenated input: the stage lies in x2 (Cin1 % 64 == 0)
        tma_load_2d(sa, map_x2, bar, k - p.Cin1, at.m0);
    } else {
        tma_load_2d(sa, map_x, bar, k, at.m0);
    }
    tma_load_2d(sa + a_bytes, map_w, bar, k, at.n0);
}

// Producer, im2col tiles (I2C): K stage kt of rows m0 .. m0 + 127, which
// are consecutive output pixels (b, oy, ox) from (at.b0, at.oy0, at.ox0)
// on, across rows and images. The A stage is one TMA copy in im2col mode:
// 128 pixels x 64 channels of the stage's tap (ky, kx), the window's corner
// of each output pixel shifted by (kx, ky); the map's bounding box gives one
// pixel per output position (stride and padding in the map), and pixels
// outside the input read as zero. The shared-memory tile is the GEMM's (128
// rows of 128 bytes, 128-byte swizzle), so the main loop and the epilogue
// (GEMM mode: row r is output pixel m0 + r) are the plain tile's.
__device__ __forceinline__ void wg_issue_i2c(const ConvParams &p, const CUtensorMap *map_x, const CUtensorMap *map_x2,
                                             const CUtensorMap *map_w, const WgTileAt &at, int kt, unsigned char *sa,
                                             uint64_t *bar, int a_bytes) {
    const int k = kt * WG_BK;
    const int tap = k / p.Cin, c0 = k - tap * p.Cin;  // K = (ky, kx, ci), Cin % 64 == 0
    const int ky = tap / p.ksize, kx = tap - ky * p.ksize;
    const int ix = im2col_corner(at.ox0, p.stride, p.pad), iy = im2col_corner(at.oy0, p.stride, p.pad);
    if (p.x2 && c0 >= p.Cin1)
        tma_load_im2col_4d(sa, map_x2, bar, c0 - p.Cin1, ix, iy, at.b0, (uint16_t)kx, (uint16_t)ky);
    else tma_load_im2col_4d(sa, map_x, bar, c0, ix, iy, at.b0, (uint16_t)kx, (uint16_t)ky);
    tma_load_2d(sa + a_bytes, map_w, bar, k, at.n0);
}

// Producer: K stage kt past the convolution's Kc, the fused shortcut's: 64
// of its channels at the rectangle's own pixels.
__device__ __forceinline__ void wg_issue_shortcut(const ConvParams &p, const CUtensorMap *map_s,
                                                  const CUtensorMap *map_s2, const CUtensorMap *map_w,
                                                  const WgTileAt &at, int kt, unsigned char *sa, uint64_t *bar,
                                                  int a_bytes) {
    const int k = kt * WG_BK, cs = k - p.Kc;
    if (p.xs2 && cs >= p.Cs1) tma_load_4d(sa, map_s2, bar, cs - p.Cs1, at.ox0, at.oy0, at.b0);
    else tma_load_4d(sa, map_s, bar, cs, at.ox0, at.oy0, at.b0);
    tma_load_2d(sa + a_bytes, map_w, bar, k, at.n0);
}

// The consumer main loop: wg_ring_mainloop (wgmma.cuh) with FP16 wgmma;
// an empty K range (never launched by the dispatcher) still stores zeros.
template <int BN, int STAGES>
__device__ __forceinline__ void wg_mainloop(float *acc, unsigned char *ring, uint64_t *full, uint64_t *empty, int i0,
                                            int nkt, int c, int tid) {
    static_assert(WG_BM == WG_RING_BM && WG_BK * 2 == WG_RING_ROW_BYTES, "the shared ring's stage layout");
    wg_ring_mainloop<BN / 2, BN, STAGES>(acc, ring, full, empty, i0, nkt, c, tid,
                                         [](float *d, uint64_t da, uint64_t db, int scale_d) {
                                             wgmma_f16<BN>(d, da, db, scale_d);
                                         });
    if (nkt == 0) {
#pragma unroll
        for (int i = 0; i < BN / 2; i++) acc[i] = 0.0f;
    }
}

// A consumer's accumulators into rows 64c.. of the FP32 epilogue tile
// (LDE floats per row): accumulator r of thread (warp w, lane l) is row
// 16w + l/4 + 8 ((r >> 1) & 1), column 8 (r / 4) + 2 (l % 4) + (r & 1).
template <int BN, int LDE>
__device__ __forceinline__ void wg_stage_acc(const float *acc, float *stage, int c, int tid) {
    const int warp = tid / 32, lane = tid % 32;
#pragma unroll
    for (int h = 0; h < 2; h++) {
        float *row = stage + (size_t)(c * 64 + warp * 16 + lane / 4 + h * 8) * LDE + (lane & 3) * 2;
#pragma unroll
        for (int j = 0; j < BN / 8; j++)
            *reinterpret_cast<float2 *>(row + j * 8) = make_float2(acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
    }
}

// A consumer's 64 rows of the staged FP32 tile through the epilogue to y
// (no split-K): row-mapped (wg_emit_rows), or GEGLU chunk by chunk.
template <int BN, int LDE>
__device__ __forceinline__ void wg_emit_tile(const ConvParams &p, const WgGeom &g, const WgTileAt &at, int c, int tid,
                                             const float *stage) {
    if (!p.geglu) {
        wg_emit_rows<BN, LDE>(p, g, at, c, tid, stage);
        return;
    }
    constexpr int per_row = BN / GEGLU_CHUNK;  // GEGLU chunks per tile row
    for (int e = tid; e < 64 * per_row; e += 128) {
        const int r = c * 64 + e / per_row, col = (e % per_row) * GEGLU_CHUNK;
        wg_emit_geglu(p, g, at, r, col, stage + (size_t)r * LDE + col);
    }
}
#endif  // WG_DEVICE

template <int BN, int STAGES, bool NORM, bool CK, bool SC, bool I2C = false, bool GNS = false>
__global__ void __launch_bounds__(WG_THREADS, 1)
    gemm_wgmma_kernel(const __grid_constant__ CUtensorMap map_x,   // x (M, K), box 64 x 128 (conv: 4-D NHWC;
                                                                   // I2C: im2col, 128 pixels x 64 channels)
                      const __grid_constant__ CUtensorMap map_x2,  // x2 (M, Cin - Cin1) where p.x2 is set
                      const __grid_constant__ CUtensorMap map_w,   // w (N, K), box 64 x BN
                      const __grid_constant__ CUtensorMap map_s,   // xs (B, Ho, Wo, Cs1) where p.xs is set
                      const __grid_constant__ CUtensorMap map_s2,  // xs2 (B, Ho, Wo, K - Kc - Cs1) where p.xs2 is set
                      ConvParams p, WgGeom g) {
#if WG_DEVICE
    constexpr int A_BYTES = WG_BM * WG_BK * 2;  // (128, 64) fp16, swizzled
    constexpr int B_BYTES = BN * WG_BK * 2;     // (BN, 64) fp16, swizzled
    constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    constexpr int R = BN / 2;                   // accumulators per consumer thread
    extern __shared__ unsigned char smem_raw[];
    // ring: [STAGES][A (128, 64) | B (BN, 64)], then full[STAGES], empty[STAGES]
    unsigned char *ring = smem_align1024(smem_raw);
    uint64_t *full = reinterpret_cast<uint64_t *>(ring + STAGES * STAGE_BYTES);
    uint64_t *empty = full + STAGES;

    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    // the tile: first row and column; convolution mode: the rectangle's
    // first output pixel and (nearest-2x input) output phase (ox % 2, oy % 2)
    WgTileAt at = {(int)blockIdx.x * WG_BM, (int)blockIdx.y * BN, 0, 0, 0, 0, 0};
    if (g.conv) wg_rect(g, blockIdx.x, at);
    const int m0 = at.m0, ox0 = at.ox0, oy0 = at.oy0, b0 = at.b0;
    // K range of this split in stages: [kt0, kt1)
    const int kt0 = (int)((long long)blockIdx.z * p.kchunks / p.splits);
    const int kt1 = (int)((long long)(blockIdx.z + 1) * p.kchunks / p.splits);
    const int nkt = kt1 - kt0;

    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_x);  // kernel parameters: no dependence on the previous kernels
        if (p.x2) tma_prefetch_map(&map_x2);
        if (SC) tma_prefetch_map(&map_s);
        if (SC && p.xs2) tma_prefetch_map(&map_s2);
        tma_prefetch_map(&map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);   // the producer's arrive + the copies' bytes
            mbar_init(&empty[s], 8);  // one arrive per consumer warp
        }
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();  // x, w, bias, residual come from the previous kernels

    if (wg == 0) {  // producer
        regs_dealloc<40>();
        if (tid == 0) {
            // The conv's stages, then (SC) the fused shortcut's in a loop of
            // their own, so the first loop is the plain tile's.
            const int nconv = SC ? max(0, min(nkt, p.Kc / WG_BK - kt0)) : nkt;
            int i = 0;
            if constexpr (I2C) {  // rows m0 ..: consecutive output pixels from (b0, oy0, ox0)
                WgTileAt ai = at;
                const int hw = p.Ho * p.Wo;
                ai.b0 = m0 / hw;
                ai.oy0 = (m0 - ai.b0 * hw) / p.Wo;
                ai.ox0 = m0 - ai.b0 * hw - ai.oy0 * p.Wo;
                for (; i < nkt; i++) {
                    const int s = i % STAGES;
                    if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
                    mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
                    wg_issue_i2c(p, &map_x, &map_x2, &map_w, ai, kt0 + i, ring + s * STAGE_BYTES, &full[s], A_BYTES);
                }
            } else {
                for (; i < nconv; i++) {
                    const int s = i % STAGES;
                    if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
                    mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
                    wg_issue_conv(p, g, &map_x, &map_x2, &map_w, at, kt0 + i, ring + s * STAGE_BYTES, &full[s],
                                  A_BYTES);
                }
            }
            if constexpr (SC) {
                for (; i < nkt; i++) {  // the shortcut: 64 of its channels at the rectangle's own pixels
                    const int s = i % STAGES;
                    if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
                    mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
                    wg_issue_shortcut(p, &map_s, &map_s2, &map_w, at, kt0 + i, ring + s * STAGE_BYTES, &full[s],
                                      A_BYTES);
                }
            }
        }
        // The producer exits without joining the ck tiles' cluster barriers:
        // they wait for the cluster's non-exited threads only, and with
        // cluster barriers in this branch ptxas moved the copy loop's address
        // math off the uniform datapath (local SASS of the ck 128x160 tile:
        // 267 uniform instructions against 662 in the plain tile, 654 with
        // the barriers removed).
        return;
    }

    regs_alloc<232>();
    const int c = wg - 1;  // consumer c owns rows m0 + 64c .. m0 + 64c + 63
    float acc[R];
    if constexpr (!NORM) {
        wg_mainloop<BN, STAGES>(acc, ring, full, empty, 0, nkt, c, tid);
    } else {
#pragma unroll
        for (int i = 0; i < R; i++) acc[i] = 0.0f;
        // GroupNorm (+ SiLU) of the A operand, in place in shared memory, by
        // the consumer that reads those rows: thread tid owns rows
        // 64c + rsub + 16q (q = 0..3) and the 16-byte chunk of channels
        // c0 + 8j .. c0 + 8j + 7 of each, which the 128-byte swizzle puts
        // at chunk j ^ (row & 7) = j ^ (rsub & 7) of the row (a warp reads
        // four whole rows: no bank conflicts). Rows that are a
        // convolution's zero padding (input pixel outside the image) or lie
        // past the batch keep the copy engine's zeros. Stage i + 1 is
        // transformed while the products of stage i run.
        const int j = tid & 7, rsub = tid >> 3;
        const int nb = p.M / (p.Ho * p.Wo);
        int rx[4], ry[4], rb[4];  // each row's output pixel and sample (rb = nb: no input)
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int r = c * 64 + rsub + 16 * q;
            if (g.conv) {
                rx[q] = ox0 + r % g.bw;
                ry[q] = oy0 + (r / g.bw) % g.bh;
                rb[q] = min(b0 + r / (g.bw * g.bh), nb);
            } else {
                const int m = m0 + r;
                rx[q] = ry[q] = 0;
                rb[q] = m < p.M ? m / (p.Ho * p.Wo) : nb;
            }
        }
        const float half_if_silu = p.norm_silu ? 0.5f : 1.0f;
        // All four rows in one sample (every SD shape: a sample's rows are
        // whole 64-row halves of the tile): one set of scales per stage.
        const bool one_sample = rb[0] == rb[1] && rb[1] == rb[2] && rb[2] == rb[3];
        float sc[8], sh[8];
        auto load_ss = [&](int b, int c0) {  // (scale, shift) of channels c0 + 8j .. + 7 of sample b
            const float4 *ss = reinterpret_cast<const float4 *>(p.norm + (size_t)min(b, nb - 1) * p.Cin + c0 + 8 * j);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                const float4 t = ss[e];
                sc[2 * e] = t.x * half_if_silu, sh[2 * e] = t.y * half_if_silu;
                sc[2 * e + 1] = t.z * half_if_silu, sh[2 * e + 1] = t.w * half_if_silu;
            }
        };
        // Latency matters more than instruction count here (the rewrite of
        // the next stage must fit under the products of this one): the four
        // row loads and the scale loads are issued together, the sixteen
        // pair transforms are independent, and the stores are predicated.
        auto transform = [&](int i) {
            const int k = (kt0 + i) * WG_BK;
            int c0 = k, kx = 0, ky = 0;
            if (g.conv) {
                const int tap = k / p.Cin;
                c0 = k - tap * p.Cin;
                ky = tap / p.ksize;
                kx = tap - ky * p.ksize;
            }
            uint4 *row0 = reinterpret_cast<uint4 *>(ring + (i % STAGES) * STAGE_BYTES + (c * 64 + rsub) * 128 +
                                                    ((j ^ (rsub & 7)) << 4));
            uint4 v[4];
            bool ok[4];
#pragma unroll
            for (int q = 0; q < 4; q++) {
                ok[q] = rb[q] < nb;
                if (g.conv) {
                    const int ix = rx[q] * p.stride + kx - p.pad, iy = ry[q] * p.stride + ky - p.pad;
                    ok[q] = ok[q] && ix >= 0 && ix < p.W && iy >= 0 && iy < p.H;
                }
                v[q] = row0[q * 16 * 8];  // row rsub + 16 q: 16 rows of 8 chunks further
            }
            load_ss(rb[0], c0);
#pragma unroll
            for (int q = 0; q < 4; q++) {
                if (!one_sample && q > 0) load_ss(rb[q], c0);
                v[q].x = norm_pair(v[q].x, sc[0], sh[0], sc[1], sh[1], p.norm_silu);
                v[q].y = norm_pair(v[q].y, sc[2], sh[2], sc[3], sh[3], p.norm_silu);
                v[q].z = norm_pair(v[q].z, sc[4], sh[4], sc[5], sh[5], p.norm_silu);
                v[q].w = norm_pair(v[q].w, sc[6], sh[6], sc[7], sh[7], p.norm_silu);
            }
#pragma unroll
            for (int q = 0; q < 4; q++)
                if (ok[q]) row0[q * 16 * 8] = v[q];  // padding rows keep the copy engine's zeros
            fence_proxy_async();
            asm volatile("bar.sync %0, 128;\n" ::"r"(2 + c) : "memory");  // the whole 64-row slice is done
        };
        if (nkt > 0) {
            mbar_wait(&full[0], 0);
            transform(0);
        }
        for (int i = 0; i < nkt; i++) {
            const int s = i % STAGES;
            const unsigned char *sa = ring + s * STAGE_BYTES + c * 64 * 128;
            const uint64_t da = desc_sw128(sa), db = desc_sw128(ring + s * STAGE_BYTES + A_BYTES);
            wg_fence();
#pragma unroll
            for (int k = 0; k < WG_BK / 16; k++) wgmma_f16<BN>(acc, da + 2 * k, db + 2 * k, 1);
            wg_commit();
            if (i + 1 < nkt) {
                mbar_wait(&full[(i + 1) % STAGES], ((i + 1) / STAGES) & 1);
                transform(i + 1);
            }
            wg_wait<0>();
            if ((tid & 31) == 0) mbar_arrive(&empty[s]);
        }
    }
    wg_regs_ready<R>(acc);

    // Epilogue through shared memory. Every stage has been consumed, so the
    // ring is free once both consumers are past their last wgmma (named
    // barrier 1 over the 256 consumer threads). Each consumer writes its
    // 64 x BN FP32 tile into rows 64c.. of `stage`, then reads it back as
    // 8-column chunks, consecutive threads on consecutive chunks of a row,
    // so every global load and store is 16 bytes wide and a warp covers
    // whole lines.
    float *stage = reinterpret_cast<float *>(ring);  // (128, BN + EPI_PAD) fp32
    constexpr int LDE = BN + EPI_PAD;
    asm volatile("bar.sync 1, 256;\n" ::: "memory");
    wg_stage_acc<BN, LDE>(acc, stage, c, tid);
    if (!CK && p.splits > 1) fence_proxy_async();  // the partial tile is read by bulk copies (async proxy)
    asm volatile("bar.sync %0, 128;\n" ::"r"(2 + c) : "memory");  // this consumer's 128 threads
    constexpr int per_row = BN / GEGLU_CHUNK;  // GEGLU chunks per tile row (the other epilogues map their own)
    if constexpr (!CK) {
        if constexpr (GNS) {  // one tile, no GEGLU (gemm_wgmma_launch): y, then the GroupNorm statistics
            GnAcc ga;
            ga.n = 0, ga.first_m = -1;
#pragma unroll
            for (int i = 0; i < 8; i++) ga.k[i] = ga.s[i] = ga.q[i] = 0.0f;
            wg_emit_rows<BN, LDE, true>(p, g, at, c, tid, stage, &ga);
            asm volatile("bar.sync %0, 128;\n" ::"r"(2 + c) : "memory");  // the consumer's rows of the tile are free
            wg_gn_stats<BN, LDE>(p, at, c, tid, stage, ga);
            return;
        }
        if (p.splits > 1) {
            wg_store_partials<BN, LDE>(p, g, at, c, tid, stage);
            return;
        }
        wg_emit_tile<BN, LDE>(p, g, at, c, tid, stage);
        return;
    }
    // Cluster split-K: the cluster is the tile's `splits` K ranges (cluster
    // rank = blockIdx.z). Once every CTA has staged its FP32 tile, CTA z
    // sums rows [128 z / S, 128 (z + 1) / S) of all S tiles through
    // distributed shared memory, in rank order (the same order as the
    // reduce kernel's), and stores them; the second barrier keeps every
    // tile alive until its peers have read it.
    cluster_sync();
    const int S = p.splits, z = (int)blockIdx.z;
    const int r0 = z * WG_BM / S, r1 = (z + 1) * WG_BM / S;
    const uint32_t local = smem_u32addr(stage);
    if (!p.geglu) {
        wg_emit_rows_cluster<BN, LDE>(p, g, at, threadIdx.x - 128, r0, r1, S, local);
    } else {  // GEGLU
        for (int e = threadIdx.x - 128; e < (r1 - r0) * per_row; e += 256) {
            const int r = r0 + e / per_row, col = (e % per_row) * GEGLU_CHUNK;
            const uint32_t off = (uint32_t)(((size_t)r * LDE + col) * sizeof(float));
            alignas(16) float v[GEGLU_CHUNK];
#pragma unroll
            for (int h = 0; h < GEGLU_CHUNK; h += 4)
                *reinterpret_cast<float4 *>(&v[h]) = cluster_sum4(local, off + h * 4, S);
            wg_emit_geglu(p, g, at, r, col, v);
        }
    }
    cluster_sync();
#endif
}

// --- stream-K: persistent CTAs over the K stages of every tile ----------------
//
// Grid G (<= the SM count, one CTA per SM, all resident at once). The
// convolution's work is U = tiles x KT stages (KT = p.kchunks; tile t is
// m-tile t / ntn, n-tile t % ntn, so neighbouring CTAs share the A rows),
// and CTA q runs the stages [q U / G, (q + 1) U / G) in order: a tile's K in
// one, two or three segments, whatever the tile count, so the last wave of
// a one-tile-per-CTA grid (SD2.1's 96 x 96 and 48 x 48 convs: 144 and 90
// tiles on 132 SMs) no longer leaves SMs idle. A segment that starts at K
// stage 0 "owns" its tile: it adds the FP32 partials of the CTAs that ran
// the tile's later stages, in CTA order, and runs the epilogue. Only a
// CTA's first segment can start inside a tile; that CTA writes it as a
// partial (slot q of the workspace, in accumulator-fragment order: float4
// j of consumer thread T at (j, T), coalesced) and publishes it with a
// release store of its flag. An owner's helpers have higher CTA indices and
// run their partial first, so the chain of waits always points forward and
// never back. Flags hold a per-node value (the output pointer hashed with
// the slot; sk_flag_value in streamk.h).
//
// The epilogue stages its FP32 tile in the ring, so after an owner segment
// the producer waits on an mbarrier until both consumers have stored the
// tile before it loads the next segment's stages (a pipeline refill per
// owned tile: one or two per CTA at SD sizes).
//
// Workspace: G partial tiles (128 x BN FP32), then G 64-bit flags.

template <int BN, int STAGES, bool SC>
__global__ void __launch_bounds__(WG_THREADS, 1)
    gemm_wgmma_sk_kernel(const __grid_constant__ CUtensorMap map_x, const __grid_constant__ CUtensorMap map_x2,
                         const __grid_constant__ CUtensorMap map_w, const __grid_constant__ CUtensorMap map_s,
                         const __grid_constant__ CUtensorMap map_s2, ConvParams p, WgGeom g, int ntn, int ntiles) {
#if WG_DEVICE
    constexpr int A_BYTES = WG_BM * WG_BK * 2;
    constexpr int STAGE_BYTES = A_BYTES + BN * WG_BK * 2;
    constexpr int R = BN / 2;           // accumulators per consumer thread
    constexpr int LDE = BN + EPI_PAD;
    constexpr int TILE_F4 = WG_BM * BN / 4;  // float4 of one partial tile
    extern __shared__ unsigned char smem_raw[];
    unsigned char *ring = smem_align1024(smem_raw);
    uint64_t *full = reinterpret_cast<uint64_t *>(ring + STAGES * STAGE_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *epi = empty + STAGES;  // the epilogue tile left the ring (8 consumer warps)

    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int KT = p.kchunks, G = gridDim.x, q = blockIdx.x;
    const long long U = (long long)ntiles * KT;
    const long long u_begin = sk_first(q, G, U), u_end = sk_first(q + 1, G, U);
    float4 *part = reinterpret_cast<float4 *>(p.ws);                                     // (G, R / 4, 256)
    unsigned long long *flags = reinterpret_cast<unsigned long long *>(part + (size_t)G * TILE_F4);  // (G)
    auto tile_at = [&](int t) {
        const int mt = t / ntn;
        WgTileAt at = {mt * WG_BM, (t - mt * ntn) * BN, 0, 0, 0, 0, 0};
        wg_rect(g, mt, at);
        return at;
    };

    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_x);
        if (p.x2) tma_prefetch_map(&map_x2);
        if (SC) tma_prefetch_map(&map_s);
        if (SC && p.xs2) tma_prefetch_map(&map_s2);
        tma_prefetch_map(&map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);
            mbar_init(&empty[s], 8);
        }
        mbar_init(epi, 8);
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();

    if (wg == 0) {  // producer: the same segments as the consumers, one stage ring across them
        regs_dealloc<40>();
        if (tid == 0) {
            int i = 0, epi_phase = 0;
            for (long long u = u_begin; u < u_end;) {
                const SkSegment sg = sk_segment(u, u_end, KT);
                const int ka = sg.ka, kb = sg.kb;
                const WgTileAt at = tile_at(sg.tile);
                for (int kt = ka; kt < kb; kt++, i++) {
                    const int s = i % STAGES;
                    if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
                    mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
                    if (SC && kt * WG_BK >= p.Kc)
                        wg_issue_shortcut(p, &map_s, &map_s2, &map_w, at, kt, ring + s * STAGE_BYTES, &full[s], A_BYTES);
                    else
                        wg_issue_conv(p, g, &map_x, &map_x2, &map_w, at, kt, ring + s * STAGE_BYTES, &full[s], A_BYTES);
                }
                u += kb - ka;
                if (ka == 0 && u < u_end) {  // an owned tile's epilogue uses the ring: wait until it is done
                    mbar_wait(epi, epi_phase);
                    epi_phase ^= 1;
                }
            }
        }
        return;
    }

    regs_alloc<232>();
    const int c = wg - 1, T = threadIdx.x - 128;  // consumer c: tile rows 64c..; T: 0 .. 255
    float acc[R];
    int i = 0;
    for (long long u = u_begin; u < u_end;) {
        const SkSegment sg = sk_segment(u, u_end, KT);
        const int t = sg.tile, ka = sg.ka, kb = sg.kb;
        wg_mainloop<BN, STAGES>(acc, ring, full, empty, i, kb - ka, c, tid);
        i += kb - ka;
        u += kb - ka;
        if (ka > 0) {  // the CTA's first segment, inside a tile: the partial to slot q, then the flag
            float4 *dst = part + (size_t)q * TILE_F4 + T;
#pragma unroll
            for (int j = 0; j < R / 4; j++)
                dst[j * 256] = make_float4(acc[4 * j], acc[4 * j + 1], acc[4 * j + 2], acc[4 * j + 3]);
            __threadfence();
            asm volatile("bar.sync 1, 256;\n" ::: "memory");
            if (T == 0) st_release_u64(&flags[q], sk_flag_value(p.y, q));
            continue;
        }
        // An owned tile: add the partials of the CTAs that ran its later stages, in CTA order.
        int q_last = q;
        if (kb < KT) {
            for (int h = q + 1; sk_is_helper(h, G, U, t, KT); h++) {
                const unsigned long long want = sk_flag_value(p.y, h);
                while (ld_acquire_u64(&flags[h]) != want) {
                }
                const float4 *src = part + (size_t)h * TILE_F4 + T;
#pragma unroll
                for (int j = 0; j < R / 4; j++) {
                    const float4 v = __ldcg(src + j * 256);
                    acc[4 * j] += v.x, acc[4 * j + 1] += v.y, acc[4 * j + 2] += v.z, acc[4 * j + 3] += v.w;
                }
                q_last = h;
            }
        }
        float *stage = reinterpret_cast<float *>(ring);  // (128, BN + EPI_PAD) fp32
        asm volatile("bar.sync 1, 256;\n" ::: "memory");  // both consumers: wgmma and partial reads done
        if (T == 0)
            for (int h = q + 1; h <= q_last; h++) flags[h] = 0ull;  // consumed: a replay waits for a fresh one
        wg_stage_acc<BN, LDE>(acc, stage, c, tid);
        asm volatile("bar.sync %0, 128;\n" ::"r"(2 + c) : "memory");
        wg_emit_tile<BN, LDE>(p, g, tile_at(t), c, tid, stage);
        if (u < u_end) {  // the producer may refill the ring once both consumers have read the tile
            asm volatile("bar.sync 1, 256;\n" ::: "memory");
            if ((tid & 31) == 0) mbar_arrive(epi);
        }
    }
#endif
}

// --- host side ------------------------------------------------------------------

// A (rows, k) FP16 row-major matrix in boxes of 64 K-elements x box_rows rows (tensormap.cuh).
cudaError_t make_map(CUtensorMap *map, const half *base, int rows, int k, int box_rows) {
    static_assert(WG_BK == 64, "tensor_map_k64 reads 64 K-elements per box");
    return tensor_map_k64(map, base, rows, k, box_rows);
}

// An activation (B, H, W, C) as a 4-D map read in boxes of 64 channels x
// bw columns x bh rows x bb images (every stride-th column and row: the box
// spans bw * stride columns), 128-byte swizzle, zeros outside the tensor.
// The tensor is x (C = Cin, or Cin1 of a concatenated input) or x2 (C = Cin -
// Cin1); a nearest-2x input is its (H / 2, W / 2) source.
// The (B, H, W, C) activation's dims and byte strides as a 4-D map sees them
// (innermost first); a nearest-2x input is its (H / 2, W / 2) source.
void nhwc_dims(const ConvParams &p, int C, cuuint64_t dims[4], cuuint64_t strides[3]) {
    const int B = p.M / (p.Ho * p.Wo), H = p.up ? p.H / 2 : p.H, W = p.up ? p.W / 2 : p.W;
    dims[0] = (cuuint64_t)C, dims[1] = (cuuint64_t)W, dims[2] = (cuuint64_t)H, dims[3] = (cuuint64_t)B;
    strides[0] = (cuuint64_t)C * sizeof(half), strides[1] = strides[0] * W, strides[2] = strides[1] * H;
}

cudaError_t make_map_nhwc(CUtensorMap *map, const ConvParams &p, const WgGeom &g, const half *base, int C) {
    EncodeTiledFn enc = tensor_map_encoder();
    if (!enc) return cudaErrorNotSupported;
    cuuint64_t dims[4], strides[3];
    nhwc_dims(p, C, dims, strides);
    const cuuint32_t box[4] = {(cuuint32_t)WG_BK, (cuuint32_t)(g.bw * p.stride), (cuuint32_t)(g.bh * p.stride),
                               (cuuint32_t)g.bb};
    const cuuint32_t elem[4] = {1, (cuuint32_t)p.stride, (cuuint32_t)p.stride, 1};
    CUresult r = enc(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, const_cast<half *>(base), dims, strides, box, elem,
                     CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                     CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    return r == CUDA_SUCCESS ? cudaSuccess : cudaErrorInvalidValue;
}

// An activation (B, H, W, C) (x, or x2 of a concatenated input: C channels)
// as a 4-D map in TMA's im2col mode for the im2col tiles: a copy reads 128
// pixels x 64 channels (128 bytes, 128-byte swizzle). The bounding box holds
// the filter window's corner of every output position, -pad .. W + pad -
// ksize in each dimension (W, H), every stride-th: that is Wo x Ho
// positions, and a copy's 128 walk them across rows and images. Zeros
// outside the tensor: the padding, and rows past the batch.
cudaError_t make_map_im2col(CUtensorMap *map, const ConvParams &p, const half *base, int C) {
    EncodeIm2colFn enc = tensor_map_im2col_encoder();
    if (!enc) return cudaErrorNotSupported;
    cuuint64_t dims[4], strides[3];
    nhwc_dims(p, C, dims, strides);  // p.up is 0 here
    const int lower[2] = {im2col_lower(p.pad), im2col_lower(p.pad)};  // (W, H): im2col_box.h
    const int upper[2] = {im2col_upper(p.ksize, p.pad), im2col_upper(p.ksize, p.pad)};
    const cuuint32_t elem[4] = {1, (cuuint32_t)p.stride, (cuuint32_t)p.stride, 1};
    CUresult r = enc(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, const_cast<half *>(base), dims, strides, lower, upper,
                     (cuuint32_t)WG_BK, (cuuint32_t)WG_BM, elem, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    return r == CUDA_SUCCESS ? cudaSuccess : cudaErrorInvalidValue;
}

// GEMM-shaped problems (1x1, stride 1, no padding) take consecutive rows.
bool gemm_shaped(int ksize, int stride, int pad) { return ksize == 1 && stride == 1 && pad == 0; }

// The output rectangle of a convolution's CTA tile: of the power-of-two
// shapes bw x bh x bb = 128 (bh at most the next power of two of Ho), the
// one that computes the fewest rows past the output's edges; ties go to the
// wider one. E.g. 64 x 64 outputs: 64 x 2; 96 x 96: 32 x 4 (no waste);
// 8 x 8 at batch 2: 8 x 8 x 2.
WgGeom conv_geometry(int batch, int ho, int wo) {
    WgGeom best = {1, 128, 1, 1, 1, 1, 1, 0};
    long long best_tiles = -1;
    int hpow = 1;
    while (hpow < ho && hpow < WG_BM) hpow *= 2;
    for (int bw = WG_BM; bw >= 1; bw /= 2) {
        const int bh = hpow < WG_BM / bw ? hpow : WG_BM / bw;
        const int bb = WG_BM / (bw * bh);
        const int tw = (wo + bw - 1) / bw, th = (ho + bh - 1) / bh;
        const long long tiles = (long long)tw * th * ((batch + bb - 1) / bb);
        if (best_tiles < 0 || tiles < best_tiles) {
            best_tiles = tiles;
            best = WgGeom{1, bw, bh, bb, tw, th, (batch + bb - 1) / bb, 0};
        }
    }
    return best;
}

// Dynamic shared memory of a <BN, STAGES> tile: the ring, its alignment and the mbarriers.
template <int BN, int STAGES>
constexpr size_t wg_smem_bytes() {
    return (size_t)STAGES * (WG_BM + BN) * WG_BK * sizeof(half) + WG_SMEM_SLACK;
}

// Raises `kernel`'s dynamic shared-memory limit to the <BN, STAGES> ring
// (once per instantiation: Kernel is its function-pointer value).
template <int BN, int STAGES, auto Kernel>
cudaError_t wg_set_smem_limit() {
    static bool done = false;
    if (done) return cudaSuccess;
    const cudaError_t e =
        cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)wg_smem_bytes<BN, STAGES>());
    done = e == cudaSuccess;
    return e;
}

// The five tensor maps of a launch (x, x2, w, xs, xs2; an absent operand's
// map is a copy of x's, never read), the geometry (convolution mode) and
// the m-tiles. i2c (the im2col tiles, a convolution without a nearest-2x
// input, GroupNorm operand path or fused shortcut): x and x2 in im2col mode
// and the GEMM's rows (geometry 0: row m0 + r is output pixel m0 + r).
struct WgMaps {
    CUtensorMap x, x2, w, s, s2;
    WgGeom g;
    unsigned mtiles;
};
cudaError_t wg_make_maps(const ConvParams &p, int bn, WgMaps *m, bool i2c = false) {
    m->g = WgGeom{0, 0, 0, 0, 0, 0, 0, 0};
    m->mtiles = (unsigned)((p.M + WG_BM - 1) / WG_BM);
    const int c1 = p.x2 ? p.Cin1 : p.Cin;  // channels of x
    cudaError_t e;
    if (i2c) {
        e = make_map_im2col(&m->x, p, p.x, c1);
        if (e == cudaSuccess && p.x2) e = make_map_im2col(&m->x2, p, p.x2, p.Cin - c1);
    } else if (gemm_shaped(p.ksize, p.stride, p.pad) && !p.up) {
        e = make_map(&m->x, p.x, p.M, c1, WG_BM);
        if (e == cudaSuccess && p.x2) e = make_map(&m->x2, p.x2, p.M, p.Cin - c1, WG_BM);
    } else {
        const int B = p.M / (p.Ho * p.Wo);
        WgGeom &g = m->g;
        g = p.up ? conv_geometry(B, p.Ho / 2, p.Wo / 2) : conv_geometry(B, p.Ho, p.Wo);
        g.up = p.up;
        m->mtiles = (unsigned)g.tiles_w * g.tiles_h * g.tiles_b * (p.up ? 4 : 1);
        e = make_map_nhwc(&m->x, p, g, p.x, c1);
        if (e == cudaSuccess && p.x2) e = make_map_nhwc(&m->x2, p, g, p.x2, p.Cin - c1);
    }
    if (!p.x2) m->x2 = m->x;
    if (e == cudaSuccess && p.xs) e = make_map_nhwc(&m->s, p, m->g, p.xs, p.Cs1);  // stride 1: the output's pixels
    if (e == cudaSuccess && p.xs2) e = make_map_nhwc(&m->s2, p, m->g, p.xs2, p.K - p.Kc - p.Cs1);
    if (!p.xs) m->s = m->x;
    if (!p.xs2) m->s2 = m->x;
    if (e == cudaSuccess) e = make_map(&m->w, p.w, p.N, p.K, bn);
    return e;
}

template <int BN, int STAGES, bool NORM, bool CK, bool SC, bool I2C = false, bool GNS = false>
cudaError_t wg_launch(const ConvParams &p, cudaStream_t stream) {
    const size_t smem = wg_smem_bytes<BN, STAGES>();
    const cudaError_t se = wg_set_smem_limit<BN, STAGES, gemm_wgmma_kernel<BN, STAGES, NORM, CK, SC, I2C, GNS>>();
    if (se != cudaSuccess) return se;
    WgMaps m;
    const cudaError_t e = wg_make_maps(p, BN, &m, I2C);
    if (e != cudaSuccess) return e;
    dim3 grid(m.mtiles, (p.N + BN - 1) / BN, p.splits);
    const dim3 cluster(1, 1, CK ? p.splits : 1);  // cluster split-K: one cluster per output tile
    return pdl_launch_cluster(gemm_wgmma_kernel<BN, STAGES, NORM, CK, SC, I2C, GNS>, grid, dim3(WG_THREADS), smem,
                              stream, cluster, m.x, m.x2, m.w, m.s, m.s2, p, m.g);
}

// The GroupNorm statistics instantiation (GNS) of a plain (rectangle) or
// im2col tile: gemm_wgmma_launch has checked the shape
// (gemm_wgmma_gn_stats_slots).
template <int BN, int STAGES, bool I2C>
cudaError_t wg_launch_gns(const ConvParams &p, cudaStream_t stream) {
    return wg_launch<BN, STAGES, false, false, false, I2C, true>(p, stream);
}

// The im2col tiles (I2C): a plain convolution (not GEMM-shaped; no
// nearest-2x input, GroupNorm operand path or fused shortcut), one tile or
// split-K through the workspace.
template <int BN, int STAGES>
cudaError_t wg_launch_i2c(const ConvParams &p, cudaStream_t stream) {
    if (!gemm_wgmma_i2c_shape_ok(p.ksize, p.stride, p.pad, p.up, p.norm != nullptr, p.xs != nullptr))
        return cudaErrorInvalidValue;
    return wg_launch<BN, STAGES, false, false, false, true>(p, stream);
}

// Stream-K grid of a problem of `tiles` output tiles and kchunks K stages:
// one CTA per SM, never more CTAs than stages.
long long wg_sk_grid(long long tiles, int kchunks) {
    const long long u = tiles * kchunks, g = hopper_num_sms();
    return u < g ? u : g;
}

// Stream-K (<BN, STAGES>, the SC instantiation for a fused shortcut);
// gemm_wgmma_launch has checked the shape (convolution mode, no GroupNorm
// operand path, no split). Needs the workspace (partials and flags).
template <int BN, int STAGES, bool SC>
cudaError_t wg_launch_sk(const ConvParams &p, cudaStream_t stream) {
    if (!p.ws || reinterpret_cast<uintptr_t>(p.ws) & 15) return cudaErrorInvalidValue;
    const cudaError_t se = wg_set_smem_limit<BN, STAGES, gemm_wgmma_sk_kernel<BN, STAGES, SC>>();
    if (se != cudaSuccess) return se;
    WgMaps m;
    const cudaError_t e = wg_make_maps(p, BN, &m);
    if (e != cudaSuccess) return e;
    const int ntn = (p.N + BN - 1) / BN, tiles = (int)m.mtiles * ntn;
    return pdl_launch(gemm_wgmma_sk_kernel<BN, STAGES, SC>, dim3((unsigned)wg_sk_grid(tiles, p.kchunks)),
                      dim3(WG_THREADS), wg_smem_bytes<BN, STAGES>(), stream, m.x, m.x2, m.w, m.s, m.s2, p, m.g, ntn,
                      tiles);
}

template <int BN, int STAGES>
cudaError_t wg_launch_sk_any(const ConvParams &p, cudaStream_t stream) {
    return p.xs ? wg_launch_sk<BN, STAGES, true>(p, stream) : wg_launch_sk<BN, STAGES, false>(p, stream);
}

// Clusters of S CTAs of the cluster split-K instantiation of <BN, STAGES>
// that the current device holds at once (cudaOccupancyMaxActiveClusters:
// a cluster's CTAs must share a GPC, so at one CTA per SM a GPC whose SM
// count is not a multiple of S leaves SMs idle); 0 on error.
template <int BN, int STAGES>
int wg_max_clusters(int S) {
    if (wg_set_smem_limit<BN, STAGES, gemm_wgmma_kernel<BN, STAGES, false, true, false>>() != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return max_active_clusters(gemm_wgmma_kernel<BN, STAGES, false, true, false>, dim3(1, 1, S), dim3(1, 1, S),
                               dim3(WG_THREADS), wg_smem_bytes<BN, STAGES>());
}

// The GroupNorm prologue is a second instantiation of each tile, the fused
// shortcut a third (SC), and the cluster split-K tiles are their own
// instantiations (CK), so the plain tiles carry neither cluster nor
// shortcut code: with the shortcut's branch in every tile's copy loop,
// ptxas moved that loop's address math off the uniform datapath (SASS of
// the plain 128 x 160 tile: 112 UIADD3 against 178) and the plain convs ran
// 5-13% slower on the H100 (960 -> 320 @64 b2 66.4 -> 74.9 us, same job:
// bench/results/2026-11-23-h100-fused-shortcut/plain-ab).
template <int BN, int STAGES, bool CK>
cudaError_t wg_launch_any(const ConvParams &p, cudaStream_t stream) {
    if (p.norm) return wg_launch<BN, STAGES, true, CK, false>(p, stream);
    return p.xs ? wg_launch<BN, STAGES, false, CK, true>(p, stream) : wg_launch<BN, STAGES, false, CK, false>(p, stream);
}

// Each tile four times: split-K through the FP32 workspace and the reduce
// kernel, ("ck") split-K inside a cluster of the splits (2 .. 8), ("sk")
// stream-K over persistent CTAs (convolutions only, no split), and ("i2c")
// the A operand in TMA's im2col mode (plain convolutions; splits through the
// workspace).
// The plain and im2col tiles also have a GroupNorm statistics twin
// (launch_gns, ConvParams.gn_part): the same tile that leaves the next
// GroupNorm's per-slot statistics of y (one tile, no split-K).
struct WgTile {
    int bn, stages, cluster_k, stream_k, im2col;
    const char *name;
    cudaError_t (*launch)(const ConvParams &, cudaStream_t);
    int (*max_clusters)(int S);
    cudaError_t (*launch_gns)(const ConvParams &, cudaStream_t);
};
#define WG_TILE_ROW(bn, st)                                                                                     \
    {bn, st, 0, 0, 0, "wgmma 128x" #bn "x64/" #st "st", &wg_launch_any<bn, st, false>, nullptr,                \
     &wg_launch_gns<bn, st, false>},
#define WG_TILE_ROW_CK(bn, st)                                                                                  \
    {bn, st, 1, 0, 0, "wgmma 128x" #bn "x64/" #st "st ck", &wg_launch_any<bn, st, true>, &wg_max_clusters<bn, st>, \
     nullptr},
#define WG_TILE_ROW_SK(bn, st) \
    {bn, st, 0, 1, 0, "wgmma 128x" #bn "x64/" #st "st sk", &wg_launch_sk_any<bn, st>, nullptr, nullptr},
#define WG_TILE_ROW_I2C(bn, st)                                                                                 \
    {bn, st, 0, 0, 1, "wgmma 128x" #bn "x64/" #st "st i2c", &wg_launch_i2c<bn, st>, nullptr,                   \
     &wg_launch_gns<bn, st, true>},
const WgTile kWgTiles[] = {WG_TILES(WG_TILE_ROW) WG_TILES(WG_TILE_ROW_CK) WG_TILES_SK(WG_TILE_ROW_SK)
                               WG_TILES(WG_TILE_ROW_I2C)};
constexpr int kNumWgTiles = sizeof(kWgTiles) / sizeof(kWgTiles[0]);

}  // namespace

int gemm_wgmma_num_tiles(void) { return kNumWgTiles; }

const char *gemm_wgmma_tile_name(int i) { return i >= 0 && i < kNumWgTiles ? kWgTiles[i].name : "?"; }

int gemm_wgmma_tile_cluster_k(int i) { return i >= 0 && i < kNumWgTiles && kWgTiles[i].cluster_k; }

int gemm_wgmma_tile_stream_k(int i) { return i >= 0 && i < kNumWgTiles && kWgTiles[i].stream_k; }

int gemm_wgmma_tile_im2col(int i) { return i >= 0 && i < kNumWgTiles && kWgTiles[i].im2col; }

size_t gemm_wgmma_sk_workspace_bytes(int i, long long tiles, int kchunks) {
    if (!gemm_wgmma_tile_stream_k(i)) return 0;
    const size_t g = (size_t)wg_sk_grid(tiles, kchunks);
    return g * WG_BM * kWgTiles[i].bn * sizeof(float) + g * sizeof(unsigned long long);
}

// Stream-K: convolution mode only (a GEMM-shaped node may run on the side stream beside another, and two grids
// that each wait for their own unscheduled CTAs must never share the SMs), no GroupNorm operand path.
int gemm_wgmma_sk_shape_ok(int ksize, int stride, int pad, int up, int norm) {
    return !norm && !(gemm_shaped(ksize, stride, pad) && !up);
}

// The im2col tiles: a convolution (not GEMM-shaped) without a nearest-2x input, GroupNorm operand path or fused
// shortcut, whose row tiles are the GEMM's 128 consecutive output pixels.
int gemm_wgmma_i2c_shape_ok(int ksize, int stride, int pad, int up, int norm, int shortcut) {
    return !gemm_shaped(ksize, stride, pad) && !up && !norm && !shortcut;
}

int gemm_wgmma_max_clusters(int i, int splits) {
    static int cache[kNumWgTiles][WG_MAX_CLUSTER_K + 1];  // value + 1
    if (i < 0 || i >= kNumWgTiles || !kWgTiles[i].cluster_k || splits < 2 || splits > WG_MAX_CLUSTER_K ||
        !gemm_wgmma_usable())
        return 0;
    if (!cache[i][splits]) cache[i][splits] = kWgTiles[i].max_clusters(splits) + 1;
    return cache[i][splits] - 1;
}

void gemm_wgmma_tile_dims(int i, int *bm, int *bn) {
    *bm = WG_BM;
    *bn = i >= 0 && i < kNumWgTiles ? kWgTiles[i].bn : 0;
}

// The sm_90a image is in this build (the Makefile defines GEMM_WGMMA_SM90A
// when ARCH has sm_90), the current device is cc 9.0 (probed once per
// process: an sm_90a image runs on nothing else) and the driver has the
// tensor-map encoder. No device (CPU-only use) means no.
int gemm_wgmma_usable(void) {
#if defined(GEMM_WGMMA_SM90A)
    return hopper_tma_device() && kernels_engine() == KERNEL_ENGINE_AUTO;
#else
    return 0;
#endif
}

int gemm_wgmma_shape_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up) {
    if (cout % 8) return 0;
    // a concatenated input: every 64-channel stage lies in one of the two tensors
    if (cin2 && (cin2 % WG_BK || (cin - cin2) % WG_BK || cin2 >= cin)) return 0;
    // a nearest-2x input: stride 1 and an even, same-size output (four phases of half the size)
    if (up && (stride != 1 || 2 * pad != ksize - 1)) return 0;
    if (gemm_shaped(ksize, stride, pad) && !up) return cin % 8 == 0;
    // convolution mode: a stage is one tap x 64 channels; a box spans at most 256 columns and rows
    return cin % WG_BK == 0 && stride >= 1 && stride <= 2 && pad >= 0 && pad < ksize;
}

int gemm_wgmma_shortcut_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up, int cs, int cs2) {
    // the shortcut's stages read the rectangle's own pixels: a stride-1, same-size convolution in
    // convolution mode (not GEMM-shaped: its rows are not rectangles), whole 64-channel stages
    return gemm_wgmma_shape_ok(ksize, stride, pad, cin, cout, cin2, up) && !gemm_shaped(ksize, stride, pad) && !up &&
           stride == 1 && 2 * pad == ksize - 1 && cs > 0 && cs % WG_BK == 0 && cs2 >= 0 && cs2 < cs &&
           cs2 % WG_BK == 0;
}

long long gemm_wgmma_m_tiles(int batch, int ho, int wo, int ksize, int stride, int pad, int up) {
    if (gemm_shaped(ksize, stride, pad) && !up) return ((long long)batch * ho * wo + WG_BM - 1) / WG_BM;
    const WgGeom g = up ? conv_geometry(batch, ho / 2, wo / 2) : conv_geometry(batch, ho, wo);
    return (long long)g.tiles_w * g.tiles_h * g.tiles_b * (up ? 4 : 1);
}

long long gemm_wgmma_gn_stats_slots(int i, int batch, int ho, int wo, int ksize, int stride, int pad, int up,
                                    int splits) {
    if (i < 0 || i >= kNumWgTiles || !kWgTiles[i].launch_gns || splits != 1 || up || batch <= 0 || ho <= 0 ||
        wo <= 0)
        return 0;
    const long long m = (long long)batch * ho * wo;
    if (kWgTiles[i].im2col || gemm_shaped(ksize, stride, pad)) {  // 64 consecutive rows per slot
        if ((long long)ho * wo % 64) return 0;
        return 2 * ((m + WG_BM - 1) / WG_BM);
    }
    const WgGeom g = conv_geometry(batch, ho, wo);  // a slot is half a rectangle: one image where bw bh % 64 == 0
    if (g.bw * g.bh % 64) return 0;
    return 2LL * g.tiles_w * g.tiles_h * g.tiles_b;
}

cudaError_t gemm_wgmma_launch(int i, const ConvParams &p, cudaStream_t stream) {
    if (i < 0 || i >= kNumWgTiles || !gemm_wgmma_usable()) return cudaErrorInvalidValue;
    const int cin2 = p.x2 ? p.Cin - p.Cin1 : 0;
    if (!gemm_wgmma_shape_ok(p.ksize, p.stride, p.pad, p.Cin, p.N, cin2, p.up) || p.K % 8) return cudaErrorInvalidValue;
    if (p.up && (p.H % 2 || p.W % 2 || p.Ho != p.H || p.Wo != p.W)) return cudaErrorInvalidValue;
    if (p.norm && (p.up || reinterpret_cast<uintptr_t>(p.norm) & 15)) return cudaErrorInvalidValue;
    if (p.xs ? !gemm_wgmma_shortcut_ok(p.ksize, p.stride, p.pad, p.Cin, p.N, p.x2 ? p.Cin - p.Cin1 : 0, p.up,
                                       p.K - p.Kc, p.xs2 ? p.K - p.Kc - p.Cs1 : 0) ||
                   p.norm || p.Kc != p.ksize * p.ksize * p.Cin || p.Ho != p.H || p.Wo != p.W ||
                   (reinterpret_cast<uintptr_t>(p.xs) | reinterpret_cast<uintptr_t>(p.xs2)) & 15
             : p.Kc != p.K)
        return cudaErrorInvalidValue;
    if ((reinterpret_cast<uintptr_t>(p.x) | reinterpret_cast<uintptr_t>(p.x2) | reinterpret_cast<uintptr_t>(p.w)) &
        15)
        return cudaErrorInvalidValue;
    if (kWgTiles[i].cluster_k && (p.splits < 2 || p.splits > WG_MAX_CLUSTER_K)) return cudaErrorInvalidValue;
    if (kWgTiles[i].stream_k &&
        (p.splits != 1 || !gemm_wgmma_sk_shape_ok(p.ksize, p.stride, p.pad, p.up, p.norm != nullptr)))
        return cudaErrorInvalidValue;
    ConvParams q = p;
    q.cluster_k = kWgTiles[i].cluster_k;
    if (!p.gn_part) return kWgTiles[i].launch(q, stream);
    if (!p.gn_slot || p.geglu || p.norm || p.xs || p.x2 ||
        !gemm_wgmma_gn_stats_slots(i, p.M / (p.Ho * p.Wo), p.Ho, p.Wo, p.ksize, p.stride, p.pad, p.up, p.splits) ||
        reinterpret_cast<uintptr_t>(p.gn_part) & 7 || reinterpret_cast<uintptr_t>(p.gn_slot) & 7)
        return cudaErrorInvalidValue;
    return kWgTiles[i].launch_gns(q, stream);
}
