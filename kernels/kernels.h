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
    int cin2;              // of cin, the last cin2 channels come from a second tensor (an up block's
                           // skip, read in place: torch.cat without a copy); 0 = one input
    int up;                // 1: the input is read through nearest 2x upsampling (Upsample2D): h, w
                           // are the upsampled size, the tensor in memory is (B, h/2, w/2, Cin)
    int norm;              // 1: a GroupNorm (+ SiLU) of the input is applied in the operand path
                           // (conv2d_igemm_norm_fp16; Hopper-engine tiles only)
    int cs, cs2;           // cs > 0: a 1x1 shortcut over cs channels of a second input (the last cs2 of
                           // them from a third tensor) summed into this conv's accumulators, as extra K
                           // (conv2d_igemm_sc_fp16; Hopper-engine tiles only); 0 = none
} ConvShape;

// Fills ho/wo. Returns 0 if the shape is supported (cin, cout multiples of 8,
// positive sizes, B*H*W*C and B*Ho*Wo*Cout below 2^31), else nonzero.
int conv2d_shape_init(ConvShape *s);

// A tile configuration of every GEMM-shaped kernel (convolution, FP16 GEMM,
// INT8 GEMM): tile id (index into that kernel's compiled tile table) and
// the number of K splits (1 = no split; >1 writes FP32 partials to the
// workspace and a second kernel reduces them and applies the epilogue).
typedef struct {
    int tile;
    int splits;
} TileConfig;

// "128x128x32/8w" etc.
const char *conv2d_tile_name(int tile);
// Candidate configurations worth timing for this shape on a GPU with
// `num_sms` SMs; writes up to `max` entries and returns how many. Every list
// fits CONV2D_MAX_CANDIDATES (a skinny GEMM with a long K offers the most:
// each tile at up to eight split counts; test_gpu checks that no SD shape's
// list reaches the bound, which would have cut off the tiles listed last).
#define CONV2D_MAX_CANDIDATES 256
int conv2d_candidates(const ConvShape *s, int num_sms, TileConfig *out, int max);
// A heuristic choice (used when no tuning is done): a Hopper-engine tile by
// its cost model where the engine runs the shape, else an mma.sync tile;
// it weighs the first 128 candidates, the view its model was fit to.
TileConfig conv2d_heuristic(const ConvShape *s, int num_sms);
// The same for a GEMM whose LayerNorm is folded into its epilogue
// (gemm_fp16_lnfold) where ln_fold is 1: the ping-pong tiles' rules differ.
TileConfig conv2d_heuristic_ln(const ConvShape *s, int num_sms, int ln_fold);
// 1 if `tile` is a tile of the Hopper engine (gemm_wgmma.cu: wgmma + TMA,
// and its persistent ping-pong tiles, gemm_wgmma_pp.cu), which
// conv2d_candidates offers on a cc 9.0 GPU of an sm_90 build for GEMM-shaped
// problems (1x1, stride 1) and for convolutions whose Cin is a multiple of 64
// (stride 1 or 2); the ping-pong tiles for GEMM-shaped ones only.
int conv2d_tile_is_wgmma(int tile);
// 1 if `tile` is one of the Hopper engine's stream-K tiles (persistent CTAs,
// one per SM, over every tile's K stages; convolutions only).
int conv2d_tile_is_stream_k(int tile);
size_t conv2d_workspace_bytes(const ConvShape *s, TileConfig cfg);
// 1 if the Hopper engine can apply a GroupNorm in this conv's operand path
// (a shape check only: whether the engine runs here is conv2d_hopper_usable's).
int conv2d_norm_shape_ok(const ConvShape *s);
// 1 if the Hopper conv/GEMM engine runs on this device and engine setting
// (sm_90a build, a cc 9.0 GPU, --engine auto).
int conv2d_hopper_usable(void);

// conv2d_igemm_fp16 over a two-tensor or upsampled input (ConvShape.cin2 /
// .up): x holds the first cin - cin2 channels, x2 (NULL unless cin2) the
// rest. The Hopper engine's tiles are never among these shapes' candidates.
cudaError_t conv2d_igemm2_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *x2,
                               const uint16_t *w, const float *bias, const uint16_t *temb, const uint16_t *residual,
                               uint16_t *y, float *workspace, cudaStream_t stream);

