// gemm_int8.cu: online-quantized INT8 GEMM, FP16 in/out, per-tile INT8 scales.
//
// What it computes
//   y[m, n] = epi( sum_t  sa(mt, t) * sb(nt, t) * sum_{k in tile t} qa[m, k] * qw[n, k] )
//   for a (M, K) FP16 activation a and an (N, K) FP16 weight w (PyTorch
//   Linear layout; a 1x1 convolution over NHWC is the same GEMM). Every K-tile
//   t of the CTA's A tile (BM x BK) and W tile (BN x BK) is quantized on the
//   fly to symmetric INT8 with its own scale from a block-wide max-abs
//   (zero-filled M/N/K tails do not change it):
//     FP16 quantizer (default): inv = fp16(127 / amax), scale = 1 / inv,
//       q = round_to_nearest_even(x * inv) by one HFMA2 per two elements:
//       fma(x, inv, 1536) in FP16 rounds the exact product once onto the
//       integers of [1024, 2048), whose encoding 0x6600 + q has q in its low
//       byte, so a PRMT packs four of them.
//     FP32 quantizer (SiLU on A, or 127 / amax beyond FP16 range, or an
//       all-zero tile): inv = 127 / amax (0 if amax == 0: zeros, no NaN),
//       scale = amax / 127, q = low byte of fma(x, inv, 1.5 * 2^23).
//     |x| <= amax gives |x * inv| <= 127 (1 + 2^-11 + 2^-24) < 127.5, so q
//     is always within the symmetric +-127: saturation costs no instruction.
//   IMMA m16n8k32 (s8 x s8 -> s32) sums each K-tile; the INT32 accumulators
//   start at the bit pattern of 1.5 * 2^23, so (|sum| <= BK * 127^2 < 2^22)
//   the result read as a float is exactly 1.5 * 2^23 + sum: one FADD instead
//   of a quarter-rate I2F. Dequantization after every K-tile:
//   acc = fma(float(isum), sa * sb, acc) in an FP32 running accumulator.
//   Epilogue (through shared memory): + bias, + residual, or GEGLU over
//   row-interleaved (blocks of 8) weights: y = a * gelu_erf(g). Optional SiLU
//   on A. The C model gemm_int8_model (src/layers/quant.c) performs the same
//   operations in the same order and matches bit for bit, except where device
//   expf/erff differ from the host's by an ulp (SiLU, GELU; see quant.c).
//
// Tile design (named constants in I8_TILES below)
//   - Seed Insight 21: FP16 read from memory, quantized per tile in smem,
//     IMMA, FP32 running accumulator with separate per-tile scales. What the
//     seed did not have to face on GA104: on H100 the quantization and the
//     per-tile dequantization run on the FP32/ALU pipes at rates far below
//     the IMMA rate, so they, not the tensor cores, set the speed. Hence the
//     FP16 two-per-instruction quantizer, the I2F-free dequantization, BK up
//     to 128 (4 IMMA k-steps per dequantization) and 128x128 CTA tiles (each
//     quantized element reused by 128 rows/columns).
//   - Seed Insight 22: quantization is in place, INT8 written over the first
//     BK bytes of each FP16 row of the same stage, in two phases: every
//     thread reads all its FP16 chunks and quantizes them into registers
//     (8 bytes per chunk), a barrier follows, and only then are the INT8
//     bytes written (the cross-warp WAR hazard: a warp writing byte 2j would
//     otherwise corrupt FP16 element j another warp has not read yet). No
//     separate INT8 buffer.
//   - Software pipelining over tiles, two barriers per K-tile. Stages hold
//     tile t (INT8, multiplied), t+1 (quantized into registers, stored as
//     INT8 right after the next barrier), t+2 (FP16: max-abs pass, then
//     quantized into registers) and t+3.. (cp.async in flight):
//       [barrier: INT8 of t visible, FP16 of t+1 read by all, stage t-1 free]
//       store INT8 of t+1; load t+STAGES-1; max-abs of t+2; IMMA pass 0 of t
//       [barrier: max-abs of t+2 complete]
//       quantize t+2 into registers; IMMA passes 1..H-1 of t
//     so the FP32/ALU quantization of one tile interleaves with the IMMA of
//     another in the same warp, and the two-phase barrier of tile t+1 is the
//     next iteration's first barrier (no third barrier).
//   - Rows padded by +8 halves (row stride 272 bytes for BK 128, 144 for BK
//     64; seed Obs W): both the FP16 chunk reads and the INT8 ldmatrix reads
//     of 8 consecutive rows hit 8 distinct 16-byte bank groups. An INT8
//     16x32 fragment is a 16x16 b16 matrix, so ldmatrix.x4 (b16) yields the
//     m16n8k32 A and B fragments exactly as for FP16 m16n8k16.
//   - Seed Insight 18 / 24: the epilogue goes through shared memory (the
//     FP32 tile is staged over the pipeline buffers, row stride BN + 8
//     floats: conflict-free float2 fragment stores) so bias, residual and
//     GEGLU are applied on 8 consecutive channels per thread with 16-byte
//     coalesced loads/stores; at 4-8 warps per CTA that is the side where
//     the seed measured the smem epilogue as a win.
//   - Observation CC: the FP32 running accumulator plus the per-tile INT32
//     accumulator make the kernel register-bound. The 16-warp 128x128 tile
//     (32x32 warp tiles, 124 registers) and the 4/8-warp small tiles fit the
//     register file without spill; the 128x256 tile (64x64 warp tiles) needs
//     its INT32 accumulator in H = 2 passes and runs at 255 registers
//     without spill, 1 CTA (8 warps) per SM. SiLU on A is a separate
//     instantiation (SILU = true), so the others do not carry its code.
//   - Split-K over blockIdx.z (boundaries on K-tiles, so the quantization
//     grid is the same for every split count); FP32 partials (splits, M, N)
//     are summed in split order by a second kernel, which applies the same
//     epilogue (deterministic, reproduced by the model).
//
// Limits
//   N and K multiples of 8 (16-byte chunks), N multiple of 16 for GEGLU, any
//   M >= 1; element counts below 2^31. mma.sync IMMA, not wgmma/TMA (the sm_90a
//   wgmma tiles, I8_WG_TILES, are in gemm_int8_wgmma.cu). On
//   H100 this kernel is slower than gemm_fp16 (0.66-0.98x, see the timing
//   table of the standalone tests/gpu_int8.c): IMMA has twice the HMMA rate
//   (1300 vs 650 TOPS measured with mma.sync), but the operands arrive as
//   FP16, so the L2 -> SM tile traffic per FLOP is the FP16 GEMM's, and that
//   traffic, not the tensor cores, bounds both kernels at 128x128 tiles; on
//   top, every K-tile pays a block-wide max-abs, the quantization and the
//   dequantization (~1.5 ALU instructions per operand element and 2 per
//   accumulator) and two barriers, at 8-16 warps per SM.
#include "kernels.h"
#include "mma.cuh"
#include "pdl.cuh"
#include "gemm_int8.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

