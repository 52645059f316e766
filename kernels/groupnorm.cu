// groupnorm.cu: GroupNorm + SiLU, FP16 NHWC in and out, FP32 statistics.
//
// What it computes
//   y[b,p,c] = silu( (x[b,p,c] - mean[b,g]) * rstd[b,g] * gamma[c] + beta[c] ),
//   g = c / (C/G), statistics over all pixels p and the C/G channels of g.
//   x may be the channel concatenation of two tensors (an up block's hidden
//   state and skip), read in place.
//
// Design (seed Obs R / GG: "groupnorm_silu_fused_fp16", FP16 out so the
// conv needs no cast pass). Two kernels, chosen per shape (splits = 0 in
// groupnorm2_silu_fp16 selects the first):
//
// One pass (gn_one_pass_kernel; groupnorm_one_pass says where it runs).
// Nsight Compute of the two-launch version at 1280 @16 b2 (a 1.3 MB
// tensor): statistics 12.4 us, apply 4.5 us, with L2 throughput at 11%:
// the time is the chain of dependent steps (reductions, a fence, the
// counter, the fold by the last CTA, a second launch), not bytes. So: a
// thread-block cluster of S CTAs per (sample, channel block of whole
// groups); each thread loads its 8 channels of up to 16 pixels into
// registers once, the cluster exchanges per-group partial sums over
// distributed shared memory (mean first, then the sum of squared
// deviations from the registers: an exact two-pass variance), and each
// thread applies scale, shift and SiLU to its registers. One read of x, one
// write of y, one launch, no workspace. Where a cluster could not hold the
// tile (SDXL's 128 x 128 levels) or the clusters of the grid would not all
// be resident at once, the two launches below run instead.
//
// Two launches (statistics, then apply as a programmatic dependent).
//   CTA shape (both passes): `rows` x C/8 threads, up to 512 (1024 past
//   C = 4096). A thread owns one 8-channel vector for the whole CTA, so its
//   source tensor (x or x2), pixel stride, group shift and (pass 2) scale
//   and shift are fixed: no per-element index division. Rows of threads walk
//   consecutive pixels: every warp reads whole 16-byte-aligned pixel rows.
//   Pass 1, statistics: grid (splits, B), splits = 2 CTAs per SM over the
//   batch (groupnorm_splits), each CTA a contiguous pixel range. A thread
//   keeps 4 independent 16-byte loads in flight per loop step and sums, per
//   channel, x - K and (x - K)^2 in FP32, K = x[b, pixel 0, first channel of
//   the group]: the same shift in every CTA of the sample, so partials still
//   add, and the sums no longer cancel when |mean| >> std (shifted-data
//   variance). The CTA reduces in shared memory in a fixed order: FP32 over
//   its pixel rows per channel, then one warp per group in FP64 (lane-strided
//   channels, xor-shuffle tree) into one (sum, sum of squares) partial per
//   (b, g, split). No floating-point atomics: bit-reproducible. The last
//   CTA of each sample (threadfence + per-sample counter) folds that
//   sample's partials (one warp per group over the splits, FP64) into a
//   per-(b, c) scale and shift and resets its counter, so the pair of
//   launches can be replayed in a CUDA graph. Each CTA releases the apply
//   grid (griddepcontrol.launch_dependents) once its own predecessor is
//   done, so the apply CTAs are resident and waiting when the fold ends.
//   Pass 2, apply: grid (pixel chunks, B); a thread loads its 8 scales and
//   shifts once (4 float4), then per pixel one 16-byte load, 8 FMAs and
//   SiLUs, one 16-byte store, 4 pixels in flight. The re-read of x hits L2
//   (the tensors of SD fit in H100's 50 MB L2).
//
// Measured (H100, bench/groupnorm.sh, bench/results/2026-11-23-h100-groupnorm;
// unetrun --block resblock --kernel-select heuristic; before -> after, the
// "before" being one CTA of ~240 threads per SM with one load in flight per
// thread, a one-thread-per-group CTA reduction and a 64-bit div/mod apply):
//   shape           norm1+silu isolated   ResBlock graph replay
//   320 @64 b1      21.7 -> 19.2 us        91.1 ->  86.9 us
//   320 @64 b2      29.5 -> 20.2 us       173.5 -> 152.0 us
//   640 @32 b2      24.2 -> 19.6 us       141.2 -> 126.0 us
//   1280 @16 b2     26.1 -> 19.0 us       135.8 -> 112.2 us
//   1280 @8 b2      23.4 -> 16.3 us       104.7 ->  80.8 us
//   up blocks' concatenated norm1 (SD1.5 UNet b2 --nodes, isolated):
//   960 @64 52.3 -> 28.2 us, 640 @64 37.7 -> 24.4, 1920 @32 35.4 -> 23.0,
//   1280 @32 37.8 -> 21.1; whole SD1.5 step at b2 8.85 -> 8.24 ms.
//   The isolated figure is now mostly the two launches: 16 us at 1280 @8
//   for 0.3 MB (a one-kernel node such as time_emb_proj reads 12 us in the
//   same table). Inside the graph a GroupNorm is ~10 us cheaper than before.
//   The one-pass kernel above replaced them where it fits (docs/PERF.md,
//   "GroupNorm in one pass").
//
// Statistics from the producer's epilogue (gn_fold_partials_kernel, then
// the apply above; section below): where the conv that writes x leaves the
// GroupNorm's per-slot statistics (conv2d_igemm_gn_fp16), one small fold
// launch replaces the statistics read of x.
//
// Limits
//   One pass: whole groups per 16-byte vector block (gb * C/G a multiple of
//   8, gb <= 64 groups, <= 1024 channels), at most 16 pixels per thread in
//   clusters of at most 8 CTAs (the portable size), statistics in FP32.
//   C a multiple of 8 and of G, C <= 8192; x2: c1 a multiple of 8. Variance
//   is E[(x-K)^2] - E[x-K]^2 from FP64-combined FP32 partials of shifted
//   data: the subtraction loses about log2(1 + (mean-K)^2/var) bits, and K
//   is a sample of the group, so |mean - K| is a few std at most (the GPU
//   tests include means of 8 and -30 at std 0.5). Launch floors dominate at
//   the 8x8 and 16x16 levels (a few microseconds per launch).
#include "kernels.h"
#include "pdl.cuh"

