// unet_ops.cu: the small operations a whole UNet adds to the blocks' kernels:
//   conv2d_small_fp16   direct convolution for channel counts that are not
//                       multiples of 8 (conv_in reads the 4 latent channels,
//                       conv_out writes 4): a thread per output channel over
//                       a tile of pixels staged in shared memory (few
//                       inputs), a warp per pixel (at most 8 outputs)
//   linear_rows_res_fp16  y = silu?(x) W^T + bias + residual over a few rows
//                       (SDXL: add_embedding.linear_2 + the time embedding),
//                       one warp per output, one FP16 rounding
//   gather_view_f32     the input a node's FP32 reference reads: the channel
//                       concatenation of two tensors or a nearest-2x
//                       upsampling (the fast kernels read them in place)
#include <cuda_fp16.h>

#include "kernels.h"
#include "pdl.cuh"

namespace {

// Few input channels (conv_in: 4 latent channels, K = ks*ks*cin <= SMALL_K):
// a CTA of up to SMALL_CO threads (one per output channel, rounded up to
// whole warps; grid.y covers the rest) and a tile of SMALL_P output pixels. The CTA stages the tile's
// input patches in shared memory as FP32 (xs: (SMALL_P, K), padding taps
// zero), each thread keeps its output channel's K weights in registers, and
// the P pixels are then broadcast reads of xs: the stores of a pixel are
// `cout` consecutive halves (coalesced). The first version (one thread per
// output, weights read from global memory with a 72-byte stride across the
// lanes, 64-bit index divisions) took 92.5 us for SD1.5's conv_in at batch
// 2 on the H100: every weight load touched 32 sectors.
constexpr int SMALL_K = 72;   // largest patch (3x3 x 8 channels) kept in registers
constexpr int SMALL_P = 32;   // output pixels per CTA
constexpr int SMALL_CO = 512; // output channels per CTA at most (grid.y covers more)
__global__ void __launch_bounds__(SMALL_CO) conv_small_cin_kernel(ConvShape s, const half *__restrict__ x, const half *__restrict__ w,
                                      const float *__restrict__ bias, half *__restrict__ y) {
    pdl_wait();
    __shared__ float xs[SMALL_P * SMALL_K];  // (SMALL_P, K) input patches of this CTA's pixels
    const int K = s.ksize * s.ksize * s.cin;
    const int M = s.batch * s.ho * s.wo;
    const int m0 = blockIdx.x * SMALL_P;
    for (int i = threadIdx.x; i < SMALL_P * K; i += blockDim.x) {
        const int p = i / K, k = i - p * K;
        const int tap = k / s.cin, ci = k - tap * s.cin;
        const int kh = tap / s.ksize, kw = tap - kh * s.ksize;
        const int m = m0 + p;
        float v = 0.f;
        if (m < M) {
            const int wo = m % s.wo, ho = (m / s.wo) % s.ho, b = m / (s.wo * s.ho);
            const int ih = ho * s.stride - s.pad + kh, iw = wo * s.stride - s.pad + kw;
            if (ih >= 0 && ih < s.h && iw >= 0 && iw < s.w) v = __half2float(x[((b * s.h + ih) * s.w + iw) * s.cin + ci]);
        }
        xs[i] = v;
    }
    const int co = blockIdx.y * blockDim.x + threadIdx.x;
    float wr[SMALL_K];  // this thread's output channel: (K) weights
#pragma unroll
    for (int k = 0; k < SMALL_K; k++) wr[k] = (co < s.cout && k < K) ? __half2float(w[co * K + k]) : 0.f;
    const float bv = (bias && co < s.cout) ? bias[co] : 0.f;
    __syncthreads();
    if (co >= s.cout) return;
    for (int p = 0; p < SMALL_P && m0 + p < M; p++) {
        const float *xp = xs + p * K;
        float acc = 0.f;
#pragma unroll
        for (int k = 0; k < SMALL_K; k++)
            if (k < K) acc = fmaf(xp[k], wr[k], acc);
        y[(size_t)(m0 + p) * s.cout + co] = __float2half_rn(acc + bv);
    }
}

// Any other shape with a channel count that is not a multiple of 8 (none in
// the SD families; kept for generality): one thread per output, FP32 sum.
__global__ void conv_small_kernel(ConvShape s, const half *__restrict__ x, const half *__restrict__ w,
                                  const float *__restrict__ bias, half *__restrict__ y) {
    pdl_wait();
    const size_t total = (size_t)s.batch * s.ho * s.wo * s.cout;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total; i += (size_t)gridDim.x * blockDim.x) {
        const int co = (int)(i % s.cout);
        const size_t m = i / s.cout;
        const int wo = (int)(m % s.wo), ho = (int)((m / s.wo) % s.ho), b = (int)(m / ((size_t)s.wo * s.ho));
        float acc = 0.f;
        for (int kh = 0; kh < s.ksize; kh++) {
            const int ih = ho * s.stride - s.pad + kh;
            if (ih < 0 || ih >= s.h) continue;
            for (int kw = 0; kw < s.ksize; kw++) {
                const int iw = wo * s.stride - s.pad + kw;
                if (iw < 0 || iw >= s.w) continue;
                const half *xp = x + (((size_t)b * s.h + ih) * s.w + iw) * s.cin;                   // (Cin)
                const half *wp = w + (((size_t)co * s.ksize + kh) * s.ksize + kw) * s.cin;          // (Cin)
                for (int ci = 0; ci < s.cin; ci++) acc += __half2float(xp[ci]) * __half2float(wp[ci]);
            }
        }
        if (bias) acc += bias[co];
        y[i] = __float2half_rn(acc);
    }
}

