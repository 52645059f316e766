// graph.h: blocks as node lists, the executors, errors and the pass/fail rule.
//
// A block (ResBlock, a single conv, ...) is built as a list of nodes over a
// small table of tensors. Every node has a fast path (FP16 CUDA kernels, or
// its CPU emulation) and an FP32 reference twin (GPU kernels or plain C).
// The executor runs the fast chain, the reference chain, each node's
// reference fed with the fast path's own inputs (layer error), per-node
// timing and a CUDA-graph replay of the whole block.
#ifndef UNETRUN_GRAPH_H
#define UNETRUN_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "../layers/conv2d.h"
#include "../layers/groupnorm.h"
#include "../layers/layernorm.h"
#include "../layers/linear.h"

// A transformer of depth D has 3 + 12 D nodes and 5 + 12 D tensors. The
// graph's arrays grow as a builder adds to them (a whole SDXL UNet has about
// a thousand nodes); MAX_TENSORS / MAX_NODES bound only the single --block
// graphs that the vendor baseline (--vs) runs.
#define MAX_DEPTH 10
#define MAX_TENSORS 136
#define MAX_NODES 128

typedef enum { DEVICE_AUTO, DEVICE_CUDA, DEVICE_CPU } DeviceKind;
typedef enum { REF_DEFAULT, REF_GPU, REF_CPU, REF_NONE } RefMode;
// tune: time each node's candidates, then try the close ones in the block's graph replay; tune-node: the
// per-node picks alone; heuristic: cost models, nothing timed. Also GEMM and attention configs.
typedef enum { KERNEL_SELECT_TUNE, KERNEL_SELECT_HEURISTIC, KERNEL_SELECT_TUNE_NODE } KernelSelect;

// The kinds of block --block names; their table (name, builder, the options
// they take) is src/graph/blockkinds.c.
typedef enum { BLOCK_RESBLOCK, BLOCK_CONV, BLOCK_TRANSFORMER, BLOCK_ATTENTION, BLOCK_GEMM, BLOCK_KIND_COUNT } BlockKind;

// What to build (from the command line).
typedef struct {
    BlockKind kind;
    int c, cout, h, w, batch;
    int temb_dim, groups;
    double eps;         // GroupNorm epsilon (1e-5 ResBlock, 1e-6 transformer)
    int ksize, stride;  // --block conv only
    // transformer / attention
    int heads, head_dim;
    int context_len, context_dim;
    int proj_linear;    // proj_in/out as Linear (SD2/SDXL) instead of 1x1 conv (SD1)
    int depth;          // BasicTransformerBlocks per Transformer2DModel
    int cross;          // --block attention: 1 = cross (kv from a separate sequence)
    int seq, kv;        // --block attention: query and key/value lengths
    int m, n, k;        // --block gemm: one GEMM (M, K) x (N, K)^T
    int epilogue;       // --block gemm: GemmBlockEpilogue
    uint64_t seed;
    double timestep;    // --unet: the diffusion timestep of the step
} BlockConfig;

// --block gemm epilogues (bias, residual and GEGLU as the linear layers use them).
typedef enum { GEMM_BLOCK_NONE = 0, GEMM_BLOCK_BIAS, GEMM_BLOCK_GEGLU, GEMM_BLOCK_RESIDUAL } GemmBlockEpilogue;

// Which GEMM runs a layer (--linear, --conv1x1). PREC_AUTO is a value of --linear only (RunOptions.linear_prec,
// never Node.prec): INT8 row where A's quantization costs no pass of its own, elsewhere by a shape rule or, tuned,
// the faster of the two (graph_set_precision, Node.prec_auto); FP16 on a GPU without the Hopper engine.
typedef enum { PREC_FP16 = 0, PREC_INT8 = 1, PREC_AUTO = 2 } GemmPrecision;
// --fuse-shortcut: auto = where the Hopper engine runs the conv; on = wherever the shape allows (an
// error on a GPU without the Hopper engine; emulated on the CPU); off = never.
typedef enum { FUSE_OFF = 0, FUSE_ON = 1, FUSE_AUTO = 2 } FuseMode;
// Vendor baseline run beside unetrun (--vs).
typedef enum { VS_NONE = 0, VS_CUDNN = 1 } BaselineKind;

