// pdl.cuh: programmatic dependent launch (sm_90+) for the fast-path kernels.
//
// A block is a chain of small kernels; inside a CUDA graph each boundary
// still costs the next grid's launch and ramp-up (a few microseconds, which
// is most of a node at SD's 8x8 and 16x16 levels). Launched with the
// programmatic-stream-serialization attribute, a kernel may be scheduled
// before its predecessor has finished; every fast-path kernel therefore
// begins with pdl_wait() (griddepcontrol.wait), which returns once the
// preceding grid has completed and its writes are visible. Correctness is
// the same as plain stream order; what is saved is the launch gap. On GPUs
// before sm_90, or when disabled (kernels_set_pdl(0)), launches are plain.
#ifndef UNETRUN_PDL_CUH
#define UNETRUN_PDL_CUH

#include <cuda_runtime.h>

#include <utility>

extern int g_pdl_enabled;  // util.cu; set by kernels_set_pdl()

__device__ __forceinline__ void pdl_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}

// Lets the next kernel of the stream (launched with the attribute) be
// scheduled before this grid ends; its pdl_wait() still waits for this
// grid's completion. For a short kernel whose successor should be resident
// and waiting when it finishes; call it after pdl_wait().
__device__ __forceinline__ void pdl_launch_dependents() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}

// A launch with the PDL attribute (when enabled), as a grid of thread-block
// clusters of `cluster` CTAs (1 x 1 x 1: none).
template <typename... KArgs, typename... Args>
cudaError_t pdl_launch_cluster(void (*kernel)(KArgs...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                               dim3 cluster, Args &&...args) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    cudaLaunchAttribute attr[2];
    unsigned n = 0;
    if (cluster.x * cluster.y * cluster.z > 1) {
        attr[n].id = cudaLaunchAttributeClusterDimension;
        attr[n].val.clusterDim.x = cluster.x;
        attr[n].val.clusterDim.y = cluster.y;
        attr[n].val.clusterDim.z = cluster.z;
        n++;
    }
    if (g_pdl_enabled) {
        attr[n].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attr[n].val.programmaticStreamSerializationAllowed = 1;
        n++;
    }
    cfg.attrs = attr;
    cfg.numAttrs = n;
    return cudaLaunchKernelEx(&cfg, kernel, std::forward<Args>(args)...);
}

// Clusters of `cluster` CTAs (block threads, smem bytes of dynamic shared
// memory each) of `kernel` launched as `grid` that the current device holds
// at once (cudaOccupancyMaxActiveClusters: a cluster's CTAs share a GPC); 0
// on error, with no sticky error left behind. The kernel's dynamic shared
// memory limit must already be set.
template <typename... KArgs>
int max_active_clusters(void (*kernel)(KArgs...), dim3 grid, dim3 cluster, dim3 block, size_t smem) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = smem;
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = cluster.x;
    attr.val.clusterDim.y = cluster.y;
    attr.val.clusterDim.z = cluster.z;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    int n = 0;
    if (cudaOccupancyMaxActiveClusters(&n, kernel, &cfg) != cudaSuccess) {
        (void)cudaGetLastError();
        n = 0;
    }
    return n;
}

// The same without clusters.
template <typename... KArgs, typename... Args>
cudaError_t pdl_launch(void (*kernel)(KArgs...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                       Args &&...args) {
    return pdl_launch_cluster(kernel, grid, block, smem, stream, dim3(1, 1, 1), std::forward<Args>(args)...);
}

#endif