// Few output channels (conv_out: 4, at most 8) and cin a multiple of 8: one
// warp per output pixel; the lanes walk the pixel's K / 8 16-byte chunks
// (tap-major, as the weight rows are laid out: both loads are 16 bytes and
// consecutive across the lanes), 8 FMAs per chunk and output channel, then a
// shuffle tree per output channel. The first version read 2-byte elements
// with the lanes over the channels of one tap at a time (a 320-channel tap is
// 10 loads per lane): 77.8 us for SD1.5's conv_out at batch 2 on the H100.
__global__ void conv_small_cout_kernel(ConvShape s, const half *__restrict__ x, const half *__restrict__ w,
                                       const float *__restrict__ bias, half *__restrict__ y) {
    pdl_wait();
    const int K = s.ksize * s.ksize * s.cin, cq = s.cin / 8, lane = threadIdx.x % 32;
    const int M = s.batch * s.ho * s.wo, nwarps = gridDim.x * blockDim.x / 32;
    for (int m = (blockIdx.x * blockDim.x + threadIdx.x) / 32; m < M; m += nwarps) {
        const int wo = m % s.wo, ho = (m / s.wo) % s.ho, b = m / (s.wo * s.ho);
        float acc[8];
#pragma unroll
        for (int c = 0; c < 8; c++) acc[c] = 0.f;
        for (int j = lane; j < K / 8; j += 32) {  // chunk j: tap j / cq, channels (j % cq) * 8 .. + 7
            const int tap = j / cq, c8 = (j - tap * cq) * 8;
            const int kh = tap / s.ksize, kw = tap - kh * s.ksize;
            const int ih = ho * s.stride - s.pad + kh, iw = wo * s.stride - s.pad + kw;
            if (ih < 0 || ih >= s.h || iw < 0 || iw >= s.w) continue;
            const uint4 xv = *reinterpret_cast<const uint4 *>(x + ((b * s.h + ih) * s.w + iw) * s.cin + c8);
            const half2 *xh = reinterpret_cast<const half2 *>(&xv);
            float xf[8];
#pragma unroll
            for (int e = 0; e < 4; e++) {
                const float2 f = __half22float2(xh[e]);
                xf[2 * e] = f.x;
                xf[2 * e + 1] = f.y;
            }
#pragma unroll
            for (int c = 0; c < 8; c++) {
                if (c >= s.cout) break;
                const uint4 wv = *reinterpret_cast<const uint4 *>(w + (size_t)c * K + j * 8);  // (8) weights
                const half2 *wh = reinterpret_cast<const half2 *>(&wv);
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    const float2 f = __half22float2(wh[e]);
                    acc[c] = fmaf(xf[2 * e], f.x, acc[c]);
                    acc[c] = fmaf(xf[2 * e + 1], f.y, acc[c]);
                }
            }
        }
#pragma unroll
        for (int c = 0; c < 8; c++)
#pragma unroll
            for (int off = 16; off > 0; off >>= 1) acc[c] += __shfl_xor_sync(0xffffffffu, acc[c], off);
        if (lane < s.cout) {
            float v = acc[0];
#pragma unroll
            for (int c = 1; c < 8; c++)
                if (lane == c) v = acc[c];
            if (bias) v += bias[lane];
            y[m * s.cout + lane] = __float2half_rn(v);
        }
    }
}

