// skeleton.cu: the d = 64 attention key loop with its memory taken away.
//
// Each consumer warpgroup runs the ping-pong schedule of the wgmma attention
// kernels (kernels/attention_wgmma.cu; FlashAttention-3's order) on operands
// that stay in shared memory: per key tile, S = Q K^T (4 x wgmma m64n128k16,
// both operands in shared memory), the online softmax of S (row max, quad
// shuffles, FFMA + ex2 + FADD per score, the running-sum update), O *= alpha,
// P packed to FP16 in registers, O += P V (8 x wgmma m64n64k16, P as the
// register operand). No TMA, no mbarrier, no K / V ring: what one SM's key
// tile costs when only the schedule and the two pipes are left. Compare its
// cycles per consumer tile with the real kernel's (about 1100-1150 at d64 b2 h8
// 4096^2: 2240 cycles per pair of tiles) and with the pipes' floors (tensor
// 512, MUFU 528 + 2 per consumer tile).
//   schedules (MODE):
//     0 pp      consumers take turns issuing (named barriers, as the kernels do):
//               issue Q K_j^T, P_{j-1} V_{j-1}; pass the turn; wait Q K^T; softmax j
//               (under P V); wait P V; rescale O; pack P_j
//     1 free    the same without turns
//     2 serial  Q K^T, wait, softmax, P V, wait: nothing overlapped in a consumer
//     3 pp, products only (no softmax: P packed from S)
//     4 pp, softmax only (no wgmma: S from registers)
//   nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -I../../../kernels skeleton.cu -o skeleton; ./skeleton [tiles] [variant]
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

constexpr int SMEM = 1024 + 8192 + 16384 + 16384 + 3 * 8192;  // Q | K | V (FP16, 128-byte rows) | 3 O stages

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
__device__ __forceinline__ uint32_t pack2(float a, float b) {
    __half2 h = __floats2half2_rn(a, b);
    return *reinterpret_cast<uint32_t *>(&h);
}
__device__ __forceinline__ void bar_sync(int id, int n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory"); }
__device__ __forceinline__ void bar_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory");
}