// The Hopper wgmma kernel (gemm_int8_wgmma.cu, built for sm_90a when ARCH has
// sm_90): 1 when that object carries sm_90a code; launch of its 128 x bn x bk
// tile with `stages` FP16 stages and nwg warpgroups (arguments as validated by
// gemm_int8).
int gemm_int8_wgmma_compiled(void);
cudaError_t gemm_int8_wgmma_launch(int bn, int bk, int stages, int nwg, const void *a, const void *w, const float *bias,
                                   const void *residual, void *y, float *ws, int M, int N, int K, int nkt, int splits,
                                   int geglu, int silu_a, cudaStream_t stream);

namespace {

constexpr int I8_PAD = 8;            // +8 halves per FP16 smem row (16 bytes)

// The compiled tiles: BM, BN, BK, warps along M, warps along N, stages (>= 4:
// tile t multiplied, t+1 stored as INT8, t+2 quantized, t+3.. loading),
// CTAs per SM the register budget is set for (__launch_bounds__), H (the
// per-K-tile INT32 accumulator is split into H passes over the warp tile),
// and the measured whole-GPU rate of the tile at 4096^3 in TFLOP/s on an
// H100 SXM (used by the heuristic).
// What bounds this kernel at large sizes is the L2 -> SM traffic of the FP16
// operand tiles, (BM + BN) * BK * 2 bytes per 2 * BM * BN * BK operations:
// ~5 TB/s of tile reads caps a 128x128 tile near 300 TFLOP/s whatever the
// tensor-core type (gemm_fp16 sits at that wall; with the quantization
// compiled out this kernel measured 240-270 TFLOP/s at 128x128 and 270-290
// at 128x256). Only a larger CTA tile raises the cap, and the FP32 + INT32
// accumulators of a 128x256 tile fit 8 warps' registers only with the INT32
// part split in H = 2 passes (Observation CC: register-bound, 1 CTA/SM,
// 255 registers, no spill).
//   0: 128x256x64, 8 warps of 64x64, 4 stages (221 KB smem), H 2: large GEMMs.
//   1: 128x128x64, 16 warps of 32x32, 6 stages (221 KB, 1 CTA/SM, 123 registers).
//   2: 128x128x64, 8 warps of 64x32, 6 stages (221 KB, 1 CTA/SM), H 2.
//   3: 64x128x64, 8 warps of 32x32, 4 stages (111 KB, 2 CTAs/SM): small M / more CTAs.
//   4: 128x64x64, 8 warps of 32x32, 4 stages (111 KB, 2 CTAs/SM): small N.
//   5: 64x64x64, 4 warps of 32x32, 4 stages (74 KB, 3 CTAs/SM): tiny shapes.
#define I8_TILES(X)                         \
    X(128, 256, 64, 2, 4, 4, 1, 2, 208)     \
    X(128, 128, 64, 4, 4, 6, 1, 1, 140)     \
    X(128, 128, 64, 2, 4, 6, 1, 2, 140)     \
    X(64, 128, 64, 2, 4, 4, 2, 1, 135)      \
    X(128, 64, 64, 4, 2, 4, 2, 1, 131)      \
    X(64, 64, 64, 2, 2, 4, 3, 1, 116)

// The Hopper tiles (kernels/gemm_int8_wgmma.cu, sm_90a wgmma, 1 CTA/SM): BM,
// BN, BK, FP16 stages, warpgroups (2: 64 x 128 each, 4: 64 x 64 each), measured
// rate at 4096^3 (TFLOP/s, H100 SXM). Offered only on a cc 9.0 device when
// that object carries sm_90a code.
#define I8_WG_TILES(X)          \
    X(128, 128, 128, 2, 2, 195) \
    X(128, 128, 128, 2, 4, 194) \
    X(128, 128, 64, 4, 2, 170)

__device__ __forceinline__ void imma_16832(int *c, const uint32_t *a, uint32_t b0, uint32_t b1) {
    asm volatile(
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};\n"
        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

template <int BM, int BN, int BK, int WM, int WN, int STAGES, int MINB, int H, bool SILU>
__global__ void __launch_bounds__(WM *WN * 32, MINB) gemm_int8_kernel(I8Params p) {
    pdl_wait();
    constexpr int LDH = BK + I8_PAD;   // FP16 smem row stride in halves
    constexpr int ROWB = LDH * 2;      // the same row stride in bytes (INT8 view)
    constexpr int CPR = BK / 8;        // 16-byte chunks per tile row
    constexpr int THREADS = WM * WN * 32;
    constexpr int NWARPS = WM * WN;
    constexpr int WTM = BM / WM, WTN = BN / WN;  // warp tile
    constexpr int MT = WTM / 16, NT = WTN / 8;   // m16 / n8 fragments per warp
    constexpr int ROWS_PER_PASS = THREADS / CPR;
    constexpr int A_ITERS = BM / ROWS_PER_PASS, B_ITERS = BN / ROWS_PER_PASS;
    constexpr int LDC = BN + I8_CPAD;  // FP32 epilogue tile row stride
    constexpr int MH = MT / H;                   // m16 fragments per INT32 pass (H passes per K-tile)
    static_assert(NT % 2 == 0 && BK % 32 == 0 && MT % H == 0, "fragment shapes");
    static_assert(STAGES >= 4, "tile t multiplied, t+1 stored, t+2 quantized, t+3.. loading");
    static_assert(BM % ROWS_PER_PASS == 0 && BN % ROWS_PER_PASS == 0, "tile/thread mismatch");
    static_assert(BM * LDC * 4 <= STAGES * (BM + BN) * ROWB, "epilogue tile must fit the pipeline buffers");

    extern __shared__ __align__(16) unsigned char smem[];
    half *sA = reinterpret_cast<half *>(smem);  // [STAGES][BM][LDH] FP16, then INT8 in the first BK bytes of each row
    half *sB = sA + STAGES * BM * LDH;          // [STAGES][BN][LDH] same
    float *sC = reinterpret_cast<float *>(smem);  // [BM][LDC] FP32, epilogue only (aliases the pipeline)
    __shared__ float red[2][NWARPS];             // per-warp max-abs of the A and B tiles

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm = warp / WN, wn = warp % WN;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    constexpr bool silu = SILU;  // SiLU on A (compiled separately: the FP32 quantizer path only)

    // K-tiles of this split: [t0, t1); K elements up to k_end.
    const int t0 = (int)((long long)blockIdx.z * p.nkt / p.splits);
    const int t1 = (int)((long long)(blockIdx.z + 1) * p.nkt / p.splits);
    const int k_end = min(p.K, t1 * BK);

    const int chunk = tid % CPR, row0 = tid / CPR;  // this thread's chunk column and first row
    // This thread's rows are row0 + i * ROWS_PER_PASS of each tile: one base
    // pointer per operand and a count of in-range rows (no per-row pointers).
    const half *a_base = p.a + (size_t)(m0 + row0) * p.K + chunk * 8;
    const half *b_base = p.w + (size_t)(n0 + row0) * p.K + chunk * 8;
    const int a_rows = (p.M - m0 - row0 + ROWS_PER_PASS - 1) / ROWS_PER_PASS;  // rows i < a_rows exist
    const int b_rows = (p.N - n0 - row0 + ROWS_PER_PASS - 1) / ROWS_PER_PASS;
    const size_t pass_stride = (size_t)ROWS_PER_PASS * p.K;

    auto load_tile = [&](int stage, int kt) {
        const int k = kt * BK;
        const bool k_ok = k + chunk * 8 < k_end;
        half *dA = sA + stage * BM * LDH + row0 * LDH + chunk * 8;
        half *dB = sB + stage * BN * LDH + row0 * LDH + chunk * 8;
#pragma unroll
        for (int i = 0; i < A_ITERS; i++) {
            bool ok = k_ok && i < a_rows;
            cp_async_16(smem_u32(dA + i * ROWS_PER_PASS * LDH), ok ? a_base + i * pass_stride + k : p.a, ok);
        }
#pragma unroll
        for (int j = 0; j < B_ITERS; j++) {
            bool ok = k_ok && j < b_rows;
            cp_async_16(smem_u32(dB + j * ROWS_PER_PASS * LDH), ok ? b_base + j * pass_stride + k : p.w, ok);
        }
    };
    // This thread's 16-byte chunk i of the A (resp. B) tile in a stage (FP16 view / INT8 view).
    auto a_chunk = [&](int stage, int i) { return sA + stage * BM * LDH + (row0 + i * ROWS_PER_PASS) * LDH + chunk * 8; };
    auto b_chunk = [&](int stage, int j) { return sB + stage * BN * LDH + (row0 + j * ROWS_PER_PASS) * LDH + chunk * 8; };
    auto a_q8 = [&](int stage, int i) {
        return reinterpret_cast<unsigned char *>(sA + stage * BM * LDH) + (row0 + i * ROWS_PER_PASS) * ROWB + chunk * 8;
    };
    auto b_q8 = [&](int stage, int j) {
        return reinterpret_cast<unsigned char *>(sB + stage * BN * LDH) + (row0 + j * ROWS_PER_PASS) * ROWB + chunk * 8;
    };

    // Quantization phase 1: local max-abs of this thread's chunks, per-warp maxima to red[].
    auto quant_max = [&](int stage) {
        float ma = 0.f, mb = 0.f;
#pragma unroll
        for (int i = 0; i < A_ITERS; i++) ma = fmaxf(ma, chunk_maxabs(*reinterpret_cast<const uint4 *>(a_chunk(stage, i)), silu));
#pragma unroll
        for (int j = 0; j < B_ITERS; j++) mb = fmaxf(mb, chunk_maxabs(*reinterpret_cast<const uint4 *>(b_chunk(stage, j)), false));
        ma = warp_max(ma);
        mb = warp_max(mb);
        if (lane == 0) {
            red[0][warp] = ma;
            red[1][warp] = mb;
        }
    };
    // Phase 2a (after a barrier): block-wide max-abs -> scales; every FP16 chunk of
    // this thread read again and quantized into registers (qa, qb: 8 bytes per chunk).
    uint2 qa[A_ITERS], qb[B_ITERS];
    auto quant_regs = [&](int stage, float &sa, float &sb) {
        float ma = red[0][0], mb = red[1][0];
#pragma unroll
        for (int w = 1; w < NWARPS; w++) {
            ma = fmaxf(ma, red[0][w]);
            mb = fmaxf(mb, red[1][w]);
        }
        const TileQ ta = tile_params(ma, !silu), tb = tile_params(mb, true);
        sa = ta.scale;
        sb = tb.scale;
#pragma unroll
        for (int i = 0; i < A_ITERS; i++) {
            uint4 c = *reinterpret_cast<const uint4 *>(a_chunk(stage, i));
            qa[i] = ta.half_path ? chunk_quant_h(c, ta.inv2) : chunk_quant(c, ta.inv, silu);
        }
#pragma unroll
        for (int j = 0; j < B_ITERS; j++) {
            uint4 c = *reinterpret_cast<const uint4 *>(b_chunk(stage, j));
            qb[j] = tb.half_path ? chunk_quant_h(c, tb.inv2) : chunk_quant(c, tb.inv, false);
        }
    };
    // Phase 2b (after the two-phase barrier): INT8 in place over the FP16 rows.
    auto quant_store = [&](int stage) {
#pragma unroll
        for (int i = 0; i < A_ITERS; i++) *reinterpret_cast<uint2 *>(a_q8(stage, i)) = qa[i];
#pragma unroll
        for (int j = 0; j < B_ITERS; j++) *reinterpret_cast<uint2 *>(b_q8(stage, j)) = qb[j];
    };

    float acc[MT][NT][4];  // FP32 running accumulator
#pragma unroll
    for (int i = 0; i < MT; i++)
#pragma unroll
        for (int j = 0; j < NT; j++)
#pragma unroll
            for (int e = 0; e < 4; e++) acc[i][j][e] = 0.f;

    const int nt = t1 - t0;
    // IMMA pass h over K-tile `stage` (MH of the warp's m16 fragments), dequantized
    // into the running accumulator. The INT32 accumulators start at the bit
    // pattern of 1.5 * 2^23: |tile sum| <= BK * 127^2 < 2^22, so the result read
    // as a float is exactly 1.5 * 2^23 + sum (no I2F conversion), and
    // acc = fma(float(isum), sa * sb, acc).
    auto mma_pass = [&](int stage, int h, float sab) {
        const unsigned char *qA = reinterpret_cast<const unsigned char *>(sA + stage * BM * LDH);
        const unsigned char *qB = reinterpret_cast<const unsigned char *>(sB + stage * BN * LDH);
        int isum[MH][NT][4];
#pragma unroll
        for (int i = 0; i < MH; i++)
#pragma unroll
            for (int j = 0; j < NT; j++)
#pragma unroll
                for (int e = 0; e < 4; e++) isum[i][j][e] = I8_MAGIC_BITS;
#pragma unroll
        for (int ks = 0; ks < BK / 32; ks++) {
            uint32_t af[MH][4], bf[NT][2];
#pragma unroll
            for (int i = 0; i < MH; i++) {
                int r = wm * WTM + (h * MH + i) * 16 + (lane & 15);
                ldmatrix_x4(smem_u32(qA + r * ROWB + ks * 32 + (lane >> 4) * 16), af[i][0], af[i][1], af[i][2],
                            af[i][3]);
            }
#pragma unroll
            for (int j = 0; j < NT; j += 2) {
                int r = wn * WTN + j * 8 + (lane & 7) + (lane >> 4) * 8;
                ldmatrix_x4(smem_u32(qB + r * ROWB + ks * 32 + ((lane >> 3) & 1) * 16), bf[j][0], bf[j][1],
                            bf[j + 1][0], bf[j + 1][1]);
            }
#pragma unroll
            for (int i = 0; i < MH; i++)
#pragma unroll
                for (int j = 0; j < NT; j++) imma_16832(isum[i][j], af[i], bf[j][0], bf[j][1]);
        }
#pragma unroll
        for (int i = 0; i < MH; i++)
#pragma unroll
            for (int j = 0; j < NT; j++)
#pragma unroll
                for (int e = 0; e < 4; e++)
                    acc[h * MH + i][j][e] =
                        __fmaf_rn(__fsub_rn(__int_as_float(isum[i][j][e]), I8_MAGIC), sab, acc[h * MH + i][j][e]);
    };

    // Prologue: loads of tiles 0..STAGES-2; tile 0 quantized and stored,
    // tile 1 quantized into registers.
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < nt) load_tile(s, t0 + s);
        cp_async_commit();
    }
    float sa0 = 0.f, sb0 = 0.f, sa1 = 0.f, sb1 = 0.f;  // scales of tiles t and t+1
    if (nt > 0) {
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        quant_max(0);
        __syncthreads();
        quant_regs(0, sa0, sb0);
        __syncthreads();
        quant_store(0);
    }
    if (nt > 1) {
        cp_async_wait<STAGES - 3>();
        __syncthreads();
        quant_max(1);
        __syncthreads();
        quant_regs(1, sa1, sb1);
    }