#include <cuda_fp16.h>
#include <stdint.h>

namespace {

constexpr int kMaxC = 8192;
constexpr int kTargetThreads = 512;  // rows x C/8 threads per CTA, at most (1024 past C = 4096)
constexpr int kStatsCtasPerSm = 2;   // pass 1 grid: CTAs per SM over the batch
constexpr int kUnroll = 4;           // independent 16-byte loads in flight per thread
constexpr int kApplyMaxPixels = 8;   // pass 2: pixels per thread, at most

struct GnWorkspace {
    double2 *partial;     // (B, G, splits): shifted sum, shifted sum of squares
    float2 *scale_shift;  // (B, C): y = x * scale + shift before SiLU
    unsigned *counter;    // (B): CTAs of sample b finished in the current launch
};

__host__ __device__ inline size_t align256(size_t n) { return (n + 255) & ~(size_t)255; }

__host__ __device__ inline GnWorkspace carve(void *base, int batch, int groups, int splits, int c) {
    GnWorkspace ws;
    char *p = static_cast<char *>(base);
    ws.partial = reinterpret_cast<double2 *>(p);
    p += align256((size_t)batch * groups * splits * sizeof(double2));
    ws.scale_shift = reinterpret_cast<float2 *>(p);
    p += align256((size_t)batch * c * sizeof(float2));
    ws.counter = reinterpret_cast<unsigned *>(p);
    return ws;
}

inline int rows_per_block(int c) {
    int cv = c / 8;
    return cv >= kTargetThreads ? 1 : kTargetThreads / cv;
}

inline int block_threads(int c) { return (rows_per_block(c) * (c / 8) + 31) / 32 * 32; }

// Channel ch (and ch + 1 ... up to the end of its tensor) of image b at
// pixel 0, and the pixel stride: from x (c1 channels) or, past c1, from x2
// (c - c1 channels), an up block's concatenated input read in place.
struct VecSrc {
    const half *p;
    int stride;
};
__device__ __forceinline__ VecSrc vec_src(const half *x, const half *x2, int c1, int c, int hw, int b, int ch) {
    if (x2 && ch >= c1) return VecSrc{x2 + (size_t)b * hw * (c - c1) + (ch - c1), c - c1};
    const int cx = x2 ? c1 : c;
    return VecSrc{x + (size_t)b * hw * cx + ch, cx};
}

__device__ __forceinline__ uint4 ld16(const half *p) { return *reinterpret_cast<const uint4 *>(p); }

// Shifted sums of one 8-channel vector.
__device__ __forceinline__ void accum(uint4 raw, const float *k, float *s, float *q) {
    const half2 *h2 = reinterpret_cast<const half2 *>(&raw);
#pragma unroll
    for (int e = 0; e < 4; e++) {
        float2 f = __half22float2(h2[e]);
        float d0 = f.x - k[2 * e], d1 = f.y - k[2 * e + 1];
        s[2 * e] += d0;
        s[2 * e + 1] += d1;
        q[2 * e] = fmaf(d0, d0, q[2 * e]);
        q[2 * e + 1] = fmaf(d1, d1, q[2 * e + 1]);
    }
}

__device__ __forceinline__ void warp_sum2(double &a, double &q) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        a += __shfl_xor_sync(0xffffffffu, a, off);
        q += __shfl_xor_sync(0xffffffffu, q, off);
    }
}

