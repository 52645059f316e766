// gemm_int8_rows.cu: the INT8 GEMM with per-row activation scales and per-
// output-channel weight scales (--int8-scales row), and its row quantizer.
//
// What it computes (kernels.h, quantize_rows_int8 / gemm_int8_rows)
//   qa, sa = quantize_rows_int8(a)  every row of A (M, K) to symmetric INT8
//                                   with its own max-abs scale (online, one
//                                   pass over A per call; SiLU first for
//                                   time_emb_proj);
//   qw, sw = quantize_rows_int8(w)  once, when the weights are made: one
//                                   scale per output channel;
//   y[m, n] = epi(float(isum) * (sa[m] * sw[n])), isum = sum over the whole K
//   of qa[m, k] * qw[n, k] in exact INT32 (|isum| <= K * 127^2 < 2^31 for
//   K < 133144). No K-tiles and no split-K: the result does not depend on
//   the tile, and the dequantization is one multiply per output in the
//   epilogue instead of two operations per accumulator and K-tile. The C
//   model is gemm_int8_rows_model (src/layers/quant.c).
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
// Tile design (tiles I8R_TILES: BN, ring stages)
//   - CTA tile 128 x BN (BN = 256 or 128), 384 threads: warpgroup 0 is the
//     producer (one thread issues the TMA copies, 128-byte swizzle: a 128
//     (K bytes) x 128 (rows) box of qa and a 128 x BN box of qw per stage),
//     warpgroups 1 and 2 consume 64 rows each with one wgmma m64nBNk32 s8 per
//     32 K-bytes (4 per stage), INT32 accumulators (BN / 2 per thread).
//     setmaxnreg: producer 40, consumers 232.
//   - Stages of 48 KB (BN 256) or 32 KB (BN 128): 4 or 6 stages, 192 KB.
//   - One wgmma group in flight (commit, wait_group 1, release the previous
//     stage): wg_ring_mainloop (wgmma.cuh), shared with gemm_wgmma.cu.
//   - Epilogue: the values formed in registers (thread (warp w, lane l) holds
//     rows 16w + l/4 (+8) and column pairs 8j + 2 (l % 4); scales, bias and
//     residual read per element from global memory / L1), written as FP16
//     pairs into a per-warp slab of 16 rows in the (then idle) ring, and
//     stored to y as whole rows in 16-byte chunks. The first build stored the
//     FP16 pairs straight to y (4-byte stores): 183.9 against 157.2 us at
//     4096^3, 430 against 347 us at 8192 x 10240 x 1280 (docs/PERF.md).
//   - Grid (M tiles, N tiles), M fastest: CTAs running together share
//     weight tiles in L2.
//   A portable kernel (any cc, any K multiple of 8) computes the same bits
//   with dp4a over shared-memory tiles; it exists for the shapes and GPUs the
//   TMA tiles cannot take and is not tuned.
//
// Limits (H100, bench/results/2026-11-27-h100-int8-rows, docs/PERF.md)
//   4096^3: 874.6 effective TFLOP/s, quantization of A included, 1.23x the
//   FP16 engine (711.7). Behind it where K is short or the output wide
//   (0.73-0.96x on the feed-forward shapes, 0.40-0.66x at SD's K = 320 ..
//   1280 linears): one tile per CTA and no persistence, so every tile pays
//   the ring's fill and its whole epilogue with the tensor cores idle (the
//   FP16 engine's ping-pong tiles overlap the epilogue with the next tile's
//   products), plus the separate pass that quantizes A (a launch and a read
//   of A). Not profiled with Nsight Compute.
//   TMA tiles: cc 9.0 with sm_90a code in the binary, K a multiple of 16
//   (16-byte rows of qa and qw), not --engine portable. No clusters, no stream-K, no split-K (which
//   would change nothing in the numerics here but is not built).
#include "kernels.h"
#include "pdl.cuh"
#include "tensormap.cuh"
#include "wgmma.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define I8R_DEVICE 1
#else
#define I8R_DEVICE 0
#endif

