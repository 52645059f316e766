// conv2d.cuh: what the two implicit-GEMM engines share (conv2d.cu: mma.sync,
// every architecture; gemm_wgmma.cu and its persistent ping-pong tiles in
// gemm_wgmma_pp.cu: sm_90a wgmma + TMA for the linear layers and the
// convolutions): the launch parameters, the split-K contract and the fused
// epilogue, so every kernel rounds and orders identically after the K loop.
//
// The epilogue's first step, where ConvParams.ln_stats is set, is a
// LayerNorm folded into the GEMM (gemm_fp16_lnfold): the accumulator of
// x W'^T over the raw rows x becomes (acc - mean_m s_n) rstd_m (one FMA and
// one multiply), before bias, residual or GEGLU. Every path applies it to
// the full K sum: the tiles' own epilogues, conv_splitk_reduce_kernel (the
// partials in the workspace stay raw sums) and the cluster split-K tiles.
#ifndef UNETRUN_CONV2D_CUH
#define UNETRUN_CONV2D_CUH

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

constexpr int KSPLIT_ALIGN = 64; // split-K boundaries fall on multiples of this many K elements

struct ConvParams {
    const half *x;         // (B, H, W, Cin)
    const half *w;         // (Cout, k, k, Cin) == (N, K) row-major
    const float *bias;     // (Cout) or null
    const half *temb;      // (B, Cout) or null
    const half *residual;  // (M, N) or null
    half *y;               // (M, N)
    float *ws;             // (splits, M, N) FP32 partials when splits > 1
    int H, W, Cin, ksize, stride, pad, Ho, Wo;
    int M, N, K;
    int kchunks, splits;   // K in units of KSPLIT_ALIGN, number of K splits
    int geglu;             // GEGLU epilogue: N interleaved channels in, y is (M, N/2)
    // A operand of a whole UNet's up path (the GATHER tiles of conv2d.cu, and the wgmma engine's
    // second tensor map / output phases):
    const half *x2;        // channels Cin1..Cin-1 from (B, H, W, Cin - Cin1), or null (one input)
    int Cin1;              // channels read from x when x2 is set
    int up;                // 1: x is (B, H/2, W/2, .), read through nearest 2x upsampling
    // GroupNorm applied to the A operand inside the Hopper engine (gemm_wgmma.cu): every element
    // x[b, ., c] read becomes x * norm[b * Cin + c].x + norm[b * Cin + c].y, then SiLU if norm_silu;
    // a convolution's zero padding stays zero. null: x is used as it is.
    const float2 *norm;    // (B, Cin) scale, shift (groupnorm_scale_shift)
    int norm_silu;
    // Hopper engine: the `splits` K ranges of an output tile run as one thread-block cluster and
    // sum their FP32 tiles through distributed shared memory (no workspace, no reduce kernel)
    int cluster_k;
    // LayerNorm folded into a GEMM-shaped problem (gemm_fp16_lnfold): w holds gamma-scaled rows
    // W'[n, k] = gamma[k] W[n, k], and acc(m, n) becomes (acc - mean_m * colsum[n]) * rstd_m before
    // the rest of the epilogue; bias then holds beta W^T + the layer's bias. null: no fold.
    const float2 *ln_stats;  // (M) mean, rstd of each row of x (layernorm_stats_fp16)
    const float *ln_colsum;  // (N) sum_k W'[n, k], the kernel's row order
    // A 1x1 shortcut fused into a stride-1 convolution's K (Hopper engine; conv2d_igemm_sc_fp16): K runs
    // past the convolution's Kc = k k Cin over K - Kc channels of xs (and xs2 past Cs1) at the output
    // pixel itself, and w is (N, K) = [conv weight | shortcut weight]. xs null: K == Kc.
    const half *xs;        // (B, Ho, Wo, Cs1) or null
    const half *xs2;       // (B, Ho, Wo, K - Kc - Cs1) or null
    int Kc, Cs1;
    // The next GroupNorm's statistics of y from the epilogue (Hopper plain and im2col tiles without
    // split-K; conv2d_gn_stats_slots): per "slot", the 64 rows of one consumer of one CTA tile (one
    // sample), the mean and the sum of squared deviations from it of each output channel over the
    // slot's rows as y holds them (FP16), and the slot's sample and row count. null: none.
    float2 *gn_part;       // (slots, N) mean, M2
    int2 *gn_slot;         // (slots) sample, rows (0: no rows of the output)
};