__device__ __forceinline__ void wgmma_rs64(float *d, const uint32_t *a, uint64_t db) {
#if WGMMA_SM90A_PASS
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {" WG_D32 "}, {%32, %33, %34, %35}, %36, 1, 1, 1, 0;\n"
        : WG_ACC8(d, 0), WG_ACC8(d, 8), WG_ACC8(d, 16), WG_ACC8(d, 24)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

struct Stamp {
    long long c0, c1;
    unsigned long long t0, t1;
};

// ITEM > 0: every ITEM key tiles a work item ends and the next begins as in the kernels (pp only): the last
// P V in a turn of its own, the epilogue (row sums over the quad, O / l stored as FP16 to global memory, O, m, l
// reset), then the next item's first Q K^T in a turn of its own, waited for, its softmax. MERGE: the item end
// as one more step of the loop instead (the next item's first Q K^T issued with this item's last P V in one
// turn, its softmax under that P V, then the epilogue where the O rescale would be).
// STORE (item ends): 0 no store of O, 1 this probe's first form (16 four-byte stores per thread, 64 bytes apart),
// 2 the kernels' form (half2 at (row, column) of a row-major 64 x 64 tile: 16 bytes per row and store), 3 through
// shared memory and one bulk copy of the 8 KB tile per consumer (waited for before the next item's end),
// 5 the kernels' addresses with a value that depends on no O register, 6 stmatrix x4 (4 per warp) into the
// shared-memory stage, then the bulk copy as in 3. The second argument picks one variant of main's list (the
// Nsight Compute runs); without it all run.
template <int NC, int MODE, bool SYNC, int ITEM = 0, bool MERGE = false, int STORE = 1>
__global__ void __launch_bounds__((NC + SYNC) * 128, 1)
    skeleton_kernel(int tiles, int pin, const uint4 *operands, float *sink, Stamp *st) {
    __shared__ volatile float pin_s[(NC + 1) * 128];  // written never (pin = 0): keeps the softmax ahead of the P V wait
    constexpr int STAGES = 4;                   // SYNC: the K/V ring's barriers, no data (the d64 kernels' 4 stages)
    __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
    extern __shared__ unsigned char raw[];
    unsigned char *sm = smem_align1024(raw);
    for (int i = threadIdx.x; i < (8192 + 16384 + 16384) / 16; i += blockDim.x)
        reinterpret_cast<uint4 *>(sm)[i] = operands[i];
    if (SYNC && threadIdx.x == 0) {
        for (int i = 0; i < STAGES; i++) mbar_init(&full[i], 1), mbar_init(&empty[i], NC * 4);
        mbar_init_fence();
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (SYNC && threadIdx.x < 128) {  // producer: stage it is "loaded" (arrive) once the consumers freed it
        regs_dealloc<24>();
        if (threadIdx.x == 0)
            for (int it = 0; it < tiles; it++) {
                const int s = it % STAGES;
                if (it >= STAGES) mbar_wait(&empty[s], ((it / STAGES) - 1) & 1);
                mbar_arrive(&full[s]);
            }
        return;
    }
    if (SYNC) regs_alloc<NC == 2 ? 240 : 160>();
    const int c = threadIdx.x / 128 - SYNC, tid = threadIdx.x % 128, lane = tid % 32;
    const uint64_t dq = desc_sw128(sm), dk = desc_sw128(sm + 8192), dv = desc_sw128(sm + 8192 + 16384);
    const float scale = 0.125f * 1.4426950f;  // 1 / sqrt(64) in log2 units
    float S[64], O[32];
    uint32_t P[32];
    float m0 = -1e30f, m1 = -1e30f, l0 = 0.f, l1 = 0.f;
#pragma unroll
    for (int i = 0; i < 32; i++) O[i] = 0.f, P[i] = 0u;
#pragma unroll
    for (int i = 0; i < 64; i++) S[i] = (float)((tid * 64 + i) % 61) * 0.05f;

    auto qk = [&]() {
#pragma unroll
        for (int k = 0; k < 4; k++) wgmma_f16_n128(S, dq + 2 * k, dk + 2 * k, k > 0);
    };
    auto pv = [&]() {
#pragma unroll
        for (int k = 0; k < 8; k++) wgmma_rs64(O, &P[4 * k], dv + 2 * (k & 3) + (k >> 2) * 512);
    };
    // the online softmax of S's two rows; leaves 2^(s - m) in S, returns the rows' alpha
    auto softmax = [&](float &a0, float &a1) {
        float x0 = m0, x1 = m1;
#pragma unroll
        for (int i = 0; i < 16; i++) x0 = fmaxf(x0, fmaxf(S[4 * i], S[4 * i + 1])), x1 = fmaxf(x1, fmaxf(S[4 * i + 2], S[4 * i + 3]));
        x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 1));
        x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 1));
        x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 2));
        x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 2));
        a0 = ex2f((m0 - x0) * scale), a1 = ex2f((m1 - x1) * scale);
        m0 = x0, m1 = x1;
        const float b0 = x0 * scale, b1 = x1 * scale;
        float s0 = 0.f, s1 = 0.f;
