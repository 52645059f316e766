// initcheck_tma_probe.cu: does compute-sanitizer's initcheck see global
// memory written by the copy engine? (tests/sanitize.sh runs it first.)
//
// Three fresh cudaMalloc buffers of one 64 x 64 FP16 tile each are written by
// one CTA in three ways: ordinary 16-byte stores (the control), one bulk copy
// (cp.async.bulk shared -> global, as the split-K partials are written) and
// one TMA tensor store (cp.async.bulk.tensor.2d, as the Hopper GEMM tiles
// with a TMA-store epilogue write y). Then a kernel of its own reads each
// buffer, so an initcheck report names the store kind in its kernel name:
//   read_after_plain_store, read_after_bulk_store, read_after_tma_store.
// The program checks the values itself (exit 1 on a wrong one) and prints
//   probe: plain ok, bulk ok, tma ok (sum S)
// Under initcheck a reader's reports count the elements the tool does not
// know its store initialized. On an H100 with CUDA 13.0 (2026-11-27,
// bench/results/2026-11-27-h100-validation2/job2): plain 0, bulk 4080 (all
// but the first 32 bytes), TMA 4096 of 4096, all values right: the tool does
// not record the copy engine's stores.
//
//   initcheck_tma_probe            (sm_90a device; exit 2 without one)
#include <cuda_fp16.h>
#include <stdio.h>

extern "C" {
#include "../common/common.h"  // cudaCheck (C linkage)
}
#include "../kernels/tensormap.cuh"
#include "../kernels/wgmma.cuh"

constexpr int TILE = 64;  // a TILE x TILE FP16 tile: 128-byte rows, 8 KiB

// tile (TILE, TILE) FP16, the value of (r, c) is r * TILE + c (exact in FP16 up to 2048; mod 2048)
__device__ __forceinline__ half probe_value(int i) { return __int2half_rn(i & 2047); }

// One CTA of 128 threads: the tile into shared memory, then to plain (ordinary
// stores), bulk (one cp.async.bulk) and the map's tensor (one TMA store).
__global__ void write_tile_three_ways(half *plain, half *bulk, const __grid_constant__ CUtensorMap map) {
    __shared__ alignas(128) half tile[TILE * TILE];
    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) {
        tile[i] = probe_value(i);
        plain[i] = probe_value(i);
    }
    fence_proxy_async_smem();  // the generic-proxy writes above, visible to the copy engine
    __syncthreads();
    if (threadIdx.x == 0) {
        bulk_store(bulk, tile, TILE * TILE * sizeof(half));
        tma_store_2d(&map, tile, 0, 0);
        bulk_commit();
        bulk_wait_all();
    }
}

// Sums one buffer into *sum (one thread per element); a wrong value counts in *bad.
__device__ void read_tile(const half *buf, float *sum, int *bad) {
    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) {
        const float v = __half2float(buf[i]);
        if (v != (float)(i & 2047)) atomicAdd(bad, 1);
        atomicAdd(sum, v);
    }
}
__global__ void read_after_plain_store(const half *buf, float *sum, int *bad) { read_tile(buf, sum, bad); }
__global__ void read_after_bulk_store(const half *buf, float *sum, int *bad) { read_tile(buf, sum, bad); }
__global__ void read_after_tma_store(const half *buf, float *sum, int *bad) { read_tile(buf, sum, bad); }

int main(void) {
    if (!hopper_tma_device()) {
        fprintf(stderr, "initcheck_tma_probe: needs an sm_90 GPU with the TMA encoder; none found\n");
        return 2;
    }
    half *plain, *bulk, *tma;  // (TILE, TILE) each, fresh: never written before the probe
    float *sum;                // (3,)
    int *bad;                  // (3,)
    cudaCheck(cudaMalloc(&plain, TILE * TILE * sizeof(half)));
    cudaCheck(cudaMalloc(&bulk, TILE * TILE * sizeof(half)));
    cudaCheck(cudaMalloc(&tma, TILE * TILE * sizeof(half)));
    cudaCheck(cudaMalloc(&sum, 3 * sizeof(float)));
    cudaCheck(cudaMalloc(&bad, 3 * sizeof(int)));
    cudaCheck(cudaMemset(sum, 0, 3 * sizeof(float)));
    cudaCheck(cudaMemset(bad, 0, 3 * sizeof(int)));
    CUtensorMap map;
    cudaCheck(tensor_map_fp16(&map, tma, TILE, TILE, TILE, TILE, CU_TENSOR_MAP_SWIZZLE_NONE));
    write_tile_three_ways<<<1, 128>>>(plain, bulk, map);
    cudaCheck(cudaGetLastError());
    read_after_plain_store<<<1, 256>>>(plain, sum + 0, bad + 0);
    cudaCheck(cudaGetLastError());
    read_after_bulk_store<<<1, 256>>>(bulk, sum + 1, bad + 1);
    cudaCheck(cudaGetLastError());
    read_after_tma_store<<<1, 256>>>(tma, sum + 2, bad + 2);
    cudaCheck(cudaGetLastError());
    float h_sum[3];
    int h_bad[3];
    cudaCheck(cudaMemcpy(h_sum, sum, sizeof h_sum, cudaMemcpyDeviceToHost));
    cudaCheck(cudaMemcpy(h_bad, bad, sizeof h_bad, cudaMemcpyDeviceToHost));
    printf("probe: plain %s, bulk %s, tma %s (sums %.0f %.0f %.0f)\n", h_bad[0] ? "WRONG" : "ok",
           h_bad[1] ? "WRONG" : "ok", h_bad[2] ? "WRONG" : "ok", h_sum[0], h_sum[1], h_sum[2]);
    cudaCheck(cudaFree(plain));
    cudaCheck(cudaFree(bulk));
    cudaCheck(cudaFree(tma));
    cudaCheck(cudaFree(sum));
    cudaCheck(cudaFree(bad));
    return h_bad[0] || h_bad[1] || h_bad[2];
}
