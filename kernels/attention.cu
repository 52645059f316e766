// attention.cu: multi-head attention, padded flash-attention pipeline.
//
// What it computes
//   For every batch b, head h and query row i:
//     O[b,i,h,:] = sum_j softmax_j(scale * Q[b,i,h,:] . K[b,j,h,:]) * V[b,j,h,:]
//   FP16 Q/K/V/O, FP32 scores, softmax statistics and accumulators. The
//   strided layout (see kernels.h) lets a fused QKV GEMM output (B, S, 3C)
//   or a packed cross-attention KV (B, S_kv, 2C) be read without a copy.
//
// Tile design (one kernel template, variant table below)
//   - A CTA is NW warps (2, 4 or 8); each warp owns MT m16 blocks of query
//     rows (Br = 16*MT rows per warp: 16 or 32) and walks all keys in tiles
//     of BC = 64. Grid = (ceil(sq / (16*MT*NW)), heads, batch): neighbouring
//     CTAs share (b, h), so the K/V of a head stay hot in L2.
//   - Q: cp.async into shared memory once, then loaded once into m16k16 A
//     fragments kept in registers for the whole key loop (Q register cache).
//     Where MT*d > 128 (d = 160; d = 80 with MT = 2) they would take more
//     than 40 registers and cause spills, so those variants re-read them
//     from shared memory with ldmatrix at every key tile.
//   - K and V: two-stage cp.async ring (16-byte chunks; tile j+1 loads while
//     tile j is multiplied). A 64-key tile is ~2 us of tensor work for a
//     4-warp CTA at two CTAs per SM, far above L2 latency, so deeper rings
//     would only cost shared memory. Each smem row has CHP chunk slots (d/8
//     rounded up to a power of two), so a thread keeps one chunk column and
//     fixed rows and the per-tile load is a few adds per 16 bytes. A generic
//     chunk loop (a divide per chunk, 64-bit index math) was ~30% of the
//     loop's instructions; removing it (and the max/sum chains, now trees)
//     took d = 64 from 288 to 304 TFLOP/s (different machines, same shape).
//   - S = Q K^T on mma.sync m16n8k16 (FP16 in, FP32 accumulate), K B
//     fragments via ldmatrix (K rows are already the "col" operand).
//   - Online softmax straight on the S accumulators (no shared-memory score
//     buffer): a lane holds 2 rows x 16 columns of each 16x64 tile; the row
//     max is a tree over the lane's 16 values, then __shfl_xor_sync 1 and 2
//     over the quad; p = ex2.approx(s * scale*log2(e) - m) in one FMA, the
//     running max m kept in that scaled log2 domain; the running sum and
//     the output are rescaled by alpha = 2^(m_old - m_new):
//         l = l * alpha + rowsum(p),   O = O * alpha + P V
//     (forgetting to rescale l is the classic online-softmax bug). Each lane
//     keeps a partial l over its own columns; the quad sum is taken once at
//     the end, before the 1/l normalization and the FP16 store.
//   - P -> FP16 A fragments straight from registers: the m16n8 C layout of
//     two adjacent n8 blocks is the m16k16 A layout, so no shuffles. O += P V
//     with V B fragments from ldmatrix.trans.
//   - QK-ahead variants ("qk-ahead"): step j computes S_{j+1} = Q K_{j+1}^T
//     in the same basic block as the softmax and P V of tile j, so the
//     compiler interleaves tensor and FP32/MUFU work inside one warp (the
//     SASS shows HMMA between the FMNMX/FFMA/MUFU of the softmax). K runs a
//     tile ahead of V; two score tiles are live, so MT = 1 (MT = 2 at d = 40).
//   - Tails: Q rows past sq are zero-filled (cp.async src-size 0) and never
//     stored; K/V rows past skv are zero-filled in shared memory (so no NaN
//     can come from uninitialised shared memory: 0 * NaN = NaN in P V) and
//     their scores are set to -inf before the row max, in the last tile only.
//     Every tile holds at least one real key, so the running max is finite
//     after the first tile and alpha never sees inf - inf. Warps whose rows
//     all lie past sq skip the math (they still load and meet the barriers).
//
// Occupancy on the H100 (228 KB smem, 64K registers per SM): registers, not
// shared memory, limit residency (the largest variant, d = 160 with 8 warps,
// uses 129 KB; most use 30-75 KB), so the GA104 50 KB cliff is irrelevant.
// Each variant is compiled for 12 resident warps (at most 168 registers)
// where one m16 block per warp and d <= 80 fit in that, else for 8 (255);
// none spills. Registers (sm_90): d=64 Br32 228-230 (2 CTAs of 4 warps per
// SM), d=64 Br16 134-138, d=64 qk-ahead 163-170, d=40 Br32 188-194 (qk-ahead
// 249), d=40 Br16 111, d=80 Br32 232, d=80 Br16 144-146 (qk-ahead 167-194),
// d=128 196-198 (qk-ahead 223-233), d=160 186 (qk-ahead 215), d=192 206,
// d=256 237 (Q re-read from shared memory at d >= 160; no spills).
//
// Shared-memory padding (seed Obs W/X): an ldmatrix phase reads 8 rows of
// 16 bytes; they hit 8 distinct 16-byte bank groups iff the row stride in
// 16-byte units is odd. Row stride LDS per head dim:
//     d =  40: 5 units, already odd -> LDS = 40, no padding. (40 + 8 = 48
//              is 6 units, even: 2-way conflicts; 56 = 7 units is also
//              conflict-free but takes 17% more K/V smem. The "pad56"
//              variant (4w Br32) vs LDS = 40 at B2 H8 4096x4096, four runs:
//              221.0/220.6, 194.3/196.3, 220.2/221.7, 224.7/230.5 TFLOP/s,
//              i.e. 56 is 0-2.6% faster, about the run-to-run spread; 40 is
//              kept as the default and pad56 stays a timed candidate.)
//     d =  64: 8 units  -> 72 (+12.5% smem)
//     d =  80: 10 units -> 88 (+10% smem). Measured with the "nopad" variant
//              (LDS = 80, 2-way conflicts, 4w Br32) at B2 H8 1024x1024:
//              padded 168.1 vs 155.6 TFLOP/s (+8%; +5-8% in three earlier
//              runs).
//     d = 128: 16 units -> 136 (+6%)
//     d = 160: 20 units -> 168 (+5%)
//     d = 192: 24 units -> 200 (+4%)
//     d = 256: 32 units -> 264 (+3%)
//
// Head dims that are not multiples of 16 (d = 40): QK^T runs two k16 steps
// plus one m16n8k8 step and P V runs 5 n8 blocks (the last with an
// ldmatrix.x2.trans), so no MMA work is spent on zero padding (padding d to
// 48 would add 20% to the QK^T MMAs, to 64 60%). d = 80: 5 k16 steps and 10
// n8 blocks, no padding. The cost of a small head dim is the softmax: its
// work per tile does not shrink with d, so d = 40 reaches 235 TFLOP/s where
// d = 64 reaches 306 (same shape, same run).
//
// Measured (H100 SXM, B2 H8 unless noted, median of 30, best variant):
// 4096x4096 d40 235 TFLOP/s (1.16x PyTorch SDPA), d64 306 (0.74x), B2 H10
// d64 258, 1024x1024 d80 181 (1.27x), 256x256 d160 45.5 (1.98x), 4096x77
// d40 46 (1.66x). At d = 64 the mma.sync kernel is latency-bound (ncu: 2
// warps per scheduler, 4.1 cycles between issues, tensor pipe ~41% busy);
// the SDPA number comes from a Hopper (wgmma) kernel.
//
// Limits
//   d in {40, 64, 80, 128, 160, 192, 256} (192 and 256 exist for head dims
//   168-256, which the graph zero-pads to the next one; no SD family uses
//   them); a variant is offered only where its CTA fits the device's
//   shared memory (d = 256: cc 8.0 and 9.0 only). d, ldq, ldkv, ldo multiples of 8 and the
//   four pointers 16-byte aligned (16-byte cp.async chunks); any sq >= 1,
//   skv >= 1; batch and heads <= 65535; scale finite and > 0 (the row max is
//   taken on unscaled scores). mma.sync reaches roughly 60-75% of the H100
//   tensor peak; on cc 9.0 the dispatcher below also offers the wgmma/TMA
//   engine of attention_wgmma.cu (configurations after this file's own).
#include "kernels.h"
#include "attention_wgmma.cuh"
#include "mma.cuh"
#include "pdl.cuh"