// The LayerNorm fold of one accumulator (ConvParams.ln_stats): row statistics
// st = (mean, rstd), column sum s of the gamma-scaled weight row.
__device__ __forceinline__ float ln_fold(float acc, float2 st, float s) { return fmaf(-st.x, s, acc) * st.y; }
// The fold of eight accumulators of row m, columns n..n+7 (n a multiple of 8: two 16-byte loads of colsum).
__device__ __forceinline__ void ln_fold8(const ConvParams &p, int m, int n, float *o) {
    const float2 st = p.ln_stats[m];
    const float4 s0 = *reinterpret_cast<const float4 *>(p.ln_colsum + n);
    const float4 s1 = *reinterpret_cast<const float4 *>(p.ln_colsum + n + 4);
    const float s[8] = {s0.x, s0.y, s0.z, s0.w, s1.x, s1.y, s1.z, s1.w};
#pragma unroll
    for (int i = 0; i < 8; i++) o[i] = ln_fold(o[i], st, s[i]);
}

// LayerNorm fold, bias and time embedding for two adjacent output channels
// of row m: epilogue_store2's arithmetic before the residual.
__device__ __forceinline__ float2 epilogue_pre2(const ConvParams &p, int m, int n, float v0, float v1) {
    if (p.ln_stats) {
        const float2 st = p.ln_stats[m], s = *reinterpret_cast<const float2 *>(p.ln_colsum + n);
        v0 = ln_fold(v0, st, s.x);
        v1 = ln_fold(v1, st, s.y);
    }
    if (p.bias) {
        v0 += p.bias[n];
        v1 += p.bias[n + 1];
    }
    if (p.temb) {
        int b = m / (p.Ho * p.Wo);
        float2 t = __half22float2(*reinterpret_cast<const half2 *>(p.temb + (size_t)b * p.N + n));
        v0 += t.x;
        v1 += t.y;
    }
    return make_float2(v0, v1);
}

// Bias + time embedding + residual for two adjacent output channels of row m.
__device__ __forceinline__ void epilogue_store2(const ConvParams &p, int m, int n, float v0, float v1) {
    float2 v = epilogue_pre2(p, m, n, v0, v1);
    if (p.residual) {
        float2 r = __half22float2(*reinterpret_cast<const half2 *>(p.residual + (size_t)m * p.N + n));
        v.x += r.x;
        v.y += r.y;
    }
    *reinterpret_cast<half2 *>(p.y + (size_t)m * p.N + n) = __floats2half2_rn(v.x, v.y);
}

__device__ __forceinline__ float gelu_erf(float g) { return 0.5f * g * (1.0f + erff(g * 0.70710678118654752f)); }