#pragma unroll
        for (int i = 0; i < 16; i++) {
            S[4 * i] = ex2f(fmaf(S[4 * i], scale, -b0));
            S[4 * i + 1] = ex2f(fmaf(S[4 * i + 1], scale, -b0));
            S[4 * i + 2] = ex2f(fmaf(S[4 * i + 2], scale, -b1));
            S[4 * i + 3] = ex2f(fmaf(S[4 * i + 3], scale, -b1));
            s0 += S[4 * i] + S[4 * i + 1];
            s1 += S[4 * i + 2] + S[4 * i + 3];
        }
        l0 = l0 * a0 + s0, l1 = l1 * a1 + s1;
    };
    auto rescale = [&](float a0, float a1) {
#pragma unroll
        for (int i = 0; i < 8; i++) O[4 * i] *= a0, O[4 * i + 1] *= a0, O[4 * i + 2] *= a1, O[4 * i + 3] *= a1;
    };
    auto pack = [&]() {
#pragma unroll
        for (int i = 0; i < 32; i++) P[i] = pack2(S[2 * i], S[2 * i + 1]);
    };
    // O / l of this consumer's 64 rows to global memory (FP16, row-major 64 x 64 per consumer and CTA)
    __half *otile = reinterpret_cast<__half *>(sink + (size_t)gridDim.x * 512) + (size_t)(blockIdx.x * NC + c) * 4096;
    unsigned char *ostage = sm + 8192 + 16384 + 16384 + c * 8192;  // STORE 3: [64 rows][128 bytes]
    const int orow0 = 16 * (tid / 32) + (lane >> 2), ocol = 2 * (lane & 3);
    auto store_o = [&](float i0, float i1) {
        if (STORE == 1) {
            uint32_t *orow = reinterpret_cast<uint32_t *>(otile) + tid * 16;
#pragma unroll
            for (int i = 0; i < 8; i++) {
                orow[2 * i] = pack2(O[4 * i] * i0, O[4 * i + 1] * i0);
                orow[2 * i + 1] = pack2(O[4 * i + 2] * i1, O[4 * i + 3] * i1);
            }
        } else if (STORE == 2) {
#pragma unroll
            for (int i = 0; i < 8; i++) {
                *reinterpret_cast<uint32_t *>(otile + orow0 * 64 + 8 * i + ocol) = pack2(O[4 * i] * i0, O[4 * i + 1] * i0);
                *reinterpret_cast<uint32_t *>(otile + (orow0 + 8) * 64 + 8 * i + ocol) =
                    pack2(O[4 * i + 2] * i1, O[4 * i + 3] * i1);
            }
        } else if (STORE == 5) {  // the kernels' addresses, a value that depends on no O register
            const uint32_t v = pack2(i0, i1);
#pragma unroll
            for (int i = 0; i < 8; i++) {
                *reinterpret_cast<uint32_t *>(otile + orow0 * 64 + 8 * i + ocol) = v;
                *reinterpret_cast<uint32_t *>(otile + (orow0 + 8) * 64 + 8 * i + ocol) = v;
            }
        } else if (STORE == 6) {  // stmatrix x4 into the stage (4 per warp), one bulk copy per consumer
            if (tid == 0) bulk_wait_read<0>();
            bar_sync(8 + c, 128);
            const int m = lane / 8, rr = lane % 8;  // the matrix and row whose address this lane gives
#pragma unroll
            for (int i = 0; i < 8; i += 2) {
                const uint32_t r0 = pack2(O[4 * i] * i0, O[4 * i + 1] * i0), r1 = pack2(O[4 * i + 2] * i1, O[4 * i + 3] * i1);
                const uint32_t r2 = pack2(O[4 * i + 4] * i0, O[4 * i + 5] * i0), r3 = pack2(O[4 * i + 6] * i1, O[4 * i + 7] * i1);
                const uint32_t a = (uint32_t)__cvta_generic_to_shared(ostage + (16 * (tid / 32) + 8 * (m & 1) + rr) * 128 + (8 * (i + (m >> 1))) * 2);
                asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
            }
            fence_proxy_async_smem();
            bar_sync(8 + c, 128);
            if (tid == 0) {
                bulk_store(otile, ostage, 8192);
                bulk_commit();
            }
        } else if (STORE == 3) {
            if (tid == 0) bulk_wait_read<0>();  // the previous item's copy has read the stage
            bar_sync(8 + c, 128);
#pragma unroll
            for (int i = 0; i < 8; i++) {
                *reinterpret_cast<uint32_t *>(ostage + orow0 * 128 + (8 * i + ocol) * 2) = pack2(O[4 * i] * i0, O[4 * i + 1] * i0);
                *reinterpret_cast<uint32_t *>(ostage + (orow0 + 8) * 128 + (8 * i + ocol) * 2) =
                    pack2(O[4 * i + 2] * i1, O[4 * i + 3] * i1);
            }
            fence_proxy_async_smem();
            bar_sync(8 + c, 128);
            if (tid == 0) {
                bulk_store(otile, ostage, 8192);
                bulk_commit();
            }
        }
    };
    constexpr int BAR0 = 1;  // named barriers BAR0 .. BAR0 + NC - 1: consumer c's turn
    const bool turns = MODE == 0 || MODE == 3 || MODE == 4;

    const long long c0 = clock64();
    const unsigned long long t0 = gtime();
    float a0 = 1.f, a1 = 1.f;
    // tile 0
    if (SYNC) mbar_wait(&full[0], 0);
    if (MODE != 4) {
        wg_fence();
        qk();
        wg_commit();
        wg_wait<0>();
        wg_regs_ready<64>(S);
    }
    if (MODE != 3) softmax(a0, a1);
    pack();
    if (turns && c == NC - 1) bar_arrive(BAR0, NC == 1 ? 128 : 256);  // consumer 0 takes the first turn
    for (int j = 1; j < tiles; j++) {
        if (MODE == 2) {  // serial
            wg_fence();
            pv();
            wg_commit();
            wg_wait<0>();
            wg_regs_ready<32>(O);
            wg_fence();
            qk();
            wg_commit();
            wg_wait<0>();
            wg_regs_ready<64>(S);
            softmax(a0, a1);
            rescale(a0, a1);
            pack();
            continue;
        }
        if (ITEM > 0 && MERGE && j % ITEM == 0) {  // item end merged into a step
            bar_sync(BAR0 + c, 256);
            if (SYNC) mbar_wait(&full[j % STAGES], (j / STAGES) & 1);
            wg_fence();
            qk();
            wg_commit();
            pv();
            wg_commit();
            bar_arrive(BAR0 + (c + 1) % NC, 256);
            wg_wait<1>();
            wg_regs_ready<64>(S);
            float r0 = l0, r1 = l1;  // the ending item's row sums
            m0 = m1 = -1e30f, l0 = l1 = 0.f;
            softmax(a0, a1);
            if (pin) pin_s[threadIdx.x] = l0 + l1;
            wg_wait<0>();
            wg_regs_ready<32>(O);
            if (SYNC && lane == 0) mbar_arrive(&empty[(j - 1) % STAGES]);
            r0 += __shfl_xor_sync(0xffffffffu, r0, 1), r1 += __shfl_xor_sync(0xffffffffu, r1, 1);
            r0 += __shfl_xor_sync(0xffffffffu, r0, 2), r1 += __shfl_xor_sync(0xffffffffu, r1, 2);
            const float i0 = 1.f / r0, i1 = 1.f / r1;
            store_o(i0, i1);
#pragma unroll
            for (int i = 0; i < 32; i++) O[i] = 0.f;
            pack();
            continue;
        }
        if (ITEM > 0 && !MERGE && j % ITEM == 0) {  // item end: the last P V, the epilogue, the next item's first tile
            bar_sync(BAR0 + c, 256);
            wg_fence();
            pv();
            wg_commit();
            bar_arrive(BAR0 + (c + 1) % NC, 256);
            wg_wait<0>();
            wg_regs_ready<32>(O);
            if (SYNC && lane == 0) mbar_arrive(&empty[(j - 1) % STAGES]);
            float r0 = l0, r1 = l1;
            r0 += __shfl_xor_sync(0xffffffffu, r0, 1), r1 += __shfl_xor_sync(0xffffffffu, r1, 1);
            r0 += __shfl_xor_sync(0xffffffffu, r0, 2), r1 += __shfl_xor_sync(0xffffffffu, r1, 2);
            const float i0 = 1.f / r0, i1 = 1.f / r1;
            store_o(i0, i1);
#pragma unroll
            for (int i = 0; i < 32; i++) O[i] = 0.f;
            m0 = m1 = -1e30f, l0 = l1 = 0.f;
            bar_sync(BAR0 + c, 256);
            if (SYNC) mbar_wait(&full[j % STAGES], (j / STAGES) & 1);
            wg_fence();
            qk();
            wg_commit();
            bar_arrive(BAR0 + (c + 1) % NC, 256);
            wg_wait<0>();
            wg_regs_ready<64>(S);
            softmax(a0, a1);
            pack();
            continue;
        }
        if (turns && NC > 1) bar_sync(BAR0 + c, 256);
        if (SYNC) mbar_wait(&full[j % STAGES], (j / STAGES) & 1);
        if (MODE != 4) {
            wg_fence();
            qk();
            wg_commit();
            pv();
            wg_commit();
        }
        if (turns && NC > 1 && !(c == NC - 1 && j == tiles - 1)) bar_arrive(BAR0 + (c + 1) % NC, 256);
        if (MODE != 4) {
            wg_wait<1>();
            wg_regs_ready<64>(S);
        }
        if (MODE != 3) softmax(a0, a1);
        if (pin) pin_s[threadIdx.x] = l0 + l1;  // ptxas would otherwise hoist the next wait above the softmax
        if (MODE != 4) {
            wg_wait<0>();
            wg_regs_ready<32>(O);
        }
        if (SYNC && lane == 0) mbar_arrive(&empty[(j - 1) % STAGES]);  // P_{j-1} V_{j-1} read its stage
        rescale(a0, a1);
        pack();
    }
    if (MODE != 4) {
        wg_fence();
        pv();
        wg_commit();
        wg_wait<0>();
        wg_regs_ready<32>(O);
        if (SYNC && lane == 0) mbar_arrive(&empty[(tiles - 1) % STAGES]);
    }
    const long long c1 = clock64();
    const unsigned long long t1 = gtime();
    float sum = l0 + l1;
