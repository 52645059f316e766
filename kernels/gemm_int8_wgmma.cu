// gemm_int8_wgmma.cu: the Hopper (sm_90a) path of the online-quantized INT8
// GEMM (gemm_int8, kernels/gemm_int8.cu): warpgroup wgmma instead of mma.sync.
//
// What it computes
//   Exactly what gemm_int8_kernel computes, for its own (BM, BN, BK, splits):
//   y[m, n] = epi( sum_t sa(mt, t) * sb(nt, t) * sum_{k in tile t} qa[m, k] * qw[n, k] )
//   with every K-tile of A (BM x BK) and W (BN x BK) quantized in shared
//   memory to symmetric INT8 with its own block-wide max-abs scale (the same
//   FP16 / FP32 quantizers), an exact INT32 tile sum, and the dequantization
//   acc = fma(float(isum), sa * sb, acc) in an FP32 running accumulator; the
//   epilogue (bias, residual, GEGLU) and split-K partials are the mma.sync
//   kernel's. The C model gemm_int8_model (src/layers/quant.c) reproduces it
//   bit for bit (SiLU / GELU: see quant.c).
//
// Tile design (constants: I8W_BM, I8W_TILES; template BN, BK, STAGES, NWG)
//   - CTA tile 128 x 128, 2 or 4 warpgroups (NWG) of 64 rows x 128 or 64
//     columns: one wgmma.mma_async m64n128k32 / m64n64k32 s8 x s8 -> s32 per
//     32 K-bytes, A and B read by the tensor cores straight from shared memory
//     (no ldmatrix, no fragment registers). INT32 tile sum + FP32 running
//     accumulator: 128 registers per thread at 2 warpgroups, 64 at 4 (which
//     fit the 128-register cap of 512 threads). A 128 x 256 tile (two n128
//     passes per warpgroup, 192 accumulator registers) was built and measured:
//     255 registers and no faster than 128 x 128 x 128, so it is not kept.
//   - The INT32 accumulators start at the bit pattern of 1.5 * 2^23 (wgmma
//     adds onto them: D = A * B + D), so |tile sum| <= BK * 127^2 < 2^22
//     read as a float is exactly 1.5 * 2^23 + sum, as in the mma.sync kernel.
//   - FP16 staging: cp.async, STAGES deep, rows padded by 16 bytes. INT8
//     tiles in a separate double buffer in the wgmma no-swizzle K-major
//     layout: core matrices of 8 rows x 16 bytes (128 contiguous bytes),
//     K-adjacent core matrices 128 bytes apart (LBO), 8-row groups BK * 8
//     bytes apart (SBO). Quantization reads each FP16 chunk (8 elements) and
//     writes its 8 INT8 bytes; a warp covers 8 rows x 32 K-elements per
//     pass (lane & 7 = row, lane >> 3 = chunk), so the 16-byte FP16 reads
//     (8 rows of a padded 144/272-byte stride per quarter warp) and the
//     8-byte INT8 stores (one 128-byte core matrix per half warp) are
//     conflict-free. Every writer issues fence.proxy.async before the barrier
//     that hands the INT8 tile to wgmma. The separate INT8 buffer removes the
//     in-place write-after-read hazard of the mma.sync kernel.
//   - Software pipeline. STAGES >= 3 (BK 64): one barrier per K-tile, the
//     max-abs two tiles ahead (red[] by tile parity):
//       [B: INT8 of t, max-abs of t+1, FP16 of t+2 visible; wgmma t-1 retired]
//       wgmma t (async); cp.async t+STAGES; quantize t+1 into the other INT8
//       buffer; max-abs of t+2; wgmma.wait_group 0; dequantize t
//     STAGES = 2 (BK 128, the shared memory of a third FP16 stage does not
//     fit): two barriers per K-tile,
//       [B1] wgmma t; cp.async t+2; max-abs t+1 [B2] quantize t+1; wait; dequantize t
//     Either way the quantization runs on the ALUs while the tensor cores
//     multiply tile t. BK 128 halves the per-K dequantization and barriers.
//   - Epilogue through shared memory (FP32 tile over the pipeline buffers),
//     bias / residual / GEGLU / split-K partials as the mma.sync kernel.
//
// Limits (H100 SXM, tests/gpu_int8.c bench)
//   ~195-200 TFLOP/s at 4096^3, about the mma.sync kernel's best (209, its
//   128 x 256 tile) and 0.65x of gemm_fp16; ahead of mma.sync on
//   M x 1280 x 5120 at M = 8192 (192 vs 174). What bounds it, measured by
//   removing parts (128 x 128 x 64, one barrier): without the quantization
//   and the dequantization the same pipeline runs at ~313 TFLOP/s, the
//   FP16 GEMM's rate: the FP16 operand tiles through cp.async into 128 x 128
//   CTA tiles (L2 -> SM traffic, 1 CTA/SM) are the ceiling, whatever the
//   tensor-core type. Dequantization (tensor cores idle from wgmma.wait to the
//   next issue, 2 instructions per accumulator per K-tile) costs ~1/3 of
//   that, quantization (two shared-memory passes, block max-abs, IEEE
//   divisions for the scales) another ~20%. Overlapping the dequantization of
//   t-1 with the wgmma of t (two INT32 buffers) makes ptxas serialize the
//   wgmma (C7514: accumulator registers read between issue and wait), which
//   was slower. Beating FP16 by a margin needs larger effective tiles (TMA
//   multicast across a cluster) with the per-tile scales kept. Same argument
//   limits as gemm_int8.
#include "kernels.h"
#include "mma.cuh"
#include "pdl.cuh"
#include "gemm_int8.cuh"
#include "wgmma.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

