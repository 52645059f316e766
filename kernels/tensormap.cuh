// tensormap.cuh: cuTensorMapEncodeTiled (and Im2col) for the Hopper kernels (gemm_wgmma.cu,
// gemm_wgmma_pp.cu, attention_wgmma.cu), taken from the driver at run time so
// that nothing links against libcuda, and the 2-D operand map the GEMM
// kernels share. Host code.
#ifndef UNETRUN_TENSORMAP_CUH
#define UNETRUN_TENSORMAP_CUH

#include <cuda.h>  // CUtensorMap and its enums
#include <cuda_runtime.h>

#include "pp_rule.h"  // pp_rule_walk_n

typedef CUresult (*EncodeTiledFn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                  const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                                  CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// A driver entry point by name (the CUDA 12.0 signature), or NULL when the
// driver has none; a failed probe leaves no sticky error behind.
inline void *driver_entry_point(const char *name) {
    void *f = nullptr;
    cudaDriverEntryPointQueryResult q;
    if (cudaGetDriverEntryPointByVersion(name, &f, 12000, cudaEnableDefault, &q) != cudaSuccess ||
        q != cudaDriverEntryPointSuccess)
        f = nullptr;
    (void)cudaGetLastError();
    return f;
}

// The encoder, probed once per process; NULL when the driver has none.
inline EncodeTiledFn tensor_map_encoder() {
    static const EncodeTiledFn fn = reinterpret_cast<EncodeTiledFn>(driver_entry_point("cuTensorMapEncodeTiled"));
    return fn;
}

typedef CUresult (*EncodeIm2colFn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                   const cuuint64_t *, const int *, const int *, cuuint32_t, cuuint32_t,
                                   const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                   CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// cuTensorMapEncodeIm2col (the convolution tiles that read their A operand in
// TMA's im2col mode), probed once per process; NULL when the driver has none.
inline EncodeIm2colFn tensor_map_im2col_encoder() {
    static const EncodeIm2colFn fn =
        reinterpret_cast<EncodeIm2colFn>(driver_entry_point("cuTensorMapEncodeIm2col"));
    return fn;
}

// The current device is cc 9.0 (an sm_90a image runs on nothing else) and the
// driver has the encoder: the Hopper kernels can run. Probed once per process;
// no device (CPU-only use) means no, and a failed probe leaves no sticky error.
inline bool hopper_tma_device() {
    static int ok = -1;
    if (ok < 0) {
        int dev = 0, major = 0, minor = 0;
        ok = cudaGetDevice(&dev) == cudaSuccess &&
             cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess &&
             cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) == cudaSuccess && major == 9 &&
             minor == 0 && tensor_map_encoder() != nullptr;
        (void)cudaGetLastError();
    }
    return ok == 1;
}

// The current device's SM count, probed once (1 on error): the grid of the
// persistent Hopper kernels (attention, stream-K convolutions).
inline int hopper_num_sms() {
    static int n = 0;
    if (n == 0) {
        int dev = 0;
        if (cudaGetDevice(&dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || n < 1)
            n = 0;
        (void)cudaGetLastError();
    }
    return n > 0 ? n : 1;
}

// The current device's L2 cache in bytes, probed once (0 on error).
inline long long hopper_l2_bytes() {
    static int n = -1;
    if (n < 0) {
        int dev = 0;
        if (cudaGetDevice(&dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&n, cudaDevAttrL2CacheSize, dev) != cudaSuccess || n < 0)
            n = 0;
        (void)cudaGetLastError();
    }
    return n;
}

// The persistent ping-pong tiles' walk (kernels_set_tile_walk, --tile-walk): -1 pp_rule_walk_n, 0 M
// fastest, 1 N fastest.
extern int g_tile_walk;  // util.cu

// The walk_n argument of a ping-pong kernel (wg_pp_producer) whose A takes a_bytes, in rows of tiles_n
// tiles.
inline int pp_walk_n(long long a_bytes, int tiles_n) {
    return g_tile_walk < 0 ? pp_rule_walk_n(a_bytes, tiles_n, hopper_l2_bytes()) : g_tile_walk ? tiles_n : 0;
}

// A (rows, cols) row-major matrix of `elem_bytes`-byte elements of type
// `dtype` in boxes of box_cols x box_rows (16-byte rows; box_cols *
// elem_bytes at most the swizzle span); elements past the matrix read as
// zero and are not written. The last 32 maps are kept (the map is a function
// of the arguments): encoding costs microseconds of host time per launch,
// which a single event-timed launch on an idle GPU shows. Launches come from
// one host thread.
inline cudaError_t tensor_map_2d(CUtensorMap *map, const void *base, CUtensorMapDataType dtype, int elem_bytes,
                                 int rows, int cols, int box_cols, int box_rows, CUtensorMapSwizzle swizzle) {
    struct Entry {
        const void *base;
        CUtensorMapDataType dtype;
        int rows, cols, box_cols, box_rows;
        CUtensorMapSwizzle swizzle;
        CUtensorMap map;
    };
    static Entry cache[32];
    static int used = 0, next = 0;
    for (int i = 0; i < used; i++)
        if (cache[i].base == base && cache[i].dtype == dtype && cache[i].rows == rows && cache[i].cols == cols &&
            cache[i].box_cols == box_cols && cache[i].box_rows == box_rows && cache[i].swizzle == swizzle) {
            *map = cache[i].map;
            return cudaSuccess;
        }
    EncodeTiledFn enc = tensor_map_encoder();
    if (!enc) return cudaErrorNotSupported;
    const cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    const cuuint64_t strides[1] = {(cuuint64_t)cols * elem_bytes};
    const cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    const cuuint32_t elem[2] = {1, 1};
    CUresult r = enc(map, dtype, 2, const_cast<void *>(base), dims, strides, box, elem, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) return cudaErrorInvalidValue;
    cache[next] = Entry{base, dtype, rows, cols, box_cols, box_rows, swizzle, *map};
    next = (next + 1) % 32;
    if (used < 32) used++;
    return cudaSuccess;
}

// A (rows, cols) FP16 row-major matrix (cols a multiple of 8), as tensor_map_2d.
inline cudaError_t tensor_map_fp16(CUtensorMap *map, const void *base, int rows, int cols, int box_cols,
                                   int box_rows, CUtensorMapSwizzle swizzle) {
    return tensor_map_2d(map, base, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, rows, cols, box_cols, box_rows, swizzle);
}

// The GEMM operand map: a (rows, k) FP16 matrix read in boxes of 64
// K-elements (one 128-byte swizzle row) x box_rows rows, 128-byte swizzle.
// k a multiple of 8, box_rows <= 256.
inline cudaError_t tensor_map_k64(CUtensorMap *map, const void *base, int rows, int k, int box_rows) {
    return tensor_map_fp16(map, base, rows, k, 64, box_rows, CU_TENSOR_MAP_SWIZZLE_128B);
}

#endif