#pragma unroll
    for (int i = 0; i < 32; i++) sum += O[i];
    sink[blockIdx.x * blockDim.x + threadIdx.x] = sum;
    if (tid == 0) st[blockIdx.x * NC + c] = Stamp{c0, c1, t0, t1};
    if ((STORE == 3 || STORE == 6) && tid == 0) bulk_wait_all();  // the last O copy, before the CTA's shared memory goes
}

template <int NC, int MODE, bool SYNC = false, int ITEM = 0, bool MERGE = false, int STORE = 1>
static void run(const char *name, int sms, int tiles, const uint4 *ops, float *sink, Stamp *st, Stamp *hs, int reps) {
    CK(cudaFuncSetAttribute(skeleton_kernel<NC, MODE, SYNC, ITEM, MERGE, STORE>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    float best = 1e30f;
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(e0));
        skeleton_kernel<NC, MODE, SYNC, ITEM, MERGE, STORE><<<sms, (NC + SYNC) * 128, SMEM>>>(tiles, 0, ops, sink, st);
        CK(cudaGetLastError());
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r > 0 && ms < best) best = ms;
    }
    CK(cudaMemcpy(hs, st, (size_t)sms * NC * sizeof(Stamp), cudaMemcpyDeviceToHost));
    long long maxc = 0;
    double ns = 0, ghz_sum = 0;
    for (int b = 0; b < sms * NC; b++) {
        const long long cyc = hs[b].c1 - hs[b].c0;
        const double t = (double)(hs[b].t1 - hs[b].t0);
        if (cyc > maxc) maxc = cyc, ns = t;
        ghz_sum += cyc / t;
    }
    const double per_tile = (double)maxc / ((double)tiles * NC);  // SM cycles per consumer tile
    // a consumer tile's products: 2 x 64 x 128 x 64 x 2 FLOP
    const double tflops = 2.0 * 2 * 64 * 128 * 64 * (double)tiles * NC * sms / (best * 1e-3) * 1e-12;
    printf("%-28s NC %d  %9.1f us  %8.0f cycles / consumer tile  %6.3f GHz (mean %.3f)  %6.1f TFLOP/s\n", name, NC,
           best * 1e3, per_tile, maxc / ns, ghz_sum / (sms * NC), tflops);
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
}