// GEGLU for the interleaved channel pair (n, n+1) of `a` and (n+8, n+9) of
// `g` (n in an a-block of 8): (a + bias_a) * gelu(g + bias_g), rounded to
// FP16, for output channels oc, oc + 1 with oc = (n / 16) * 8 + n % 16.
__device__ __forceinline__ half2 geglu_value2(const ConvParams &p, int m, int n, float a0, float a1, float g0,
                                              float g1) {
    if (p.ln_stats) {
        const float2 st = p.ln_stats[m], sa = *reinterpret_cast<const float2 *>(p.ln_colsum + n),
                     sg = *reinterpret_cast<const float2 *>(p.ln_colsum + n + 8);
        a0 = ln_fold(a0, st, sa.x);
        a1 = ln_fold(a1, st, sa.y);
        g0 = ln_fold(g0, st, sg.x);
        g1 = ln_fold(g1, st, sg.y);
    }
    if (p.bias) {
        a0 += p.bias[n];
        a1 += p.bias[n + 1];
        g0 += p.bias[n + 8];
        g1 += p.bias[n + 9];
    }
    return __floats2half2_rn(a0 * gelu_erf(g0), a1 * gelu_erf(g1));
}
// geglu_value2 stored to y[m, oc] (y is (M, N / 2)).
__device__ __forceinline__ void geglu_store2(const ConvParams &p, int m, int n, float a0, float a1, float g0,
                                             float g1) {
    const int oc = (n >> 4) * 8 + (n & 7);
    *reinterpret_cast<half2 *>(p.y + (size_t)m * (p.N / 2) + oc) = geglu_value2(p, m, n, a0, a1, g0, g1);
}

// The operands epilogue_finish8 reads besides the accumulators: the time
// embedding and residual chunks (zero where absent). Loading them apart from
// the arithmetic lets a kernel issue every load of a row chunk group before
// its first store (the compiler cannot move a load past a store to y).
struct Epi8Operands {
    uint4 temb, residual;
};
__device__ __forceinline__ Epi8Operands epilogue_load8(const ConvParams &p, int m, int n) {
    Epi8Operands in = {make_uint4(0, 0, 0, 0), make_uint4(0, 0, 0, 0)};
    if (p.temb) in.temb = *reinterpret_cast<const uint4 *>(p.temb + (size_t)(m / (p.Ho * p.Wo)) * p.N + n);
    if (p.residual) in.residual = *reinterpret_cast<const uint4 *>(p.residual + (size_t)m * p.N + n);
    return in;
}

// Eight FP32 values from a 16-byte aligned v (shared or global memory) as
// two 16-byte loads: element by element, the compiler issues eight 4-byte
// shared loads where it cannot prove the alignment.
__device__ __forceinline__ void load8_f32(const float *v, float *o) {
    const float4 a = reinterpret_cast<const float4 *>(v)[0], b = reinterpret_cast<const float4 *>(v)[1];
    o[0] = a.x, o[1] = a.y, o[2] = a.z, o[3] = a.w, o[4] = b.x, o[5] = b.y, o[6] = b.z, o[7] = b.w;
}

// The bias of output channels n..n+7 (n a multiple of 8) into b: two 16-byte
// loads where p.bias is 16-byte aligned, else eight 4-byte loads; zeros
// without a bias. For an epilogue that keeps its columns across rows.
__device__ __forceinline__ void epilogue_bias8(const ConvParams &p, int n, float *b) {
    if (!p.bias) {
#pragma unroll
        for (int i = 0; i < 8; i++) b[i] = 0.0f;
    } else if (((uintptr_t)p.bias & 15) == 0) {
        load8_f32(p.bias + n, b);
    } else {
#pragma unroll
        for (int i = 0; i < 8; i++) b[i] = p.bias[n + i];
    }
}

// Eight adjacent output channels n..n+7 of row m (n a multiple of 8), with
// the operands of epilogue_load8 and the bias of epilogue_bias8 (NULL: read
// p.bias here): the same per-element arithmetic as epilogue_store2, one
// 16-byte store, which it also returns. v: 16-byte aligned.
__device__ __forceinline__ uint4 epilogue_finish8(const ConvParams &p, int m, int n, const float *v,
                                                 const Epi8Operands &in, const float *bias8 = nullptr) {
    float o[8];
    load8_f32(v, o);
    if (p.ln_stats) ln_fold8(p, m, n, o);
    if (p.bias) {
        float b[8];
        if (bias8) {
#pragma unroll
            for (int i = 0; i < 8; i++) b[i] = bias8[i];
        } else {
            epilogue_bias8(p, n, b);
        }
#pragma unroll
        for (int i = 0; i < 8; i++) o[i] += b[i];
    }
    if (p.temb) {
        const half2 *t2 = reinterpret_cast<const half2 *>(&in.temb);
#pragma unroll
        for (int i = 0; i < 4; i++) {
            float2 f = __half22float2(t2[i]);
            o[2 * i] += f.x;
            o[2 * i + 1] += f.y;
        }
    }
    if (p.residual) {
        const half2 *r2 = reinterpret_cast<const half2 *>(&in.residual);
#pragma unroll
        for (int i = 0; i < 4; i++) {
            float2 f = __half22float2(r2[i]);
            o[2 * i] += f.x;
            o[2 * i + 1] += f.y;
        }
    }
    uint4 out;
    half2 *o2 = reinterpret_cast<half2 *>(&out);
#pragma unroll
    for (int i = 0; i < 4; i++) o2[i] = __floats2half2_rn(o[2 * i], o[2 * i + 1]);
    *reinterpret_cast<uint4 *>(p.y + (size_t)m * p.N + n) = out;
    return out;
}