// wgmma exists only in the sm_90a device pass; every other target compiles
// the kernels to stubs (never offered: gemm_int8_wgmma_compiled() is 1 only
// when the build defines GEMM_INT8_WGMMA_SM90A, as the Makefile does when
// ARCH has sm_90, and gemm_int8.cu also requires a cc 9.0 device).
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define I8W_DEVICE 1
#else
#define I8W_DEVICE 0
#endif

namespace {

constexpr int I8W_BM = 128;          // CTA rows: two m64 warpgroup rows
constexpr int I8W_PAD = 8;           // +8 halves per FP16 smem row (16 bytes)

// The compiled tiles: BN, BK, FP16 stages, warpgroups (BM is 128). Shared memory:
// STAGES * (128 + BN) * (BK + 8) * 2 + 2 * (128 + BN) * BK bytes.
#define I8W_TILES(X)  \
    X(128, 128, 2, 2) \
    X(128, 128, 2, 4) \
    X(128, 64, 4, 2)

// --- wgmma (sm_90a) ---------------------------------------------------------
// Shared-memory matrix descriptor, no swizzle: start address, leading byte
// offset (between K-adjacent core matrices), stride byte offset (between
// 8-row groups), all in 16-byte units.
__device__ __forceinline__ uint64_t wg_desc(uint32_t saddr, uint32_t lbo, uint32_t sbo) {
    return (uint64_t)((saddr & 0x3FFFF) >> 4) | ((uint64_t)(lbo >> 4) << 16) | ((uint64_t)(sbo >> 4) << 32);
}
// Waits for all committed wgmma groups; the accumulators d (R registers) are
// the compiler's again only after this.
template <int R>
__device__ __forceinline__ void wg_wait_all(int *d) {
    wg_wait<0>();
#pragma unroll
    for (int i = 0; i < R; i++) asm volatile("" : "+r"(d[i])::"memory");
}
__device__ __forceinline__ void fence_proxy_async() {
#if I8W_DEVICE
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}
// d (64 x 128 s32 per warpgroup) += A (64 x 32 s8, K-major) * B (128 x 32 s8, K-major)^T
__device__ __forceinline__ void wgmma_m64n128k32(int *d, uint64_t da, uint64_t db) {
#if I8W_DEVICE
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {"
        "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
        "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
        "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
        "%64, %65, p;\n}\n"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), "+r"(d[58]), "+r"(d[59]), "+r"(d[60]), "+r"(d[61]), "+r"(d[62]), "+r"(d[63])
        : "l"(da), "l"(db), "r"(1));
#else
    (void)d, (void)da, (void)db;
    __trap();
#endif
}

// d (64 x 64 s32 per warpgroup) += A (64 x 32 s8, K-major) * B (64 x 32 s8, K-major)^T
__device__ __forceinline__ void wgmma_m64n64k32(int *d, uint64_t da, uint64_t db) {
#if I8W_DEVICE
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {"
        "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
        "%32, %33, p;\n}\n"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31])
        : "l"(da), "l"(db), "r"(1));