// conv2d_igemm2_fp16 with GroupNorm (+ SiLU) applied to the input in the
// operand path (s->norm = 1): the conv reads x[b, p, c] * norm[b, c, 0] +
// norm[b, c, 1] (SiLU'd when silu), zero padding staying zero, so the
// normalized tensor is never written. norm: groupnorm_scale_shift() of a
// groupnorm_stats_fp16 launch over the same input. Hopper-engine tiles only
// (conv2d_candidates offers no other for such a shape; no nearest-2x input).
cudaError_t conv2d_igemm_norm_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *x2,
                                   const float *norm,  // (B, Cin, 2) fp32 scale, shift
                                   int silu, const uint16_t *w, const float *bias, const uint16_t *temb,
                                   const uint16_t *residual, uint16_t *y, float *workspace, cudaStream_t stream);

// y = conv(x, w_conv) + xs_cat w_sc^T + bias[co] + temb[b, co]: a 1x1
// shortcut (ResnetBlock2D.conv_shortcut, stride 1) over xs_cat = [xs | xs2]
// (B, Ho, Wo, cs), cs2 channels from xs2) summed in the conv's FP32
// accumulators as cs more K, so its output is never written or read back.
// w is (Cout, k k Cin + cs) = [the conv's (Cout, k, k, Cin) | the shortcut's
// (Cout, cs)], bias the sum of the two biases. Hopper-engine tiles only
// (conv2d_candidates offers no other for a shape with cs > 0; see
// conv2d_shortcut_shape_ok).
cudaError_t conv2d_igemm_sc_fp16(const ConvShape *s, TileConfig cfg,
                                 const uint16_t *x,    // (B, H, W, Cin)          fp16
                                 const uint16_t *xs,   // (B, Ho, Wo, cs - cs2)   fp16
                                 const uint16_t *xs2,  // (B, Ho, Wo, cs2)        fp16 or NULL (cs2 = 0)
                                 const uint16_t *w,    // (Cout, k k Cin + cs)    fp16
                                 const float *bias, const uint16_t *temb, uint16_t *y, float *workspace,
                                 cudaStream_t stream);
// 1 if the Hopper engine can fuse such a shortcut into this conv (a shape
// check only, s->cs and s->cs2 set; whether the engine runs here is
// conv2d_hopper_usable's).
int conv2d_shortcut_shape_ok(const ConvShape *s);

// y = conv(x, w) + bias[co] + temb[b, co] + residual[b, ho, wo, co]
// (bias, temb and residual each optional: pass NULL).
cudaError_t conv2d_igemm_fp16(const ConvShape *s, TileConfig cfg,
                              const uint16_t *x,         // (B, H, W, Cin)       fp16
                              const uint16_t *w,         // (Cout, k, k, Cin)    fp16
                              const float *bias,         // (Cout)               fp32 or NULL
                              const uint16_t *temb,      // (B, Cout)            fp16 or NULL
                              const uint16_t *residual,  // (B, Ho, Wo, Cout)    fp16 or NULL
                              uint16_t *y,               // (B, Ho, Wo, Cout)    fp16
                              float *workspace,          // conv2d_workspace_bytes(), or NULL where that is 0
                              cudaStream_t stream);

// conv2d_igemm_fp16 whose epilogue also leaves the statistics of y that a
// GroupNorm of y needs (groupnorm_apply_partials_fp16): per slot (the 64
// rows one consumer of a Hopper-engine tile stores, all of one sample) the
// mean and the sum of squared deviations of every output channel over the
// slot's rows of y, and the slot's (sample, rows). Only where
// conv2d_gn_stats_slots(s, cfg) > 0: a plain or im2col Hopper tile without
// split-K on a one-input convolution.
cudaError_t conv2d_igemm_gn_fp16(const ConvShape *s, TileConfig cfg, const uint16_t *x, const uint16_t *w,
                                 const float *bias, const uint16_t *temb, const uint16_t *residual, uint16_t *y,
                                 float *workspace,
                                 float *gn_part,  // (slots, Cout, 2) fp32 mean, M2
                                 int *gn_slot,    // (slots, 2) sample (-1: none), rows
                                 cudaStream_t stream);
// The slots conv2d_igemm_gn_fp16 writes for this shape and pick, or 0 where
// the pick cannot leave the statistics (the conv then runs as it is, and the
// GroupNorm computes its own).
int conv2d_gn_stats_slots(const ConvShape *s, TileConfig cfg);
// The most slots any pick of this shape writes (0: none can): the size of
// the partials buffer is conv2d_gn_stats_max_slots * (Cout * 8 + 8) bytes.
int conv2d_gn_stats_max_slots(const ConvShape *s);

