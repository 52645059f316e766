// baseline_kernels.cu: the elementwise steps the vendor baseline needs where
// cuDNN / cuBLASLt offer no fused op: SiLU on temb, GEGLU, row softmax.
// Plain and simple; they are counted in the vendor time.
#include <cuda_fp16.h>

#include "baseline.h"

__global__ void vendor_silu_kernel(const __half *x, __half *y, size_t n) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __half2float(x[i]);
    y[i] = __float2half(v / (1.f + expf(-v)));
}

__global__ void vendor_geglu_kernel(const __half *x, __half *y, int m, int f) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (size_t)m * f) return;
    size_t row = i / f, j = i % f;
    float a = __half2float(x[row * 2 * f + j]);
    float g = __half2float(x[row * 2 * f + f + j]);
    y[i] = __float2half(a * 0.5f * g * (1.f + erff(g * 0.70710678118654752f)));
}

// Block-wide reduction of one float (max or sum) over 256 threads.
template <bool IS_MAX>
__device__ float block_reduce(float v, float *sh) {
    for (int o = 16; o > 0; o >>= 1) {
        float u = __shfl_xor_sync(0xffffffffu, v, o);
        v = IS_MAX ? fmaxf(v, u) : v + u;
    }
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    __syncthreads();  // sh is reused between calls
    if (lane == 0) sh[warp] = v;
    __syncthreads();
    v = sh[0];
    for (int w = 1; w < (int)(blockDim.x / 32); w++) v = IS_MAX ? fmaxf(v, sh[w]) : v + sh[w];
    return v;
}

// One block per row: max, sum of exp, normalize (three passes over the row).
__global__ void vendor_softmax_kernel(__half *x, int cols) {
    __shared__ float sh[32];
    __half *row = x + (size_t)blockIdx.x * cols;
    float mx = -INFINITY;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) mx = fmaxf(mx, __half2float(row[j]));
    mx = block_reduce<true>(mx, sh);
    float sum = 0.f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) sum += expf(__half2float(row[j]) - mx);
    sum = block_reduce<false>(sum, sh);
    float inv = 1.f / sum;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) row[j] = __float2half(expf(__half2float(row[j]) - mx) * inv);
}

extern "C" cudaError_t baseline_silu_f16(const uint16_t *x, uint16_t *y, size_t n, cudaStream_t stream) {
    if (n == 0) return cudaSuccess;
    vendor_silu_kernel<<<(unsigned)((n + 255) / 256), 256, 0, stream>>>((const __half *)x, (__half *)y, n);
    return cudaGetLastError();
}

extern "C" cudaError_t baseline_geglu_f16(const uint16_t *x, uint16_t *y, int m, int f, cudaStream_t stream) {
    size_t n = (size_t)m * f;
    if (n == 0) return cudaSuccess;
    vendor_geglu_kernel<<<(unsigned)((n + 255) / 256), 256, 0, stream>>>((const __half *)x, (__half *)y, m, f);
    return cudaGetLastError();
}

extern "C" cudaError_t baseline_softmax_rows_f16(uint16_t *x, long rows, int cols, cudaStream_t stream) {
    if (rows <= 0) return cudaSuccess;
    if (rows > 0x7fffffffL) return cudaErrorInvalidValue;
    vendor_softmax_kernel<<<(unsigned)rows, 256, 0, stream>>>((__half *)x, cols);
    return cudaGetLastError();
}