// GEGLU for the interleaved block n..n+7 (a) and n+8..n+15 (g), n a
// multiple of 16: the same arithmetic as geglu_store2, one 16-byte store of
// output channels (n / 16) * 8 ...
__device__ __forceinline__ void geglu_store8(const ConvParams &p, int m, int n, const float *a_in,
                                             const float *g_in) {
    float a[8], g[8];  // a_in, g_in: 16-byte aligned
    load8_f32(a_in, a);
    load8_f32(g_in, g);
    if (p.ln_stats) {
        ln_fold8(p, m, n, a);
        ln_fold8(p, m, n + 8, g);
    }
    uint4 out;
    half2 *o2 = reinterpret_cast<half2 *>(&out);
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float a0 = a[2 * i], a1 = a[2 * i + 1], g0 = g[2 * i], g1 = g[2 * i + 1];
        if (p.bias) {
            a0 += p.bias[n + 2 * i];
            a1 += p.bias[n + 2 * i + 1];
            g0 += p.bias[n + 8 + 2 * i];
            g1 += p.bias[n + 8 + 2 * i + 1];
        }
        o2[i] = __floats2half2_rn(a0 * gelu_erf(g0), a1 * gelu_erf(g1));
    }
    *reinterpret_cast<uint4 *>(p.y + (size_t)m * (p.N / 2) + (n >> 4) * 8) = out;
}

