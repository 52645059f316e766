// reference.cu: FP32 reference kernels on the GPU.
//
// Simple and obviously right, not fast: one thread per output element, plain
// loops in the same order as the CPU twins in src/layers/*.c, so the GPU and
// CPU references agree to FP32 rounding (checked by make test-gpu at 1e-5).
// Weights use the layouts that make these loops coalesced: conv weights
// (k, k, Cin, Cout), so neighbouring threads (neighbouring output channels)
// read neighbouring weights.
#include "kernels.h"

#include <math.h>

namespace {

__global__ void conv2d_ref_kernel(ConvShape s, const float *__restrict__ x, const float *__restrict__ w,
                                  const float *__restrict__ bias, const float *__restrict__ temb,
                                  const float *__restrict__ residual, float *__restrict__ y) {
    size_t total = (size_t)s.batch * s.ho * s.wo * s.cout;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total;
         i += (size_t)gridDim.x * blockDim.x) {
        int co = (int)(i % s.cout);
        size_t m = i / s.cout;
        int wo = (int)(m % s.wo);
        int ho = (int)((m / s.wo) % s.ho);
        int b = (int)(m / ((size_t)s.wo * s.ho));
        float acc = 0.f;
        for (int kh = 0; kh < s.ksize; kh++) {
            int ih = ho * s.stride - s.pad + kh;
            if (ih < 0 || ih >= s.h) continue;
            for (int kw = 0; kw < s.ksize; kw++) {
                int iw = wo * s.stride - s.pad + kw;
                if (iw < 0 || iw >= s.w) continue;
                const float *xp = x + (((size_t)b * s.h + ih) * s.w + iw) * s.cin;
                const float *wp = w + ((size_t)(kh * s.ksize + kw) * s.cin) * s.cout + co;
                for (int ci = 0; ci < s.cin; ci++) acc = fmaf(xp[ci], wp[(size_t)ci * s.cout], acc);
            }
        }
        if (bias) acc += bias[co];
        if (temb) acc += temb[(size_t)b * s.cout + co];
        if (residual) acc += residual[i];
        y[i] = acc;
    }
}

constexpr int kGnThreads = 256;

__device__ double block_sum(double v, double *sh) {
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if ((int)threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    double r = sh[0];
    __syncthreads();
    return r;
}

// One block per (b, g): mean, then variance about the mean (two passes).
__global__ void groupnorm_ref_kernel(const float *__restrict__ x, float *__restrict__ y,
                                     const float *__restrict__ gamma, const float *__restrict__ beta,
                                     int hw, int c, int groups, float eps) {
    __shared__ double sh[kGnThreads];
    int b = blockIdx.x / groups, g = blockIdx.x % groups;
    int cpg = c / groups;
    size_t n = (size_t)hw * cpg;
    const float *xb = x + (size_t)b * hw * c + g * cpg;
    double a = 0.0;
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) a += xb[(i / cpg) * c + i % cpg];
    double mean = block_sum(a, sh) / (double)n;
    double q = 0.0;
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) {
        double d = xb[(i / cpg) * c + i % cpg] - mean;
        q += d * d;
    }
    double var = block_sum(q, sh) / (double)n;
    float rstd = (float)(1.0 / sqrt(var + (double)eps));
    float fmean = (float)mean;
    float *yb = y + (size_t)b * hw * c + g * cpg;
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) {
        size_t off = (i / cpg) * c + i % cpg;
        int ch = g * cpg + (int)(i % cpg);
        yb[off] = (xb[off] - fmean) * rstd * gamma[ch] + beta[ch];
    }
}

__global__ void silu_ref_kernel(const float *x, float *y, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        float v = x[i];
        y[i] = v / (1.0f + expf(-v));
    }
}

