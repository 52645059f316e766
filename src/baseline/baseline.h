// baseline.h: the vendor baseline (--vs cudnn). The block's nodes run on the
// vendor libraries with the same weights and inputs as unetrun, in the same
// process, timed and checked the same way:
//
//   OP_CONV       cuDNN legacy convolution forward, NHWC FP16, FP32 compute,
//                 tensor-op math, algorithm from cudnnFindConvolutionForwardAlgorithmEx;
//                 bias (+ residual as z) fused by cudnnConvolutionBiasActivationForward
//                 (identity activation) or, when faster, the best plain algorithm
//                 followed by cudnnAddTensor; the time embedding (B, Cout) is a
//                 broadcast cudnnAddTensor.
//   OP_GEMM       cuBLASLt matmul, FP16 in/out, FP32 compute, bias as the BIAS
//                 epilogue, residual as C with beta = 1; GEGLU (no cuBLASLt
//                 epilogue for it) as a separate elementwise kernel.
//   OP_LINEAR     SiLU kernel on temb, then the cuBLASLt matmul (B rows).
//   OP_ATTENTION  cuBLAS strided-batched GEMMs (Q K^T, P V) and a softmax kernel
//                 (cuDNN's fused SDPA is only reachable through its graph API).
//   OP_GROUPNORM, OP_LAYERNORM: no cuDNN op; the vendor block runs unetrun's
//                 kernels for them (Node.has_vendor = 0).
//   A norm folded into the fast node (a conv with gn, a GEMM with ln) runs
//   here as unetrun's norm kernel into Node.norm_out, then the vendor op, so
//   that node's vendor column is the norm + the library call.
#ifndef UNETRUN_BASELINE_H
#define UNETRUN_BASELINE_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

// --- kernels (baseline_kernels.cu); each returns cudaGetLastError() ----------
// y = x * sigmoid(x), FP16 in/out, FP32 math.
cudaError_t baseline_silu_f16(const uint16_t *x,  // (n) fp16
                            uint16_t *y,        // (n) fp16
                            size_t n, cudaStream_t stream);
// y[m, j] = x[m, j] * gelu_erf(x[m, F + j]); x (M, 2F) in checkpoint order [a | g].
cudaError_t baseline_geglu_f16(const uint16_t *x,  // (M, 2F) fp16
                             uint16_t *y,        // (M, F)  fp16
                             int m, int f, cudaStream_t stream);
// In place softmax over each row of x (rows, cols), FP32 max/sum.
cudaError_t baseline_softmax_rows_f16(uint16_t *x,  // (rows, cols) fp16
                                    long rows, int cols, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#ifndef __CUDACC__
#include "../graph/graph.h"

typedef struct BaselineCtx BaselineCtx;

// The FP32 reference the vendor output is compared with, written to host
// memory: node >= 0: that node's reference fed the fast path's inputs (as the
// layer error uses); node == -1: the FP32 reference chain's block output.
// Returns 0 when there is no reference (--ref none).
typedef int (*BaselineRefFn)(void *ctx, int node, float *host_out);

// Handles, weight copies, descriptors, buffers; algorithm search on the fast
// path's current tensors (its inputs must hold values).
BaselineCtx *baseline_create(Graph *g, cudaStream_t st);
// One node on vendor libraries: inputs from the fast path's tensors, output
// to the vendor copy of its output tensor.
void baseline_run_node(BaselineCtx *v, int node, cudaStream_t st);
// The whole block on the vendor tensors (inputs shared with the fast path).
void baseline_run_block(BaselineCtx *v, cudaStream_t st);
void baseline_destroy(BaselineCtx *v);

// Everything for --vs cudnn after unetrun's own timing: per node has_vendor,
// vendor_kernel, vendor_time, vendor_err; per run vendor_ran, vendor_name,
// vendor_attention, vendor_block (CUDA graph replay, or eager when capture
// fails: vendor_block_eager), vendor_chain_err.
void baseline_run(Graph *g, const RunOptions *opt, cudaStream_t st, BaselineRefFn ref, void *ref_ctx, RunResult *r);
#endif

#endif
