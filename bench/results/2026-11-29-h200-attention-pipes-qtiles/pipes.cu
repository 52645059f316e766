// pipes.cu: do the tensor pipe (wgmma) and the MUFU (ex2) run at the same time
// inside one SM, and at what clock?
//
// At d = 64 an attention key tile costs as many MUFU cycles (66 ex2 per
// consumer thread, 528 cycles) as tensor cycles (512), and both our kernel and
// cuDNN's sit near the SUM of the two (docs/PERF.md "The misses beside the
// vendor kernels": tensor 56%, XU 58%). This probe asks the hardware directly:
// one CTA per SM, three warpgroups, each given a role:
//   ss   wgmma m64n128k16 FP16 -> FP32, both operands in shared memory (Q K^T's form),
//        16 per commit group, one accumulator, wait 0 per group
//   rs   wgmma m64n64k16, A from registers (P V's form), 64 per group
//   exp  the softmax's instruction mix per score: FFMA, MUFU.EX2, FADD (64
//        independent scores per thread, x <- 2^-x keeps them in [0.5, 1])
//   poly the same scores' 2^x on the FP32 pipe (degree-3 polynomial + exponent add,
//        the fmaexp form)
//   ssx  ss's groups with 64 exp scores between each group's issue and its wait
//        (the in-warpgroup overlap)
// Each role's work is set by its count of iterations; a run prints per-role
// cycles (clock64), nanoseconds (%globaltimer) and so the SM clock, for CTA 0,
// and the kernel's event time. Timing on random FP16 operands (never zeros).
//   nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -I../../../kernels pipes.cu -o pipes
//   ./pipes                      the table of runs below
#include <cuda_fp16.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "wgmma.cuh"

#define CK(x)                                                                                          \
    do {                                                                                               \
        cudaError_t e_ = (x);                                                                          \
        if (e_ != cudaSuccess) {                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));        \
            exit(1);                                                                                   \
        }                                                                                              \
    } while (0)

enum { R_IDLE = 0, R_SS, R_RS, R_EXP, R_POLY, R_SSX };
static const char *role_name[] = {"-", "ss", "rs", "exp", "poly", "ssx"};

constexpr int SMEM = 1024 + 8192 + 16384;  // A (64 x 64 FP16, 128-byte rows) | B (128 x 64 FP16)

struct Job {
    int role[3];
    int iters[3];
};

struct Stamp {
    long long c0, c1;            // clock64 at the role's start, end
    unsigned long long t0, t1;   // %globaltimer (ns)
};

__device__ __forceinline__ unsigned long long gtime() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__device__ __forceinline__ float ex2f(float x) {
    float y;
    asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}

// 2^x for x in [-1, 0]: the fmaexp form (split x = n + f, degree-3 polynomial in f, n into the exponent)
__device__ __forceinline__ float ex2poly(float x) {
    const float n = floorf(x), f = x - n;
    float p = fmaf(fmaf(fmaf(0.0555041f, f, 0.2402265f), f, 0.6931472f), f, 1.0f);
    return __int_as_float(__float_as_int(p) + ((int)n << 23));
}

__device__ __forceinline__ void wgmma_rs64(float *d, const uint32_t *a, uint64_t db) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {" WG_D32 "}, {%32, %33, %34, %35}, %36, 1, 1, 1, 0;\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// 64 scores per thread through the softmax's mix; returns their sum
template <bool POLY>
__device__ __forceinline__ float scores(float *s) {
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < 64; i++) {
        const float t = fmaf(s[i], -1.0f, 0.0f);
        s[i] = POLY ? ex2poly(t) : ex2f(t);
        sum += s[i];
    }
    return sum;
}