// How to run it.
typedef struct {
    DeviceKind device;
    int gpu;
    RefMode ref;
    int warmup, iters;
    int check;
    double tol_fp16;  // relative L2, FP16 tensor-core paths
    KernelSelect kernel_select;
    int tune_reps;  // --tune-reps: launches per tuning candidate (0 = 8; below 8 also shorter confirm/refine replays)
    const char *json_path;
    int verbose;  // print the conv tuning table on stderr
    int pdl;      // programmatic dependent launch (sm_90+); 0 = plain launches
    int node_timing_eager;  // --node-timing eager: per-node times from eager launches (default: one-node graph replays)
    int engine;   // 0: Hopper engines where they run (auto); 1: portable mma.sync kernels only (--engine portable)
    int tile_walk;  // --tile-walk: 0 auto, 1 M fastest, 2 N fastest (kernels_set_tile_walk(tile_walk - 1))
    int gn_two_pass;  // --groupnorm two-pass: GroupNorm nodes as statistics + apply launches (default: one kernel)
    int fuse_norm;  // --fuse-norm: GroupNorm folded into the next conv's operand path where the Hopper engine runs it
    int gn_stats;   // --gn-stats: a GroupNorm's statistics from the epilogue of the conv that writes its input
    int fuse_shortcut;  // --fuse-shortcut: FuseMode (graph_fuse_shortcuts)
    int fuse_ln;    // --fuse-ln: FuseMode, LayerNorm folded into the FP16 GEMM that reads it (graph_fuse_layernorms)
    int fuse_quant; // --fuse-quant: FuseMode, INT8 row nodes' A quantized by the GEMM itself ("qa" tiles)
    // GEMM precision: FP16 or the online-quantized INT8 GEMM
    GemmPrecision linear_prec;  // all Linear layers (token GEMMs and time_emb_proj)
    GemmPrecision conv1x1_prec; // 1x1 convolutions
    int int8_rows;              // INT8 GEMMs with per-row A / per-channel W scales (--int8-scales row: 1; group: 2,
                                // A per (row, 128-K group), quantize_groups_int8), else per tile
    double tol_int8;            // relative-L2 tolerance of INT8 GEMM nodes and of nodes downstream of one (0 = 3e-2)
    // checkpoint weights and file inputs/outputs
    const char *weights_path;   // --weights: safetensors checkpoint (NULL = random weights)
    const char *prefix;         // --prefix: the block inside it (as given by the user)
    const ParamSource *params;  // the open checkpoint block of --weights/--prefix; NULL = seeded random
    const char *input_path;     // --input: x / temb / context from a safetensors file
    const char *save_output_path;  // --save-output: output (fast) and reference, FP32 NCHW
    const char *save_inputs_path;  // --save-inputs: the inputs the run used, in --input's layout
    // reports
    const char *csv_path;       // --csv FILE
    const char *png_path;       // --png FILE: per-node timing chart
    const char *error_png_path; // --error-png FILE: |fast - reference| heatmap of the block output
    double peak_tflops, peak_gbps;  // --peak-tflops/--peak-gbps (0 = calibrate)
    BaselineKind vs;              // --vs cudnn
    int nvtx;                   // --nvtx: an NVTX range per node
    // whole UNet (--unet)
    double timestep;            // --timestep T
    int nodes;                  // --nodes: one report row per node instead of per block
} RunOptions;

typedef struct {
    char name[32];
    int n, h, w, c;  // NHWC; vectors are (n, 1, 1, c)
    size_t numel;
    int is_input;
    // GPU path (inside the arena)
    uint16_t *d16;  // fast path, FP16
    float *dref;    // FP32 reference chain
    // CPU path and host copies
    float *h_fast;  // fast path values (FP16-rounded) as float
    float *h_ref;   // FP32 reference chain
    float *h_init;  // inputs: values from --input (host, NHWC FP32); NULL = seeded N(0, 1)
    int exact;      // input whose FP32 chain keeps h_init unrounded (the timestep's sinusoids); the
                    // fast chain stores it in FP16 as every input
} Tensor;

typedef enum {
    OP_GROUPNORM,  // GroupNorm (+ SiLU)
    OP_CONV,       // implicit-GEMM convolution
    OP_LINEAR,     // a few rows (time embedding): one warp per output
    OP_GEMM,       // Linear over token rows on the tensor-core GEMM
    OP_LAYERNORM,
    OP_ATTENTION
} OpKind;