namespace {

constexpr int I8R_BM = 128;       // CTA rows: two consumer warpgroups of 64
constexpr int I8R_BK = 128;       // K bytes per stage: one 128-byte swizzle row
constexpr int I8R_THREADS = 384;  // producer + two consumers
constexpr float I8R_MAGIC = 12582912.0f;  // 1.5 * 2^23: fma onto the integer grid

// The TMA tiles (BN, stages) and the portable one, in tile-id order.
#define I8R_TILES(X) \
    X(256, 4)        \
    X(128, 6)
constexpr int I8R_NUM_TMA = 2;
constexpr int I8R_PORTABLE = I8R_NUM_TMA;  // tile id of the dp4a kernel

struct I8RParams {
    const int8_t *qa;       // (M, K)
    const float *sa;        // (M)
    const int8_t *qw;       // (N, K)
    const float *sw;        // (N)
    const float *bias;      // (N) or NULL
    const half *residual;   // (M, N) or NULL
    half *y;                // (M, N) or (M, N / 2) with GEGLU
    int M, N, K, geglu;
};

// --- the row quantizer ----------------------------------------------------------
__device__ __forceinline__ float i8r_silu(float x) { return __fdiv_rn(x, __fadd_rn(1.0f, expf(-x))); }

// One warp per row: max |v| over the row, then q = rn(v * 127 / amax).
// x (rows, K) FP16, q (rows, K), scale (rows); K a multiple of 8.
__global__ void __launch_bounds__(256) quantize_rows_int8_kernel(const half *x, int rows, int K, int silu, int8_t *q,
                                                                 float *scale) {
    pdl_wait();
    const int row = blockIdx.x * 8 + threadIdx.x / 32, lane = threadIdx.x % 32;
    if (row >= rows) return;
    const uint4 *xr = reinterpret_cast<const uint4 *>(x + (size_t)row * K);  // 8 halves per chunk
    const int chunks = K / 8;
    float amax = 0.0f;
    for (int c = lane; c < chunks; c += 32) {
        const uint4 u = xr[c];
        const half2 *h = reinterpret_cast<const half2 *>(&u);
#pragma unroll
        for (int i = 0; i < 4; i++) {
            float2 f = __half22float2(h[i]);
            if (silu) f.x = i8r_silu(f.x), f.y = i8r_silu(f.y);
            amax = fmaxf(amax, fmaxf(fabsf(f.x), fabsf(f.y)));
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    const float inv = amax > 0.0f ? __fdiv_rn(127.0f, amax) : 0.0f;
    if (lane == 0) scale[row] = __fdiv_rn(amax, 127.0f);
    uint2 *qr = reinterpret_cast<uint2 *>(q + (size_t)row * K);
    for (int c = lane; c < chunks; c += 32) {
        const uint4 u = xr[c];
        const half2 *h = reinterpret_cast<const half2 *>(&u);
        uint32_t packed[2] = {0u, 0u};
#pragma unroll
        for (int i = 0; i < 4; i++) {
            float2 f = __half22float2(h[i]);
            if (silu) f.x = i8r_silu(f.x), f.y = i8r_silu(f.y);
            // |v| <= amax: |v * inv| < 127.5, the low byte of the grid value is q
            const int q0 = (int)(__fmaf_rn(f.x, inv, I8R_MAGIC) - I8R_MAGIC);
            const int q1 = (int)(__fmaf_rn(f.y, inv, I8R_MAGIC) - I8R_MAGIC);
            packed[i / 2] |= ((uint32_t)(q0 & 0xff) | ((uint32_t)(q1 & 0xff) << 8)) << (16 * (i % 2));
        }
        qr[c] = make_uint2(packed[0], packed[1]);
    }
}

// --- the epilogue ----------------------------------------------------------------
__device__ __forceinline__ float i8r_gelu(float g) {
    const float e = erff(__fmul_rn(g, 0.70710678118654752f));
    return __fmul_rn(__fmul_rn(0.5f, g), __fadd_rn(1.0f, e));
}
// The FP32 value of output (m, n) before GEGLU: float(isum) * (sa * sw) + bias.
__device__ __forceinline__ float i8r_value(const I8RParams &p, int isum, float sam, int n) {
    float v = __fmul_rn((float)isum, __fmul_rn(sam, p.sw[n]));  // (float)int: round to nearest
    if (p.bias) v = __fadd_rn(v, p.bias[n]);
    return v;
}
// Columns n, n + 1 of row m (n even, n + 1 < N, no GEGLU) as FP16.
__device__ __forceinline__ half2 i8r_out2(const I8RParams &p, int m, float sam, int n, int i0, int i1) {
    float v0 = i8r_value(p, i0, sam, n), v1 = i8r_value(p, i1, sam, n + 1);
    if (p.residual) {
        const float2 r = __half22float2(*reinterpret_cast<const half2 *>(p.residual + (size_t)m * p.N + n));
        v0 = __fadd_rn(v0, r.x), v1 = __fadd_rn(v1, r.y);
    }
    return __floats2half2_rn(v0, v1);
}
// GEGLU: the a-columns n, n + 1 (n % 16 < 8) and their g-columns n + 8, n + 9
// to output columns (n / 16) * 8 + n % 16 and + 1, as FP16.
__device__ __forceinline__ half2 i8r_out2_geglu(const I8RParams &p, float sam, int n, int a0, int a1, int g0, int g1) {
    const float av0 = i8r_value(p, a0, sam, n), av1 = i8r_value(p, a1, sam, n + 1);
    const float gv0 = i8r_value(p, g0, sam, n + 8), gv1 = i8r_value(p, g1, sam, n + 9);
    return __floats2half2_rn(__fmul_rn(av0, i8r_gelu(gv0)), __fmul_rn(av1, i8r_gelu(gv1)));
}

// --- the TMA / wgmma tile ----------------------------------------------------------
template <int BN, int STAGES>
constexpr size_t i8r_smem() {
    return 1024 + (size_t)STAGES * (I8R_BM + BN) * I8R_BK + 2 * STAGES * sizeof(uint64_t);
}

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

    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_a);
        tma_prefetch_map(&map_w);
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);   // the producer's arrive + the copies' bytes
            mbar_init(&empty[s], 8);  // one arrive per consumer warp
        }
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();  // qa (this call's quantizer), bias, residual come from the previous kernels

    if (wg == 0) {  // producer
        regs_dealloc<40>();
        if (tid == 0) {
            for (int i = 0; i < nkt; i++) {
                const int s = i % STAGES;
                if (i >= STAGES) mbar_wait(&empty[s], ((i / STAGES) - 1) & 1);
                unsigned char *st = ring + s * STAGE_BYTES;
                mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
                tma_load_2d(st, &map_a, &full[s], i * I8R_BK, m0);
                tma_load_2d(st + A_BYTES, &map_w, &full[s], i * I8R_BK, n0);
            }
        }
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
    // the ring has landed and been read: the ring becomes each warp's slab of
    // 16 output rows (FP16, LDS halves apart). The values are formed in
    // registers (accumulator r of thread (warp w, lane l): row 16w + l/4 +
    // 8 ((r >> 1) & 1), column 8 (r / 4) + 2 (l % 4) + (r & 1)), written
    // into the slab as FP16 pairs (the +8 halves per row put the 8 rows of a
    // store on distinct banks), and the warp stores whole rows to y in
    // 16-byte chunks (a row of 256 FP16 is one 512-byte warp store).
    asm volatile("bar.sync 1, 256;\n" ::: "memory");  // the two consumers (named barrier 1)
    constexpr int BNO = BN;        // output columns of the slab (GEGLU fills the first BN / 2)
    constexpr int LDS = BNO + 8;   // halves per slab row
    const int warp = tid / 32, lane = tid % 32;
    half *slab = reinterpret_cast<half *>(ring) + (size_t)(c * 4 + warp) * 16 * LDS;  // (16, LDS)
    const int nout = p.geglu ? p.N / 2 : p.N, n0o = p.geglu ? n0 / 2 : n0, bno = p.geglu ? BN / 2 : BN;
#pragma unroll
    for (int h = 0; h < 2; h++) {
        const int r = lane / 4 + h * 8, m = m0 + c * 64 + warp * 16 + r;
        const float sam = m < p.M ? p.sa[m] : 0.0f;
        half2 *row = reinterpret_cast<half2 *>(slab + r * LDS);
        if (!p.geglu) {
#pragma unroll
            for (int jj = 0; jj < BN / 8; jj++) {
                const int cl = jj * 8 + (lane & 3) * 2, n = n0 + cl;
                if (m < p.M && n < p.N)
                    row[cl / 2] = i8r_out2(p, m, sam, n, acc[4 * jj + 2 * h], acc[4 * jj + 2 * h + 1]);
            }
        } else {
#pragma unroll
            for (int jj = 0; jj < BN / 8; jj += 2) {  // 16-column blocks: 8 a-, then 8 g-columns
                const int cl = jj * 8 + (lane & 3) * 2, n = n0 + cl;
                if (m < p.M && n < p.N)
                    row[(jj / 2) * 4 + (lane & 3)] = i8r_out2_geglu(p, sam, n, acc[4 * jj + 2 * h],
                                                                   acc[4 * jj + 2 * h + 1], acc[4 * (jj + 1) + 2 * h],
                                                                   acc[4 * (jj + 1) + 2 * h + 1]);
            }
        }
    }
    __syncwarp();
    const int chunks = bno / 8;  // 16-byte chunks per slab row
    for (int e = lane; e < 16 * chunks; e += 32) {
        const int r = e / chunks, ch = e % chunks, m = m0 + c * 64 + warp * 16 + r, n = n0o + ch * 8;
        if (m < p.M && n < nout)  // N % 8 == 0 (GEGLU: N % 16): a chunk is all inside or all outside
            *reinterpret_cast<uint4 *>(p.y + (size_t)m * nout + n) =
                *reinterpret_cast<const uint4 *>(slab + r * LDS + ch * 8);
    }
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
    cudaError_t e = tensor_map_2d(&ma, p.qa, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, p.M, p.K, I8R_BK, I8R_BM,
                                  CU_TENSOR_MAP_SWIZZLE_128B);
    if (e == cudaSuccess)
        e = tensor_map_2d(&mw, p.qw, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, p.N, p.K, I8R_BK, BN,
                          CU_TENSOR_MAP_SWIZZLE_128B);
    if (e != cudaSuccess) return e;
    dim3 grid((p.M + I8R_BM - 1) / I8R_BM, (p.N + BN - 1) / BN);
    return pdl_launch(gemm_int8_rows_kernel<BN, STAGES>, grid, dim3(I8R_THREADS), smem, stream, ma, mw, p);
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
    return pdl_launch(quantize_rows_int8_kernel, dim3((rows + 7) / 8), dim3(256), 0, stream,
                      reinterpret_cast<const half *>(x), rows, k, silu, q, scale);
}