    // Steady state, two barriers per K-tile. Stages hold tile t (INT8, being
    // multiplied), t+1 (FP16, quantized into registers, stored below), t+2
    // (FP16: max-abs, then quantized into registers) and t+3.. (loading).
    for (int t = 0; t < nt; t++) {
        cp_async_wait<STAGES - 4>();  // tile t+2 landed
        __syncthreads();  // INT8 of t visible; FP16 of t+1 read by all (two-phase WAR); stage of t-1 free
        if (t + 1 < nt) quant_store((t + 1) % STAGES);
        {
            int tn = t + STAGES - 1;
            if (tn < nt) load_tile(tn % STAGES, t0 + tn);
            cp_async_commit();
        }
        const int stage = t % STAGES, n2 = (t + 2) % STAGES;
        const bool has_n2 = t + 2 < nt;
        if (has_n2) quant_max(n2);  // interleaves with IMMA pass 0
        const float sab = __fmul_rn(sa0, sb0);
        mma_pass(stage, 0, sab);
        __syncthreads();  // max-abs of tile t+2 complete; INT8 of t+1 stored
        float sa2 = 0.f, sb2 = 0.f;
        if (has_n2) quant_regs(n2, sa2, sb2);  // interleaves with the remaining IMMA passes
#pragma unroll
        for (int h = 1; h < H; h++) mma_pass(stage, h, sab);
        sa0 = sa1, sb0 = sb1;
        sa1 = sa2, sb1 = sb2;
    }
    cp_async_wait<0>();
    __syncthreads();  // pipeline buffers free: reuse them as the FP32 tile

