// MUFU throughput probe: 2^x as ex2.approx.ftz.f32, ex2.approx.f16 and ex2.approx.f16x2
// (values and MUFU instructions per clock per SM; one 1024-thread block per SM).
#include <cstdio>
#include <cstdint>
#include <cuda_fp16.h>
#define ITER 4096
template <int MODE>
__global__ void __launch_bounds__(1024) k(uint32_t *out, long long *cyc) {
    uint32_t r[8];
    for (int i = 0; i < 8; i++) r[i] = 0x38003800u + threadIdx.x + i;  // ~0.5 in f16 halves / small f32
    if (MODE == 0) for (int i = 0; i < 8; i++) r[i] = __float_as_uint(-0.5f - 1e-4f * i);
    __syncthreads();
    long long t0 = clock64();
    for (int it = 0; it < ITER; it++) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            if (MODE == 0) asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+r"(r[i]));
            if (MODE == 1) asm volatile("{.reg .b16 h; mov.b32 {h, _}, %0; ex2.approx.f16 h, h; mov.b32 %0, {h, h};}" : "+r"(r[i]));
            if (MODE == 2) asm volatile("ex2.approx.f16x2 %0, %0;" : "+r"(r[i]));
            if (MODE == 0) r[i] ^= 0x80000000u;           // keep the argument negative (LOP, not MUFU)
            else r[i] ^= 0x80008000u;
        }
    }
    __syncthreads();
    long long t1 = clock64();
    uint32_t x = 0;
    for (int i = 0; i < 8; i++) x ^= r[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if (threadIdx.x == 0) cyc[blockIdx.x] = t1 - t0;
}
int main() {
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    uint32_t *out; long long *cyc; cudaMalloc(&out, sms * 1024 * 4); cudaMalloc(&cyc, sms * 8);
    long long *h = new long long[sms];
    const char *names[3] = {"ex2.approx.ftz.f32", "ex2.approx.f16", "ex2.approx.f16x2"};
    for (int rep = 0; rep < 2; rep++)
    for (int m = 0; m < 3; m++) {
        if (m == 0) k<0><<<sms, 1024>>>(out, cyc);
        if (m == 1) k<1><<<sms, 1024>>>(out, cyc);
        if (m == 2) k<2><<<sms, 1024>>>(out, cyc);
        if (cudaDeviceSynchronize() != cudaSuccess) { printf("error\n"); return 1; }
        cudaMemcpy(h, cyc, sms * 8, cudaMemcpyDeviceToHost);
        long long mx = 0; for (int i = 0; i < sms; i++) mx = h[i] > mx ? h[i] : mx;
        double instr = 1024.0 * ITER * 8;  // PTX ex2 instructions per SM
        double vals = instr * (m == 2 ? 2 : 1);
        printf("%-20s %.2f values/clk/SM  (%.2f PTX ex2 per clk per SM, %lld cycles)\n", names[m], vals / mx, instr / mx, mx);
    }
    return 0;
}