extern "C" const char *gemm_int8_rows_tile_name(int tile) {
    static const char *names[] = {"i8r 128x256/4st", "i8r 128x128/6st", "i8r portable 64x64 dp4a"};
    return tile >= 0 && tile <= I8R_PORTABLE ? names[tile] : "i8r ?";
}

extern "C" int gemm_int8_rows_candidates(int m, int n, int k, int num_sms, TileConfig *out, int max) {
    (void)m, (void)n, (void)num_sms;
    int c = 0;
    if (i8r_tma_usable(k))
        for (int t = 0; t < I8R_NUM_TMA && c < max; t++) out[c++] = TileConfig{t, 1};
    if (c == 0 && c < max) out[c++] = TileConfig{I8R_PORTABLE, 1};
    return c;
}

// 128 x 256 where it makes at least one full wave of tiles, else 128 x 128
// (twice the tiles); the portable kernel where the TMA tiles cannot run.
extern "C" TileConfig gemm_int8_rows_heuristic(int m, int n, int k, int num_sms) {
    if (!i8r_tma_usable(k)) return TileConfig{I8R_PORTABLE, 1};
    const long tiles256 = (long)((m + I8R_BM - 1) / I8R_BM) * ((n + 255) / 256);
    return TileConfig{tiles256 >= num_sms ? 0 : 1, 1};
}