__global__ void __launch_bounds__(384, 1) pipes_kernel(Job job, const uint4 *operands, float *sink, Stamp *st) {
    extern __shared__ unsigned char raw[];
    unsigned char *sm = smem_align1024(raw);
    for (int i = threadIdx.x; i < (8192 + 16384) / 16; i += blockDim.x) reinterpret_cast<uint4 *>(sm)[i] = operands[i];
    fence_proxy_async_smem();
    __syncthreads();
    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    const int role = job.role[wg], iters = job.iters[wg];
    const uint64_t da = desc_sw128(sm), db = desc_sw128(sm + 8192);
    float acc[64];
    float s[64];
#pragma unroll
    for (int i = 0; i < 64; i++) acc[i] = 0.f, s[i] = 0.5f + (float)((tid * 64 + i) % 97) * (0.5f / 97.f);
    uint32_t a[4];
#pragma unroll
    for (int i = 0; i < 4; i++) a[i] = reinterpret_cast<const uint32_t *>(sm)[tid * 4 + i];
    float sum = 0.f;
    const long long c0 = clock64();
    const unsigned long long t0 = gtime();
    if (role == R_SS || role == R_SSX) {
        for (int it = 0; it < iters; it++) {
            wg_fence();
#pragma unroll
            for (int k = 0; k < 16; k++) wgmma_f16_n128(acc, da + 2 * (k & 3), db + 2 * (k & 3), 1);
            wg_commit();
            if (role == R_SSX) sum += scores<false>(s);
            wg_wait<0>();
            wg_regs_ready<64>(acc);
        }
    } else if (role == R_RS) {
        for (int it = 0; it < iters; it++) {
            wg_fence();
#pragma unroll
            for (int k = 0; k < 64; k++) wgmma_rs64(acc, a, db + 2 * (k & 3));
            wg_commit();
            wg_wait<0>();
            wg_regs_ready<32>(acc);
        }
    } else if (role == R_EXP) {
        for (int it = 0; it < iters; it++) sum += scores<false>(s);
    } else if (role == R_POLY) {
        for (int it = 0; it < iters; it++) sum += scores<true>(s);
    }
    const long long c1 = clock64();
    const unsigned long long t1 = gtime();
#pragma unroll
    for (int i = 0; i < 64; i++) sum += acc[i];
    sink[blockIdx.x * blockDim.x + threadIdx.x] = sum;
    if (tid == 0) st[blockIdx.x * 3 + wg] = Stamp{c0, c1, t0, t1};
}

// work of one iteration: tensor FLOP (ss, rs, ssx) or scores per thread (exp, poly, ssx)
static double flop_per_iter(int role) {
    if (role == R_SS || role == R_SSX) return 16.0 * 2 * 64 * 128 * 16;
    if (role == R_RS) return 64.0 * 2 * 64 * 64 * 16;
    return 0;
}