// ---------------------------------------------------------------------------
// groupnorm.cu: GroupNorm (+ optional SiLU), FP16 NHWC in/out, FP32 stats
// ---------------------------------------------------------------------------
// Number of pixel splits per sample the stats pass uses at this size.
int groupnorm_splits(int batch, int hw, int c, int num_sms);
// Whether the one-pass kernel takes this shape on the current device (x2's
// split c1, 0 without x2): its cluster size (1..8 CTAs per sample and
// channel block), or 0 (then the two launches with groupnorm_splits run).
// splits = 0 in groupnorm_silu_fp16 / groupnorm2_silu_fp16 selects it.
int groupnorm_one_pass(int batch, int hw, int c, int c1, int groups, int num_sms);
// Workspace: FP64 partial sums per (sample, group, split), the per-channel
// scale and shift, and a completion counter per sample; must be zeroed once
// (cudaMemset) before the first launch; the kernels leave it ready for the
// next launch, so it is safe inside a CUDA graph.
size_t groupnorm_workspace_bytes(int batch, int groups, int splits, int c);
cudaError_t groupnorm_silu_fp16(const uint16_t *x,  // (B, HW, C) fp16
                                uint16_t *y,        // (B, HW, C) fp16
                                const float *gamma, const float *beta,  // (C)
                                int batch, int hw, int c, int groups, float eps, int apply_silu,
                                int splits, void *workspace, cudaStream_t stream);
// The statistics pass alone (no apply, nothing written but the workspace):
// afterwards groupnorm_scale_shift(workspace, ...) holds the per-(sample,
// channel) scale and shift that the apply would use, for a consumer that
// applies them itself (conv2d_igemm_norm_fp16). x2 / c1 as below.
cudaError_t groupnorm_stats_fp16(const uint16_t *x, const uint16_t *x2, int c1, const float *gamma, const float *beta,
                                 int batch, int hw, int c, int groups, float eps, int splits, void *workspace,
                                 cudaStream_t stream);
// (B, C, 2) FP32 (scale, shift) inside a workspace of groupnorm_workspace_bytes.
const float *groupnorm_scale_shift(const void *workspace, int batch, int groups, int splits, int c);
// GroupNorm (+ SiLU) of x (B, HW, C) from the statistics its producer's
// epilogue left (conv2d_igemm_gn_fp16: nslots slots of per-channel mean and
// M2 over the slot's rows, and (sample, rows) per slot): a fold launch
// (Chan's combination in FP64, per (sample, group), into the workspace's
// per-channel scale and shift) and the apply launch of the two-launch path.
// x is read once. workspace: groupnorm_workspace_bytes(batch, groups, 0, c) or more.
cudaError_t groupnorm_apply_partials_fp16(const float *part, const int *slot, int nslots, const uint16_t *x,
                                          uint16_t *y, const float *gamma, const float *beta, int batch, int hw,
                                          int c, int groups, float eps, int apply_silu, void *workspace,
                                          cudaStream_t stream);
// The same over the channel concatenation of x (B, HW, c1) and x2 (B, HW, c - c1),
// read in place (x2 NULL: x alone, c channels).
cudaError_t groupnorm2_silu_fp16(const uint16_t *x, const uint16_t *x2, int c1, uint16_t *y, const float *gamma,
                                 const float *beta, int batch, int hw, int c, int groups, float eps, int apply_silu,
                                 int splits, void *workspace, cudaStream_t stream);

// ---------------------------------------------------------------------------
// linear.cu: small linear layers on the fast path
// ---------------------------------------------------------------------------
// y[b, n] = sum_k act(x[b, k]) * w[n, k] + bias[n], act = SiLU if silu_in.
// For the time-embedding projection (B rows only): one warp per output.
// unet_ops.cu: direct convolution for channel counts that are not multiples
// of 8 (conv_in / conv_out; w (Cout, k, k, Cin)); a few rows of
// silu?(x) W^T + bias + residual (residual (B, N) or NULL); the FP32 view
// of a concatenated (x2: c2 more channels) or nearest-2x upsampled (up)
// input, (B, h, w, c1) source(s) into dst.
cudaError_t conv2d_small_fp16(const ConvShape *s, const uint16_t *x, const uint16_t *w, const float *bias,
                              uint16_t *y, cudaStream_t stream);
cudaError_t linear_rows_res_fp16(const uint16_t *x, const uint16_t *w, const float *bias, const uint16_t *residual,
                                 uint16_t *y, int batch, int k, int n, int silu_in, cudaStream_t stream);