    // --- epilogue through shared memory ---
    {
        const int g = lane >> 2, q = (lane & 3) * 2;
#pragma unroll
        for (int i = 0; i < MT; i++)
#pragma unroll
            for (int j = 0; j < NT; j++)
#pragma unroll
                for (int h = 0; h < 2; h++) {
                    int r = wm * WTM + i * 16 + g + h * 8, c = wn * WTN + j * 8 + q;
                    *reinterpret_cast<float2 *>(sC + r * LDC + c) = make_float2(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
                }
    }
    __syncthreads();
    store_tile<BM, BN, LDC, THREADS>(p, sC, m0, n0, tid);
}

// Sums the split-K partials (splits, M, N) in split order (s = p0; s += p1; ...)
// and applies the epilogue; one thread per 8 output channels.
__global__ void gemm_int8_reduce_kernel(I8Params p) {
    pdl_wait();
    const size_t MN = (size_t)p.M * p.N;
    const int per_row = p.geglu ? p.N / 16 : p.N / 8;
    const size_t groups = (size_t)p.M * per_row;
    for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < groups; e += (size_t)gridDim.x * blockDim.x) {
        int m = (int)(e / per_row), c = (int)(e % per_row);
        int n = c * (p.geglu ? 16 : 8);
        const int nv = p.geglu ? 16 : 8;
        float v[16];
        const float *src = p.ws + (size_t)m * p.N + n;
        for (int i = 0; i < nv; i += 4) {
            float4 x = *reinterpret_cast<const float4 *>(src + i);
            v[i] = x.x, v[i + 1] = x.y, v[i + 2] = x.z, v[i + 3] = x.w;
        }
        for (int z = 1; z < p.splits; z++)
            for (int i = 0; i < nv; i += 4) {
                float4 x = *reinterpret_cast<const float4 *>(src + z * MN + i);
                v[i] = __fadd_rn(v[i], x.x);
                v[i + 1] = __fadd_rn(v[i + 1], x.y);
                v[i + 2] = __fadd_rn(v[i + 2], x.z);
                v[i + 3] = __fadd_rn(v[i + 3], x.w);
            }
        if (p.geglu) geglu_store8(p, m, n, v, v + 8);
        else epi_store8(p, m, n, v);
    }
}