#include <cuda_fp16.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

namespace {

constexpr int BC = 64;        // keys per K/V tile
constexpr int MROWS = 16;     // query rows of one m16 fragment
constexpr int STAGES = 2;     // K/V cp.async ring depth
constexpr int PAD = 8;        // halves added to a row whose stride would be an even number of 16-byte units
constexpr float LOG2E = 1.4426950408889634f;

// Default shared-memory row stride (halves) for head dim d: the smallest
// stride >= d whose length in 16-byte units is odd (conflict-free ldmatrix).
constexpr int default_lds(int d) { return ((d / 8) % 2 == 1) ? d : d + PAD; }

struct AttnParams {
    const half *q;  // (B, sq, ldq)   head h at column h*d
    const half *k;  // (B, skv, ldkv)
    const half *v;  // (B, skv, ldkv)
    half *o;        // (B, sq, ldo)
    int sq, skv, ldq, ldkv, ldo;
    float scale_log2;  // scale * log2(e)
};

__device__ __forceinline__ float fast_exp2(float x) {  // 2^x, -inf -> +0
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
    return y;
}

// Resident warps per SM each variant is compiled for (register cap 64K /
// (warps * 32)): 12 (168 registers) where one m16 block per warp and d <= 80
// fit in that, else 8 (255 registers).
constexpr int target_warps(int d, int mt) { return mt == 1 && d <= 80 ? 12 : 8; }
constexpr int min_ctas(int d, int nw, int mt) { return target_warps(d, mt) / nw > 0 ? target_warps(d, mt) / nw : 1; }

// D: head dim; NW: warps per CTA; MT: m16 row blocks per warp; LDS: smem
// row stride in halves; QKA: QK^T one tile ahead (see the header).
template <int D, int NW, int MT, int LDS, bool QKA>
__global__ void __launch_bounds__(NW * 32, min_ctas(D, NW, MT)) flash_attn_kernel(AttnParams p) {
    pdl_wait();  // Q/K/V come from the previous kernel
    constexpr int THREADS = NW * 32;
    constexpr int BM = NW * MT * MROWS;  // query rows per CTA
    constexpr int CH = D / 8;            // 16-byte chunks per row
    constexpr int KS = D / 16;           // k16 steps of Q K^T
    constexpr bool K8 = (D % 16) != 0;   // plus one k8 step (d = 40)
    constexpr int NB = D / 8;            // n8 blocks of O
    constexpr bool QREG = MT * D <= 128; // Q fragments cached in registers
    static_assert(D % 8 == 0 && LDS >= D && LDS % 8 == 0, "bad head dim / stride");
    static_assert(BC == 64, "softmax and P fragments assume 8 n8 blocks per tile");

    extern __shared__ __align__(16) unsigned char smem[];
    half *sQ = reinterpret_cast<half *>(smem);  // [BM][LDS]
    half *sK = sQ + BM * LDS;                   // [STAGES][BC][LDS]
    half *sV = sK + STAGES * BC * LDS;          // [STAGES][BC][LDS]

    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int h = blockIdx.y;
    const int b = blockIdx.z;
    const int m0 = blockIdx.x * BM;
    const int wrow = warp * MT * MROWS;  // first row of this warp inside the CTA tile
    const bool warp_active = m0 + wrow < p.sq;

    const half *qg = p.q + (size_t)b * p.sq * p.ldq + (size_t)h * D;    // (sq, ldq)
    const half *kg = p.k + (size_t)b * p.skv * p.ldkv + (size_t)h * D;  // (skv, ldkv)
    const half *vg = p.v + (size_t)b * p.skv * p.ldkv + (size_t)h * D;  // (skv, ldkv)

    // Q tile (BM rows), rows past sq zero-filled. Same commit group as K/V tile 0.
#pragma unroll
    for (int c = tid; c < BM * CH; c += THREADS) {
        int r = c / CH, ch = c % CH;
        bool ok = m0 + r < p.sq;
        const half *src = ok ? qg + (size_t)(m0 + r) * p.ldq + ch * 8 : qg;
        cp_async_16(smem_u32(sQ + r * LDS + ch * 8), src, ok);
    }
    // One 64-row K or V tile into a stage, rows past skv zero-filled. Each
    // row is given CHP chunk slots (CH rounded up to a power of two) so that
    // a thread keeps one chunk column and a fixed set of rows: all offsets
    // are per-thread constants and the loop unrolls (lanes whose slot is past
    // CH idle; d = 40, 80, 160 leave 3/8 of the lanes idle here).
    constexpr int CHP = CH <= 8 ? 8 : (CH <= 16 ? 16 : 32);
    constexpr int RPP = THREADS / CHP;  // rows per pass
    constexpr int LITERS = BC / RPP;    // passes per tile
    constexpr int LUNROLL = LITERS < 4 ? LITERS : 4;
    static_assert(THREADS % CHP == 0 && BC % RPP == 0, "tile load mapping");
    const int ld_ch = tid % CHP, ld_row = tid / CHP;
    const bool ld_on = ld_ch < CH;
    const int ld_soff = ld_row * LDS + ld_ch * 8;                     // halves
    const size_t ld_goff = (size_t)ld_row * p.ldkv + ld_ch * 8;       // elements
    const size_t ld_gstep = (size_t)RPP * p.ldkv;                     // elements per pass
    auto load_tile = [&](const half *g, half *dst, int tile) {
        if (!ld_on) return;
        const half *src = g + (size_t)tile * BC * p.ldkv + ld_goff;  // advanced pass by pass
        const int key0 = tile * BC + ld_row;
        const uint32_t sdst = smem_u32(dst + ld_soff);
        // Unrolled by at most 4: fully unrolled 8-32 passes (2-warp CTAs, d >= 80)
        // make the compiler keep every pass's address live and spill.
#pragma unroll(LUNROLL)
        for (int i = 0; i < LITERS; i++) {
            const bool ok = key0 + i * RPP < p.skv;
            cp_async_16(sdst + i * RPP * LDS * (int)sizeof(half), ok ? src : g, ok);
            src += ld_gstep;
        }
    };
    auto load_k = [&](int tile, int stage) { load_tile(kg, sK + stage * BC * LDS, tile); };
    auto load_v = [&](int tile, int stage) { load_tile(vg, sV + stage * BC * LDS, tile); };

    const int ntiles = (p.skv + BC - 1) / BC;
    const float sl2 = p.scale_log2;
    float o_acc[MT][NB][4];  // O rows (g, g+8) x cols (nb*8 + 2t, +1), unnormalized
    float m_run[MT][2];      // running row max, scaled log2 domain (identical across the quad)
    float l_run[MT][2];      // running row sum, this lane's 16 columns per tile only
#pragma unroll
    for (int mt = 0; mt < MT; mt++) {
#pragma unroll
        for (int nb = 0; nb < NB; nb++)
#pragma unroll
            for (int e = 0; e < 4; e++) o_acc[mt][nb][e] = 0.f;
        m_run[mt][0] = m_run[mt][1] = -INFINITY;
        l_run[mt][0] = l_run[mt][1] = 0.f;
    }
    uint32_t qf[QREG ? MT : 1][KS > 0 ? KS : 1][4];  // Q A fragments (register cache)
    uint32_t qf8[MT][2];                              // Q A fragment of the k8 step (d = 40)

    // ldmatrix lane offsets (halves). A (Q): rows lane&15, col (lane>>4)*8.
    // B non-trans (K): rows (lane&7) + (lane>>4)*8, col ((lane>>3)&1)*8.
    // B trans (V): rows (lane&7) + ((lane>>3)&1)*8, col (lane>>4)*8.
    const int a_off = (wrow + (lane & 15)) * LDS + (lane >> 4) * 8;
    const int a8_off = (wrow + (lane & 15)) * LDS + KS * 16;
    const int kb_off = ((lane & 7) + (lane >> 4) * 8) * LDS + ((lane >> 3) & 1) * 8;
    const int k8_off = lane * LDS + KS * 16;
    const int vb_off = ((lane & 7) + ((lane >> 3) & 1) * 8) * LDS + (lane >> 4) * 8;
    const int v2_off = (lane & 15) * LDS;

    auto load_q_frags = [&]() {
#pragma unroll
        for (int mt = 0; mt < MT; mt++) {
            if (QREG) {
#pragma unroll
                for (int ks = 0; ks < KS; ks++)
                    ldmatrix_x4(smem_u32(sQ + a_off + mt * MROWS * LDS + ks * 16), qf[QREG ? mt : 0][ks][0],
                                qf[QREG ? mt : 0][ks][1], qf[QREG ? mt : 0][ks][2], qf[QREG ? mt : 0][ks][3]);
            }
            if (K8) ldmatrix_x2(smem_u32(sQ + a8_off + mt * MROWS * LDS), qf8[mt][0], qf8[mt][1]);
        }
    };

    // S = Q K^T for one key tile (16*MT x 64 per warp).
    auto qk_tile = [&](float (&s_acc)[MT][8][4], const half *tK) {
#pragma unroll
        for (int mt = 0; mt < MT; mt++)
#pragma unroll
            for (int nb = 0; nb < 8; nb++)
#pragma unroll
                for (int e = 0; e < 4; e++) s_acc[mt][nb][e] = 0.f;
#pragma unroll
        for (int ks = 0; ks < KS; ks++) {
            uint32_t qa[MT][4];
#pragma unroll
            for (int mt = 0; mt < MT; mt++) {
                if (QREG) {
#pragma unroll
                    for (int e = 0; e < 4; e++) qa[mt][e] = qf[QREG ? mt : 0][ks][e];
                } else {
                    ldmatrix_x4(smem_u32(sQ + a_off + mt * MROWS * LDS + ks * 16), qa[mt][0], qa[mt][1], qa[mt][2],
                                qa[mt][3]);
                }
            }
#pragma unroll
            for (int nb = 0; nb < 8; nb += 2) {
                uint32_t b0, b1, b2, b3;
                ldmatrix_x4(smem_u32(tK + kb_off + nb * 8 * LDS + ks * 16), b0, b1, b2, b3);
#pragma unroll
                for (int mt = 0; mt < MT; mt++) {
                    mma_16816(s_acc[mt][nb], qa[mt], b0, b1);
                    mma_16816(s_acc[mt][nb + 1], qa[mt], b2, b3);
                }
            }
        }
        if (K8) {
#pragma unroll
            for (int nb = 0; nb < 8; nb += 4) {
                uint32_t b0, b1, b2, b3;  // n8 blocks nb..nb+3, d columns KS*16..KS*16+7
                ldmatrix_x4(smem_u32(tK + k8_off + nb * 8 * LDS), b0, b1, b2, b3);
#pragma unroll
                for (int mt = 0; mt < MT; mt++) {
                    mma_1688(s_acc[mt][nb], qf8[mt], b0);
                    mma_1688(s_acc[mt][nb + 1], qf8[mt], b1);
                    mma_1688(s_acc[mt][nb + 2], qf8[mt], b2);
                    mma_1688(s_acc[mt][nb + 3], qf8[mt], b3);
                }
            }
        }
    };

    // Scores of keys past skv -> -inf (only the last tile has any).
    auto mask_tile = [&](float (&s_acc)[MT][8][4], int j) {
        if ((j + 1) * BC > p.skv) {
            const int kbase = j * BC + 2 * (lane & 3);
#pragma unroll
            for (int nb = 0; nb < 8; nb++)
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (kbase + nb * 8 + (e & 1) >= p.skv)
#pragma unroll
                        for (int mt = 0; mt < MT; mt++) s_acc[mt][nb][e] = -INFINITY;
        }
    };

    // Online softmax of one score tile on the fragments, then O += P V.
    auto softmax_pv = [&](float (&s_acc)[MT][8][4], const half *tV) {
        uint32_t pa[MT][4][4];  // P as m16k16 A fragments, one per 16-key step
#pragma unroll
        for (int mt = 0; mt < MT; mt++) {
#pragma unroll
            for (int r = 0; r < 2; r++) {  // r = 0: row g, r = 1: row g + 8
                float t[8];  // row max as a tree (depth 4, not a chain of 16)
#pragma unroll
                for (int nb = 0; nb < 8; nb++) t[nb] = fmaxf(s_acc[mt][nb][2 * r], s_acc[mt][nb][2 * r + 1]);
#pragma unroll
                for (int w = 4; w >= 1; w >>= 1)
#pragma unroll
                    for (int i = 0; i < w; i++) t[i] = fmaxf(t[i], t[i + w]);
                float mx = t[0];
                mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
                mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
                const float m_new = fmaxf(m_run[mt][r], mx * sl2);    // finite: every tile has a real key
                const float alpha = fast_exp2(m_run[mt][r] - m_new);  // first tile: 2^-inf = 0
                m_run[mt][r] = m_new;
#pragma unroll
                for (int nb = 0; nb < 8; nb++) {
#pragma unroll
                    for (int c = 0; c < 2; c++)
                        s_acc[mt][nb][2 * r + c] = fast_exp2(fmaf(s_acc[mt][nb][2 * r + c], sl2, -m_new));
                    t[nb] = s_acc[mt][nb][2 * r] + s_acc[mt][nb][2 * r + 1];
                }
#pragma unroll
                for (int w = 4; w >= 1; w >>= 1)  // row sum as a tree
#pragma unroll
                    for (int i = 0; i < w; i++) t[i] += t[i + w];
                l_run[mt][r] = l_run[mt][r] * alpha + t[0];
#pragma unroll
                for (int nb = 0; nb < NB; nb++) {
                    o_acc[mt][nb][2 * r] *= alpha;
                    o_acc[mt][nb][2 * r + 1] *= alpha;
                }
            }
#pragma unroll
            for (int kk = 0; kk < 4; kk++) {
                pa[mt][kk][0] = pack_half2(s_acc[mt][2 * kk][0], s_acc[mt][2 * kk][1]);
                pa[mt][kk][1] = pack_half2(s_acc[mt][2 * kk][2], s_acc[mt][2 * kk][3]);
                pa[mt][kk][2] = pack_half2(s_acc[mt][2 * kk + 1][0], s_acc[mt][2 * kk + 1][1]);
                pa[mt][kk][3] = pack_half2(s_acc[mt][2 * kk + 1][2], s_acc[mt][2 * kk + 1][3]);
            }
        }
#pragma unroll
        for (int kk = 0; kk < 4; kk++) {
#pragma unroll
            for (int nb = 0; nb + 1 < NB; nb += 2) {
                uint32_t b0, b1, b2, b3;
                ldmatrix_x4_trans(smem_u32(tV + vb_off + kk * 16 * LDS + nb * 8), b0, b1, b2, b3);
#pragma unroll
                for (int mt = 0; mt < MT; mt++) {
                    mma_16816(o_acc[mt][nb], pa[mt][kk], b0, b1);
                    mma_16816(o_acc[mt][nb + 1], pa[mt][kk], b2, b3);
                }
            }
            if (NB % 2) {
                uint32_t b0, b1;
                ldmatrix_x2_trans(smem_u32(tV + v2_off + kk * 16 * LDS + (NB - 1) * 8), b0, b1);
#pragma unroll
                for (int mt = 0; mt < MT; mt++) mma_16816(o_acc[mt][NB - 1], pa[mt][kk], b0, b1);
            }
        }
    };

    if constexpr (!QKA) {
        // Tile j: wait for K_j, V_j; refill the stage freed by tile j-1; S = Q K_j^T;
        // softmax; O += P V_j.
#pragma unroll
        for (int s = 0; s < STAGES - 1; s++) {
            if (s < ntiles) {
                load_k(s, s);
                load_v(s, s);
            }
            cp_async_commit();
        }
        for (int j = 0; j < ntiles; j++) {
            cp_async_wait<STAGES - 2>();
            __syncthreads();
            {  // refill the stage consumed in the previous iteration
                int jn = j + STAGES - 1;
                if (jn < ntiles) {
                    load_k(jn, jn % STAGES);
                    load_v(jn, jn % STAGES);
                }
                cp_async_commit();
            }
            if (!warp_active) continue;
            if (j == 0) load_q_frags();
            float s_acc[MT][8][4];
            qk_tile(s_acc, sK + (j % STAGES) * BC * LDS);
            mask_tile(s_acc, j);
            softmax_pv(s_acc, sV + (j % STAGES) * BC * LDS);
        }
    } else {
        // QK^T one tile ahead: step j computes S_{j+1} = Q K_{j+1}^T while it
        // runs the softmax and P V of tile j, in one basic block, so the
        // tensor work of one overlaps the FP32/MUFU work of the other inside
        // a single warp. K runs one tile ahead of V: step j waits for K_{j+1}
        // and V_j (loaded during step j-1) and loads K_{j+2} and V_{j+1} into
        // the stages steps j-1 read. Two score buffers swap roles every step
        // (the loop is unrolled by two so no register copies are needed).
        static_assert(STAGES == 2, "the QK-ahead schedule is written for two stages");
        load_k(0, 0);
        load_v(0, 0);
        if (ntiles > 1) load_k(1, 1);
        cp_async_commit();
        cp_async_wait<0>();
        __syncthreads();
        float sa[MT][8][4], sb[MT][8][4];
        if (warp_active) {
            load_q_frags();
            qk_tile(sa, sK);
            mask_tile(sa, 0);
        }
        auto step = [&](float (&cur)[MT][8][4], float (&nxt)[MT][8][4], int j) {
            cp_async_wait<0>();
            __syncthreads();
            if (j + 2 < ntiles) load_k(j + 2, j % 2);
            if (j + 1 < ntiles) load_v(j + 1, (j + 1) % 2);
            cp_async_commit();
            if (!warp_active) return;
            qk_tile(nxt, sK + ((j + 1) % 2) * BC * LDS);
            softmax_pv(cur, sV + (j % 2) * BC * LDS);
            mask_tile(nxt, j + 1);
        };
        auto last = [&](float (&cur)[MT][8][4], int j) {
            cp_async_wait<0>();
            __syncthreads();
            if (warp_active) softmax_pv(cur, sV + (j % 2) * BC * LDS);
        };
        for (int j = 0;;) {
            if (j == ntiles - 1) {
                last(sa, j);
                break;
            }
            step(sa, sb, j++);
            if (j == ntiles - 1) {
                last(sb, j);
                break;
            }
            step(sb, sa, j++);
        }
    }
    cp_async_wait<0>();
    if (!warp_active) return;

    // ---- normalize and store ----
    const int g = lane >> 2;
    const int t2 = (lane & 3) * 2;
#pragma unroll
    for (int mt = 0; mt < MT; mt++)
#pragma unroll
        for (int r = 0; r < 2; r++) {
            float l = l_run[mt][r];
            l += __shfl_xor_sync(0xffffffffu, l, 1);
            l += __shfl_xor_sync(0xffffffffu, l, 2);
            const float inv = 1.0f / l;
            const int row = m0 + wrow + mt * MROWS + g + r * 8;
            if (row >= p.sq) continue;
            half *dst = p.o + ((size_t)b * p.sq + row) * p.ldo + (size_t)h * D + t2;
#pragma unroll
            for (int nb = 0; nb < NB; nb++)
                *reinterpret_cast<__half2 *>(dst + nb * 8) =
                    __floats2half2_rn(o_acc[mt][nb][2 * r] * inv, o_acc[mt][nb][2 * r + 1] * inv);
        }
}

template <int NW, int MT, int LDS>
constexpr size_t variant_smem() {
    return (size_t)(NW * MT * MROWS + 2 * STAGES * BC) * LDS * sizeof(half);  // Q + K ring + V ring
}

template <int D, int NW, int MT, int LDS, bool QKA>
cudaError_t launch_variant(const AttnParams &p, int batch, int heads, cudaStream_t stream) {
    static bool attr_set = false;  // per instantiation
    constexpr size_t smem = variant_smem<NW, MT, LDS>();
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(flash_attn_kernel<D, NW, MT, LDS, QKA>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        e = cudaFuncSetAttribute(flash_attn_kernel<D, NW, MT, LDS, QKA>,
                                 cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared);
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    constexpr int BM = NW * MT * MROWS;
    dim3 grid((unsigned)((p.sq + BM - 1) / BM), (unsigned)heads, (unsigned)batch);
    return pdl_launch(flash_attn_kernel<D, NW, MT, LDS, QKA>, grid, dim3(NW * 32), smem, stream, p);
}

template <int D, int NW, int MT, int LDS, bool QKA>
const void *variant_func() {
    return reinterpret_cast<const void *>(&flash_attn_kernel<D, NW, MT, LDS, QKA>);
}

typedef cudaError_t (*LaunchFn)(const AttnParams &, int, int, cudaStream_t);
typedef const void *(*FuncFn)();

struct Variant {
    int d, nw, mt, lds, qka;
    size_t smem;
    LaunchFn launch;
    FuncFn func;
};

// The compiled variants (d, NW, MT, LDS, QK-ahead), in order of preference
// for each head dim (ties in the heuristic go to the earlier one). MT = 2
// halves the ldmatrix traffic per MMA (each K/V fragment feeds two m16
// blocks); it is compiled where the registers allow (d <= 80). QK-ahead
// keeps two score tiles live, so it is compiled with MT = 1 (and MT = 2 for
// d = 40 only). The two variants with a non-default LDS exist to measure
// the padding choice (see the header).
#define ATTN_VARIANTS(X)    \
    X(40, 4, 2, 40, false)  \
    X(40, 8, 2, 40, false)  \
    X(40, 2, 2, 40, false)  \
    X(40, 4, 1, 40, false)  \
    X(40, 8, 1, 40, false)  \
    X(40, 2, 1, 40, false)  \
    X(40, 4, 1, 40, true)   \
    X(40, 8, 1, 40, true)   \
    X(40, 4, 2, 40, true)   \
    X(40, 4, 2, 56, false)  \
    X(64, 4, 2, 72, false)  \
    X(64, 8, 2, 72, false)  \
    X(64, 2, 2, 72, false)  \
    X(64, 4, 1, 72, false)  \
    X(64, 8, 1, 72, false)  \
    X(64, 2, 1, 72, false)  \
    X(64, 4, 1, 72, true)   \
    X(64, 8, 1, 72, true)   \
    X(64, 2, 1, 72, true)   \
    X(80, 4, 2, 88, false)  \
    X(80, 8, 2, 88, false)  \
    X(80, 2, 2, 88, false)  \
    X(80, 4, 1, 88, false)  \
    X(80, 8, 1, 88, false)  \
    X(80, 2, 1, 88, false)  \
    X(80, 4, 1, 88, true)   \
    X(80, 8, 1, 88, true)   \
    X(80, 4, 2, 80, false)  \
    X(128, 4, 1, 136, false) \
    X(128, 8, 1, 136, false) \
    X(128, 2, 1, 136, false) \
    X(128, 4, 1, 136, true)  \
    X(128, 8, 1, 136, true)  \
    X(160, 4, 1, 168, false) \
    X(160, 8, 1, 168, false) \
    X(160, 2, 1, 168, false) \
    X(160, 4, 1, 168, true)  \
    X(160, 2, 1, 168, true)  \
    X(192, 4, 1, 200, false) \
    X(192, 2, 1, 200, false) \
    X(256, 4, 1, 264, false) \
    X(256, 2, 1, 264, false)

#define VARIANT_ENTRY(d, nw, mt, lds, qka)                                                            \
    {d,   nw, mt, lds, qka ? 1 : 0, variant_smem<nw, mt, lds>(), &launch_variant<d, nw, mt, lds, qka>, \
     &variant_func<d, nw, mt, lds, qka>},
const Variant kVariants[] = {ATTN_VARIANTS(VARIANT_ENTRY)};
constexpr int kNumVariants = sizeof(kVariants) / sizeof(kVariants[0]);

static_assert(default_lds(40) == 40 && default_lds(64) == 72 && default_lds(80) == 88 && default_lds(128) == 136 &&
                  default_lds(160) == 168 && default_lds(192) == 200 && default_lds(256) == 264,
              "padding rule");

// "flash d<d> <NW>w Br<rows per warp> Bc64", plus " qk-ahead" for that
// schedule and " pad<LDS>" or " nopad" where the row stride is not the
// default one. Built once, then stable.
char g_names[kNumVariants][48];
bool g_names_ready = false;

const char *variant_name(int gi) {
    if (!g_names_ready) {
        for (int i = 0; i < kNumVariants; i++) {
            const Variant &v = kVariants[i];
            char suffix[16] = "";
            if (v.lds != default_lds(v.d)) {
                if (v.lds > v.d) snprintf(suffix, sizeof suffix, " pad%d", v.lds);
                else snprintf(suffix, sizeof suffix, " nopad");
            }
            snprintf(g_names[i], sizeof g_names[i], "flash d%d %dw Br%d Bc%d%s%s", v.d, v.nw, MROWS * v.mt, BC,
                     v.qka ? " qk-ahead" : "", suffix);
        }
        g_names_ready = true;
    }
    return g_names[gi];
}

// Configurations of a head dim: the mma.sync variants of kVariants first
// (cfg 0 .. n-1), then, where attention_wgmma_usable(), the Hopper engine's
// variants (cfg n ..; attention_wgmma.cu).
int num_portable(int d) {
    int n = 0;
    for (int i = 0; i < kNumVariants; i++) n += kVariants[i].d == d;
    return n;
}
// Index of cfg among the Hopper engine's variants for d, or -1.
int wgmma_index(int d, int cfg) {
    int i = cfg - num_portable(d);
    if (cfg < 0 || i < 0 || i >= attention_wgmma_num_variants(d) || !attention_wgmma_usable()) return -1;
    return i;
}

// Global index of the cfg-th variant for head dim d, or -1 (also for the
// Hopper engine's configurations).
int variant_index(int d, int cfg) {
    if (cfg < 0) return -1;
    for (int i = 0; i < kNumVariants; i++)
        if (kVariants[i].d == d && cfg-- == 0) return i;
    return -1;
}

int ceil_div(long long a, long long b) { return (int)((a + b - 1) / b); }

// CTAs of variant gi resident per SM (from the compiled register count and
// the shared-memory size); 0 if unknown (no device).
int ctas_per_sm(int gi) {
    static int cache[kNumVariants];
    static bool done[kNumVariants];
    if (done[gi]) return cache[gi];
    const Variant &v = kVariants[gi];
    int dev = 0, smem_sm = 0, regs_sm = 0;
    cudaFuncAttributes fa;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&regs_sm, cudaDevAttrMaxRegistersPerMultiprocessor, dev) != cudaSuccess ||
        cudaFuncGetAttributes(&fa, v.func()) != cudaSuccess) {
        cudaGetLastError();  // leave no error behind for the caller's next check
        return 0;
    }
    int regs = (fa.numRegs + 7) / 8 * 8;  // per-thread allocation granularity
    int by_regs = regs_sm / (regs * 32 * v.nw);
    int by_smem = smem_sm / (int)(v.smem + 1024);  // 1 KB reserved per CTA
    int by_warps = 64 / v.nw;
    int n = by_regs < by_smem ? by_regs : by_smem;
    if (by_warps < n) n = by_warps;
    cache[gi] = n < 1 ? 1 : n;
    done[gi] = true;
    return cache[gi];
}