cudaError_t gather_view_f32(const float *x, const float *x2, int c1, int c2, int up, int batch, int h, int w,
                            float *dst, cudaStream_t stream);
// Attention at a head dim without a kernel: per row, heads x d_src columns of
// src (stride ld_src) into heads x d_dst columns of dst (stride ld_dst), the
// columns past d_src zero (d_dst > d_src: pad Q, K, V; d_dst < d_src: take the
// first d_dst columns of each padded output head).
cudaError_t repack_heads_fp16(const uint16_t *src, int ld_src, int d_src, uint16_t *dst, int ld_dst, int d_dst,
                              size_t rows, int heads, cudaStream_t stream);

cudaError_t linear_rows_fp16(const uint16_t *x,  // (B, K) fp16
                             const uint16_t *w,  // (N, K) fp16
                             const float *bias,  // (N) fp32 or NULL
                             uint16_t *y,        // (B, N) fp16
                             int batch, int k, int n, int silu_in, cudaStream_t stream);

// ---------------------------------------------------------------------------
// conv2d.cu: GEMM (M, N, K) on the implicit-GEMM convolution kernel
// ---------------------------------------------------------------------------
// A Linear layer y = x W^T is a 1x1 convolution over
// M = rows "pixels", so the linear layers of the transformer block reuse the
// implicit-GEMM tiles, pipeline and epilogue (one kernel, one dispatcher).
// K and N multiples of 8; any M. Epilogues: bias, residual add, or GEGLU.
//
// GEGLU (ff.net.0.proj): the weight (2F, K) and bias (2F) must be given in
// the interleaved order made by geglu_interleave_rows(): output channel
// blocks of 8 alternate a, g, a, g, ... so one thread's accumulators hold
// both halves of a pair; y is (M, F) = a * gelu_erf(g). F multiple of 8.
typedef enum { GEMM_EPI_NONE = 0, GEMM_EPI_GEGLU = 1 } GemmEpilogue;
// The ConvShape a GEMM of (M, N, K) runs as (1x1 conv over M x 1 pixels).
ConvShape gemm_as_conv(int m, int n, int k);
cudaError_t gemm_fp16(int m, int n, int k, TileConfig cfg,
                      const uint16_t *a,         // (M, K)   fp16, row stride K
                      const uint16_t *w,         // (N, K)   fp16 (PyTorch Linear weight)
                      const float *bias,         // (N)      fp32 or NULL
                      const uint16_t *residual,  // (M, N)   fp16 or NULL (not with GEGLU)
                      uint16_t *y,               // (M, N), or (M, N/2) with GEGLU
                      GemmEpilogue epi,
                      float *workspace,          // conv2d_workspace_bytes(gemm_as_conv(..)) or NULL
                      cudaStream_t stream);
// gemm_fp16 with a LayerNorm of the rows of `a` folded in (LayerNorm then
// Linear, the normalized tensor never written): y = epi((a w^T - mean_m
// colsum_n) rstd_m + bias_n). w is the Linear's weight with its columns
// scaled by the LayerNorm's gamma (w[n, k] = gamma[k] W[n, k], FP16),
// colsum[n] = sum_k w[n, k] (FP32, of the FP16 values), bias = beta W^T +
// the Linear's bias (FP32), ln_stats the (M, 2) FP32 (mean, rstd) of
// layernorm_stats_fp16 over `a`. GEGLU: w, colsum and bias interleaved as
// for gemm_fp16. Every tile and split of gemm_fp16.
cudaError_t gemm_fp16_lnfold(int m, int n, int k, TileConfig cfg, const uint16_t *a, const uint16_t *w,
                             const float *ln_stats,   // (M, 2) fp32 mean, rstd
                             const float *ln_colsum,  // (N) fp32, 16-byte aligned
                             const float *bias,       // (N) fp32 or NULL
                             const uint16_t *residual, uint16_t *y, GemmEpilogue epi, float *workspace,
                             cudaStream_t stream);
// Reorders the rows of a (2F, K) matrix (or a (2F) vector: k = 1) from
// [a (F rows); g (F rows)] into 8-row blocks a0 g0 a1 g1 ... (host, FP32).
void geglu_interleave_rows(const float *src, float *dst, int f, int k);