#else
    (void)d, (void)da, (void)db;
    __trap();
#endif
}
template <int N>
__device__ __forceinline__ void wgmma_m64k32(int *d, uint64_t da, uint64_t db) {
    static_assert(N == 64 || N == 128, "warpgroup tile width");
    if constexpr (N == 128) wgmma_m64n128k32(d, da, db);
    else wgmma_m64n64k32(d, da, db);
}

template <int BN, int BK, int STAGES, int NWG, bool SILU>
__global__ void __launch_bounds__(NWG * 128, 1) gemm_int8_wgmma_kernel(I8Params p) {
    pdl_wait();
    constexpr int BM = I8W_BM;
    constexpr int THREADS = NWG * 128;
    constexpr int WGN = BN * 2 / NWG;       // warpgroup tile: 64 rows x WGN columns
    constexpr int NWARPS = THREADS / 32;
    constexpr int LDH = BK + I8W_PAD;       // FP16 smem row stride in halves
    constexpr int CPR = BK / 8;             // 16-byte FP16 chunks per tile row
    constexpr int LD_ROWS = THREADS / CPR;  // rows per cp.async pass
    constexpr int A_LD = BM / LD_ROWS, B_LD = BN / LD_ROWS;
    constexpr int UNITS_K = BK / 32;        // quantization units (8 rows x 32 K) along K
    constexpr int A_Q = BM / 8 * UNITS_K / NWARPS, B_Q = BN / 8 * UNITS_K / NWARPS;  // units per warp
    constexpr int SBO = BK * 8;             // bytes between 8-row groups of an INT8 tile
    constexpr int LBO = 128;                // bytes between K-adjacent core matrices
    constexpr int QBYTES = (BM + BN) * BK;  // one INT8 stage (A then B)
    constexpr int LDC = BN + I8_CPAD;       // FP32 epilogue tile row stride
    constexpr int NF = WGN / 8;             // n8 column groups of the warpgroup tile
    constexpr int NACC = NF * 4;            // accumulator registers per thread (each: INT32 and FP32)
    static_assert(BN == 128 && (NWG == 2 || NWG == 4), "2 warpgroups of 64 x 128 or 4 of 64 x 64");
    // FP16 chunks per loop trip: all of them (the shared-memory loads in flight
    // together set the quantization latency), 2 with SiLU (expf; registers).
    constexpr int QUNROLL = SILU ? 2 : 16;
    static_assert(BK % 32 == 0 && BK <= 256, "tile sum must stay below 2^22");
    static_assert(STAGES >= 2, "tile t+1 quantized while t+2.. load");
    static_assert(BM % LD_ROWS == 0 && BN % LD_ROWS == 0 && A_Q * NWARPS == BM / 8 * UNITS_K &&
                      B_Q * NWARPS == BN / 8 * UNITS_K, "tile/thread mismatch");
    static_assert((size_t)BM * LDC * 4 <= (size_t)STAGES * (BM + BN) * LDH * 2 + 2 * QBYTES, "epilogue tile fits");

    extern __shared__ __align__(128) unsigned char smem[];
    half *sA = reinterpret_cast<half *>(smem);  // [STAGES][BM][LDH] FP16
    half *sB = sA + STAGES * BM * LDH;          // [STAGES][BN][LDH] FP16
    unsigned char *sQ = smem + (size_t)STAGES * (BM + BN) * LDH * 2;  // [2][BM + BN rows][BK] INT8, wgmma layout
    float *sC = reinterpret_cast<float *>(smem);  // [BM][LDC] FP32, epilogue only (aliases the pipeline)
    __shared__ float red[2][2][NWARPS];           // [tile parity][A, B][warp] per-warp max-abs

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wg = warp >> 2;
    const int wg_m = wg & 1, wg_n = wg >> 1;  // warpgroup tile: rows wg_m * 64 .., columns wg_n * WGN ..
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    constexpr bool silu = SILU;

    const int t0 = (int)((long long)blockIdx.z * p.nkt / p.splits);
    const int t1 = (int)((long long)(blockIdx.z + 1) * p.nkt / p.splits);
    const int k_end = min(p.K, t1 * BK);
    const int nt = t1 - t0;

    // cp.async mapping: chunk tid % CPR of rows tid / CPR + i * LD_ROWS (coalesced).
    const int chunk = tid % CPR, lrow = tid / CPR;
    const half *a_base = p.a + (size_t)(m0 + lrow) * p.K + chunk * 8;
    const half *b_base = p.w + (size_t)(n0 + lrow) * p.K + chunk * 8;
    const int a_rows = (p.M - m0 - lrow + LD_ROWS - 1) / LD_ROWS;
    const int b_rows = (p.N - n0 - lrow + LD_ROWS - 1) / LD_ROWS;
    const size_t pass_stride = (size_t)LD_ROWS * p.K;
    auto load_tile = [&](int stage, int kt) {
        const int k = kt * BK;
        const bool k_ok = k + chunk * 8 < k_end;
        half *dA = sA + stage * BM * LDH + lrow * LDH + chunk * 8;
        half *dB = sB + stage * BN * LDH + lrow * LDH + chunk * 8;
#pragma unroll
        for (int i = 0; i < A_LD; i++) {
            bool ok = k_ok && i < a_rows;
            cp_async_16(smem_u32(dA + i * LD_ROWS * LDH), ok ? a_base + i * pass_stride + k : p.a, ok);
        }
#pragma unroll
        for (int j = 0; j < B_LD; j++) {
            bool ok = k_ok && j < b_rows;
            cp_async_16(smem_u32(dB + j * LD_ROWS * LDH), ok ? b_base + j * pass_stride + k : p.w, ok);
        }
    };

    // Quantization mapping: unit u = warp + i * NWARPS of an operand tile
    // covers rows (u / UNITS_K) * 8 .. +7 and K-elements (u % UNITS_K) * 32 .. +31;
    // this lane takes row + (lane & 7), chunk (lane >> 3) of the unit.
    const int qr = lane & 7, qc = lane >> 3;
    auto unit_row = [&](int u) { return (u / UNITS_K) * 8 + qr; };
    auto unit_chunk = [&](int u) { return (u % UNITS_K) * 4 + qc; };
    // FP16 chunk of unit u in a stage, and its INT8 destination in the wgmma layout.
    auto fp16_chunk = [&](const half *s, int u) { return s + unit_row(u) * LDH + unit_chunk(u) * 8; };
    auto q8_off = [&](int u) {
        const int c = unit_chunk(u);
        return (u / UNITS_K) * SBO + (c >> 1) * LBO + qr * 16 + (c & 1) * 8;
    };

    auto quant_max = [&](int stage, int rb) {
        const half *fa = sA + stage * BM * LDH, *fb = sB + stage * BN * LDH;
        float ma = 0.f, mb = 0.f;
#pragma unroll(QUNROLL)
        for (int i = 0; i < A_Q; i++)
            ma = fmaxf(ma, chunk_maxabs(*reinterpret_cast<const uint4 *>(fp16_chunk(fa, warp + i * NWARPS)), silu));
#pragma unroll
        for (int j = 0; j < B_Q; j++)
            mb = fmaxf(mb, chunk_maxabs(*reinterpret_cast<const uint4 *>(fp16_chunk(fb, warp + j * NWARPS)), false));
        ma = warp_max(ma);
        mb = warp_max(mb);
        if (lane == 0) {
            red[rb][0][warp] = ma;
            red[rb][1][warp] = mb;
        }
    };
    // After the max-abs barrier: scales, and the tile quantized into INT8 buffer qbuf.
    auto quant_store = [&](int stage, int rb, int qbuf, float &sa, float &sb) {
        float ma = red[rb][0][0], mb = red[rb][1][0];
#pragma unroll
        for (int w = 1; w < NWARPS; w++) {
            ma = fmaxf(ma, red[rb][0][w]);
            mb = fmaxf(mb, red[rb][1][w]);
        }
        const TileQ ta = tile_params(ma, !silu), tb = tile_params(mb, true);
        sa = ta.scale;
        sb = tb.scale;
        const half *fa = sA + stage * BM * LDH, *fb = sB + stage * BN * LDH;
        unsigned char *qa = sQ + qbuf * QBYTES, *qb = qa + BM * BK;
#pragma unroll(QUNROLL)
        for (int i = 0; i < A_Q; i++) {
            const int u = warp + i * NWARPS;
            uint4 c = *reinterpret_cast<const uint4 *>(fp16_chunk(fa, u));
            *reinterpret_cast<uint2 *>(qa + q8_off(u)) = ta.half_path ? chunk_quant_h(c, ta.inv2) : chunk_quant(c, ta.inv, silu);
        }
#pragma unroll(QUNROLL)
        for (int j = 0; j < B_Q; j++) {
            const int u = warp + j * NWARPS;
            uint4 c = *reinterpret_cast<const uint4 *>(fp16_chunk(fb, u));
            *reinterpret_cast<uint2 *>(qb + q8_off(u)) = tb.half_path ? chunk_quant_h(c, tb.inv2) : chunk_quant(c, tb.inv, false);
        }
        fence_proxy_async();  // generic-proxy INT8 stores, read next by wgmma (async proxy)
    };

    float acc[NACC];  // FP32 running accumulator: the wgmma fragment layout
    int isum[NACC];   // INT32 tile sum
#pragma unroll
    for (int i = 0; i < NACC; i++) acc[i] = 0.f;

    const uint32_t q_base = smem_u32(sQ);
    // wgmma over INT8 buffer qbuf: this warpgroup's 64 rows x WGN columns.
    auto issue = [&](int qbuf) {
#pragma unroll
        for (int i = 0; i < NACC; i++) isum[i] = I8_MAGIC_BITS;
        wg_fence();
        const uint32_t a_addr = q_base + qbuf * QBYTES + wg_m * 8 * SBO;
        const uint32_t b_addr = q_base + qbuf * QBYTES + BM * BK + wg_n * (WGN / 8) * SBO;
#pragma unroll
        for (int ks = 0; ks < BK / 32; ks++)
            wgmma_m64k32<WGN>(isum, wg_desc(a_addr + ks * 2 * LBO, LBO, SBO), wg_desc(b_addr + ks * 2 * LBO, LBO, SBO));
        wg_commit();
    };
    auto dequant = [&](float sab) {
#pragma unroll
        for (int i = 0; i < NACC; i++) acc[i] = __fmaf_rn(__fsub_rn(__int_as_float(isum[i]), I8_MAGIC), sab, acc[i]);
    };

    // Prologue: tiles 0..STAGES-1 loading; tile 0 quantized into INT8 buffer 0.
#pragma unroll
    for (int s = 0; s < STAGES; s++) {
        if (s < nt) load_tile(s, t0 + s);
        cp_async_commit();
    }
    float sa0 = 0.f, sb0 = 0.f;  // scales of tile t
    if constexpr (STAGES >= 3) {
        // One barrier per K-tile: the max-abs runs two tiles ahead (red[] by tile
        // parity), so the barrier that publishes the INT8 of tile t also
        // completes the block max-abs of t+1.
        //   [B: INT8 of t, max-abs of t+1, FP16 of t+2 visible; wgmma t-1 retired]
        //   wgmma t; cp.async t+STAGES; quantize t+1; max-abs t+2; wait; dequantize t
        if (nt > 0) {
            cp_async_wait<STAGES - 1>();
            __syncthreads();
            quant_max(0, 0);
            cp_async_wait<STAGES - 2>();
            __syncthreads();
            quant_store(0, 0, 0, sa0, sb0);
            if (nt > 1) quant_max(1 % STAGES, 1);
        }
        for (int t = 0; t < nt; t++) {
            cp_async_wait<STAGES - 3>();  // tile t+2 landed
            __syncthreads();
            issue(t & 1);
            if (t + STAGES < nt) load_tile(t % STAGES, t0 + t + STAGES);
            cp_async_commit();
            float sa1 = 0.f, sb1 = 0.f;
            if (t + 1 < nt) quant_store((t + 1) % STAGES, (t + 1) & 1, (t + 1) & 1, sa1, sb1);
            if (t + 2 < nt) quant_max((t + 2) % STAGES, t & 1);
            wg_wait_all<NACC>(isum);
            dequant(__fmul_rn(sa0, sb0));
            sa0 = sa1, sb0 = sb1;
        }
    } else {
        // Two barriers per K-tile:
        //   [B1: INT8 of t, FP16 of t+1 visible; wgmma t-1 retired]
        //   wgmma t; cp.async t+STAGES; max-abs t+1; [B2] quantize t+1; wait; dequantize t
        if (nt > 0) {
            cp_async_wait<STAGES - 1>();
            __syncthreads();
            quant_max(0, 0);
            __syncthreads();
            quant_store(0, 0, 0, sa0, sb0);
        }
        for (int t = 0; t < nt; t++) {
            cp_async_wait<STAGES - 2>();  // tile t+1 landed
            __syncthreads();              // B1
            issue(t & 1);
            if (t + STAGES < nt) load_tile(t % STAGES, t0 + t + STAGES);
            cp_async_commit();
            const bool has_next = t + 1 < nt;
            if (has_next) quant_max((t + 1) % STAGES, 0);
            __syncthreads();  // B2: block max-abs of t+1
            float sa1 = 0.f, sb1 = 0.f;
            if (has_next) quant_store((t + 1) % STAGES, 0, (t + 1) & 1, sa1, sb1);
            wg_wait_all<NACC>(isum);
            dequant(__fmul_rn(sa0, sb0));
            sa0 = sa1, sb0 = sb1;
        }
    }
    cp_async_wait<0>();
    __syncthreads();  // pipeline buffers free: reuse them as the FP32 tile

    // --- epilogue through shared memory ---
    {
        const int g = lane >> 2, q = (lane & 3) * 2;
        const int r0 = wg_m * 64 + (warp & 3) * 16 + g, c0 = wg_n * WGN + q;
#pragma unroll
        for (int j = 0; j < NF; j++)
#pragma unroll
            for (int h = 0; h < 2; h++)
                *reinterpret_cast<float2 *>(sC + (r0 + h * 8) * LDC + c0 + j * 8) =
                    make_float2(acc[j * 4 + 2 * h], acc[j * 4 + 2 * h + 1]);
    }
    __syncthreads();
    store_tile<BM, BN, LDC, THREADS>(p, sC, m0, n0, tid);
}