int main(int argc, char **argv) {
    int dev = 0, sms = 0;
    CK(cudaSetDevice(dev));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, dev));
    printf("device %s, %d SMs\n", prop.name, sms);
    const int n16 = (8192 + 16384) / 2;
    __half *h = (__half *)malloc(n16 * sizeof(__half));
    srand(1234);
    for (int i = 0; i < n16; i++) h[i] = __float2half((float)rand() / RAND_MAX * 2.f - 1.f);
    uint4 *ops;
    float *sink;
    Stamp *st;
    CK(cudaMalloc(&ops, n16 * sizeof(__half)));
    CK(cudaMemcpy(ops, h, n16 * sizeof(__half), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&sink, (size_t)sms * 384 * sizeof(float)));
    CK(cudaMalloc(&st, (size_t)sms * 3 * sizeof(Stamp)));
    CK(cudaFuncSetAttribute(pipes_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
    Stamp *hs = (Stamp *)malloc((size_t)sms * 3 * sizeof(Stamp));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    // ss: 16 x 128 tensor cycles a group -> 2048; exp: 64 MUFU ops per thread -> 512 cycles a warp at 4 / clock
    // per sub-partition. Counts for about 1 M cycles each alone.
    const int TS = 500, TR = 500, TE = 2000;
    const Job jobs[] = {
        {{R_SS, 0, 0}, {TS, 0, 0}},               // tensor alone, one warpgroup
        {{R_SS, R_SS, 0}, {TS / 2, TS / 2, 0}},   // the same work from two warpgroups
        {{R_RS, 0, 0}, {TR, 0, 0}},               // P V's form alone
        {{0, 0, R_EXP}, {0, 0, TE}},              // MUFU mix alone, one warpgroup
        {{0, R_EXP, R_EXP}, {0, TE / 2, TE / 2}}, // the same from two warpgroups
        {{0, 0, R_POLY}, {0, 0, TE}},             // the FP32-pipe 2^x alone
        {{R_SS, R_EXP, R_EXP}, {TS, TE / 2, TE / 2}},  // tensor beside MUFU
        {{R_SS, R_EXP, 0}, {TS, TE, 0}},          // tensor beside one MUFU warpgroup
        {{R_RS, R_EXP, R_EXP}, {TR, TE / 2, TE / 2}},  // P V's form beside MUFU
        {{R_SS, R_POLY, R_POLY}, {TS, TE / 2, TE / 2}},  // tensor beside the FP32-pipe 2^x
        {{R_SS, R_SS, R_EXP}, {TS / 2, TS / 2, TE}},     // two tensor warpgroups beside MUFU
        {{R_SSX, R_SSX, 0}, {TS / 2, TS / 2, 0}},        // in-warpgroup: exp between issue and wait, 2 WGs
        {{R_SSX, 0, 0}, {TS, 0, 0}},                     // in-warpgroup, one WG
    };
    const int reps = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 5;
    printf("%-18s %-18s %9s %9s %7s %9s %9s %9s | per role (CTA 0): cycles, GHz, work per clock\n", "roles",
           "iters", "kernel us", "max cyc", "GHz", "FLOP/clk", "ex2/clk", "");
    for (size_t j = 0; j < sizeof jobs / sizeof jobs[0]; j++) {
        const Job &jb = jobs[j];
        float best = 1e30f;
        for (int r = 0; r < reps; r++) {
            CK(cudaEventRecord(e0));
            pipes_kernel<<<sms, 384, SMEM>>>(jb, ops, sink, st);
            CK(cudaGetLastError());
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            float ms;
            CK(cudaEventElapsedTime(&ms, e0, e1));
            if (r > 0 && ms < best) best = ms;  // the first run warms up
        }
        CK(cudaMemcpy(hs, st, (size_t)sms * 3 * sizeof(Stamp), cudaMemcpyDeviceToHost));
        long long maxc = 0;
        double ns_at_max = 0, flop = 0, ex2 = 0;
        char roles[64], iters[64], per[256];
        snprintf(roles, sizeof roles, "%s/%s/%s", role_name[jb.role[0]], role_name[jb.role[1]], role_name[jb.role[2]]);
        snprintf(iters, sizeof iters, "%d/%d/%d", jb.iters[0], jb.iters[1], jb.iters[2]);
        int o = 0;
        for (int w = 0; w < 3; w++) {
            if (!jb.role[w]) continue;
            const Stamp &s = hs[w];  // CTA 0
            const long long c = s.c1 - s.c0;
            const double ns = (double)(s.t1 - s.t0);
            if (c > maxc) maxc = c, ns_at_max = ns;
            flop += flop_per_iter(jb.role[w]) * jb.iters[w];
            if (jb.role[w] == R_EXP || jb.role[w] == R_SSX) ex2 += 64.0 * 128 * jb.iters[w];
            o += snprintf(per + o, sizeof per - o, " %s %lld %.2f;", role_name[jb.role[w]], c, ns > 0 ? c / ns : 0);
        }
        printf("%-18s %-18s %9.1f %9lld %7.3f %9.0f %9.2f %9s |%s\n", roles, iters, best * 1e3, maxc,
               ns_at_max > 0 ? maxc / ns_at_max : 0, flop / maxc, ex2 / maxc, "", per);
    }
    return 0;
}