typedef struct {
    double rel_l2, max_abs, cosine;
    size_t nonfinite;  // NaN/Inf count in the fast output
    int valid;         // 0 when not computed (--ref none)
} ErrMetrics;

typedef struct {
    double median, p10, p90, min, mean;  // seconds
    int n;
} TimeStats;

typedef struct {
    char name[32];    // report row name, e.g. "norm1+silu"
    char kernel[64];  // what ran, e.g. "igemm 128x64x32/4w splitk=2"
    OpKind op;
    GroupNormLayer *gn;
    Conv2dLayer *conv;
    LinearLayer *lin;  // OP_LINEAR, OP_GEMM
    LayerNormLayer *ln;
    // OP_ATTENTION: Q at column q_col of `in`, K and V at k_col and v_col of
    // `aux` (or of `in` when aux < 0: self-attention on a fused QKV tensor).
    AttnShape attn;
    AttnConfig attn_cfg;
    int q_col, k_col, v_col;
    float attn_scale;
    int side;  // runs on the side stream in the CUDA graph (reads only block inputs)
    int attn_dpad;  // OP_ATTENTION on the GPU: the head dim the kernel runs (> attn.d: Q, K, V zero-padded per
                    // head into the arena's padding buffers, O cut back; attention_gpu_head_dim)
    // tensor ids, -1 = none: aux = time embedding (conv) or K/V source
    // (attention), res = residual added in the epilogue
    int in, aux, res, out;
    int in2;   // -1, or a second input read after `in` along channels (an up block's skip: torch.cat
               // without a copy); OP_GROUPNORM and OP_CONV
    int up2x;  // OP_CONV: the input is read through nearest 2x upsampling (Upsample2D); the ConvShape
               // is the upsampled one
    int block; // index in Graph.blocks (-1: the graph is one block)
    // OP_CONV with gn set: the GroupNorm (+ SiLU) of `in` (and in2) is applied in the conv's operand
    // path (graph_fuse_norms); OP_GEMM with ln set: the LayerNorm of `in` is folded into the GEMM
    // (graph_fuse_layernorms: row statistics, then gemm_fp16_lnfold). norm_out is the tensor the
    // separate norm wrote, which the fast chain no longer writes (the vendor chain of --vs still
    // does: its conv or GEMM reads it)
    int norm_out;
    // OP_CONV with sc set (graph_fuse_shortcuts): a ResnetBlock2D's 1x1 conv_shortcut summed into this
    // conv's accumulators as more K (conv2d_igemm_sc_fp16) instead of being read back as the residual.
    // It reads sc_in (+ sc_in2 along channels, an up block's skip); sc_out is its tensor, which the fast
    // chain no longer writes (the reference chains and the vendor chain of --vs still do)
    Conv2dLayer *sc;
    int sc_in, sc_in2, sc_out;
    float *ln_stats;  // OP_GEMM with ln: device (rows, 2) mean, rstd (in the arena)
    double flops, bytes;
    // results
    TimeStats time;
    ErrMetrics layer_err, chain_err;
    double tol;        // relative-L2 tolerance applied to this node's errors (0 = RunResult.tol)
    double layer_tol;  // the layer error's, where it differs (FP16 node downstream of INT8: --tol-fp16); 0 = tol
    GemmPrecision prec;  // OP_GEMM / OP_LINEAR / 1x1 OP_CONV: the GEMM that ran
    int i8_rows;         // prec INT8: per-row A / per-channel W scales (gemm_int8_rows), else per-tile (gemm_int8)
    int i8_group;        // i8_rows with --int8-scales group: A per (row, 128-K group) (quantize_groups_int8 + gemm_int8_group)
    int i8_qa;           // i8_rows: --fuse-quant (FuseMode), A quantized in the GEMM's CTAs (node_i8_a16)
    int prec_auto;       // --linear auto, A plain FP16 rows: prec is the rule's (i8r_rule_a16_int8) or, with
                         // --kernel-select tune, the faster of the two as timed (i8_rows, i8_qa set for INT8)
    ErrMetrics fp16_err; // INT8 nodes: layer error of the FP16 GEMM on the same inputs (beside layer_err)
    int has_fp16_err;
    // roofline (src/report/roofline.c): lower bound on time from FLOPs / peak and bytes / bandwidth
    double bound_time;   // seconds
    int bound_compute;   // 1 = compute bound, 0 = memory bound
    // vendor baseline (--vs): same inputs and weights on cuDNN / cuBLAS
    int has_vendor;          // 0: no vendor op for this node (the vendor block runs unetrun's kernel)
    char vendor_kernel[64];  // e.g. "cudnn conv fwd algo 1", "cublasGemmEx"
    TimeStats vendor_time;
    ErrMetrics vendor_err;   // vendor output vs the FP32 reference fed the same inputs
    int gn_splits;   // GroupNorm statistics pass: pixel splits per sample; 0 = the one-pass kernel
    int gn_cluster;  // the one-pass kernel's cluster size (report)
    void *gn_ws;  // device workspace of the GroupNorm kernel
    // GroupNorm statistics from the producer's epilogue (graph_link_gn_stats): on an OP_GROUPNORM node,
    // gn_src is the OP_CONV node that writes its input and leaves per-slot statistics of it in gn_part /
    // gn_slot (device, after gn_ws in the arena; gn_slots of them at most) where that conv's pick can
    // (conv2d_gn_stats_slots); on that conv, gn_dst is the GroupNorm node. -1: none.
    int gn_src, gn_dst;
    float *gn_part;
    int *gn_slot;
    int gn_slots;
} Node;