// y = x W^T + bias + residual. A 16x16 shared-memory tiled FP32 GEMM: each
// thread owns one output and accumulates over k in order (same order as the
// CPU twin), tiles only make the transformer's large GEMMs affordable.
constexpr int kLinTile = 16;
__global__ void linear_ref_kernel(const float *__restrict__ x, const float *__restrict__ w,
                                  const float *__restrict__ bias, const float *__restrict__ residual,
                                  float *__restrict__ y, int m, int k, int n) {
    __shared__ float xs[kLinTile][kLinTile + 1];  // (rows, k)
    __shared__ float ws[kLinTile][kLinTile + 1];  // (cols, k)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * kLinTile + ty;
    const int col = blockIdx.x * kLinTile + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < k; k0 += kLinTile) {
        int xr = blockIdx.y * kLinTile + ty, wr = blockIdx.x * kLinTile + ty;
        xs[ty][tx] = (xr < m && k0 + tx < k) ? x[(size_t)xr * k + k0 + tx] : 0.f;
        ws[ty][tx] = (wr < n && k0 + tx < k) ? w[(size_t)wr * k + k0 + tx] : 0.f;
        __syncthreads();
        int kmax = min(kLinTile, k - k0);
        for (int kk = 0; kk < kmax; kk++) acc = fmaf(xs[ty][kk], ws[tx][kk], acc);
        __syncthreads();
    }
    if (row < m && col < n) {
        if (bias) acc += bias[col];
        if (residual) acc += residual[(size_t)row * n + col];
        y[(size_t)row * n + col] = acc;
    }
}

__global__ void geglu_ref_kernel(const float *__restrict__ x, float *__restrict__ y, int m, int f) {
    size_t total = (size_t)m * f;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total;
         i += (size_t)gridDim.x * blockDim.x) {
        size_t r = i / f;
        int j = (int)(i % f);
        float a = x[r * 2 * f + j], g = x[r * 2 * f + f + j];
        y[i] = a * (0.5f * g * (1.0f + erff(g * 0.70710678118654752f)));
    }
}

// One block per row; two passes (mean, then centered variance) in FP32.
constexpr int kLnThreads = 256;
__global__ void layernorm_ref_kernel(const float *__restrict__ x, float *__restrict__ y,
                                     const float *__restrict__ gamma, const float *__restrict__ beta, int c,
                                     float eps) {
    __shared__ float red[kLnThreads];
    const float *xr = x + (size_t)blockIdx.x * c;
    float *yr = y + (size_t)blockIdx.x * c;
    float s = 0.f;
    for (int i = threadIdx.x; i < c; i += kLnThreads) s += xr[i];
    red[threadIdx.x] = s;
    __syncthreads();
    for (int o = kLnThreads / 2; o > 0; o >>= 1) {
        if (threadIdx.x < o) red[threadIdx.x] += red[threadIdx.x + o];
        __syncthreads();
    }
    const float mean = red[0] / c;
    __syncthreads();
    float v = 0.f;
    for (int i = threadIdx.x; i < c; i += kLnThreads) {
        float d = xr[i] - mean;
        v += d * d;
    }
    red[threadIdx.x] = v;
    __syncthreads();
    for (int o = kLnThreads / 2; o > 0; o >>= 1) {
        if (threadIdx.x < o) red[threadIdx.x] += red[threadIdx.x + o];
        __syncthreads();
    }
    const float rstd = 1.0f / sqrtf(red[0] / c + eps);
    for (int i = threadIdx.x; i < c; i += kLnThreads) yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}

int grid_for(size_t n, int threads) {
    size_t b = (n + threads - 1) / threads;
    return (int)(b > 65535 ? 65535 : (b ? b : 1));
}

}  // namespace

extern "C" cudaError_t conv2d_ref_f32(const ConvShape *s, const float *x, const float *w, const float *bias,
                                      const float *temb, const float *residual, float *y,
                                      cudaStream_t stream) {
    size_t total = (size_t)s->batch * s->ho * s->wo * s->cout;
    conv2d_ref_kernel<<<grid_for(total, 256), 256, 0, stream>>>(*s, x, w, bias, temb, residual, y);
    return cudaGetLastError();
}