int main(int argc, char **argv) {
    int sms = 0;
    CK(cudaSetDevice(0));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const int tiles = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 2000, sel = argc > 2 ? (int)strtol(argv[2], NULL, 10) : -1;
    const int reps = sel < 0 ? 5 : 2;
    printf("device %s, %d SMs, %d key tiles per consumer\n", prop.name, sms, tiles);
    const int n16 = (8192 + 16384 + 16384) / 2;
    __half *h = (__half *)malloc(n16 * sizeof(__half));
    srand(4321);
    for (int i = 0; i < n16; i++) h[i] = __float2half((float)rand() / RAND_MAX * 2.f - 1.f);
    uint4 *ops;
    float *sink;
    Stamp *st;
    CK(cudaMalloc(&ops, n16 * sizeof(__half)));
    CK(cudaMemcpy(ops, h, n16 * sizeof(__half), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&sink, (size_t)sms * 512 * sizeof(float) + (size_t)sms * 3 * 8192));  // + the items' O (FP16)
    CK(cudaMalloc(&st, (size_t)sms * 3 * sizeof(Stamp)));
    Stamp *hs = (Stamp *)malloc((size_t)sms * 3 * sizeof(Stamp));
    if (sel < 0 || sel == 0) run<3, 0, true>("pp + ring, no items", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 1) run<3, 0, true, 32, false, 0>("32-tile items, no O store", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 2) run<3, 0, true, 32, false, 1>("32-tile items, probe's stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 3) run<3, 0, true, 32, false, 2>("32-tile items, kernel's stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 4) run<3, 0, true, 32, false, 3>("32-tile items, bulk-copied O", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 5) run<3, 0, true, 8, false, 0>("8-tile items, no O store", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 6) run<3, 0, true, 8, false, 2>("8-tile items, kernel's stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 7) run<3, 0, true, 8, false, 3>("8-tile items, bulk-copied O", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 8) run<3, 0, true, 32, true, 0>("32 merged, no O store", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 9) run<3, 0, true, 32, true, 2>("32 merged, kernel's stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 10) run<3, 0, true, 32, true, 3>("32 merged, bulk-copied O", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 11) run<3, 0, true, 8, true, 0>("8 merged, no O store", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 12) run<3, 0, true, 8, true, 2>("8 merged, kernel's stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 13) run<3, 0, true, 8, true, 3>("8 merged, bulk-copied O", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 14) run<3, 0, true>("pp + ring, no items", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 15) run<3, 0, true, 8, true, 5>("8 merged, constant stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 16) run<3, 0, true, 8, true, 6>("8 merged, stmatrix + bulk", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 17) run<3, 0, true, 8, false, 5>("8-tile items, constant stores", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 18) run<3, 0, true, 32, true, 6>("32 merged, stmatrix + bulk", sms, tiles, ops, sink, st, hs, reps);
    if (sel < 0 || sel == 19) run<3, 0, true, 32, true, 5>("32 merged, constant stores", sms, tiles, ops, sink, st, hs, reps);
    return 0;
}