__global__ void linear_res_kernel(const half *__restrict__ x, const half *__restrict__ w,
                                  const float *__restrict__ bias, const half *__restrict__ res,
                                  half *__restrict__ y, int batch, int k, int n, int silu_in) {
    pdl_wait();
    const int warp = (int)((blockIdx.x * (size_t)blockDim.x + threadIdx.x) / 32), lane = threadIdx.x % 32;
    if (warp >= batch * n) return;
    const int b = warp / n, o = warp % n;
    float acc = 0.f;
    for (int i = lane; i < k; i += 32) {
        float v = __half2float(x[(size_t)b * k + i]);
        if (silu_in) v = v / (1.f + __expf(-v));
        acc += v * __half2float(w[(size_t)o * k + i]);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, off);
    if (lane) return;
    if (bias) acc += bias[o];
    if (res) acc += __half2float(res[(size_t)b * n + o]);
    y[(size_t)b * n + o] = __float2half_rn(acc);
}

__global__ void gather_view_kernel(const float *__restrict__ x, const float *__restrict__ x2, int c1, int c2, int up,
                                   int batch, int h, int w, float *__restrict__ dst) {
    const int c = c1 + c2, ho = up ? 2 * h : h, wo = up ? 2 * w : w;
    const size_t total = (size_t)batch * ho * wo * c;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total; i += (size_t)gridDim.x * blockDim.x) {
        const int ch = (int)(i % c);
        const size_t pix = i / c;
        const int ox = (int)(pix % wo), oy = (int)((pix / wo) % ho), b = (int)(pix / ((size_t)wo * ho));
        const size_t sp = ((size_t)b * h + (up ? oy / 2 : oy)) * w + (up ? ox / 2 : ox);
        dst[i] = ch < c1 ? x[sp * c1 + ch] : x2[sp * c2 + ch - c1];
    }
}

// Per row: heads x d columns at src (stride ld_src) <-> heads x dp columns at dst (stride ld_dst), zero fill.
__global__ void repack_heads_kernel(const half *__restrict__ src, int ld_src, int d_src, half *__restrict__ dst,
                                    int ld_dst, int d_dst, size_t rows, int heads) {
    pdl_wait();
    const size_t total = rows * heads * d_dst;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total; i += (size_t)gridDim.x * blockDim.x) {
        const int j = (int)(i % d_dst), h = (int)((i / d_dst) % heads);
        const size_t r = i / ((size_t)d_dst * heads);
        dst[r * ld_dst + (size_t)h * d_dst + j] = j < d_src ? src[r * ld_src + (size_t)h * d_src + j] : __float2half(0.f);
    }
}