extern "C" cudaError_t gemm_int8_rows(int m, int n, int k, TileConfig cfg, const int8_t *qa, const float *sa,
                                      const int8_t *qw, const float *sw, const float *bias, const uint16_t *residual,
                                      uint16_t *y, GemmEpilogue epi, cudaStream_t stream) {
    const int geglu = epi == GEMM_EPI_GEGLU;
    if (m < 1 || n < 8 || k < 8 || n % 8 || k % 8 || (geglu && (n % 16 || residual)) || !qa || !sa || !qw || !sw ||
        !y || cfg.tile < 0 || cfg.tile > I8R_PORTABLE || cfg.splits != 1)
        return cudaErrorInvalidValue;
    I8RParams p = {qa, sa, qw, sw, bias, reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y),
                   m, n, k, geglu};
    if (cfg.tile == I8R_PORTABLE)
        return pdl_launch(gemm_int8_rows_portable_kernel, dim3((m + I8P_T - 1) / I8P_T, (n + I8P_T - 1) / I8P_T),
                          dim3(256), 0, stream, p);
    if (!i8r_tma_usable(k)) return cudaErrorInvalidValue;
    if (cfg.tile == 0) return i8r_launch<256, 4>(p, stream);
    return i8r_launch<128, 6>(p, stream);
}
