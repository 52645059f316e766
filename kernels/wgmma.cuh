// wgmma.cuh: the warpgroup-MMA ordering primitives that both Hopper kernels
// use (gemm_wgmma.cu, gemm_int8_wgmma.cu). They exist only in the sm_90a
// device pass; elsewhere they compile to nothing (those kernels are never
// launched there).
#ifndef UNETRUN_WGMMA_CUH
#define UNETRUN_WGMMA_CUH

// Orders earlier register and shared-memory writes before the next wgmma.
__device__ __forceinline__ void wg_fence() {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}
// Closes the group of wgmma issued since the last commit.
__device__ __forceinline__ void wg_commit() {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}
// Waits until at most N committed groups are pending.
template <int N>
__device__ __forceinline__ void wg_wait() {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
#endif
}

#endif