__global__ void __launch_bounds__(1024)
    gn_stats_kernel(const half *__restrict__ x, const half *__restrict__ x2, int c1, const float *__restrict__ gamma,
                    const float *__restrict__ beta, int hw, int c, int groups, float eps, int splits, int rows,
                    GnWorkspace ws) {
    pdl_wait();
    pdl_launch_dependents();
    extern __shared__ __align__(16) float sm[];  // [rows][c] sums, then [rows][c] sums of squares
    float *s_sum = sm;
    float *s_sq = sm + rows * c;
    __shared__ bool s_last;

    const int cv = c / 8;
    const int b = blockIdx.y;
    const int split = blockIdx.x;
    const int v = threadIdx.x % cv;  // this thread's 8-channel vector
    const int r = threadIdx.x / cv;  // this thread's pixel row lane
    const int cpg = c / groups;
    const int p_begin = (int)((long long)split * hw / splits);
    const int p_end = (int)((long long)(split + 1) * hw / splits);

    if (r < rows) {
        float k[8], s[8], q[8];
        int g = v * 8 / cpg, j = v * 8 - g * cpg;  // group of channel v*8 and its place in the group
#pragma unroll
        for (int e = 0; e < 8; e++) {
            k[e] = __half2float(*vec_src(x, x2, c1, c, hw, b, g * cpg).p);  // the group's shift K
            if (++j == cpg) j = 0, g++;
            s[e] = q[e] = 0.f;
        }
        const VecSrc src = vec_src(x, x2, c1, c, hw, b, v * 8);
        const size_t step = (size_t)rows * src.stride;
        const half *ptr = src.p + (size_t)(p_begin + r) * src.stride;
        int p = p_begin + r;
        for (; p + (kUnroll - 1) * rows < p_end; p += kUnroll * rows) {
            uint4 a[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; u++) a[u] = ld16(ptr + u * step);
            ptr += kUnroll * step;
#pragma unroll
            for (int u = 0; u < kUnroll; u++) accum(a[u], k, s, q);
        }
        for (; p < p_end; p += rows, ptr += step) accum(ld16(ptr), k, s, q);
        float4 *ds = reinterpret_cast<float4 *>(s_sum + r * c + v * 8);
        float4 *dq = reinterpret_cast<float4 *>(s_sq + r * c + v * 8);
        ds[0] = make_float4(s[0], s[1], s[2], s[3]);
        ds[1] = make_float4(s[4], s[5], s[6], s[7]);
        dq[0] = make_float4(q[0], q[1], q[2], q[3]);
        dq[1] = make_float4(q[4], q[5], q[6], q[7]);
    }
    __syncthreads();

    // Fixed-order reduction: each channel over the pixel rows (FP32, into
    // row 0, a column per thread), then one warp per group over its channels.
    for (int ch = threadIdx.x; ch < c; ch += blockDim.x) {
        float a = 0.f, q = 0.f;
        for (int rr = 0; rr < rows; rr++) {
            a += s_sum[rr * c + ch];
            q += s_sq[rr * c + ch];
        }
        s_sum[ch] = a;
        s_sq[ch] = q;
    }
    __syncthreads();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, nwarps = blockDim.x / 32;
    for (int g = warp; g < groups; g += nwarps) {
        double a = 0.0, q = 0.0;
        for (int ch = g * cpg + lane; ch < (g + 1) * cpg; ch += 32) {
            a += s_sum[ch];
            q += s_sq[ch];
        }
        warp_sum2(a, q);
        if (lane == 0) ws.partial[((size_t)b * groups + g) * splits + split] = make_double2(a, q);
    }

    // The sample's last CTA folds its partials into per-channel scale and shift.
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) s_last = atomicAdd(ws.counter + b, 1u) == (unsigned)splits - 1;
    __syncthreads();
    if (!s_last) return;
    __threadfence();
    const double n = (double)hw * cpg;
    float2 *s_stat = reinterpret_cast<float2 *>(sm);  // (G): mean, rstd (reuses the sums' smem)
    for (int g = warp; g < groups; g += nwarps) {
        const double2 *part = ws.partial + ((size_t)b * groups + g) * splits;
        double a = 0.0, q = 0.0;
#pragma unroll 4
        for (int s = lane; s < splits; s += 32) {
            double2 t = __ldcg(part + s);
            a += t.x;
            q += t.y;
        }
        warp_sum2(a, q);
        if (lane == 0) {
            double ms = a / n;  // mean - K
            double var = q / n - ms * ms;
            if (var < 0.0) var = 0.0;
            double mean = (double)__half2float(*vec_src(x, x2, c1, c, hw, b, g * cpg).p) + ms;
            s_stat[g] = make_float2((float)mean, (float)(1.0 / sqrt(var + (double)eps)));
        }
    }
    __syncthreads();
    for (int ch = threadIdx.x; ch < c; ch += blockDim.x) {
        float2 st = s_stat[ch / cpg];
        float scale = st.y * gamma[ch];
        float shift = beta[ch] - st.x * scale;
        ws.scale_shift[(size_t)b * c + ch] = make_float2(scale, shift);
    }
    if (threadIdx.x == 0) ws.counter[b] = 0u;  // ready for the next launch / graph replay
}

__device__ __forceinline__ float silu_f(float v) { return __fdividef(v, 1.f + __expf(-v)); }

template <bool kSilu>
__device__ __forceinline__ uint4 apply8(uint4 raw, const float *sc, const float *sh) {
    half2 *h2 = reinterpret_cast<half2 *>(&raw);
#pragma unroll
    for (int e = 0; e < 4; e++) {
        float2 f = __half22float2(h2[e]);
        float a = fmaf(f.x, sc[2 * e], sh[2 * e]);
        float bq = fmaf(f.y, sc[2 * e + 1], sh[2 * e + 1]);
        if (kSilu) {
            a = silu_f(a);
            bq = silu_f(bq);
        }
        h2[e] = __floats2half2_rn(a, bq);
    }
    return raw;
}

// Grid (pixel chunks of ppc pixels, B); CTA rows x C/8 threads.
template <bool kSilu>
__global__ void __launch_bounds__(1024) gn_apply_kernel(const half *__restrict__ x, const half *__restrict__ x2, int c1,
                                                        half *__restrict__ y, int hw, int c, int rows, int ppc,
                                                        GnWorkspace ws) {
    pdl_wait();
    const int cv = c / 8;
    const int v = threadIdx.x % cv, r = threadIdx.x / cv;
    if (r >= rows) return;
    const int b = blockIdx.y;
    const int p0 = blockIdx.x * ppc;
    const int p1 = min(p0 + ppc, hw);
    float sc[8], sh[8];
    const float4 *ss = reinterpret_cast<const float4 *>(ws.scale_shift + (size_t)b * c + v * 8);
#pragma unroll
    for (int k = 0; k < 4; k++) {
        float4 t = ss[k];
        sc[2 * k] = t.x, sh[2 * k] = t.y, sc[2 * k + 1] = t.z, sh[2 * k + 1] = t.w;
    }
    const VecSrc src = vec_src(x, x2, c1, c, hw, b, v * 8);
    const half *xs = src.p;
    half *yd = y + (size_t)b * hw * c + v * 8;
    for (int p = p0 + r; p < p1; p += kUnroll * rows) {
        uint4 a[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; u++) {
            const int pu = p + u * rows;
            a[u] = pu < p1 ? ld16(xs + (size_t)pu * src.stride) : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < kUnroll; u++) {
            const int pu = p + u * rows;
            if (pu < p1) *reinterpret_cast<uint4 *>(yd + (size_t)pu * c) = apply8<kSilu>(a[u], sc, sh);
        }
    }
}