// Whether variant gi's CTA fits the device's opt-in shared memory per block
// (227 KB on cc 9.0, 163 KB on 8.0, 99 KB on 8.6 / 8.9: d = 256 needs 149-165
// KB, d = 160 with 4 or 8 warps 105-138 KB). True when no device answers (a
// CPU-only run asking which head dims exist).
bool variant_fits(int gi) {
    static int optin = -1;
    if (optin < 0) {
        int dev = 0, v = 0;
        if (cudaGetDevice(&dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess) {
            cudaGetLastError();  // leave no error behind for the caller's next check
            v = 0;
        }
        optin = v;
    }
    return optin == 0 || kVariants[gi].smem <= (size_t)optin;
}

bool shape_ok(const AttnShape *s) {
    if (!s || s->batch < 1 || s->heads < 1 || s->sq < 1 || s->skv < 1) return false;
    if (s->batch > 65535 || s->heads > 65535) return false;
    if (!attention_head_dim_supported(s->d)) return false;
    long long c = (long long)s->heads * s->d;
    if (s->ldq < c || s->ldkv < c || s->ldo < c) return false;
    if (s->ldq % 8 || s->ldkv % 8 || s->ldo % 8) return false;
    return true;
}

}  // namespace

extern "C" int attention_head_dim_supported(int d) {
    for (int i = 0; i < kNumVariants; i++)
        if (kVariants[i].d == d && variant_fits(i)) return 1;
    return 0;
}