// ---------------------------------------------------------------------------
// layernorm.cu: LayerNorm over the last dim, FP16 in/out, FP32 statistics
// ---------------------------------------------------------------------------
cudaError_t layernorm_fp16(const uint16_t *x,  // (M, C) fp16
                           uint16_t *y,        // (M, C) fp16
                           const float *gamma, const float *beta,  // (C)
                           int m, int c, float eps, cudaStream_t stream);
// layernorm_fp16's output rows quantized per row (quantize_rows_int8's
// contract): q (M, C) int8 and scale (M) are exactly what quantize_rows_int8
// makes of layernorm_fp16's y, in one pass that never writes y (the
// LayerNorm folded into a --int8-scales row GEMM). C a multiple of 8, at most
// 4096; q 8-byte aligned.
cudaError_t layernorm_quant_rows_int8(const uint16_t *x,  // (M, C) fp16
                                      const float *gamma, const float *beta,  // (C)
                                      int m, int c, float eps,
                                      int8_t *q,      // (M, C)
                                      float *scale,   // (M)
                                      cudaStream_t stream);
// The statistics of layernorm_fp16 alone: stats[m] = (mean_m, rstd_m), FP32,
// exactly the values layernorm_fp16 normalizes with (for gemm_fp16_lnfold).
cudaError_t layernorm_stats_fp16(const uint16_t *x,  // (M, C) fp16
                                 float *stats,       // (M, 2) fp32, 8-byte aligned
                                 int m, int c, float eps, cudaStream_t stream);

// ---------------------------------------------------------------------------
// attention.cu: padded flash-attention pipeline, FP16 Q/K/V, FP32 softmax
// ---------------------------------------------------------------------------
// Multi-head attention O = softmax(Q K^T * scale) V for every (batch, head).
// Element (b, i, h, e) of Q is q[(b*sq + i)*ldq + h*d + e]; K and V likewise
// with skv rows and stride ldkv; O is o[(b*sq + i)*ldo + h*d + e]. So a fused
// QKV GEMM output (B, S, 3C) is passed as q = qkv, k = qkv + C, v = qkv + 2C,
// ldq = ldkv = 3C, with no copy. d, the strides and the column offsets must
// be multiples of 8 halves (16-byte cp.async chunks).
typedef struct {
    int batch, heads, sq, skv, d;
    int ldq, ldkv, ldo;
} AttnShape;
// A kernel configuration: index into the compiled variants for shape.d,
// the mma.sync ones of attention.cu first, then (on a cc 9.0 GPU with the
// sm_90a build) those of the Hopper engine, attention_wgmma.cu.
typedef struct {
    int variant;
} AttnConfig;
// Nonzero if a kernel is compiled for this head dim.
int attention_head_dim_supported(int d);
// Comma-separated list of the supported head dims, e.g. "40, 64, 80, 160".
const char *attention_head_dims(void);
// Candidate configurations worth timing for this shape; returns how many.
int attention_candidates(const AttnShape *s, int num_sms, AttnConfig *out, int max);
AttnConfig attention_heuristic(const AttnShape *s, int num_sms);
// Query rows per CTA (64, 128, 192 or 256) of the Hopper engine's heuristic pick:
// a wave model over batch x heads x ceil(sq / rows) persistent work items of
// ceil(skv / 128) key tiles; *split (may be NULL) is set to ATTN_SPLIT_STREAMK
// where the pick is a stream-K kernel of that row count (the items left after
// the whole waves shared out by key tiles), ATTN_SPLIT_KEYS where it is a
// key-split one (each item's keys over a cluster of CTAs), else
// ATTN_SPLIT_NONE.
enum { ATTN_SPLIT_NONE = 0, ATTN_SPLIT_STREAMK = 1, ATTN_SPLIT_KEYS = 2 };
int attention_wgmma_rows_pick(int d, int batch, int heads, int sq, int skv, int num_sms, int *split);
// Keys per tile the heuristic wants of the Hopper variant with that row count
// and split (rows_pick's), 0 for no preference: 64 for the key split at d =
// 80; 192 at d = 64, 128 rows, no split, where a 192-key tile pads fewer of
// skv's keys than a 128-key one.
int attention_wgmma_keys_pick(int d, int rows, int split, int skv);
// e.g. "flash d40 4w Br16 Bc64", "flash d64 wgmma Br128 Bc128 4st"
const char *attention_config_name(const AttnShape *s, AttnConfig cfg);
// Device workspace the configurations of shape s may need (bytes; the most
// any of them needs): partials and flags of the stream-K kernels, 0 for the
// others and where the Hopper engine is not usable. Zero it once before its
// first use (the kernels leave their flags zero); one launch at a time.
size_t attention_workspace_bytes(const AttnShape *s);
cudaError_t attention_fp16(const AttnShape *s, AttnConfig cfg, const uint16_t *q, const uint16_t *k,
                           const uint16_t *v, uint16_t *o, float scale,
                           void *workspace,  // attention_workspace_bytes(s), 16-byte aligned, or NULL where that is 0
                           cudaStream_t stream);

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
// y[m, n] = sum_k x[m, k] * w[n, k] + bias[n] + residual[m, n]
cudaError_t linear_ref_f32(const float *x,         // (M, K)
                           const float *w,         // (N, K)
                           const float *bias,      // (N) or NULL
                           const float *residual,  // (M, N) or NULL
                           float *y,               // (M, N)
                           int m, int k, int n, cudaStream_t stream);