struct I8Tile {
    int bm, bn, bk, wm, wn, stages, minb;
    double tflops;  // measured rate at 4096^3 (H100 SXM), for the heuristic
    const char *name;
    bool wgmma;     // Hopper wgmma kernel (gemm_int8_wgmma.cu)
};
#define I8_TILE_INFO(bm, bn, bk, wm, wn, st, mb, h, tf) \
    {bm, bn, bk, wm, wn, st, mb, tf, "i8 " #bm "x" #bn "x" #bk "/" #st "st/" #wm "x" #wn "w", false},
#define I8_WG_TILE_INFO(bm, bn, bk, st, nwg, tf) \
    {bm, bn, bk, nwg, 1, st, 1, tf, "i8 wgmma " #bm "x" #bn "x" #bk "/" #st "st/" #nwg "wg", true},
const I8Tile kI8Tiles[] = {I8_TILES(I8_TILE_INFO) I8_WG_TILES(I8_WG_TILE_INFO)};
constexpr int kI8NumTiles = sizeof(kI8Tiles) / sizeof(kI8Tiles[0]);

size_t i8_smem(const I8Tile &t) {
    size_t pipe = (size_t)t.stages * (t.bm + t.bn) * (t.bk + I8_PAD) * 2;
    if (t.wgmma) pipe += 2 * (size_t)(t.bm + t.bn) * t.bk;  // double-buffered INT8 tiles (wgmma layout)
    size_t epi = (size_t)t.bm * (t.bn + I8_CPAD) * 4;
    return pipe > epi ? pipe : epi;
}

template <int BM, int BN, int BK, int WM, int WN, int STAGES, int MINB, int H, bool SILU>
cudaError_t i8_launch_variant(const I8Params &p, cudaStream_t stream) {
    static bool attr_set = false;  // per instantiation
    const size_t smem = (size_t)STAGES * (BM + BN) * (BK + I8_PAD) * 2;
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_kernel<BM, BN, BK, WM, WN, STAGES, MINB, H, SILU>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    dim3 grid((p.M + BM - 1) / BM, (p.N + BN - 1) / BN, p.splits);
    return pdl_launch(gemm_int8_kernel<BM, BN, BK, WM, WN, STAGES, MINB, H, SILU>, grid, dim3(WM * WN * 32), smem,
                      stream, p);
}

template <int BM, int BN, int BK, int WM, int WN, int STAGES, int MINB, int H>
cudaError_t i8_launch_tile(const I8Params &p, cudaStream_t stream) {
    return p.silu_a ? i8_launch_variant<BM, BN, BK, WM, WN, STAGES, MINB, H, true>(p, stream)
                    : i8_launch_variant<BM, BN, BK, WM, WN, STAGES, MINB, H, false>(p, stream);
}

template <int BM, int BN, int BK, int STAGES, int NWG>
cudaError_t i8_launch_wgmma(const I8Params &p, cudaStream_t stream) {
    static_assert(BM == 128, "the wgmma kernel's warpgroups cover 2 x 64 rows");
    return gemm_int8_wgmma_launch(BN, BK, STAGES, NWG, p.a, p.w, p.bias, p.residual, p.y, p.ws, p.M, p.N, p.K, p.nkt,
                                  p.splits, p.geglu, p.silu_a, stream);
}

typedef cudaError_t (*I8LaunchFn)(const I8Params &, cudaStream_t);
#define I8_TILE_FN(bm, bn, bk, wm, wn, st, mb, h, tf) &i8_launch_tile<bm, bn, bk, wm, wn, st, mb, h>,
#define I8_WG_TILE_FN(bm, bn, bk, st, nwg, tf) &i8_launch_wgmma<bm, bn, bk, st, nwg>,
const I8LaunchFn kI8Launch[] = {I8_TILES(I8_TILE_FN) I8_WG_TILES(I8_WG_TILE_FN)};

// Whether the wgmma tiles can run here: gemm_int8_wgmma.o has sm_90a code
// and the current device (at the first call; probed once per process) is cc
// 9.0, the only one an sm_90a image runs on. No device (CPU-only use) means no.
bool i8_wgmma_ok() {
    static int ok = -1;
    if (ok < 0) {
        ok = 0;
        int dev = 0, major = 0, minor = 0;
        if (gemm_int8_wgmma_compiled() && cudaGetDevice(&dev) == cudaSuccess &&
            cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess &&
            cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) == cudaSuccess)
            ok = major == 9 && minor == 0;
        (void)cudaGetLastError();  // a failed probe leaves no sticky error behind
    }
    return ok == 1 && kernels_engine() == KERNEL_ENGINE_AUTO;
}
bool i8_tile_ok(const I8Tile &t) { return !t.wgmma || i8_wgmma_ok(); }

long long i8_cdiv(long long a, long long b) { return (a + b - 1) / b; }

// CTAs of this tile resident per SM: shared memory and the register budget
// of its launch bounds.
int i8_ctas_per_sm(const I8Tile &t) {
    int by_smem = (int)((227 * 1024) / i8_smem(t));
    int c = by_smem < t.minb ? by_smem : t.minb;
    return c < 1 ? 1 : c;
}

}  // namespace