extern "C" const char *attention_head_dims(void) { return "40, 64, 80, 128, 160, 192, 256"; }

// Query rows per CTA for the Hopper engine's heuristic pick: 64 where
// sq <= 64; otherwise 128 (two consumer warpgroups), 192 (three; d = 40
// and 64) or 256 (four; d = 40), whole work items or (d = 64 and 80)
// stream-K, whichever a wave model gives the shortest time. All run one
// persistent CTA per SM over items = batch x heads x ceil(sq / BM) work
// items of n = ceil(skv / 128) key tiles, so in key tiles of the busiest CTA
//   whole:    t(BM) ~ ceil(items / SMs) (n + o) * BM * c(BM, d),
//   stream-K: t(BM) ~ (W (n + o) + R n / SMs + 2 o) * BM * c(BM, d) * k,
// W = items / SMs whole waves and R = items % SMs items shared out by key
// tiles (a CTA's share of them is two segments at most where R n >= SMs).
// c is the time per query row of a full wave relative to the 128-row CTA,
// from the H100 timings of bench/results/2026-11-26-h100-attention-br192
// (bench_attention, 4096 x 4096): c(192) = 0.75 at d = 40 and 0.88 at d = 64
// (b2 h8, three against four waves: 143.7 against 170.3 us at d40, 153.6
// against 154.6 at d64); c(256) = 0.78 at d = 40 (b1 h8, one wave against
// two: 71.1 against 92.3 us; b2 137.1 against 173.3). o = 3 key tiles is
// what a work item or segment costs besides its key tiles (Q load, the
// pipeline's fill and drain, the epilogue; 1024 tokens: 35.4 us for two
// waves of 8 tiles where a 4096-token tile takes 1.78), k = 1.03 what the
// stream-K kernels lose against their whole-item twins at the same work
// (56.9 against 58.3 us), both from bench/results/2026-11-27-h100-attention-sk.
// The model orders the shapes measured there as the timings do: whole
// items where they save a wave (d40 4096 h8 at both batches, d64 1024 x 1024
// h20) and at short sequences (d64 1024 h10 b1, h20 b2), stream-K 192-row
// CTAs where the last wave is partial (d64 4096 b2 h8 / h10, b1 h10, b2 h5),
// and 128 whole rows at d64 4096 b1 h8 (256 items in two waves).
// The one-consumer 64-row CTAs ("ovl", every head dim) are weighed where the
// queries are short (sq <= 256) or the keys one tile (cross-attention over the
// context), at c(64) = 1.6: a 64-row CTA at 0.8x a 128-row one's time for
// half its rows, fitted to the tuned picks of the H200 sweeps of
// bench/results/2026-11-28-h200-heuristic (Br64 against the heuristic's Br128:
// d160 256 tokens b1 / b2 h8 10.7 / 10.3 against 13.1 / 13.3 us; d64 144
// tokens h20 b1 / b2 7.7 / 7.9 against 9.7 / 9.7; d80 1024 x 77 b1 h8 8.5
// against 9.8). Tuning kept 128 rows or more at the longer self-attentions
// (d64 576 h20 b1, d80 1024 h8 b1), where the model keeps them too. At
// d = 160 the 64-row CTAs are weighed at every length: SD1.5's third level
// at 640, 768 and 1024 px (400, 576, 1024 tokens, h8), H200, bench_attention,
// two runs (bench/results/2026-11-29-h200-attention-768px, job3): Br64
// ovl 15.1-16.1 / 17.7-17.9 / 23.6-24.8 us at b1 against 18.1 / 21.1 / 26.6
// for Br128 pp, 16.0-17.1 against 18.4 at 400 b2; at 576 b2 (144 items of
// 64 rows, two waves) the model keeps 128 rows, as the timings do (21.2-21.7
// against 27.8).
// Where the keys are one tile (cross-attention over the 77-token context)
// an item is mostly its fixed cost, which four consumers share better: at
// d = 40, c1(192) = 0.94 and c1(256) = 0.72, fitted to the H200's
// bench_attention times at 4096 and 9216 x 77, b1 / b2 (a wave of 256-row
// CTAs about as long as one of 192-row CTAs, 1.37x one of 128-row CTAs;
// bench/results/2026-11-29-h200-attention-768px job4 / job6). It gives 256
// rows at 9216 x 77 b2 (26.0-26.9 us with 80-key tiles, against 29.2-30.0
// for Br192, four runs) and keeps 192 at b1 (18.4 against 19.0 for Br256
// Bc64, one run).
// The key-split CTAs ("ksplit": each item's keys over a cluster of CTAs,
// their partials combined in shared memory) are taken at d = 80 where the
// 128-row items fill at most half the SMs and the keys are 4 tiles or more:
// SD1.5 1024 tokens b1 h8, tuned on the H200 (16.8 us against 18.6 for the
// stream-K pick of the model, bench/results/2026-11-28-h200-int8-qa-waves
// job1 sweeps) and on the H100 (20.2-20.5 against 21.6 for the best unsplit
// kernel, 2026-11-23). At d = 160 it lost (256 tokens, one key tile per CTA:
// 15.5-18.3 against 13.3); d = 40 and 64 have no SD shape with so few items.
extern "C" int attention_wgmma_rows_pick(int d, int batch, int heads, int sq, int skv, int num_sms, int *split) {
    if (split) *split = ATTN_SPLIT_NONE;
    if (sq <= 64) return 64;
    if (num_sms < 1) return 128;
    if (d == 80 && ceil_div(skv > 0 ? skv : 1, 128) >= 4 &&
        2LL * batch * heads * ceil_div(sq, 128) <= num_sms) {
        if (split) *split = ATTN_SPLIT_KEYS;
        return 128;
    }
    static const struct {
        int d, rows, sk;
        double c, c1;  // c1: c where the keys are one tile (0: c)
    } kCost[] = {{0, 128, 0, 1.0, 0},    {40, 192, 0, 0.75, 0.94}, {40, 256, 0, 0.78, 0.72}, {64, 192, 0, 0.88, 0},
                 {64, 192, 1, 0.88, 0}, {64, 128, 1, 1.0, 0},     {80, 128, 1, 1.0, 0},      {0, 64, 0, 1.6, 0}};
    const double O = 3.0, K = 1.03;
    const long long bh = (long long)batch * heads, n = ceil_div(skv > 0 ? skv : 1, 128);
    int best_rows = 128, best_sk = 0;
    double best = 1e300;
    for (const auto &k : kCost) {
        if (k.d != 0 && k.d != d) continue;
        if (k.rows == 64 && sq > 256 && n > 1 && d != 160) continue;
        const long long items = bh * ceil_div(sq, k.rows);
        const double c = n == 1 && k.c1 > 0 ? k.c1 : k.c;
        double t;
        if (k.sk) {
            const long long w = items / num_sms, r = items % num_sms;
            if (r == 0 || n < 2) continue;  // nothing to share (attention_wgmma_split_ways)
            t = (w * (n + O) + (double)(r * n) / num_sms + 2 * O) * k.rows * c * K;
        } else {
            t = (double)((items + num_sms - 1) / num_sms) * (n + O) * k.rows * c;
        }
        if (t < best) best = t, best_rows = k.rows, best_sk = k.sk;
    }
    if (split) *split = best_sk ? ATTN_SPLIT_STREAMK : ATTN_SPLIT_NONE;
    return best_rows;
}

