// tensormap.cuh: cuTensorMapEncodeTiled for the Hopper kernels (gemm_wgmma.cu,
// attention_wgmma.cu), taken from the driver at run time so that nothing
// links against libcuda. Host code.
#ifndef UNETRUN_TENSORMAP_CUH
#define UNETRUN_TENSORMAP_CUH

#include <cuda.h>  // CUtensorMap and its enums
#include <cuda_runtime.h>

typedef CUresult (*EncodeTiledFn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                  const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                                  CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// The encoder, probed once per process; NULL when the driver has none.
inline EncodeTiledFn tensor_map_encoder() {
    static EncodeTiledFn fn = nullptr;
    static bool probed = false;
    if (!probed) {
        probed = true;
        void *f = nullptr;
        cudaDriverEntryPointQueryResult q;
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q) ==
                cudaSuccess &&
            q == cudaDriverEntryPointSuccess)
            fn = reinterpret_cast<EncodeTiledFn>(f);
        (void)cudaGetLastError();  // a failed probe leaves no sticky error behind
    }
    return fn;
}

#endif