extern "C" int gemm_int8_num_tiles(void) { return kI8NumTiles; }

extern "C" const char *gemm_int8_tile_name(int tile) {
    return (tile >= 0 && tile < kI8NumTiles) ? kI8Tiles[tile].name : "?";
}

extern "C" void gemm_int8_tile_dims(int tile, int *bm, int *bn, int *bk) {
    if (tile < 0 || tile >= kI8NumTiles) tile = 0;
    *bm = kI8Tiles[tile].bm;
    *bn = kI8Tiles[tile].bn;
    *bk = kI8Tiles[tile].bk;
}

extern "C" size_t gemm_int8_workspace_bytes(int m, int n, int k, TileConfig cfg) {
    (void)k;
    if (cfg.splits <= 1) return 0;
    return (size_t)cfg.splits * m * n * sizeof(float);
}

extern "C" int gemm_int8_candidates(int m, int n, int k, int num_sms, TileConfig *out, int max) {
    static const int kSplits[] = {1, 2, 3, 4, 6, 8};
    int cnt = 0;
    for (int t = 0; t < kI8NumTiles; t++) {
        const I8Tile &ti = kI8Tiles[t];
        if (!i8_tile_ok(ti)) continue;
        long long tiles = i8_cdiv(m, ti.bm) * i8_cdiv(n, ti.bn);
        long long nkt = i8_cdiv(k, ti.bk);
        for (unsigned si = 0; si < sizeof(kSplits) / sizeof(kSplits[0]); si++) {
            int sp = kSplits[si];
            if (sp > 1 && nkt / sp < 2) break;                                    // at least 2 K-tiles per split
            if (sp > 1 && tiles * sp > (long long)i8_ctas_per_sm(ti) * num_sms * 2) break;  // already 2 waves
            if (cnt < max) out[cnt++] = (TileConfig){t, sp};
        }
    }
    return cnt;
}