// y[m, j] = x[m, j] * gelu_erf(x[m, F + j]) for x (M, 2F), y (M, F).
cudaError_t geglu_ref_f32(const float *x, float *y, int m, int f, cudaStream_t stream);
// LayerNorm over the last dim, two-pass mean/variance.
cudaError_t layernorm_ref_f32(const float *x, float *y,  // (M, C)
                              const float *gamma, const float *beta, int m, int c, float eps,
                              cudaStream_t stream);
// Attention with an explicit FP32 score matrix and FP32 softmax; same
// layout conventions as attention_fp16. scores: sq * skv floats of scratch.
cudaError_t attention_ref_f32(const AttnShape *s, const float *q, const float *k, const float *v, float *o,
                              float scale, float *scores, cudaStream_t stream);

// ---------------------------------------------------------------------------
// util.cu: conversions, poison, random-init transforms, launch settings
// ---------------------------------------------------------------------------
// Programmatic dependent launch of the fast-path kernels (see pdl.cuh):
// 1 = on (takes effect on sm_90 and newer), 0 = plain launches (default).
void kernels_set_pdl(int on);
// The walk of the persistent ping-pong GEMM tiles (gemm_wgmma_pp.cu, the INT8 row ping-pong tiles) over
// their output tiles (--tile-walk): -1 = auto (pp_rule_walk_n: N fastest where A is over half the L2;
// the default), 0 = M fastest, 1 = N fastest. Either walk computes the same bits.
void kernels_set_tile_walk(int mode);
// Which engines the dispatchers offer: AUTO = the Hopper (sm_90a wgmma + TMA)
// engines beside the portable kernels on a cc 9.0 GPU of an sm_90 build;
// PORTABLE = the mma.sync kernels only, on any GPU (--engine portable).
typedef enum { KERNEL_ENGINE_AUTO = 0, KERNEL_ENGINE_PORTABLE = 1 } KernelEngine;
void kernels_set_engine(KernelEngine e);
KernelEngine kernels_engine(void);
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

// ---------------------------------------------------------------------------
// gemm_int8.cu: online-quantized INT8 GEMM (FP16 in/out, per-tile INT8 scales)
// ---------------------------------------------------------------------------
// y = a W^T (+bias, +residual, or GEGLU as gemm_fp16) on the INT8 tensor
// cores: every K-tile of A (BM x BK) and W (BN x BK) is quantized in shared
// memory to symmetric INT8 with its own max-abs scale, multiplied with IMMA
// and dequantized into an FP32 running accumulator. silu_a: SiLU on A as it
// is loaded. Any M >= 1, N and K multiples of 8 (N of 16 for GEGLU). The C
// model is gemm_int8_model (src/layers/quant.h); bit-exact except SiLU/GELU.
int gemm_int8_candidates(int m, int n, int k, int num_sms, TileConfig *out, int max); // configs worth timing
TileConfig gemm_int8_heuristic(int m, int n, int k, int num_sms);
const char *gemm_int8_tile_name(int tile);            // e.g. "i8 128x256x64/4st/2x4w"
int gemm_int8_num_tiles(void);
void gemm_int8_tile_dims(int tile, int *bm, int *bn, int *bk); // for the C model
size_t gemm_int8_workspace_bytes(int m, int n, int k, TileConfig cfg);  // split-K partials, 0 if splits == 1
cudaError_t gemm_int8(int m, int n, int k, TileConfig cfg,
                      const uint16_t *a,        // (M, K) fp16
                      const uint16_t *w,        // (N, K) fp16 (PyTorch Linear weight; GEGLU rows interleaved)
                      const float *bias,        // (N) fp32 or NULL
                      const uint16_t *residual, // (M, N) fp16 or NULL (not with GEGLU)
                      uint16_t *y,              // (M, N), or (M, N/2) with GEGLU
                      GemmEpilogue epi, int silu_a,
                      float *workspace, cudaStream_t stream);