// --- statistics from the producer's epilogue ----------------------------------
//
// A conv whose output a GroupNorm reads can leave that GroupNorm's
// statistics in its epilogue (conv2d_igemm_gn_fp16, kernels/gemm_wgmma.cu):
// per slot (the 64 rows one consumer warpgroup stored, all of one sample)
// and channel, the row count n, the mean and the sum of squared deviations
// M2 over the slot's rows of y (the FP16 values y holds). The fold below
// sums, per (sample, group), n, n mean and M2 + n mean^2 in FP64 and takes
// var = E[x^2] - mean^2 from those: FP64 keeps 40-odd bits of the variance
// even at |mean| / std = 1000, and the slots' own M2 are exact two-level
// sums (no cancellation inside a slot). A first form merged the records by
// Chan's formula, whose two FP64 divisions per record made the fold 9.4 us
// at SD1.5's 320 @64 b2 (Nsight Compute; 128 slots) and 18.4 us at SDXL's
// 320 @128 b2 (512 slots). Grid (groups, B), kFoldThreads threads; each
// thread sums a strided share of the group's (slot, channel) records, then
// the CTA sums the threads' results in a fixed order (xor tree within warps,
// then warps in order), so a graph replay gives the same bits.
constexpr int kFoldThreads = 256;
constexpr int kFoldUnroll = 8;  // records in flight per thread

__global__ void __launch_bounds__(kFoldThreads)
    gn_fold_partials_kernel(const float2 *__restrict__ part, const int2 *__restrict__ slot, int nslots, int c,
                            int groups, const float *__restrict__ gamma, const float *__restrict__ beta, float eps,
                            GnWorkspace ws) {
    pdl_wait();
    pdl_launch_dependents();
    __shared__ double s_sum[kFoldThreads / 32][3];
    const int g = blockIdx.x, b = blockIdx.y, cpg = c / groups;
    double n = 0.0, s1 = 0.0, s2 = 0.0;  // rows, sum, sum of squares
    // kFoldUnroll records per thread per step, every load issued before the first use: the loop is a chain
    // of L2 round trips otherwise (7.1 us at 320 @64 b2, 15.5 us at 320 @128 b2 under Nsight Compute)
    const long long total = (long long)nslots * cpg;
    for (long long k0 = threadIdx.x; k0 < total; k0 += kFoldUnroll * kFoldThreads) {
        int2 info[kFoldUnroll];
        float2 r[kFoldUnroll];
#pragma unroll
        for (int u = 0; u < kFoldUnroll; u++) {
            const long long k = k0 + (long long)u * kFoldThreads;
            const int sl = (int)(k / cpg), j = (int)(k - (long long)sl * cpg);
            info[u] = k < total ? slot[sl] : make_int2(-1, 0);
            r[u] = k < total ? part[(size_t)sl * c + g * cpg + j] : make_float2(0.f, 0.f);
        }
#pragma unroll
        for (int u = 0; u < kFoldUnroll; u++) {
            if (info[u].x != b || info[u].y <= 0) continue;
            const double nb = (double)info[u].y, mb = (double)r[u].x;
            n += nb;
            s1 = fma(nb, mb, s1);
            s2 += fma(nb * mb, mb, (double)r[u].y);
        }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        n += __shfl_xor_sync(0xffffffffu, n, off);
        s1 += __shfl_xor_sync(0xffffffffu, s1, off);
        s2 += __shfl_xor_sync(0xffffffffu, s2, off);
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) s_sum[warp][0] = n, s_sum[warp][1] = s1, s_sum[warp][2] = s2;
    __syncthreads();
    if (threadIdx.x >= 32) return;
    n = s_sum[0][0], s1 = s_sum[0][1], s2 = s_sum[0][2];
    for (int w = 1; w < kFoldThreads / 32; w++) n += s_sum[w][0], s1 += s_sum[w][1], s2 += s_sum[w][2];
    const double mean = n > 0.0 ? s1 / n : 0.0;
    double var = n > 0.0 ? s2 / n - mean * mean : 0.0;
    if (var < 0.0) var = 0.0;
    const float rstd = (float)(1.0 / sqrt(var + (double)eps));
    for (int j = lane; j < cpg; j += 32) {
        const int ch = g * cpg + j;
        const float scale = rstd * gamma[ch];
        ws.scale_shift[(size_t)b * c + ch] = make_float2(scale, beta[ch] - (float)mean * scale);
    }
}

