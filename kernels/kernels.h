// kernels.h: the C interface to every unetrun CUDA kernel.
//
// Plain C (no CUDA C++ types). Every launcher takes raw device pointers,
// sizes and a stream, launches, and returns cudaGetLastError() so the caller
// checks it with cudaCheck() at its own file:line. FP16 data is passed as
// uint16_t (IEEE binary16 bits). Activations are NHWC.
#ifndef UNETRUN_KERNELS_H
#define UNETRUN_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------
// conv2d.cu: implicit GEMM v2 convolution (FP16 in/out, FP32 accumulate)
// ---------------------------------------------------------------------------
typedef struct {
    int batch, h, w, cin;  // input (B, H, W, Cin)
    int cout, ksize;       // ksize x ksize kernel (1 or 3)
    int stride, pad;       // 1/1 for 3x3, 2/1 for downsampler, 1/0 for 1x1
    int ho, wo;            // output spatial size (filled by conv2d_shape_init)
} ConvShape;

// Fills ho/wo. Returns 0 if the shape is supported (cin, cout multiples of 8,
// positive sizes, B*H*W*C and B*Ho*Wo*Cout below 2^31), else nonzero.
int conv2d_shape_init(ConvShape *s);

// A kernel configuration: tile id (index into the compiled tile table) and
// the number of K splits (1 = no split; >1 writes FP32 partials to the
// workspace and a second kernel reduces them and applies the epilogue).
typedef struct {
    int tile;
    int splits;
} ConvConfig;

int conv2d_num_tiles(void);
// "128x128x32/8w" etc.
const char *conv2d_tile_name(int tile);
// Candidate configurations worth timing for this shape on a GPU with
// `num_sms` SMs; writes up to `max` entries and returns how many.
int conv2d_candidates(const ConvShape *s, int num_sms, ConvConfig *out, int max);
// A heuristic choice (used when no tuning is done).
ConvConfig conv2d_heuristic(const ConvShape *s, int num_sms);
size_t conv2d_workspace_bytes(const ConvShape *s, ConvConfig cfg);

// y = conv(x, w) + bias[co] + temb[b, co] + residual[b, ho, wo, co]
// (bias, temb and residual each optional: pass NULL).
cudaError_t conv2d_igemm_fp16(const ConvShape *s, ConvConfig cfg,
                              const uint16_t *x,         // (B, H, W, Cin)       fp16
                              const uint16_t *w,         // (Cout, k, k, Cin)    fp16
                              const float *bias,         // (Cout)               fp32 or NULL
                              const uint16_t *temb,      // (B, Cout)            fp16 or NULL
                              const uint16_t *residual,  // (B, Ho, Wo, Cout)    fp16 or NULL
                              uint16_t *y,               // (B, Ho, Wo, Cout)    fp16
                              float *workspace,          // conv2d_workspace_bytes() or NULL if splits == 1
                              cudaStream_t stream);

// ---------------------------------------------------------------------------
// groupnorm.cu: GroupNorm (+ optional SiLU), FP16 NHWC in/out, FP32 stats
// ---------------------------------------------------------------------------
// Number of pixel splits per sample the stats pass uses at this size.
int groupnorm_splits(int batch, int hw, int c, int num_sms);
// Workspace: partial sums (float) and a completion counter; must be zeroed
// once (cudaMemset) before the first launch; the kernels leave it ready for
// the next launch, so it is safe inside a CUDA graph.
size_t groupnorm_workspace_bytes(int batch, int groups, int splits, int c);
cudaError_t groupnorm_silu_fp16(const uint16_t *x,  // (B, HW, C) fp16
                                uint16_t *y,        // (B, HW, C) fp16
                                const float *gamma, const float *beta,  // (C)
                                int batch, int hw, int c, int groups, float eps, int apply_silu,
                                int splits, void *workspace, cudaStream_t stream);

// ---------------------------------------------------------------------------
// linear.cu: small linear layers on the fast path
// ---------------------------------------------------------------------------
// y[b, n] = sum_k act(x[b, k]) * w[n, k] + bias[n], act = SiLU if silu_in.
// For the time-embedding projection (B rows only): one warp per output.
cudaError_t linear_rows_fp16(const uint16_t *x,  // (B, K) fp16
                             const uint16_t *w,  // (N, K) fp16
                             const float *bias,  // (N) fp32 or NULL
                             uint16_t *y,        // (B, N) fp16
                             int batch, int k, int n, int silu_in, cudaStream_t stream);

// ---------------------------------------------------------------------------
// reference.cu: FP32 reference kernels (simple, obviously right)
// ---------------------------------------------------------------------------
// Direct convolution, one thread per output element.
cudaError_t conv2d_ref_f32(const ConvShape *s,
                           const float *x,         // (B, H, W, Cin)
                           const float *w,         // (k, k, Cin, Cout)
                           const float *bias,      // (Cout) or NULL
                           const float *temb,      // (B, Cout) or NULL
                           const float *residual,  // (B, Ho, Wo, Cout) or NULL
                           float *y,               // (B, Ho, Wo, Cout)
                           cudaStream_t stream);
// GroupNorm, one block per (b, group), two-pass mean/variance in FP32.
cudaError_t groupnorm_ref_f32(const float *x, float *y,  // (B, HW, C)
                              const float *gamma, const float *beta, int batch, int hw, int c,
                              int groups, float eps, cudaStream_t stream);
// y = x * sigmoid(x), elementwise (in place allowed).
cudaError_t silu_ref_f32(const float *x, float *y, size_t n, cudaStream_t stream);
// y[b, n] = sum_k x[b, k] * w[n, k] + bias[n]
cudaError_t linear_ref_f32(const float *x,  // (B, K)
                           const float *w,  // (N, K)
                           const float *bias, float *y, int batch, int k, int n,
                           cudaStream_t stream);

// ---------------------------------------------------------------------------
// util.cu: conversions, poison, random-init transforms
// ---------------------------------------------------------------------------
cudaError_t f32_to_f16_dev(const float *x, uint16_t *y, size_t n, cudaStream_t stream);
cudaError_t f16_to_f32_dev(const uint16_t *x, float *y, size_t n, cudaStream_t stream);
cudaError_t fill_u16_dev(uint16_t *y, uint16_t value, size_t n, cudaStream_t stream);
cudaError_t fill_f32_dev(float *y, float value, size_t n, cudaStream_t stream);
// In place: u in (0, 1] -> center + scale * (2u - 1), computed without FMA
// contraction so host and device round identically (see weights/random.c).
cudaError_t uniform_to_range_dev(float *u, size_t n, float center, float scale,
                                 cudaStream_t stream);
// Permute a conv weight from PyTorch (Cout, Cin, k, k) FP32 to the fast
// kernel's (Cout, k, k, Cin) FP16 and the reference's (k, k, Cin, Cout) FP32.
cudaError_t conv_weight_layouts_dev(const float *w_oikk, uint16_t *w_okki_f16,
                                    float *w_kkio_f32, int cout, int cin, int k,
                                    cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