// Keys per tile of the heuristic's pick (0: the first variant of the row
// count and split, whatever its tile):
// - the key split at d = 80: 64, the ping-pong Br128 Bc64 kernel (tuning's
//   pick; 13.1 us back to back against 13.5 for the Bc128 one at 1024 tokens
//   b1 h8, H200, bench/results/2026-11-28-h200-int8-geglu-rule job3);
// - at d = 64, 128 rows and no split, 192 where the last 192-key tile pads
//   fewer keys than the last 128-key one. SD2.1 at 24 x 24 (576 tokens: 4.5
//   tiles of 128, 3 of 192) b1 h20, tuned on the H200: Br128 Bc192 pp 12.5 us
//   against 13.7-13.8 for the heuristic's Bc128 (bench/results/2026-11-28-
//   h200-int8-qa-waves job1 sweeps). Where both pad alike (4096, 1024, 2304
//   tokens) the Bc128 kernel stays: Bc192 tied at d = 64 in bench_attention
//   (attention_wgmma.cu's variant list);
// - at d = 80, 128 rows and no split, 80 where the keys are one tile of 80
//   (the 77-token context): one Q K^T, softmax and P V per item instead of
//   two (Bc64) or one over 128 columns, 51 of them masked (Bc128). SD1.5
//   1024 x 77 b2 h8 on the H200: kernel 5.9 us against 6.7 (Bc64 / Bc128
//   pp) and cuDNN's 6.1, the tuned node 8.6-8.8 us against cuDNN's 9.8
//   (bench/results/2026-11-29-h200-attention-bc80 job1);
// - at d = 40 and 256 rows (four consumers), 80 for the same contexts: SD1.5
//   4096 x 77 b2 h8 (the model's 256 rows) 15.2-15.8 us against 15.6-16.8
//   for the Bc64 kernel, 9216 x 77 b2 (768 px) 26.0-26.9 against 26.9-28.1,
//   H200 bench_attention (bench/results/2026-11-29-h200-attention-768px
//   job6); tuned node 12.9-13.0 us against cuDNN's 22.1-22.3.
extern "C" int attention_wgmma_keys_pick(int d, int rows, int split, int skv) {
    if (d == 80 && rows == 128 && split == ATTN_SPLIT_KEYS) return 64;
    const bool has_bc80 = (d == 80 && rows == 128) || (d == 40 && rows == 256);  // the compiled Bc80 variants
    if (has_bc80 && split == ATTN_SPLIT_NONE && skv >= 1 && skv <= 80) return 80;
    if (d != 64 || rows != 128 || split != ATTN_SPLIT_NONE || skv < 1) return 0;
    const int pad128 = ceil_div(skv, 128) * 128 - skv, pad192 = ceil_div(skv, 192) * 192 - skv;
    return pad192 < pad128 ? 192 : 0;
}