// The apply launch of the two-launch path: x (and x2) through the
// workspace's per-(sample, channel) scale and shift into y.
cudaError_t gn_apply_launch(const half *x, const half *x2, int c1, half *y, int batch, int hw, int c, int apply_silu,
                            const GnWorkspace &ws, cudaStream_t stream) {
    const int rows = rows_per_block(c);
    const int threads = block_threads(c);
    int dev = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e != cudaSuccess) return e;
    // Enough pixels per thread for about 2 CTAs per SM, whole chunks.
    const long long per_px = (long long)rows * kStatsCtasPerSm * (sms > 0 ? sms : 1);
    long long ppt = ((long long)batch * hw + per_px - 1) / per_px;
    if (ppt < 1) ppt = 1;
    if (ppt > kApplyMaxPixels) ppt = kApplyMaxPixels;
    const int ppc = rows * (int)ppt;
    const dim3 grid((hw + ppc - 1) / ppc, batch);
    if (apply_silu)
        return pdl_launch(gn_apply_kernel<true>, grid, dim3(threads), 0, stream, x, x2, c1, y, hw, c, rows, ppc, ws);
    return pdl_launch(gn_apply_kernel<false>, grid, dim3(threads), 0, stream, x, x2, c1, y, hw, c, rows, ppc, ws);
}

// --- one pass: statistics and apply in one kernel, the tile in registers ------
//
// Grid (S, groups / gb, B) in clusters of (S, 1, 1): the S CTAs of a cluster
// share sample b and the channel block of gb whole groups [cb0, cb0 + cw),
// cw = gb * cpg a multiple of 8, and split its pixels into S contiguous
// ranges. A thread owns one 8-channel vector v of the block and up to V
// pixels (r, r + rows, ...) of its CTA's range, which it loads once into
// registers. Pass 1: per-channel sums over its pixels, reduced in a fixed
// order (the CTA's rows, then the group's channels) into a per-group partial
// in shared memory; after a cluster barrier every CTA reads the S partials
// through distributed shared memory in rank order, so all of them hold the
// same mean. Pass 2 does the same for the sum of (x - mean)^2 over the
// registers (an exact two-pass variance, no shift). Then each thread applies
// scale and shift (+ SiLU) to its registers and stores: x is read once, y
// written once, no workspace, no atomics, bit-reproducible.
constexpr int kOpThreads = 512;   // rows x (cw / 8) threads per CTA, at most
constexpr int kOpMaxVec = 16;     // pixels a thread holds (16-byte vectors)
constexpr int kOpMaxCluster = 8;  // portable cluster size
constexpr int kOpMaxCw = 1024;    // channels of a block (smem of the reduction)
constexpr int kOpMaxGb = 64;      // groups of a block

__device__ __forceinline__ void gn_cluster_sync() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" ::: "memory");
#endif
}

// The float at `local` (a shared-memory address) in CTA `rank` of the cluster.
__device__ __forceinline__ float gn_ld_peer(const float *local, unsigned rank) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    unsigned a = (unsigned)__cvta_generic_to_shared(local), r;
    float v;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(a), "r"(rank));
    asm volatile("ld.shared::cluster.f32 %0, [%1];\n" : "=f"(v) : "r"(r) : "memory");
    return v;
#else
    return rank == 0 ? *local : 0.f;
#endif
}

// Per-group sums of the per-thread, per-channel values t[8] (channels
// v * 8 .. + 7 of the block) over the CTA, then over the cluster: out[g]
// (g < gb), the same in every CTA of the cluster. Fixed order throughout:
// K slices of the rows per channel (slice k: rows k, k + K, ...), then one
// warp per group over its channels and slices (lane-strided, xor tree),
// then the cluster's CTAs in rank order. red: (rows, cw), tmp: (K, cw).
__device__ __forceinline__ void gn_block_sum(const float *t, int r, int v, int rows_used, int cw, int cpg, int gb,
                                             int S, float *red, float *tmp, float *part, float *out) {
    if (r < rows_used) {
        float4 *d = reinterpret_cast<float4 *>(red + r * cw + v * 8);
        d[0] = make_float4(t[0], t[1], t[2], t[3]);
        d[1] = make_float4(t[4], t[5], t[6], t[7]);
    }
    __syncthreads();
    const int K = max(1, min((int)blockDim.x / cw, rows_used));
    for (int i = threadIdx.x; i < K * cw; i += blockDim.x) {
        const int ch = i % cw, k = i / cw;
        float a = 0.f;
        for (int rr = k; rr < rows_used; rr += K) a += red[rr * cw + ch];
        tmp[k * cw + ch] = a;
    }
    __syncthreads();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, nwarps = blockDim.x / 32;
    for (int g = warp; g < gb; g += nwarps) {
        float a = 0.f;
        for (int ch = g * cpg + lane; ch < (g + 1) * cpg; ch += 32)
            for (int k = 0; k < K; k++) a += tmp[k * cw + ch];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) a += __shfl_xor_sync(0xffffffffu, a, off);
        if (lane == 0) part[g] = a;
    }
    if (S > 1) gn_cluster_sync();  // every CTA's partials are written (and visible cluster-wide)
    else __syncthreads();
    for (int g = threadIdx.x; g < gb; g += blockDim.x) {
        if (S == 1) {
            out[g] = part[g];
            continue;
        }
        float pv[kOpMaxCluster];
#pragma unroll
        for (int q = 0; q < kOpMaxCluster; q++) pv[q] = q < S ? gn_ld_peer(part + g, (unsigned)q) : 0.f;
        float a = 0.f;
#pragma unroll
        for (int q = 0; q < kOpMaxCluster; q++) a += pv[q];  // rank order (the zeros past S add nothing)
        out[g] = a;
    }
    __syncthreads();
}