// ---------------------------------------------------------------------------
// gemm_int8_rows.cu: INT8 GEMM with per-row activation scales and per-output-
// channel weight scales (--int8-scales row)
// ---------------------------------------------------------------------------
// quantize_rows_int8: each row of x (rows, K) FP16 to symmetric INT8 with its
// own scale. v = silu ? x / (1 + expf(-x)) : x (FP32); amax = max |v| over the
// row (exact); inv = amax > 0 ? 127 / amax : 0 (IEEE division); q = low byte
// of fmaf(v, inv, 1.5 * 2^23) - 1.5 * 2^23 (round to nearest even, |q| <=
// 127); scale = amax / 127 (IEEE division). W is quantized this way once, when
// the weights are made (its rows are the output channels); A on every call.
// K a multiple of 8; q 16-byte aligned when K is a multiple of 16.
cudaError_t quantize_rows_int8(const uint16_t *x, int rows, int k, int silu,
                               int8_t *q,        // (rows, K)
                               float *scale,     // (rows)
                               cudaStream_t stream);
// gemm_int8_rows: y = epi(float(isum) * (sa[m] * sw[n])), isum the exact INT32
// sum over the whole K of qa[m, :] * qw[n, :] (exact: the result does not
// depend on the tile or on the cluster split-K tiles' splits). Per element, in FP32 without
// contraction: s = sa[m] * sw[n]; v = float(isum) * s; v = v + bias[n];
// v = v + residual[m, n]; y = fp16(v) (round to nearest even). GEGLU as
// gemm_fp16 (16-column blocks of 8 a- then 8 g-channels, bias on both, then
// fp16(a * gelu(g)) with gelu(g) = 0.5 g (1 + erff(g / sqrt 2)), N a multiple
// of 16). The Hopper tiles (wgmma s8 x s8 -> s32, TMA) need cc 9.0 and K a
// multiple of 16; elsewhere a portable kernel computes the same bits. The C
// model is gemm_int8_rows_model (src/layers/quant.h); bit-exact except GELU
// (and SiLU in quantize_rows_int8), as for gemm_int8.
// a16 (candidates, heuristic): where A is plain FP16 rows the GEMM may
// quantize itself (no LayerNorm that quantizes them, no SiLU): 0 the tiles
// that read qa / sa only, 1 those and the "qa" tiles, 2 the qa tiles only
// (where one can take K; else the others).
int gemm_int8_rows_candidates(int m, int n, int k, int a16, int num_sms, TileConfig *out, int max);
TileConfig gemm_int8_rows_heuristic(int m, int n, int k, GemmEpilogue epi, int a16, int num_sms);
const char *gemm_int8_rows_tile_name(int tile);  // e.g. "i8r 128x256/4st", "i8r pp 64x256/4st"
int gemm_int8_rows_portable_tile(void);          // the tile id of the portable kernel (any cc)
int gemm_int8_rows_tile_a16(int tile);           // a "qa" tile: run it with gemm_int8_rows_a16
// The tile id of the i-th cluster split-K ("ck") tile, -1 past the last; cfg.splits 2 .. 8 and at most
// the K stages (ceil(K / 128)) with it, 1 with every other tile. Candidates list ck tiles where the 64 x BN
// tiles fill under half the SMs, with the splits that fill over half and at most all of them.
int gemm_int8_rows_ck_tile(int i);
cudaError_t gemm_int8_rows(int m, int n, int k, TileConfig cfg,
                           const int8_t *qa,          // (M, K) int8
                           const float *sa,           // (M)
                           const int8_t *qw,          // (N, K) int8 (GEGLU rows interleaved)
                           const float *sw,           // (N)
                           const float *bias,         // (N) fp32 or NULL
                           const uint16_t *residual,  // (M, N) fp16 or NULL (not with GEGLU)
                           uint16_t *y,               // (M, N), or (M, N/2) with GEGLU
                           GemmEpilogue epi, cudaStream_t stream);