template <int BN, int BK, int STAGES>
constexpr size_t i8w_smem() {
    return (size_t)STAGES * (I8W_BM + BN) * (BK + I8W_PAD) * 2 + 2 * (size_t)(I8W_BM + BN) * BK;
}

template <int BN, int BK, int STAGES, int NWG, bool SILU>
cudaError_t i8w_launch_variant(const I8Params &p, cudaStream_t stream) {
    static bool attr_set = false;  // per instantiation
    constexpr size_t smem = i8w_smem<BN, BK, STAGES>();
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gemm_int8_wgmma_kernel<BN, BK, STAGES, NWG, SILU>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    dim3 grid((p.M + I8W_BM - 1) / I8W_BM, (p.N + BN - 1) / BN, p.splits);
    return pdl_launch(gemm_int8_wgmma_kernel<BN, BK, STAGES, NWG, SILU>, grid, dim3(NWG * 128), smem, stream, p);
}

template <int BN, int BK, int STAGES, int NWG>
cudaError_t i8w_launch(const I8Params &p, cudaStream_t stream) {
    return p.silu_a ? i8w_launch_variant<BN, BK, STAGES, NWG, true>(p, stream)
                    : i8w_launch_variant<BN, BK, STAGES, NWG, false>(p, stream);
}

}  // namespace