extern "C" TileConfig gemm_int8_heuristic(int m, int n, int k, int num_sms) {
    // Estimated time = waves * (one wave of CTAs at the tile's measured rate)
    // + a per-K-tile latency floor (a CTA runs its K-tiles in sequence)
    // + split-K partial traffic and the reduce launch.
    TileConfig cand[64];
    int nc = gemm_int8_candidates(m, n, k, num_sms, cand, 64);
    double best = 1e300;
    TileConfig pick = {0, 1};
    for (int i = 0; i < nc; i++) {
        const I8Tile &ti = kI8Tiles[cand[i].tile];
        // mma.sync tiles only: the pick is then the same on every device and in
        // the CPU emulation (linear_int8_emul); the wgmma tiles are for tuning.
        if (ti.wgmma) continue;
        int sp = cand[i].splits;
        long long ctas = i8_cdiv(m, ti.bm) * i8_cdiv(n, ti.bn) * sp;
        long long slots = (long long)num_sms * i8_ctas_per_sm(ti);
        long long waves = (ctas + slots - 1) / slots;
        double ktiles = (double)i8_cdiv(i8_cdiv(k, ti.bk), sp);
        double wave_flops = 2.0 * ti.bm * ti.bn * ktiles * ti.bk * (double)slots;
        double rate = ti.tflops * 1e12 * num_sms / 132.0;
        double tt = (double)waves * (wave_flops / rate + ktiles * 0.35e-6);
        if (sp > 1) tt += (double)sp * m * n * 8.0 / 2.5e12 + 3e-6;
        if (tt < best) {
            best = tt;
            pick = cand[i];
        }
    }
    return pick;
}