template <int V, bool kSilu>
__global__ void __launch_bounds__(kOpThreads)
    gn_one_pass_kernel(const half *__restrict__ x, const half *__restrict__ x2, int c1, half *__restrict__ y,
                       const float *__restrict__ gamma, const float *__restrict__ beta, int hw, int c, int groups,
                       float eps, int gb, int rows) {
    pdl_wait();
    __shared__ __align__(16) float red[kOpThreads * 8];  // (rows, cw): per-thread channel sums
    __shared__ float tmp[kOpMaxCw > kOpThreads ? kOpMaxCw : kOpThreads];  // (K, cw): row-slice sums
    __shared__ float part1[kOpMaxGb], part2[kOpMaxGb];   // (gb): this CTA's group sums (read by the peers)
    __shared__ float mean_s[kOpMaxGb], m2_s[kOpMaxGb];   // (gb): the cluster's totals

    const int S = gridDim.x, rank = blockIdx.x, b = blockIdx.z;
    const int cpg = c / groups, cw = gb * cpg, vb = cw / 8;
    const int cb0 = blockIdx.y * cw;           // first channel of the block
    const int v = threadIdx.x % vb, r = threadIdx.x / vb;
    const int p0 = (int)((long long)rank * hw / S), p1 = (int)((long long)(rank + 1) * hw / S);
    const int rows_used = min(rows, p1 - p0);  // rows that hold a pixel
    const bool active = r < rows_used;

    uint4 a[V];
    float t[8];
#pragma unroll
    for (int e = 0; e < 8; e++) t[e] = 0.f;
    const VecSrc src = vec_src(x, x2, c1, c, hw, b, cb0 + v * 8);
#pragma unroll
    for (int i = 0; i < V; i++) {
        const int p = p0 + r + i * rows;
        a[i] = active && p < p1 ? ld16(src.p + (size_t)p * src.stride) : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int i = 0; i < V; i++) {  // zeros (absent pixels) add nothing
        const half2 *h2 = reinterpret_cast<const half2 *>(&a[i]);
#pragma unroll
        for (int e = 0; e < 4; e++) {
            const float2 f = __half22float2(h2[e]);
            t[2 * e] += f.x;
            t[2 * e + 1] += f.y;
        }
    }
    const float n = (float)hw * (float)cpg;
    gn_block_sum(t, r, v, rows_used, cw, cpg, gb, S, red, tmp, part1, mean_s);
    for (int g = threadIdx.x; g < gb; g += blockDim.x) mean_s[g] /= n;
    __syncthreads();

    // Pass 2: sum of squared deviations from the group's mean, from registers.
    float mu[8];
#pragma unroll
    for (int e = 0; e < 8; e++) {
        mu[e] = mean_s[(v * 8 + e) / cpg];
        t[e] = 0.f;
    }
#pragma unroll
    for (int i = 0; i < V; i++) {
        if (!(active && p0 + r + i * rows < p1)) continue;
        const half2 *h2 = reinterpret_cast<const half2 *>(&a[i]);
#pragma unroll
        for (int e = 0; e < 4; e++) {
            const float2 f = __half22float2(h2[e]);
            const float d0 = f.x - mu[2 * e], d1 = f.y - mu[2 * e + 1];
            t[2 * e] = fmaf(d0, d0, t[2 * e]);
            t[2 * e + 1] = fmaf(d1, d1, t[2 * e + 1]);
        }
    }
    gn_block_sum(t, r, v, rows_used, cw, cpg, gb, S, red, tmp, part2, m2_s);
    if (S > 1) gn_cluster_sync();  // the peers have read this CTA's partials: it may exit

    // Apply: y = x * scale + shift (+ SiLU), scale = rstd * gamma, shift = beta - mean * scale.
    if (!active) return;
    float sc[8], sh[8];
#pragma unroll
    for (int e = 0; e < 8; e++) {
        const int g = (v * 8 + e) / cpg, ch = cb0 + v * 8 + e;
        const float rstd = rsqrtf(m2_s[g] / n + eps);
        sc[e] = rstd * gamma[ch];
        sh[e] = beta[ch] - mu[e] * sc[e];
    }
    half *yd = y + (size_t)b * hw * c + cb0 + v * 8;
#pragma unroll
    for (int i = 0; i < V; i++) {
        const int p = p0 + r + i * rows;
        if (p < p1) *reinterpret_cast<uint4 *>(yd + (size_t)p * c) = apply8<kSilu>(a[i], sc, sh);
    }
}

// The one-pass plan of a shape: groups per block, cluster size, pixel rows
// and vectors per thread (V), or false where the tile does not fit (the
// two launches then run).
struct GnOnePass {
    int gb, S, rows, V, threads;
};

// Clusters of S CTAs of the <V> kernel with `threads` threads that the
// current device holds at once (cudaOccupancyMaxActiveClusters), cached;
// 0 on error.
int gn_max_active_clusters(int V, int threads, int S) {
    static int cache[5][kOpMaxCluster + 1][kOpThreads / 32 + 1];  // [log2 V][S][warps], value + 1
    int lv = 0;
    while ((1 << lv) < V) lv++;
    int &slot = cache[lv][S][threads / 32];
    if (slot) return slot - 1;
    void (*k)(const half *, const half *, int, half *, const float *, const float *, int, int, int, float, int,
              int) = lv == 0   ? gn_one_pass_kernel<1, true>
                     : lv == 1 ? gn_one_pass_kernel<2, true>
                     : lv == 2 ? gn_one_pass_kernel<4, true>
                     : lv == 3 ? gn_one_pass_kernel<8, true>
                               : gn_one_pass_kernel<16, true>;
    const int n = max_active_clusters(k, dim3(S, 64, 1), dim3(S, 1, 1), dim3(threads), 0);
    slot = n + 1;
    return n;
}