// gemm_int8_rows_a16: the same y from FP16 A (M, K), 16-byte aligned, with a
// "qa" tile (gemm_int8_rows_tile_a16): each CTA quantizes its 64 rows of A
// itself, quantize_rows_int8's bytes and scales, so y is what
// quantize_rows_int8 then gemm_int8_rows make, bit for bit (GEGLU: within one
// FP16 ulp, as there). Cc 9.0 Hopper tiles only; K <= 1280 and the tile's
// shared memory (refused otherwise: gemm_int8_rows_candidates lists the
// tiles that fit).
cudaError_t gemm_int8_rows_a16(int m, int n, int k, TileConfig cfg,
                               const uint16_t *a,         // (M, K) fp16
                               const int8_t *qw,          // (N, K) int8 (GEGLU rows interleaved)
                               const float *sw,           // (N)
                               const float *bias,         // (N) fp32 or NULL
                               const uint16_t *residual,  // (M, N) fp16 or NULL (not with GEGLU)
                               uint16_t *y,               // (M, N), or (M, N/2) with GEGLU
                               GemmEpilogue epi, cudaStream_t stream);
// --int8-scales group: A per row and group of 128 K-elements (the last group
// the K tail), W as gemm_int8_rows' (per output channel, quantized once).
// quantize_groups_int8: q (rows, K) int8 and scale (rows, G), G = ceil(K / 128),
// from x (rows, K) fp16 with the per-tile kernels' quantizer: amax = max |x|
// over the row's group, (inv, scale) = quant_tile_params(amax, 1), q by
// quant_round_half (FP16 path) or quant_round (quant_groups_int8_model, bit for
// bit). K a multiple of 8; x 16-byte aligned rows.
cudaError_t quantize_groups_int8(const uint16_t *x, int rows, int k, int8_t *q, float *scale, cudaStream_t stream);
// gemm_int8_group: per group g, isum_g = exact INT32 sum of qa * qw over the
// group; acc = fmaf(float(isum_g), sg(m, g), acc) over the groups in order from
// acc = 0; then v = acc * sw[n], + bias[n], + residual, fp16 (GEGLU as
// gemm_int8_rows). With quantize_groups_int8 first, the C model is
// gemm_int8_group_model (src/layers/quant.h). Hopper tiles only (cc 9.0, sm_90a
// image, K a multiple of 16, not --engine portable: gemm_int8_group_usable);
// qa, qw, y 16-byte aligned (y otherwise refused). Persistent tiles with the TS
// epilogue where the residual is 16-byte aligned and sw 8-byte aligned, else
// the same tiles with a slab epilogue (the same bits).
int gemm_int8_group_usable(int k);
int gemm_int8_group_candidates(int m, int n, int k, TileConfig *out, int max);
TileConfig gemm_int8_group_heuristic(int m, int n, int k);
const char *gemm_int8_group_tile_name(int tile);  // e.g. "i8g 128x160/4st"
cudaError_t gemm_int8_group(int m, int n, int k, TileConfig cfg,
                            const int8_t *qa,          // (M, K) int8 (quantize_groups_int8)
                            const float *sg,           // (M, G) its group scales
                            const int8_t *qw,          // (N, K) int8 (GEGLU rows interleaved)
                            const float *sw,           // (N)
                            const float *bias,         // (N) fp32 or NULL
                            const uint16_t *residual,  // (M, N) fp16 or NULL (not with GEGLU)
                            uint16_t *y,               // (M, N), or (M, N/2) with GEGLU
                            GemmEpilogue epi, cudaStream_t stream);
// linear_rows_int8: the few-row linear layers (the time embedding's and
// time_emb_proj: B rows) with per-row / per-channel INT8 in one kernel:
// every block quantizes the rows itself (quantize_rows_int8's bytes and
// scales, SiLU first when silu_a) into shared memory, and each warp forms one
// output channel with dp4a over the whole K. y is what quantize_rows_int8
// then gemm_int8_rows (no GEGLU) make, bit for bit. rows 1 .. LINEAR_ROWS_INT8_MAX,
// K a multiple of 8, rows * K <= 48 KB; w rows 8-byte aligned (K % 8 == 0).
#define LINEAR_ROWS_INT8_MAX 8
int linear_rows_int8_fits(int rows, int k);  // rows and the quantized rows' shared memory (rows x K + scales) fit
cudaError_t linear_rows_int8(const uint16_t *x,        // (rows, K) fp16
                             int rows, int k, int n, int silu_a,
                             const int8_t *qw,          // (N, K) int8
                             const float *sw,           // (N)
                             const float *bias,         // (N) or NULL
                             const uint16_t *residual,  // (rows, N) or NULL
                             uint16_t *y,               // (rows, N)
                             cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