extern "C" cudaError_t gemm_int8(int m, int n, int k, TileConfig cfg, const uint16_t *a, const uint16_t *w,
                                 const float *bias, const uint16_t *residual, uint16_t *y, GemmEpilogue epi,
                                 int silu_a, float *workspace, cudaStream_t stream) {
    if (m < 1 || n < 8 || k < 8 || n % 8 || k % 8) return cudaErrorInvalidValue;
    if ((long long)m * k >= (1LL << 31) || (long long)m * n >= (1LL << 31) || (long long)n * k >= (1LL << 31))
        return cudaErrorInvalidValue;
    if (cfg.tile < 0 || cfg.tile >= kI8NumTiles || cfg.splits < 1) return cudaErrorInvalidValue;
    if (epi == GEMM_EPI_GEGLU && (n % 16 || residual)) return cudaErrorInvalidValue;
    if (!i8_tile_ok(kI8Tiles[cfg.tile])) return cudaErrorNotSupported;
    I8Params p;
    p.a = reinterpret_cast<const half *>(a);
    p.w = reinterpret_cast<const half *>(w);
    p.bias = bias;
    p.residual = reinterpret_cast<const half *>(residual);
    p.y = reinterpret_cast<half *>(y);
    p.ws = workspace;
    p.M = m;
    p.N = n;
    p.K = k;
    p.nkt = (int)i8_cdiv(k, kI8Tiles[cfg.tile].bk);
    p.splits = cfg.splits > p.nkt ? p.nkt : cfg.splits;
    p.geglu = epi == GEMM_EPI_GEGLU;
    p.silu_a = silu_a != 0;
    if (p.splits > 1 && !workspace) return cudaErrorInvalidValue;
    cudaError_t e = kI8Launch[cfg.tile](p, stream);
    if (e != cudaSuccess) return e;
    if (p.splits > 1) {
        size_t groups = (size_t)m * (p.geglu ? n / 16 : n / 8);
        int blocks = (int)((groups + 255) / 256);
        if (blocks > 4096) blocks = 4096;
        e = pdl_launch(gemm_int8_reduce_kernel, dim3(blocks), dim3(256), 0, stream, p);
        if (e != cudaSuccess) return e;
    }
    return cudaGetLastError();
}
