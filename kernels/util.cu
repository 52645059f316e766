// util.cu: conversions, poison fills, random-init transforms, weight layouts.
//
// Memory-bound elementwise kernels with grid-stride loops. The random-init
// transform uses explicitly rounded multiply and add (no FMA contraction) so
// its rounding matches the host twin in
// weights/random.c bit for bit.
#include "kernels.h"
#include "pdl.cuh"

#include <cuda_fp16.h>

namespace {

int grid_for(size_t n, int threads) {
    size_t b = (n + threads - 1) / threads;
    return (int)(b > 65535 ? 65535 : (b ? b : 1));
}

#define GRID_STRIDE(i, n) \
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (n); i += (size_t)gridDim.x * blockDim.x)

__global__ void f32_to_f16_kernel(const float *x, half *y, size_t n) {
    GRID_STRIDE(i, n) y[i] = __float2half_rn(x[i]);
}
__global__ void f16_to_f32_kernel(const half *x, float *y, size_t n) {
    GRID_STRIDE(i, n) y[i] = __half2float(x[i]);
}
__global__ void fill_u16_kernel(uint16_t *y, uint16_t v, size_t n) {
    GRID_STRIDE(i, n) y[i] = v;
}
__global__ void fill_f32_kernel(float *y, float v, size_t n) {
    GRID_STRIDE(i, n) y[i] = v;
}
__global__ void uniform_to_range_kernel(float *u, size_t n, float center, float scale) {
    GRID_STRIDE(i, n) u[i] = __fadd_rn(center, __fmul_rn(scale, __fsub_rn(__fmul_rn(2.0f, u[i]), 1.0f)));
}
// w_oikk: (Cout, Cin, k, k) -> (Cout, k, k, Cin) fp16 and (k, k, Cin, Cout) fp32
__global__ void conv_weight_layouts_kernel(const float *w, half *w_okki, float *w_kkio, int cout, int cin,
                                           int k) {
    size_t n = (size_t)cout * cin * k * k;
    GRID_STRIDE(i, n) {
        int kw = (int)(i % k);
        int kh = (int)((i / k) % k);
        int ci = (int)((i / ((size_t)k * k)) % cin);
        int co = (int)(i / ((size_t)k * k * cin));
        float v = w[i];
        if (w_okki) w_okki[(((size_t)co * k + kh) * k + kw) * cin + ci] = __float2half_rn(v);
        if (w_kkio) w_kkio[(((size_t)kh * k + kw) * cin + ci) * cout + co] = v;
    }
}

}  // namespace

extern "C" cudaError_t f32_to_f16_dev(const float *x, uint16_t *y, size_t n, cudaStream_t stream) {
    f32_to_f16_kernel<<<grid_for(n, 256), 256, 0, stream>>>(x, reinterpret_cast<half *>(y), n);
    return cudaGetLastError();
}
extern "C" cudaError_t f16_to_f32_dev(const uint16_t *x, float *y, size_t n, cudaStream_t stream) {
    f16_to_f32_kernel<<<grid_for(n, 256), 256, 0, stream>>>(reinterpret_cast<const half *>(x), y, n);
    return cudaGetLastError();
}
extern "C" cudaError_t fill_u16_dev(uint16_t *y, uint16_t value, size_t n, cudaStream_t stream) {
    fill_u16_kernel<<<grid_for(n, 256), 256, 0, stream>>>(y, value, n);
    return cudaGetLastError();
}
extern "C" cudaError_t fill_f32_dev(float *y, float value, size_t n, cudaStream_t stream) {
    fill_f32_kernel<<<grid_for(n, 256), 256, 0, stream>>>(y, value, n);
    return cudaGetLastError();
}
extern "C" cudaError_t uniform_to_range_dev(float *u, size_t n, float center, float scale, cudaStream_t stream) {
    uniform_to_range_kernel<<<grid_for(n, 256), 256, 0, stream>>>(u, n, center, scale);
    return cudaGetLastError();
}
extern "C" cudaError_t conv_weight_layouts_dev(const float *w_oikk, uint16_t *w_okki_f16, float *w_kkio_f32,
                                               int cout, int cin, int k, cudaStream_t stream) {
    size_t n = (size_t)cout * cin * k * k;
    conv_weight_layouts_kernel<<<grid_for(n, 256), 256, 0, stream>>>(
        w_oikk, reinterpret_cast<half *>(w_okki_f16), w_kkio_f32, cout, cin, k);
    return cudaGetLastError();
}

int g_pdl_enabled = 0;

extern "C" void kernels_set_pdl(int on) { g_pdl_enabled = on ? 1 : 0; }

int g_tile_walk = -1;
extern "C" void kernels_set_tile_walk(int mode) { g_tile_walk = mode < 0 ? -1 : mode > 0; }

static KernelEngine g_engine = KERNEL_ENGINE_AUTO;
extern "C" void kernels_set_engine(KernelEngine e) { g_engine = e; }
extern "C" KernelEngine kernels_engine(void) { return g_engine; }