int grid_of(size_t total) {
    size_t b = (total + 255) / 256;
    return (int)(b > 16384 ? 16384 : (b ? b : 1));
}

}  // namespace

extern "C" cudaError_t conv2d_small_fp16(const ConvShape *s, const uint16_t *x, const uint16_t *w, const float *bias,
                                         uint16_t *y, cudaStream_t stream) {
    const half *hx = reinterpret_cast<const half *>(x), *hw = reinterpret_cast<const half *>(w);
    const long long M = (long long)s->batch * s->ho * s->wo, K = (long long)s->ksize * s->ksize * s->cin;
    if (M <= 0 || K <= 0 || s->cout <= 0) return cudaErrorInvalidValue;
    if (M * s->cout >= (1LL << 31) || (long long)s->batch * s->h * s->w * s->cin >= (1LL << 31))
        return cudaErrorInvalidValue;  // the kernels index with 32-bit ints
    const bool aligned16 = (((uintptr_t)x | (uintptr_t)w) & 15) == 0;
    if (s->cout <= 8 && s->cin % 8 == 0 && aligned16) {  // conv_out: a warp per output pixel, 16-byte loads
        return pdl_launch(conv_small_cout_kernel, dim3(grid_of((size_t)M * 32)), dim3(256), 0, stream, *s, hx, hw,
                          bias, reinterpret_cast<half *>(y));
    }
    if (K <= SMALL_K) {  // conv_in: a CTA per SMALL_P pixels (and SMALL_CO channels), a thread per output channel
        const int threads = s->cout < SMALL_CO ? (s->cout + 31) / 32 * 32 : SMALL_CO;
        const dim3 grid((unsigned)((M + SMALL_P - 1) / SMALL_P), (unsigned)((s->cout + threads - 1) / threads));
        return pdl_launch(conv_small_cin_kernel, grid, dim3(threads), 0, stream, *s, hx, hw, bias,
                          reinterpret_cast<half *>(y));
    }
    const size_t total = (size_t)s->batch * s->ho * s->wo * s->cout;
    return pdl_launch(conv_small_kernel, dim3(grid_of(total)), dim3(256), 0, stream, *s, hx, hw, bias,
                      reinterpret_cast<half *>(y));
}

extern "C" cudaError_t linear_rows_res_fp16(const uint16_t *x, const uint16_t *w, const float *bias,
                                            const uint16_t *residual, uint16_t *y, int batch, int k, int n,
                                            int silu_in, cudaStream_t stream) {
    if (batch <= 0 || k <= 0 || n <= 0) return cudaErrorInvalidValue;
    const size_t threads = (size_t)batch * n * 32;
    return pdl_launch(linear_res_kernel, dim3((unsigned)((threads + 255) / 256)), dim3(256), 0, stream,
                      reinterpret_cast<const half *>(x), reinterpret_cast<const half *>(w), bias,
                      reinterpret_cast<const half *>(residual), reinterpret_cast<half *>(y), batch, k, n, silu_in);
}

extern "C" cudaError_t gather_view_f32(const float *x, const float *x2, int c1, int c2, int up, int batch, int h,
                                       int w, float *dst, cudaStream_t stream) {
    const size_t total = (size_t)batch * (up ? 4 : 1) * h * w * (c1 + c2);
    gather_view_kernel<<<grid_of(total), 256, 0, stream>>>(x, x2, c1, c2, up, batch, h, w, dst);
    return cudaGetLastError();
}

extern "C" cudaError_t repack_heads_fp16(const uint16_t *src, int ld_src, int d_src, uint16_t *dst, int ld_dst,
                                         int d_dst, size_t rows, int heads, cudaStream_t stream) {
    const size_t total = rows * heads * d_dst;
    return pdl_launch(repack_heads_kernel, dim3(grid_of(total)), dim3(256), 0, stream,
                      reinterpret_cast<const half *>(src), ld_src, d_src, reinterpret_cast<half *>(dst), ld_dst, d_dst,
                      rows, heads);
}