// Internal interface for gemm_int8.cu (declared there).
// 1 when this object was built with sm_90a code (GEMM_INT8_WGMMA_SM90A).
int gemm_int8_wgmma_compiled(void) {
#if defined(GEMM_INT8_WGMMA_SM90A)
    return 1;
#else
    return 0;
#endif
}

// Launches the wgmma kernel for tile 128 x bn x bk with `stages` FP16 stages
// (arguments already validated by gemm_int8). cudaErrorInvalidValue for a
// tile that is not compiled here.
cudaError_t gemm_int8_wgmma_launch(int bn, int bk, int stages, int nwg, const void *a, const void *w, const float *bias,
                                   const void *residual, void *y, float *ws, int M, int N, int K, int nkt, int splits,
                                   int geglu, int silu_a, cudaStream_t stream) {
    I8Params p;
    p.a = static_cast<const half *>(a);
    p.w = static_cast<const half *>(w);
    p.bias = bias;
    p.residual = static_cast<const half *>(residual);
    p.y = static_cast<half *>(y);
    p.ws = ws;
    p.M = M, p.N = N, p.K = K;
    p.nkt = nkt, p.splits = splits;
    p.geglu = geglu, p.silu_a = silu_a;
#define I8W_CASE(BN_, BK_, ST_, NWG_) \
    if (bn == BN_ && bk == BK_ && stages == ST_ && nwg == NWG_) return i8w_launch<BN_, BK_, ST_, NWG_>(p, stream);
    I8W_TILES(I8W_CASE)
#undef I8W_CASE
    return cudaErrorInvalidValue;
}