// Every compiled variant of the head dim, except those whose CTA would be
// more than half idle warps for this sq when a smaller CTA exists.
extern "C" int attention_candidates(const AttnShape *s, int num_sms, AttnConfig *out, int max) {
    (void)num_sms;
    if (!shape_ok(s)) return 0;
    const int row_blocks = ceil_div(s->sq, MROWS);
    int min_blocks = 1 << 30;
    for (int i = 0; i < kNumVariants; i++)
        if (kVariants[i].d == s->d && variant_fits(i) && kVariants[i].nw * kVariants[i].mt < min_blocks)
            min_blocks = kVariants[i].nw * kVariants[i].mt;
    int n = 0;
    for (int cfg = 0;; cfg++) {
        int gi = variant_index(s->d, cfg);
        if (gi < 0) break;
        int blocks = kVariants[gi].nw * kVariants[gi].mt;
        if (!variant_fits(gi)) continue;
        if (blocks > min_blocks && 2 * row_blocks < blocks) continue;
        if (n < max) out[n++] = (AttnConfig){cfg};
    }
    // The Hopper engine (cc 9.0): its CTAs of 128 rows or more only where sq > 64, its
    // key-split variants only where they split the keys (too few work items
    // for the SMs and more than one key tile; attention_wgmma_split_ways).
    if (attention_wgmma_usable()) {
        const int np = num_portable(s->d);
        for (int i = 0; i < attention_wgmma_num_variants(s->d); i++) {
            if (attention_wgmma_rows(s->d, i) > 64 && s->sq <= 64) continue;
            if (attention_wgmma_split_ways(i, s) == 1) continue;
            if (n < max) out[n++] = (AttnConfig){np + i};
        }
    }
    return n;
}