extern "C" cudaError_t groupnorm_ref_f32(const float *x, float *y, const float *gamma, const float *beta,
                                         int batch, int hw, int c, int groups, float eps,
                                         cudaStream_t stream) {
    if (groups <= 0 || c % groups) return cudaErrorInvalidValue;
    groupnorm_ref_kernel<<<batch * groups, kGnThreads, 0, stream>>>(x, y, gamma, beta, hw, c, groups, eps);
    return cudaGetLastError();
}

extern "C" cudaError_t silu_ref_f32(const float *x, float *y, size_t n, cudaStream_t stream) {
    silu_ref_kernel<<<grid_for(n, 256), 256, 0, stream>>>(x, y, n);
    return cudaGetLastError();
}

extern "C" cudaError_t linear_ref_f32(const float *x, const float *w, const float *bias, const float *residual,
                                      float *y, int m, int k, int n, cudaStream_t stream) {
    if (m <= 0 || k <= 0 || n <= 0) return cudaErrorInvalidValue;
    dim3 grid((n + kLinTile - 1) / kLinTile, (m + kLinTile - 1) / kLinTile);
    if (grid.y > 65535) return cudaErrorInvalidValue;
    linear_ref_kernel<<<grid, dim3(kLinTile, kLinTile), 0, stream>>>(x, w, bias, residual, y, m, k, n);
    return cudaGetLastError();
}

extern "C" cudaError_t geglu_ref_f32(const float *x, float *y, int m, int f, cudaStream_t stream) {
    geglu_ref_kernel<<<grid_for((size_t)m * f, 256), 256, 0, stream>>>(x, y, m, f);
    return cudaGetLastError();
}

extern "C" cudaError_t layernorm_ref_f32(const float *x, float *y, const float *gamma, const float *beta, int m,
                                         int c, float eps, cudaStream_t stream) {
    if (m <= 0 || c <= 0) return cudaErrorInvalidValue;
    layernorm_ref_kernel<<<m, kLnThreads, 0, stream>>>(x, y, gamma, beta, c, eps);
    return cudaGetLastError();
}

// ---------------------------------------------------------------------------
// Attention reference: for each (b, h), launched from the host in turn,
//   1. scores[i, j] = scale * sum_e q[i, e] * k[j, e]   (16x16 smem tiles, e in order)
//   2. one thread per row: max, p = expf(s - max), sum in j order, p /= sum
//   3. o[i, e] = sum_j p[i, j] * v[j, e]                (16x16 smem tiles, j in order)
// The same loops, in the same order, as attention_ref_cpu (src/layers/attention.c).
// ---------------------------------------------------------------------------
namespace {

constexpr int kAttTile = 16;

// scores (sq, skv) = scale * Q_bh (sq, d) K_bh^T; q, k already offset to (b, h).
__global__ void attn_scores_ref_kernel(const float *__restrict__ q, const float *__restrict__ k,
                                       float *__restrict__ scores, int sq, int skv, int d, int ldq, int ldkv,
                                       float scale) {
    __shared__ float qs[kAttTile][kAttTile + 1];  // (query rows, e)
    __shared__ float ks[kAttTile][kAttTile + 1];  // (key rows, e)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * kAttTile + ty;  // query row
    const int j = blockIdx.x * kAttTile + tx;  // key row
    float acc = 0.f;
    for (int e0 = 0; e0 < d; e0 += kAttTile) {
        int qi = blockIdx.y * kAttTile + ty, kj = blockIdx.x * kAttTile + ty;
        qs[ty][tx] = (qi < sq && e0 + tx < d) ? q[(size_t)qi * ldq + e0 + tx] : 0.f;
        ks[ty][tx] = (kj < skv && e0 + tx < d) ? k[(size_t)kj * ldkv + e0 + tx] : 0.f;
        __syncthreads();
        int emax = min(kAttTile, d - e0);
        for (int e = 0; e < emax; e++) acc = fmaf(qs[ty][e], ks[tx][e], acc);
        __syncthreads();
    }
    if (i < sq && j < skv) scores[(size_t)i * skv + j] = acc * scale;
}

// In place: each row of scores (sq, skv) becomes softmax(row).
__global__ void attn_softmax_ref_kernel(float *scores, int sq, int skv) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= sq) return;
    float *row = scores + (size_t)i * skv;
    float mx = -INFINITY;
    for (int j = 0; j < skv; j++) mx = fmaxf(mx, row[j]);
    float sum = 0.f;
    for (int j = 0; j < skv; j++) {
        float e = expf(row[j] - mx);
        row[j] = e;
        sum += e;
    }
    for (int j = 0; j < skv; j++) row[j] = row[j] / sum;
}