// The one-pass tile at cluster size S: rows that hold a pixel, pixels per
// thread (V, a power of two) and threads (whole warps).
void gn_one_pass_tile(int hw, int S, int rows, int vb, GnOnePass *pl) {
    const int px = (hw + S - 1) / S;                   // pixels of the largest CTA
    const int rows_used = px < rows ? px : rows;
    const int per = (px + rows_used - 1) / rows_used;  // pixels per thread
    int V = 1;
    while (V < per) V *= 2;
    pl->S = S;
    pl->rows = rows_used;
    pl->V = V;
    pl->threads = (rows_used * vb + 31) / 32 * 32;
}

// The plan: the fewest groups per block that make whole 16-byte vectors,
// the smallest cluster whose CTAs hold the block's pixels, doubled while
// SMs stay idle; then halved again until every cluster of the grid is
// resident at once (a cluster's CTAs wait for each other three times, and
// a second wave of clusters doubled the time at SD1.5's 64 x 64, batch 2).
bool gn_one_pass_plan(int batch, int hw, int c, int c1, int groups, int num_sms, int max_cluster, GnOnePass *pl) {
    if (batch <= 0 || batch > 65535 || hw <= 0 || c % 8 || c <= 0 || groups <= 0 || c % groups) return false;
    if (c1 % 8) return false;
    const int cpg = c / groups;
    int gb = 0;
    for (int g = 1; g <= groups && g <= kOpMaxGb; g++)
        if (groups % g == 0 && (g * cpg) % 8 == 0 && g * cpg <= kOpMaxCw) {
            gb = g;
            break;
        }
    if (!gb) return false;
    const int vb = gb * cpg / 8;
    if (vb > kOpThreads) return false;
    const int rows = kOpThreads / vb, blocks = groups / gb;
    if (blocks > 65535) return false;
    int smin = 1;
    while ((hw + smin - 1) / smin > rows * kOpMaxVec && smin < max_cluster) smin *= 2;
    if ((hw + smin - 1) / smin > rows * kOpMaxVec) return false;
    int S = smin;  // more CTAs while they leave SMs idle and every row keeps a pixel
    while ((long long)batch * blocks * S < num_sms && S < max_cluster && hw / (2 * S) >= rows) S *= 2;
    pl->gb = gb;
    for (; S >= smin; S /= 2) {
        gn_one_pass_tile(hw, S, rows, vb, pl);
        if (S == 1 || (long long)batch * blocks <= gn_max_active_clusters(pl->V, pl->threads, S)) return true;
    }
    return false;
}

// Largest cluster the current device launches (1 before cc 9.0 or on error).
int gn_max_cluster() {
    int dev = 0, major = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) !=
                                                  cudaSuccess) {
        cudaGetLastError();
        return 1;
    }
    return major >= 9 ? kOpMaxCluster : 1;
}

template <int V>
cudaError_t gn_one_pass_launch(const GnOnePass &pl, const half *x, const half *x2, int c1, half *y, const float *gamma,
                               const float *beta, int batch, int hw, int c, int groups, float eps, bool silu,
                               cudaStream_t stream) {
    const dim3 grid(pl.S, groups / pl.gb, batch), cluster(pl.S, 1, 1);
    if (silu)
        return pdl_launch_cluster(gn_one_pass_kernel<V, true>, grid, dim3(pl.threads), 0, stream, cluster, x, x2, c1, y,
                                  gamma, beta, hw, c, groups, eps, pl.gb, pl.rows);
    return pdl_launch_cluster(gn_one_pass_kernel<V, false>, grid, dim3(pl.threads), 0, stream, cluster, x, x2, c1, y,
                              gamma, beta, hw, c, groups, eps, pl.gb, pl.rows);
}

}  // namespace

extern "C" int groupnorm_splits(int batch, int hw, int c, int num_sms) {
    if (batch <= 0 || hw <= 0 || c < 8) return 1;
    int rows = rows_per_block(c);
    int want = (kStatsCtasPerSm * num_sms + batch - 1) / batch;  // CTAs per sample
    int max_useful = (hw + rows - 1) / rows;                       // >= 1 pixel per thread
    int s = want < max_useful ? want : max_useful;
    return s < 1 ? 1 : s;
}

extern "C" int groupnorm_one_pass(int batch, int hw, int c, int c1, int groups, int num_sms) {
    GnOnePass pl;
    return gn_one_pass_plan(batch, hw, c, c1, groups, num_sms, gn_max_cluster(), &pl) ? pl.S : 0;
}

extern "C" size_t groupnorm_workspace_bytes(int batch, int groups, int splits, int c) {
    return align256((size_t)batch * groups * splits * sizeof(double2)) +
           align256((size_t)batch * c * sizeof(float2)) + align256((size_t)batch * sizeof(unsigned));
}

extern "C" cudaError_t groupnorm_silu_fp16(const uint16_t *x, uint16_t *y, const float *gamma,
                                           const float *beta, int batch, int hw, int c, int groups,
                                           float eps, int apply_silu, int splits, void *workspace,
                                           cudaStream_t stream) {
    return groupnorm2_silu_fp16(x, NULL, c, y, gamma, beta, batch, hw, c, groups, eps, apply_silu, splits, workspace,
                                stream);
}

extern "C" const float *groupnorm_scale_shift(const void *workspace, int batch, int groups, int splits, int c) {
    return reinterpret_cast<const float *>(carve(const_cast<void *>(workspace), batch, groups, splits, c).scale_shift);
}