// The Hopper engine (gemm_wgmma.cu). Its tiles follow conv2d.cu's in the
// TileConfig numbering: tile kNumTiles + i is wgmma tile i.
int gemm_wgmma_num_tiles(void);
const char *gemm_wgmma_tile_name(int i);   // e.g. "wgmma 128x256x64/4st"
void gemm_wgmma_tile_dims(int i, int *bm, int *bn);
// 1 when the sm_90a code is in this build, the current device is cc 9.0 and
// the engine is not switched off (kernels_set_engine).
int gemm_wgmma_usable(void);
// Tile i splits K inside a thread-block cluster (2 .. WG_MAX_CLUSTER_K splits,
// no workspace and no reduce kernel) instead of through the FP32 workspace.
constexpr int WG_MAX_CLUSTER_K = 8;
int gemm_wgmma_tile_cluster_k(int i);
// Clusters of `splits` CTAs of cluster split-K tile i that the current
// device holds at once (cudaOccupancyMaxActiveClusters, cached); 0 where
// tile i is not a cluster split-K tile or the query fails.
int gemm_wgmma_max_clusters(int i, int splits);
// Tile i is a stream-K tile (gemm_wgmma_sk_kernel): persistent CTAs, one per
// SM, run equal shares of all tiles' K stages and sum
// the shared tiles' FP32 partials in the kernel; convolutions only (not
// GEMM-shaped), no split, no GroupNorm operand path. Its workspace: one
// partial tile and one flag per CTA.
int gemm_wgmma_tile_stream_k(int i);
// 1 when a stream-K tile may run this shape (convolution mode, no GroupNorm operand path).
int gemm_wgmma_sk_shape_ok(int ksize, int stride, int pad, int up, int norm);
size_t gemm_wgmma_sk_workspace_bytes(int i, long long tiles, int kchunks);
// Tile i reads its A operand in TMA's im2col mode: its CTAs take 128
// consecutive output pixels (the GEMM's rows, so gemm_wgmma_m_tiles does not
// count them: ceil(M / 128)) across image rows and images, where the other
// convolution tiles take rectangles; splits through the workspace.
int gemm_wgmma_tile_im2col(int i);
// 1 when an im2col tile may run this shape: a convolution (not
// GEMM-shaped) without a nearest-2x input, GroupNorm operand path or fused
// shortcut.
int gemm_wgmma_i2c_shape_ok(int ksize, int stride, int pad, int up, int norm, int shortcut);
// 1 when the engine runs this shape: GEMM-shaped (1x1, stride 1, pad 0;
// Cin and Cout multiples of 8) or a convolution with Cin a multiple of 64,
// stride 1 or 2 and pad < ksize.
int gemm_wgmma_shape_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up);
// 1 when the engine also takes a 1x1 shortcut of cs input channels (the
// last cs2 of them from a second tensor) in this convolution's K
// (ConvParams.xs): a stride-1 same-size convolution in convolution mode,
// cs and cs2 multiples of 64.
int gemm_wgmma_shortcut_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up, int cs, int cs2);
// CTA tiles along M: consecutive 128-row blocks (GEMM-shaped) or output
// rectangles of 128 pixels (convolutions).
long long gemm_wgmma_m_tiles(int batch, int ho, int wo, int ksize, int stride, int pad, int up);
// Slots of the next GroupNorm's statistics (ConvParams.gn_part) that wgmma
// tile i leaves at this shape and split count: two per CTA tile along M
// (one per consumer's 64 rows); 0 where it cannot (a cluster split-K or
// stream-K tile, split-K, a nearest-2x input, or 64 rows of a slot that
// are not all of one image).
long long gemm_wgmma_gn_stats_slots(int i, int batch, int ho, int wo, int ksize, int stride, int pad, int up,
                                    int splits);
// Runs wgmma tile i on p (x and w 16-byte aligned); split-K partials as
// conv_igemm_kernel writes them. With p.gn_part, the tile's GroupNorm
// statistics twin (one input tensor, no GEGLU, GroupNorm operand path or
// fused shortcut, gemm_wgmma_gn_stats_slots > 0).
cudaError_t gemm_wgmma_launch(int i, const ConvParams &p, cudaStream_t stream);

// The persistent ping-pong tiles of the same engine (gemm_wgmma_pp.cu) for
// GEMM-shaped problems without split-K; in the TileConfig numbering they
// follow the wgmma tiles: tile kNumTiles + gemm_wgmma_num_tiles() + i.
int gemm_wgmma_pp_num_tiles(void);
const char *gemm_wgmma_pp_tile_name(int i);  // e.g. "wgmma pp 128x160x64/5st"
void gemm_wgmma_pp_tile_dims(int i, int *bm, int *bn);  // one consumer warpgroup's output tile
// 1 when the ping-pong tiles run this shape: GEMM-shaped (1x1, stride 1,
// pad 0), one input tensor read in place, Cin and Cout multiples of 8.
int gemm_wgmma_pp_shape_ok(int ksize, int stride, int pad, int cin, int cout, int cin2, int up);
// The ping-pong tile of a kind of pp_rule.h's rule (PP_KIND_*: the TMA-store
// 64 x 160, 64 x 96 and 64 x 64 tiles, two or three consumers), which
// conv2d_heuristic picks; -1 if absent.
int gemm_wgmma_pp_heuristic_tile(int kind);
// Runs ping-pong tile i on p (splits == 1, x and w 16-byte aligned).
cudaError_t gemm_wgmma_pp_launch(int i, const ConvParams &p, cudaStream_t stream);

#endif