// O_bh (sq, d) = P (sq, skv) V_bh (skv, d); v, o already offset to (b, h).
__global__ void attn_pv_ref_kernel(const float *__restrict__ p, const float *__restrict__ v, float *__restrict__ o,
                                   int sq, int skv, int d, int ldkv, int ldo) {
    __shared__ float ps[kAttTile][kAttTile + 1];  // (query rows, keys)
    __shared__ float vs[kAttTile][kAttTile + 1];  // (keys, e)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * kAttTile + ty;  // query row
    const int e = blockIdx.x * kAttTile + tx;  // head channel
    float acc = 0.f;
    for (int j0 = 0; j0 < skv; j0 += kAttTile) {
        ps[ty][tx] = (i < sq && j0 + tx < skv) ? p[(size_t)i * skv + j0 + tx] : 0.f;
        vs[ty][tx] = (j0 + ty < skv && e < d) ? v[(size_t)(j0 + ty) * ldkv + e] : 0.f;
        __syncthreads();
        int jmax = min(kAttTile, skv - j0);
        for (int jj = 0; jj < jmax; jj++) acc = fmaf(ps[ty][jj], vs[jj][tx], acc);
        __syncthreads();
    }
    if (i < sq && e < d) o[(size_t)i * ldo + e] = acc;
}

}  // namespace

extern "C" cudaError_t attention_ref_f32(const AttnShape *s, const float *q, const float *k, const float *v, float *o,
                                         float scale, float *scores, cudaStream_t stream) {
    if (!s || s->batch < 1 || s->heads < 1 || s->sq < 1 || s->skv < 1 || s->d < 1) return cudaErrorInvalidValue;
    const long long c = (long long)s->heads * s->d;
    if (s->ldq < c || s->ldkv < c || s->ldo < c || !scores) return cudaErrorInvalidValue;
    const int gy = (s->sq + kAttTile - 1) / kAttTile;
    if (gy > 65535) return cudaErrorInvalidValue;
    const dim3 block(kAttTile, kAttTile);
    const dim3 grid_s((s->skv + kAttTile - 1) / kAttTile, gy);
    const dim3 grid_o((s->d + kAttTile - 1) / kAttTile, gy);
    for (int b = 0; b < s->batch; b++)
        for (int h = 0; h < s->heads; h++) {
            const float *qb = q + (size_t)b * s->sq * s->ldq + (size_t)h * s->d;
            const float *kb = k + (size_t)b * s->skv * s->ldkv + (size_t)h * s->d;
            const float *vb = v + (size_t)b * s->skv * s->ldkv + (size_t)h * s->d;
            float *ob = o + (size_t)b * s->sq * s->ldo + (size_t)h * s->d;
            attn_scores_ref_kernel<<<grid_s, block, 0, stream>>>(qb, kb, scores, s->sq, s->skv, s->d, s->ldq,
                                                                 s->ldkv, scale);
            attn_softmax_ref_kernel<<<(s->sq + 127) / 128, 128, 0, stream>>>(scores, s->sq, s->skv);
            attn_pv_ref_kernel<<<grid_o, block, 0, stream>>>(scores, vb, ob, s->sq, s->skv, s->d, s->ldkv, s->ldo);
            cudaError_t e = cudaGetLastError();
            if (e != cudaSuccess) return e;
        }
    return cudaSuccess;
}