// The tensors node n reads (in, in2, aux, res, a fused shortcut's inputs) into rd[NODE_MAX_READS],
// -1 where none; returns NODE_MAX_READS.
#define NODE_MAX_READS 6
static inline int node_reads(const Node *n, int *rd) {
    rd[0] = n->in, rd[1] = n->in2, rd[2] = n->aux, rd[3] = n->res;
    rd[4] = n->sc ? n->sc_in : -1, rd[5] = n->sc ? n->sc_in2 : -1;
    return NODE_MAX_READS;
}

// A whole-UNet graph groups its nodes into the checkpoint's blocks
// ("down_blocks.1.attentions.0", "conv_in", ...): nodes first .. first+count-1.
typedef struct {
    char name[48];
    char kind[16];  // "resnet", "transformer", "downsample", "upsample", "conv", "time_embedding", ...
    int first, count;
    int out;        // the block's output tensor
} GraphBlock;

typedef struct {
    BlockConfig cfg;
    Tensor *t;  // nt tensors (capacity cap_t)
    int nt, cap_t;
    Node *nodes;  // nn nodes in execution order (capacity cap_n)
    int nn, cap_n;
    int out;  // the block output tensor
    // layers owned by the graph; Node.gn/conv/lin/ln point into these arrays
    // (graph_grow moves them and rebases the nodes' pointers)
    GroupNormLayer *gn;
    int ngn, cap_gn;
    Conv2dLayer *conv;
    int nconv, cap_conv;
    LinearLayer *lin;
    int nlin, cap_lin;
    LayerNormLayer *ln;
    int nln, cap_ln;
    GraphBlock *blocks;  // whole UNet: the report's rows (nblocks = 0 for a single block)
    int nblocks, cap_blocks;
    const struct UnetSpec *unet;  // whole UNet: its layout (NULL for a single block)
    int share_activations;  // GPU arena by liveness: FP16 tensors whose lifetimes do not overlap share bytes
                            // (--unet --ref none: no stage reads an intermediate tensor after the chain)
} Graph;

typedef struct {
    // device and run description
    char device_name[256];
    int num_sms, cc_major, cc_minor;
    int on_gpu;
    RefMode ref;
    // block timing
    double sum_nodes;   // seconds, sum of node medians
    TimeStats block;    // CUDA-graph replay (GPU) or whole-chain wall time (CPU)
    double ref_time;    // seconds, FP32 reference chain (0 if not run)
    int ref_on_gpu;
    double tol;         // tolerance applied to fast nodes
    int pass;           // all nodes within tolerance and finite
    int checked;        // errors were computed
    int replay_identical;  // GPU: graph replay output == first eager run, bitwise
    int pdl;               // GPU: kernels were launched with programmatic dependent launch
    // block output on the host (NHWC as the output tensor; freed by run_result_free)
    float *h_out_fast;     // fast path, FP16 values as FP32
    float *h_out_ref;      // FP32 reference chain, NULL with --ref none
    // roofline peaks
    double peak_tflops, peak_gbps;
    char peak_source[64];  // "calibrated", "cached (FILE)", "--peak-tflops/--peak-gbps"
    // vendor baseline (--vs)
    int vendor_ran;
    char vendor_name[128];     // e.g. "cuDNN 9.x + cuBLAS 13.x"
    char vendor_attention[64]; // "cudnn sdpa" or "cublas batched gemm + softmax"
    TimeStats vendor_block;    // vendor chain replayed as a CUDA graph
    int vendor_block_eager;    // 1: a library call refused CUDA-graph capture; vendor_block is the eager chain
    ErrMetrics vendor_chain_err;  // vendor block output vs the FP32 reference chain
    char weights_source[512];  // "random (seed N)" or "FILE prefix P"
} RunResult;