// Time model, in SM time units per warp-tile (16 query rows x 64 keys):
//   cost c = c0 + LOAD_COST / BM when the SM is saturated, c0 = 1 for one
//     m16 block per warp, 0.75 for two (half the ldmatrix per MMA), times
//     0.9 (0.95 with MT = 2) for QK-ahead, times 1.05 for the padding-study
//     variants; LOAD_COST / BM: the K/V tile loads and barriers shared by the
//     BM rows of a CTA.
//   latency floor L = 6 (MT = 1) or 12 (MT = 2) + BM / 128 units per key
//     tile: what a lone CTA needs however empty the SM is.
// A wave of n CTAs per SM runs a key tile in max(n * NW * MT * c, L); the
// last partial wave is charged by its own CTAs per SM. CTAs per SM come
// from the compiled register count. The constants were fitted to the H100
// timings of all variants at the eight benchmark shapes of
// tests/gpu_attention.c (the pick is within 3% of the best there); timing
// the candidates is still the better choice.
// On cc 9.0 the pick is the Hopper engine: its first variant (its variants
// are listed in order of preference) with the query rows per CTA and the
// stream-K choice that attention_wgmma_rows_pick gives; timing the
// candidates is the better choice.
extern "C" AttnConfig attention_heuristic(const AttnShape *s, int num_sms) {
    AttnConfig cand[64];
    AttnConfig pick = {0};
    int nc = attention_candidates(s, num_sms, cand, 64);
    if (nc == 0) return pick;
    if (attention_wgmma_usable()) {
        const int np = num_portable(s->d);
        int split = ATTN_SPLIT_NONE;
        const int want = attention_wgmma_rows_pick(s->d, s->batch, s->heads, s->sq, s->skv, num_sms, &split);
        const int keys = attention_wgmma_keys_pick(s->d, want, split, s->skv);
        for (int i = 0; i < attention_wgmma_num_variants(s->d); i++)
            if (attention_wgmma_rows(s->d, i) == want && (!keys || attention_wgmma_keys(s->d, i) == keys) &&
                attention_wgmma_streamk(s->d, i) == (split == ATTN_SPLIT_STREAMK) &&
                attention_wgmma_ksplit(s->d, i) == (split == ATTN_SPLIT_KEYS) &&
                attention_wgmma_split_ways(i, s) != 1)  // a split kernel where it splits
                return (AttnConfig){np + i};
        for (int i = 0; i < attention_wgmma_num_variants(s->d); i++)  // no variant of that row count
            if (attention_wgmma_rows(s->d, i) == (s->sq > 64 ? 128 : 64)) return (AttnConfig){np + i};
    }
    if (num_sms < 1) num_sms = 1;
    const double LOAD_COST = 4.0;
    const int tiles = ceil_div(s->skv, BC);
    double best = 1e300;
    for (int i = 0; i < nc; i++) {
        int gi = variant_index(s->d, cand[i].variant);
        if (gi < 0) continue;  // the Hopper engine's configurations are not modelled
        const Variant &v = kVariants[gi];
        int bm = v.nw * v.mt * MROWS;
        long long ctas = (long long)ceil_div(s->sq, bm) * s->heads * s->batch;
        int occ = ctas_per_sm(gi);
        if (occ == 0) occ = 16 / v.nw > 0 ? 16 / v.nw : 1;  // no device: assume 16 warps per SM
        double c = v.mt == 2 ? 0.75 : 1.0;
        if (v.qka) c *= v.mt == 2 ? 0.95 : 0.9;
        if (v.lds != default_lds(v.d)) c *= 1.05;
        c += LOAD_COST / bm;
        const double lat = (v.mt == 2 ? 12.0 : 6.0) + bm / 128.0;
        long long slots = (long long)num_sms * occ;
        long long full = ctas / slots, rem = ctas % slots;
        double t = (double)full * tiles * fmax(occ * v.nw * v.mt * c, lat);
        if (rem) {
            int per_sm = ceil_div(rem, num_sms);
            t += tiles * fmax(per_sm * v.nw * v.mt * c, lat);
        }
        if (t < best * 0.999) {
            best = t;
            pick = cand[i];
        }
    }
    return pick;
}