extern "C" cudaError_t groupnorm_stats_fp16(const uint16_t *x, const uint16_t *x2, int c1, const float *gamma,
                                            const float *beta, int batch, int hw, int c, int groups, float eps,
                                            int splits, void *workspace, cudaStream_t stream) {
    if (c % 8 || c <= 0 || c > kMaxC || groups <= 0 || c % groups || splits < 1 || !workspace || batch <= 0 ||
        batch > 65535 || hw <= 0)
        return cudaErrorInvalidValue;
    if (x2 && (c1 % 8 || c1 <= 0 || c1 >= c)) return cudaErrorInvalidValue;
    GnWorkspace ws = carve(workspace, batch, groups, splits, c);
    const int rows = rows_per_block(c);
    const int threads = block_threads(c);  // whole warps; extra lanes only help reduce and fold
    size_t smem = (size_t)2 * rows * c * sizeof(float);
    const size_t smem_fold = (size_t)groups * sizeof(float2);
    if (smem_fold > smem) smem = smem_fold;  // <= 2 * kMaxC floats: groups <= c
    static bool attr_set = false;
    if (!attr_set) {
        cudaError_t e = cudaFuncSetAttribute(gn_stats_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)(2 * kMaxC * sizeof(float)));
        if (e != cudaSuccess) return e;
        attr_set = true;
    }
    const half *hx = reinterpret_cast<const half *>(x), *hx2 = reinterpret_cast<const half *>(x2);
    return pdl_launch(gn_stats_kernel, dim3(splits, batch), dim3(threads), smem, stream, hx, hx2, c1, gamma, beta, hw,
                      c, groups, eps, splits, rows, ws);
}

extern "C" cudaError_t groupnorm2_silu_fp16(const uint16_t *x, const uint16_t *x2, int c1, uint16_t *y,
                                            const float *gamma, const float *beta, int batch, int hw, int c,
                                            int groups, float eps, int apply_silu, int splits, void *workspace,
                                            cudaStream_t stream) {
    if (splits == 0) {  // one pass (groupnorm_one_pass): statistics and apply in one kernel
        int dev = 0, sms = 0;
        cudaError_t e = cudaGetDevice(&dev);
        if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
        if (e != cudaSuccess) return e;
        GnOnePass pl;
        if (x2 && (c1 % 8 || c1 <= 0 || c1 >= c)) return cudaErrorInvalidValue;
        if (!gn_one_pass_plan(batch, hw, c, x2 ? c1 : 0, groups, sms, gn_max_cluster(), &pl))
            return cudaErrorInvalidValue;
        const half *hx = reinterpret_cast<const half *>(x), *hx2 = reinterpret_cast<const half *>(x2);
        half *hy = reinterpret_cast<half *>(y);
        switch (pl.V) {
            case 1: return gn_one_pass_launch<1>(pl, hx, hx2, c1, hy, gamma, beta, batch, hw, c, groups, eps, apply_silu, stream);
            case 2: return gn_one_pass_launch<2>(pl, hx, hx2, c1, hy, gamma, beta, batch, hw, c, groups, eps, apply_silu, stream);
            case 4: return gn_one_pass_launch<4>(pl, hx, hx2, c1, hy, gamma, beta, batch, hw, c, groups, eps, apply_silu, stream);
            case 8: return gn_one_pass_launch<8>(pl, hx, hx2, c1, hy, gamma, beta, batch, hw, c, groups, eps, apply_silu, stream);
            default: return gn_one_pass_launch<16>(pl, hx, hx2, c1, hy, gamma, beta, batch, hw, c, groups, eps, apply_silu, stream);
        }
    }
    cudaError_t e = groupnorm_stats_fp16(x, x2, c1, gamma, beta, batch, hw, c, groups, eps, splits, workspace, stream);
    if (e != cudaSuccess) return e;
    return gn_apply_launch(reinterpret_cast<const half *>(x), reinterpret_cast<const half *>(x2), c1,
                           reinterpret_cast<half *>(y), batch, hw, c, apply_silu,
                           carve(workspace, batch, groups, splits, c), stream);
}

extern "C" cudaError_t groupnorm_apply_partials_fp16(const float *part, const int *slot, int nslots, const uint16_t *x,
                                                     uint16_t *y, const float *gamma, const float *beta, int batch,
                                                     int hw, int c, int groups, float eps, int apply_silu,
                                                     void *workspace, cudaStream_t stream) {
    if (!part || !slot || nslots <= 0 || c % 8 || c <= 0 || c > kMaxC || groups <= 0 || c % groups || !workspace ||
        batch <= 0 || batch > 65535 || hw <= 0 || groups > 65535 || (reinterpret_cast<uintptr_t>(part) & 7) ||
        (reinterpret_cast<uintptr_t>(slot) & 7))
        return cudaErrorInvalidValue;
    const GnWorkspace ws = carve(workspace, batch, groups, 0, c);  // the scale and shift only
    cudaError_t e = pdl_launch(gn_fold_partials_kernel, dim3(groups, batch), dim3(kFoldThreads), 0, stream,
                               reinterpret_cast<const float2 *>(part), reinterpret_cast<const int2 *>(slot), nslots,
                               c, groups, gamma, beta, eps, ws);
    if (e != cudaSuccess) return e;
    return gn_apply_launch(reinterpret_cast<const half *>(x), nullptr, c, reinterpret_cast<half *>(y), batch, hw, c,
                           apply_silu, ws, stream);
}