void run_result_free(RunResult *r);

// Block builders (src/graph/blocks.c). Shapes were validated by the CLI.
// The values an input tensor of the graph takes (NHWC FP32, host): the
// --input values (t->h_init) or seeded N(0, 1) from the host generator,
// rounded to FP16, as both executors feed them to the fast and the FP32
// chains. dst holds t->numel floats.
void graph_input_values(const Graph *g, const Tensor *t, float *dst);

// The device name the CPU path reports.
#define CPU_DEVICE_NAME "CPU (FP32 reference path, FP16 storage emulated)"
// What to shrink when a block does not fit: the size options of cfg's block
// kind, e.g. "use a smaller --seq, --kv, --heads, --head-dim or --batch".
const char *block_size_hint(const BlockConfig *cfg);

// Builds tensors and nodes; layers are initialized by graph_init_weights.
void build_block(Graph *g, const BlockConfig *cfg);
// An empty graph (arrays allocated as nodes, tensors and layers are added).
void graph_init(Graph *g, const BlockConfig *cfg);
// Per node: which GEMM runs it (Node.prec: --linear for OP_LINEAR/OP_GEMM,
// --conv1x1 for stride-1 1x1 convs) and the tolerance of its errors
// (Node.tol: --tol-int8 for INT8 nodes and every node downstream of one,
// else --tol-fp16; an FP16 node downstream of an INT8 one keeps --tol-fp16
// for its layer error, Node.layer_tol). The executors call it first.
// --linear auto (PREC_AUTO): INT8 with row scales where A's quantization
// costs no pass of its own (the GEMM reads a LayerNorm that will quantize
// its rows: qkv, to_q, ff1, unless --fuse-ln off; a few-row linear that
// quantizes in its one kernel, linear_rows_int8: the time embedding);
// elsewhere (A plain FP16 rows) Node.prec_auto and the rule
// i8r_rule_a16_int8 (kernels/i8r_rule.h), which --kernel-select tune may
// overturn by timing (then graph_set_tolerances again); with int8_tiles 0
// (the GPU has no INT8 row TMA tiles: no Hopper engine) every linear FP16.
// The CPU path passes 1: it computes what an H100 runs.
void graph_set_precision(Graph *g, const RunOptions *opt, int int8_tiles);
// Node.tol / layer_tol from the nodes' precisions (graph_set_precision's
// second half; again after tuning has chosen a prec_auto node's precision).
void graph_set_tolerances(Graph *g, const RunOptions *opt);
// Folds every GroupNorm whose output only the next convolution reads into
// that convolution's operand path where ok(shape of the conv reading the
// GroupNorm's input, norm set) says the engine can: the pair becomes one
// node named "<gn>+<conv>" (e.g. "norm1+silu+conv1") with the GroupNorm's
// inputs, gn set and norm_out the dropped tensor; the GroupNorm node is
// removed (blocks renumbered). Run after graph_set_precision (FP16 convs
// only). Returns the number of pairs fused.
int graph_fuse_norms(Graph *g, int (*ok)(const ConvShape *s));
// Links each GroupNorm node (one input tensor) to the one-input conv node
// that writes its input, where max_slots(conv shape) > 0 (some pick of the
// conv can leave the GroupNorm's statistics in its epilogue): sets gn_src /
// gn_dst and the slot bound gn_slots. Run after the other fusions (node
// indices). Returns the number of links.
int graph_link_gn_stats(Graph *g, int (*max_slots)(const ConvShape *s));
// The layout of those statistics after the GroupNorm's own workspace: (slots, C) mean, M2 (FP32 pairs), then
// (slots) sample, rows (int pairs), each 256-byte aligned. gn_stats_slot_offset: bytes to the second part.
static inline size_t gn_stats_slot_offset(int slots, int c) { return ((size_t)slots * c * 8 + 255) & ~(size_t)255; }
static inline size_t gn_stats_bytes(int slots, int c) {
    return gn_stats_slot_offset(slots, c) + (((size_t)slots * 8 + 255) & ~(size_t)255);
}
// Folds every LayerNorm whose output only one token GEMM reads (the
// transformer's ln1 -> qkv, ln2 -> q2, ln3 -> ff1+geglu) into that GEMM:
// the pair becomes one node "<ln>+<gemm>" (e.g. "ln1+qkv"; with depth > 1
// "b1.ln1+qkv") with the LayerNorm's input, ln set and norm_out the dropped
// tensor. An FP16 GEMM takes the LayerNorm of at least min_c channels (0:
// every one; the GPU's --fuse-ln auto passes LNFOLD_AUTO_MIN_C) into its
// weights (node_ln_fold: graph_init_weights folds gamma and beta in, the
// GEMM applies the row statistics); a --int8-scales row GEMM of at least
// min_c_int8 (INT_MAX: none) quantizes the LayerNorm's rows as it makes
// them (node_ln_quant: layernorm_quant_rows_int8 instead of the LayerNorm
// and the row quantizer; the per-tile INT8 GEMMs keep their LayerNorm). Run
// after graph_set_precision and before graph_init_weights. Returns the
// number of pairs fused.
int graph_fuse_layernorms(Graph *g, int min_c, int min_c_int8);
// A LayerNorm folded into an FP16 GEMM's weights (row statistics, then
// gemm_fp16_lnfold), or quantized by a --int8-scales row GEMM's LayerNorm pass.
static inline int node_ln_fold(const Node *n) { return n->op == OP_GEMM && n->ln && n->prec != PREC_INT8; }
static inline int node_ln_quant(const Node *n) { return n->op == OP_GEMM && n->ln && n->prec == PREC_INT8; }
// --fuse-ln auto: the fold where the LayerNorm has this many channels or
// more (the C = 1280 transformer blocks: docs/PERF.md, "LayerNorm folded").
#define LNFOLD_AUTO_MIN_C 1280
// Folds every FP16 stride-1 1x1 convolution (a ResnetBlock2D's
// conv_shortcut) whose output only one FP16 convolution reads as its
// residual into that convolution's K where ok(its shape with cs/cs2 set)
// says the engine can: the pair becomes one node "<conv>+<shortcut>" (e.g.
// "conv2+conv_shortcut") with sc, sc_in (sc_in2) and sc_out set and no
// residual; the shortcut node is removed (blocks renumbered). Run after
// graph_set_precision (INT8 shortcuts stay) and graph_fuse_norms (a conv
// with a GroupNorm in its operand path takes no shortcut), before
// graph_init_weights (which concatenates the two weights). Returns the
// number of pairs fused.
int graph_fuse_shortcuts(Graph *g, int (*ok)(const ConvShape *s));
// Initializes every layer's parameters from src (NULL: seeded random).
// keep_ref_dev 0: each conv and linear layer's device FP32 weights are freed
// as soon as its FP16 (and host) copies exist (no GPU reference and no
// vendor baseline reads them).
void graph_init_weights(Graph *g, const ParamSource *src, int on_device, int want_host, int keep_ref_dev);
void graph_free(Graph *g);
int graph_add_tensor(Graph *g, const char *name, int n, int h, int w, int c, int is_input);
// The GPU executor's activation arena, planned from the graph alone: byte
// offsets from the arena's start of every tensor's FP16 copy (and FP32
// reference copy with ref_gpu), the six FP32 scratch slots of the layer
// error, the attention reference's scores, the split-K workspaces of the
// main chain and of the side branch, each GroupNorm node's workspace and
// each folded LayerNorm's row statistics.
// run_gpu allocates exactly `total` bytes at these offsets; graph_gpu_bytes
// adds the weights to the same plan, so the estimate cannot drift from it.
typedef struct {
    size_t *t16, *tref;          // per tensor; tref: only with ref_gpu
    size_t maxt;                 // elements of the largest tensor
    size_t scratch, scratch_each;  // 8 slots of scratch_each bytes
    size_t scores, scores_bytes;   // scores_bytes = 0 without ref_gpu
    size_t gemm_ws, side_ws, gemm_ws_bytes;
    size_t attn_pad, attn_pad_bytes;  // padded Q, K, V, O of an attention at a head dim without a kernel
    int *gn_splits;                // per node with a GroupNorm (its own or fused into a conv): statistics splits
    size_t *gn_ws, *gn_ws_bytes;
    size_t *ln_stats;              // per node; OP_GEMM nodes with a LayerNorm folded in: (rows, 2) FP32
    size_t total;
    int ref_gpu;
} ArenaPlan;
void graph_arena_plan(const Graph *g, int num_sms, int ref_gpu, ArenaPlan *p);
// Liveness of the FP16 tensors: first[i] / last[i] = the first node that
// writes tensor i and the last that reads it (inputs, the output and the
// outputs of side-branch nodes live through the whole chain: the graph is
// replayed, and side nodes run at its start). Fills off[i] (byte offsets,
// first fit, 256-byte aligned) so that tensors live at the same node never
// overlap; returns the bytes spanned.
size_t graph_live_offsets(const Graph *g, size_t *off);
void arena_plan_free(ArenaPlan *p);
// Bytes the GPU path will allocate (weights + the arena plan + slack).
// ref_weights 0: the FP32 weight copies are freed layer by layer at load
// (graph_init_weights' keep_ref_dev), so only the largest layer's counts.
size_t graph_gpu_bytes(const Graph *g, int num_sms, int ref_gpu, int ref_weights);
size_t graph_cpu_bytes(const Graph *g);
size_t graph_attn_scores(const Graph *g);                   // floats of the attention reference's scores
size_t graph_gemm_workspace(const Graph *g, int num_sms);   // bytes of split-K workspace (convs, GEMMs, stream-K attention)