extern "C" const char *attention_config_name(const AttnShape *s, AttnConfig cfg) {
    if (!s) return "?";
    int wi = wgmma_index(s->d, cfg.variant);
    if (wi >= 0) return attention_wgmma_name(s->d, wi);
    int gi = variant_index(s->d, cfg.variant);
    return gi < 0 ? "?" : variant_name(gi);
}

extern "C" size_t attention_workspace_bytes(const AttnShape *s) {
    return s && shape_ok(s) ? attention_wgmma_workspace_bytes(s) : 0;
}

extern "C" cudaError_t attention_fp16(const AttnShape *s, AttnConfig cfg, const uint16_t *q, const uint16_t *k,
                                      const uint16_t *v, uint16_t *o, float scale, void *workspace,
                                      cudaStream_t stream) {
    if (!shape_ok(s) || !q || !k || !v || !o) return cudaErrorInvalidValue;
    if (((uintptr_t)q | (uintptr_t)k | (uintptr_t)v | (uintptr_t)o) & 15) return cudaErrorInvalidValue;
    if (!(scale > 0.f) || !isfinite(scale)) return cudaErrorInvalidValue;
    int wi = wgmma_index(s->d, cfg.variant);
    if (wi >= 0) return attention_wgmma_launch(wi, s, q, k, v, o, scale * LOG2E, workspace, stream);
    int gi = variant_index(s->d, cfg.variant);
    if (gi < 0) return cudaErrorInvalidValue;
    AttnParams p;
    p.q = reinterpret_cast<const half *>(q);
    p.k = reinterpret_cast<const half *>(k);
    p.v = reinterpret_cast<const half *>(v);
    p.o = reinterpret_cast<half *>(o);
    p.sq = s->sq;
    p.skv = s->skv;
    p.ldq = s->ldq;
    p.ldkv = s->ldkv;
    p.ldo = s->ldo;
    p.scale_log2 = scale * LOG2E;
    return kVariants[gi].launch(p, s->batch, s->heads, stream);
}