// Executors (src/graph/exec_gpu.c, exec_cpu.c).
void run_gpu(Graph *g, const RunOptions *opt, RunResult *res);
void run_cpu(Graph *g, const RunOptions *opt, RunResult *res);

// CPU reference of one node (FP32) on the host tensors of one chain: its
// inputs (a fused shortcut's too) from Tensor.h_fast (fast_inputs) or
// .h_ref; used by the CPU path and by --ref cpu. fast_emulation: use
// FP16-rounded weights and round the output to FP16, as the fast path
// stores it.
void node_cpu(const Graph *g, const Node *n, int fast_inputs, float *out, int fast_emulation);

// Block inputs and outputs as safetensors files (src/graph/io.c).
// Input tensors by name: x as NCHW (B, C, H, W), vectors such as temb as
// (B, C), token tensors such as context as (B, L, D); F32, F16 or BF16.
// Fills t->h_init of every input tensor of the graph (converted to NHWC);
// a missing or misshapen tensor is one clear error line (exit 2).
void io_load_inputs(Graph *g, const char *path);
// The layout a graph tensor has in files: 4 dims NCHW, 3 dims (B, L, D) or
// 2 dims (B, C); returns ndim and fills shape.
int io_file_shape(const Graph *g, const Tensor *t, int64_t shape[4]);
// Writes `output` (fast path) and, when present, `reference` (FP32 chain)
// of the block output, FP32 in the file layout above. Returns 0, or -1 with
// a message in err.
int io_save_outputs(const Graph *g, const RunResult *r, const char *path, char *err, size_t errn);
// Writes every input tensor of the graph (graph_input_values: the FP16-rounded
// values both executors feed), FP32 in the layout io_load_inputs reads, so
// `--input path` replays the run. Returns 0, or -1 with a message in err.
int io_save_inputs(const Graph *g, const char *path, char *err, size_t errn);

// Errors (src/graph/errors.c).
ErrMetrics compare_outputs(const float *fast, const float *ref, size_t n);
void time_stats(double *samples, int n, TimeStats *out);  // sorts samples
// The tolerance of a node's errors: Node.tol, else the run's (--tol-fp16).
double node_tol(const Node *n, const RunResult *r);
// 1 when the node's layer and chain errors are finite and within tol (the
// layer error of an FP16 node downstream of an INT8 one: Node.layer_tol).
int node_pass(const Node *n, double tol);


#endif
