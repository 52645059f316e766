// options.c: the table of command-line options and everything made from it
// (options.h): getopt's array, parsing, range checks, --help, and the errors
// for options that do not apply to a block kind or do not combine with
// --sweep. Whole-UNet options go here as rows too.
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/common.h"
#include "../common/outfile.h"
#include "graph/blockkinds.h"
#include "options.h"
#include "sweep.h"

typedef enum {
    ARG_FLAG,    // no value: the int at .at becomes 1
    ARG_INT,     // int in [lo, hi]
    ARG_DOUBLE,  // double in (lo, hi]
    ARG_CHOICE,  // one of .choices: its value into the int at .at
    ARG_SEED,    // uint64_t, non-negative decimal
    ARG_FILE,    // a non-empty file name
    ARG_TEXT,    // a string; .known (if set) must accept it, else "must be .expect"
    ARG_PRINT,   // prints .print's text and exits 0 (--help, --list, --version)
} ArgType;

typedef enum { SEC_BLOCK, SEC_RUN, SEC_SWEEP, SEC_UNET, SEC_FILES, SEC_OTHER, SEC_COUNT } Section;

// Options that are checked against the block kind together, in this order:
// the first group with a given option that does not apply to the block is
// the error.
typedef enum {
    GRP_ANY,  // applies to every block kind
    GRP_GEMM, GRP_LINEAR, GRP_TRANSFORMER, GRP_ATTENTION, GRP_HEADS, GRP_NORM, GRP_TEMB, GRP_CONV, GRP_SIZE,
    GRP_COUNT
} Group;

typedef struct {
    const char *name;  // the value on the command line
    int value;
    const char *note;  // shown after it in the error, in parentheses (NULL: none)
} Choice;

#define ALL_BLOCKS ((1u << BLOCK_KIND_COUNT) - 1)
#define KIND(k) (1u << (k))
#define IMAGE_BLOCKS (KIND(BLOCK_RESBLOCK) | KIND(BLOCK_CONV) | KIND(BLOCK_TRANSFORMER))
#define HELP_DEFAULT_OWN_LINE (-1)  // .defcol: the default on a line of its own

typedef struct {
    const char *name;     // long name, without "--"
    const char *arg;      // its value in --help (NULL: takes none)
    const char *deflt;    // the default as --help shows it, without brackets (NULL: none shown)
    ArgType type;
    double lo, hi;        // ARG_INT: [lo, hi]; ARG_DOUBLE: (lo, hi]
    const Choice *choices;             // ARG_CHOICE, ended by {NULL}
    int (*known)(const char *value);   // ARG_TEXT: accepts the value (NULL: anything)
    const char *expect;                // ARG_TEXT: what known accepts, for the error
    void (*print)(FILE *f);            // ARG_PRINT
    size_t at;            // where the value goes in Cli (offsetof)
    unsigned blocks;      // block kinds it applies to (KIND bits)
    Group group;
    int sweep;            // > 0: does not combine with --sweep; the error names the lowest rank given
    Section section;
    const char *help;     // --help lines, '\n' between them; NULL: listed on the line of the row above
    int defcol;           // column of "[default]" (0: 69; HELP_DEFAULT_OWN_LINE)
    const char *help_more;  // --help lines after the default's
    int alias;            // 0, or 1 + the option this is another name of (not in --help)
} OptionRow;

static void print_version(FILE *f) {
    fprintf(f, "unetrun %s\n", UNETRUN_VERSION);
}

static const Choice kProj[] = {{"conv", 0, "SD1 1x1 conv"}, {"linear", 1, "SD2/SDXL"}, {NULL, 0, NULL}};
static const Choice kKind[] = {{"self", 0, NULL}, {"cross", 1, NULL}, {NULL, 0, NULL}};
static const Choice kEpilogue[] = {{"none", GEMM_BLOCK_NONE, NULL}, {"bias", GEMM_BLOCK_BIAS, NULL},
                                   {"geglu", GEMM_BLOCK_GEGLU, NULL}, {"residual", GEMM_BLOCK_RESIDUAL, NULL},
                                   {NULL, 0, NULL}};
static const Choice kDevice[] = {{"auto", DEVICE_AUTO, NULL}, {"cuda", DEVICE_CUDA, NULL}, {"cpu", DEVICE_CPU, NULL},
                                 {NULL, 0, NULL}};
static const Choice kRef[] = {{"gpu", REF_GPU, NULL}, {"cpu", REF_CPU, NULL}, {"none", REF_NONE, NULL},
                              {NULL, 0, NULL}};
static const Choice kSelect[] = {{"tune", KERNEL_SELECT_TUNE, NULL},
                                 {"tune-node", KERNEL_SELECT_TUNE_NODE, NULL},
                                 {"heuristic", KERNEL_SELECT_HEURISTIC, NULL},
                                 {NULL, 0, NULL}};
static const Choice kOnOff[] = {{"on", 1, NULL}, {"off", 0, NULL}, {NULL, 0, NULL}};
static const Choice kPrec[] = {{"int8", PREC_INT8, NULL}, {"fp16", PREC_FP16, NULL}, {NULL, 0, NULL}};
static const Choice kLinearPrec[] = {{"int8", PREC_INT8, NULL}, {"fp16", PREC_FP16, NULL}, {"auto", PREC_AUTO, NULL},
                                     {NULL, 0, NULL}};
static const Choice kInt8Scales[] = {{"tile", 0, NULL}, {"row", 1, NULL}, {"group", 2, NULL}, {NULL, 0, NULL}};
static const Choice kNodeTiming[] = {{"graph", 0, NULL}, {"eager", 1, NULL}, {NULL, 0, NULL}};
static const Choice kGnPass[] = {{"one-pass", 0, NULL}, {"two-pass", 1, NULL}, {NULL, 0, NULL}};
static const Choice kEngine[] = {{"auto", 0, NULL}, {"portable", 1, NULL}, {NULL, 0, NULL}};
static const Choice kTileWalk[] = {{"auto", 0, NULL}, {"m", 1, NULL}, {"n", 2, NULL}, {NULL, 0, NULL}};
static const Choice kFuse[] = {{"auto", FUSE_AUTO, NULL}, {"on", FUSE_ON, NULL}, {"off", FUSE_OFF, NULL},
                               {NULL, 0, NULL}};
static const Choice kVs[] = {{"cudnn", VS_CUDNN, NULL}, {NULL, 0, NULL}};

#define CFG(f) offsetof(Cli, cfg.f)
#define RUN(f) offsetof(Cli, opt.f)
#define CLI(f) offsetof(Cli, f)
#define INT(lo_, hi_) .type = ARG_INT, .lo = (lo_), .hi = (hi_)
#define DBL(lo_, hi_) .type = ARG_DOUBLE, .lo = (lo_), .hi = (hi_)
#define CHOICE(c) .type = ARG_CHOICE, .choices = (c)
#define BIG (1L << 20)

static const OptionRow kOptions[OPT_COUNT] = {
    // --- block ---
    [OPT_BLOCK] = {"block", "NAME", "resblock", .type = ARG_TEXT, .at = CLI(block_name), .sweep = 1,
                   .help = "resblock, conv, transformer, attention, gemm (--list)"},
    [OPT_C] = {"c", "N", "320", INT(1, BIG), .at = CFG(c), .blocks = IMAGE_BLOCKS, .group = GRP_SIZE, .sweep = 2,
               .help = "input channels (multiple of 8 and of --groups)"},
    [OPT_COUT] = {"cout", "N", "= --c", INT(1, BIG), .at = CFG(cout), .blocks = IMAGE_BLOCKS, .group = GRP_SIZE,
                  .sweep = 3, .help = "output channels"},
    [OPT_HW] = {"hw", "N", "32", INT(1, BIG), .at = CLI(hw), .blocks = IMAGE_BLOCKS, .group = GRP_SIZE, .sweep = 4,
                .help = "height and width of the activation"},
    [OPT_H] = {"h", "N", "= --hw", INT(1, BIG), .at = CFG(h), .blocks = IMAGE_BLOCKS, .group = GRP_SIZE, .sweep = 5,
               .help = "height, width separately (non-square)"},
    [OPT_W] = {"w", "N", NULL, INT(1, BIG), .at = CFG(w), .blocks = IMAGE_BLOCKS, .group = GRP_SIZE, .sweep = 6},
    [OPT_BATCH] = {"batch", "N", "1", INT(1, BIG), .at = CFG(batch), .blocks = ALL_BLOCKS & ~KIND(BLOCK_GEMM),
                   .group = GRP_SIZE, .help = "batch size (2 = classifier-free guidance)"},
    [OPT_TEMB_DIM] = {"temb-dim", "N", "1280", INT(1, BIG), .at = CFG(temb_dim), .blocks = KIND(BLOCK_RESBLOCK),
                      .group = GRP_TEMB, .sweep = 10, .help = "time-embedding width (resblock)"},
    [OPT_GROUPS] = {"groups", "N", "32", INT(1, BIG), .at = CFG(groups),
                    .blocks = KIND(BLOCK_RESBLOCK) | KIND(BLOCK_TRANSFORMER), .group = GRP_NORM, .sweep = 11,
                    .help = "GroupNorm groups (resblock, transformer)"},
    [OPT_EPS] = {"eps", "X", "1e-5 resblock, 1e-6 transformer", DBL(0.0, 1.0), .at = CFG(eps),
                 .blocks = KIND(BLOCK_RESBLOCK) | KIND(BLOCK_TRANSFORMER), .group = GRP_NORM, .sweep = 12,
                 .help = "GroupNorm epsilon", .defcol = 56},
    [OPT_KSIZE] = {"ksize", "N", "3", INT(1, 3), .at = CFG(ksize), .blocks = KIND(BLOCK_CONV), .group = GRP_CONV,
                   .sweep = 13, .help = "conv kernel size, 1 or 3 (conv)"},
    [OPT_STRIDE] = {"stride", "N", "1", INT(1, 2), .at = CFG(stride), .blocks = KIND(BLOCK_CONV), .group = GRP_CONV,
                    .sweep = 13, .help = "conv stride, 1 or 2 (conv)"},
    [OPT_HEADS] = {"heads", "N", "8", INT(1, 4096), .at = CFG(heads),
                   .blocks = KIND(BLOCK_TRANSFORMER) | KIND(BLOCK_ATTENTION), .group = GRP_HEADS, .sweep = 7,
                   .help = "attention heads (transformer, attention)"},
    [OPT_HEAD_DIM] = {"head-dim", "N", "transformer: --c / --heads; attention: 40", INT(1, 4096), .at = CFG(head_dim),
                      .blocks = KIND(BLOCK_TRANSFORMER) | KIND(BLOCK_ATTENTION), .group = GRP_HEADS, .sweep = 7,
                      .help = "channels per head, instead of --heads (SD2/SDXL: 64)",
                      .defcol = HELP_DEFAULT_OWN_LINE},
    [OPT_CONTEXT_LEN] = {"context-len", "N", "77", INT(1, BIG), .at = CFG(context_len),
                         .blocks = KIND(BLOCK_TRANSFORMER), .group = GRP_TRANSFORMER, .sweep = 8,
                         .help = "cross-attention context tokens (transformer)"},
    [OPT_CONTEXT_DIM] = {"context-dim", "N", "768", INT(1, BIG), .at = CFG(context_dim),
                         .blocks = KIND(BLOCK_TRANSFORMER), .group = GRP_TRANSFORMER, .sweep = 8,
                         .help = "context width: 768 SD1, 1024 SD2, 2048 SDXL"},
    [OPT_PROJ] = {"proj", "P", "conv", CHOICE(kProj), .at = CFG(proj_linear), .blocks = KIND(BLOCK_TRANSFORMER),
                  .group = GRP_TRANSFORMER, .sweep = 8,
                  .help = "proj_in/proj_out: conv (SD1 1x1) or linear (SD2/SDXL)"},
    [OPT_DEPTH] = {"depth", "N", "1", INT(1, MAX_DEPTH), .at = CFG(depth), .blocks = KIND(BLOCK_TRANSFORMER),
                   .group = GRP_TRANSFORMER, .sweep = 8,
                   .help = "transformer blocks per Transformer2DModel (1-10)"},
    [OPT_KIND] = {"kind", "K", "self", CHOICE(kKind), .at = CFG(cross), .blocks = KIND(BLOCK_ATTENTION),
                  .group = GRP_ATTENTION, .sweep = 9, .help = "attention: self or cross"},
    [OPT_SEQ] = {"seq", "N", "4096", INT(1, BIG), .at = CFG(seq), .blocks = KIND(BLOCK_ATTENTION),
                 .group = GRP_ATTENTION, .sweep = 9, .help = "attention: query tokens (and keys for self)"},
    [OPT_KV] = {"kv", "N", "77", INT(1, BIG), .at = CFG(kv), .blocks = KIND(BLOCK_ATTENTION),
                .group = GRP_ATTENTION, .sweep = 9, .help = "attention --kind cross: key/value tokens"},
    [OPT_M] = {"m", "N", "8192, 2560, 320", INT(1, 1L << 30), .at = CFG(m), .blocks = KIND(BLOCK_GEMM),
               .group = GRP_GEMM, .help = "gemm: y (M, N) = a (M, K) x W (N, K)^T; N, K multiples of 8",
               .defcol = HELP_DEFAULT_OWN_LINE},
    [OPT_N] = {"n", "N", NULL, INT(1, 1L << 30), .at = CFG(n), .blocks = KIND(BLOCK_GEMM), .group = GRP_GEMM},
    [OPT_K] = {"k", "N", NULL, INT(1, 1L << 30), .at = CFG(k), .blocks = KIND(BLOCK_GEMM), .group = GRP_GEMM},
    [OPT_EPILOGUE] = {"epilogue", "E", "none", CHOICE(kEpilogue), .at = CFG(epilogue), .blocks = KIND(BLOCK_GEMM),
                      .group = GRP_GEMM,
                      .help = "gemm: none, bias, geglu (bias, then GEGLU: N = 2F -> F\n"
                              "columns, N multiple of 16) or residual (bias, then + an\n"
                              "(M, N) input), as the linear layers use them",
                      .defcol = 68},
    [OPT_SEED] = {"seed", "N", "1", .type = ARG_SEED, .at = CFG(seed), .help = "seed of the random weights and inputs"},
    // --- run ---
    [OPT_DEVICE] = {"device", "D", "auto", CHOICE(kDevice), .at = RUN(device), .section = SEC_RUN,
                    .help = "auto, cuda or cpu (auto = cuda if a GPU exists)"},
    [OPT_GPU] = {"gpu", "N", "0", INT(0, 1024), .at = RUN(gpu), .section = SEC_RUN, .help = "CUDA device index"},
    [OPT_REF] = {"ref", "R", "gpu on cuda, cpu on cpu", CHOICE(kRef), .at = RUN(ref), .section = SEC_RUN,
                 .help = "FP32 reference on gpu, cpu, or none"},
    [OPT_WARMUP] = {"warmup", "N", "10 on cuda, 0 on cpu", INT(0, 1000000), .at = RUN(warmup), .section = SEC_RUN,
                    .help = "warm-up runs per node"},
    [OPT_ITERS] = {"iters", "N", "100 on cuda, 1 on cpu", INT(1, 1000000), .at = RUN(iters), .section = SEC_RUN,
                   .help = "timed runs per node and of the whole block"},
    [OPT_KERNEL_SELECT] = {"kernel-select", "S", "tune", CHOICE(kSelect), .at = RUN(kernel_select),
                           .section = SEC_RUN,
                           .help = "kernel configs (conv/GEMM tile and split-K,\n"
                                   "attention variant): tune (time the candidates,\n"
                                   "then try the conv/GEMM ones within 10% of a\n"
                                   "node's fastest in the block's graph replay),\n"
                                   "tune-node (the per-node picks alone) or\n"
                                   "heuristic (alias --conv-select)"},
    [OPT_CONV_SELECT] = {"conv-select", "S", .alias = 1 + OPT_KERNEL_SELECT, .section = SEC_RUN},
    [OPT_TUNE_REPS] = {"tune-reps", "N", "8", INT(1, 1000), .at = RUN(tune_reps), .section = SEC_RUN,
                       .help = "launches per candidate while tuning; below 8 the\n"
                               "confirmation and block replays also run N times\n"
                               "(1: each candidate runs once, e.g. under\n"
                               "compute-sanitizer)"},
    [OPT_PDL] = {"pdl", "on|off", "on", CHOICE(kOnOff), .at = RUN(pdl), .section = SEC_RUN,
                 .help = "programmatic dependent launch between kernels\n(sm_90+: hides launch gaps)"},
    [OPT_NODE_TIMING] = {"node-timing", "T", "graph", CHOICE(kNodeTiming), .at = RUN(node_timing_eager),
                         .section = SEC_RUN,
                         .help = "how a node is timed alone: graph (each iteration one\n"
                                 "replay of the node captured in a CUDA graph, as the\n"
                                 "--vs cudnn nodes are timed) or eager (each iteration\n"
                                 "the node's own launches, host launch latency included)"},
    [OPT_ENGINE] = {"engine", "E", "auto", CHOICE(kEngine), .at = RUN(engine), .section = SEC_RUN,
                    .help = "conv/GEMM/attention engines: auto (Hopper wgmma + TMA\n"
                            "kernels beside the portable ones on cc 9.0) or portable\n"
                            "(mma.sync only)"},
    [OPT_TILE_WALK] = {"tile-walk", "W", "auto", CHOICE(kTileWalk), .at = RUN(tile_walk), .section = SEC_RUN,
                       .help = "order in which the persistent ping-pong GEMM tiles\n"
                               "(FP16 and INT8 row, Hopper engine) walk their output\n"
                               "tiles: m (M fastest: the CTAs at work share weight\n"
                               "columns), n (N fastest: they share rows of A) or auto\n"
                               "(n where A is over half the L2 cache, else m); the same\n"
                               "bits either way"},
    [OPT_GROUPNORM] = {"groupnorm", "P", "one-pass", CHOICE(kGnPass), .at = RUN(gn_two_pass), .section = SEC_RUN,
                       .help = "GroupNorm nodes: one-pass (statistics and apply in one\n"
                               "kernel, a cluster of CTAs per sample and channel block,\n"
                               "where the tile fits in registers) or two-pass (statistics\n"
                               "launch, then apply)"},
    [OPT_FUSE_NORM] = {"fuse-norm", "on|off", "off", CHOICE(kOnOff), .at = RUN(fuse_norm), .section = SEC_RUN,
                       .help = "GroupNorm (+SiLU) applied in the next conv's operand\n"
                               "path (Hopper engine: one row \"norm1+silu+conv1\", the\n"
                               "normalized tensor never written; slower than its own\n"
                               "pass on the H100 for 3x3 convs: docs/PERF.md)"},
    [OPT_GN_STATS] = {"gn-stats", "on|off", "on", CHOICE(kOnOff), .at = RUN(gn_stats), .section = SEC_RUN,
                      .help = "a GroupNorm's statistics from the epilogue of the conv\n"
                              "that writes its input (Hopper engine: plain and im2col\n"
                              "tiles without split-K; the conv's row shows \"+gn-stats\",\n"
                              "the GroupNorm's \"fold+apply\"): on or off (the\n"
                              "GroupNorm computes its own)"},
    [OPT_FUSE_SHORTCUT] = {"fuse-shortcut", "M", "auto", CHOICE(kFuse), .at = RUN(fuse_shortcut),
                           .section = SEC_RUN,
                           .help = "a ResBlock's 1x1 conv_shortcut summed into conv2 as more\n"
                                   "K (one row \"conv2+conv_shortcut\", its output never\n"
                                   "written): auto (where the Hopper engine runs conv2),\n"
                                   "on (also the CPU path's emulation; an error where the\n"
                                   "GPU has no Hopper engine) or off"},
    [OPT_FUSE_LN] = {"fuse-ln", "M", "auto", CHOICE(kFuse), .at = RUN(fuse_ln), .section = SEC_RUN,
                     .help = "LayerNorm folded into the FP16 GEMM that reads it\n"
                             "(ln1 -> qkv, ln2 -> q2, ln3 -> ff1: one row \"ln1+qkv\";\n"
                             "a row-statistics pass, gamma in the weights, beta in\n"
                             "the bias; with --linear int8 --int8-scales row the\n"
                             "LayerNorm pass quantizes its rows instead of writing\n"
                             "them, in every mode but off; not with per-tile INT8):\n"
                             "auto (the Hopper engine's blocks of C >= 1280, where it\n"
                             "is faster on the H100: docs/PERF.md),\n"
                             "on (every block, both engines and the CPU path) or off"},
    [OPT_FUSE_QUANT] = {"fuse-quant", "M", "auto", CHOICE(kFuse), .at = RUN(fuse_quant), .section = SEC_RUN,
                        .help = "--int8-scales row GEMMs whose A is plain FP16 rows (no\n"
                                "LayerNorm that quantizes them, no SiLU): A quantized by\n"
                                "the GEMM's own CTAs (\"i8r qa\" tiles, K <= 1280, one\n"
                                "kernel) instead of a separate row-quantizer pass; the\n"
                                "same bits either way: auto (tuning times both, the\n"
                                "heuristic picks by shape), on (wherever a qa tile fits)\n"
                                "or off"},
    [OPT_LINEAR] = {"linear", "P", "fp16", CHOICE(kLinearPrec), .at = RUN(linear_prec),
                    .blocks = KIND(BLOCK_RESBLOCK) | KIND(BLOCK_TRANSFORMER) | KIND(BLOCK_GEMM),
                    .group = GRP_LINEAR, .section = SEC_RUN,
                    .help = "GEMM of every linear layer (qkv, to_out, ff, kv over the\n"
                            "context, time_emb_proj, linear proj_in/out, --block gemm):\n"
                            "int8 (online-quantized INT8 tensor-core GEMM), fp16, or\n"
                            "auto: INT8 with row scales where A is quantized without\n"
                            "a pass of its own (after a LayerNorm: qkv, to_q, ff1;\n"
                            "the few-row time-embedding linears), elsewhere INT8 or\n"
                            "FP16 by a shape rule (--kernel-select tune: whichever\n"
                            "timed faster); FP16 throughout where the Hopper engine\n"
                            "does not run. On the H100, INT8 with --int8-scales tile\n"
                            "is slower than FP16; with row it is faster at the large\n"
                            "GEMMs and at some SD1.5 shapes, not in every SD1.5\n"
                            "block: docs/PERF.md"},
    [OPT_CONV1X1] = {"conv1x1", "P", "fp16", CHOICE(kPrec), .at = RUN(conv1x1_prec), .section = SEC_RUN,
                     .help = "GEMM of stride-1 1x1 convolutions (conv_shortcut, SD1\nproj_in/proj_out): int8 or fp16",
                     .help_more = "INT8 nodes also report the FP16 GEMM's layer error on the\n"
                                  "same inputs (\"fp16 layer\"); on --device cpu they run the\n"
                                  "bit-exact model of the kernel with the tiles an H100\n"
                                  "(132 SMs) picks with --kernel-select heuristic"},
    [OPT_INT8_SCALES] = {"int8-scales", "S", "tile", CHOICE(kInt8Scales), .at = RUN(int8_rows), .section = SEC_RUN,
                         .help = "INT8 GEMMs' scales: tile (one per 64-128 rows x K-tile\n"
                                 "block of A and of W, online), row (one per row of A,\n"
                                 "online, and one per output channel of W, made once with\n"
                                 "the weights; exact INT32 sums over the whole K) or group\n"
                                 "(W as row; A per row and 128-K group, quantized by its\n"
                                 "own pass; Hopper GPUs)",
                         .help_more = "row nodes' kernel reads \"i8r\", group nodes' \"i8g\";\n"
                                      "their result does not depend on the tile, so --device\n"
                                      "cpu matches any --kernel-select"},
    [OPT_TOL_FP16] = {"tol-fp16", "X", "5e-3", DBL(0.0, 1e3), .at = RUN(tol_fp16), .section = SEC_RUN,
                      .help = "relative-L2 tolerance of FP16 fast paths"},
    [OPT_TOL_INT8] = {"tol-int8", "X", "3e-2", DBL(0.0, 1e3), .at = RUN(tol_int8), .section = SEC_RUN,
                      .help = "relative-L2 tolerance of INT8 GEMM nodes and of the chain\n"
                              "error of every node downstream of one"},
    [OPT_CHECK] = {"check", NULL, NULL, .type = ARG_FLAG, .at = RUN(check), .section = SEC_RUN,
                   .help = "exit 1 if any node breaches its tolerance"},
    [OPT_JSON] = {"json", "FILE", NULL, .type = ARG_FILE, .at = RUN(json_path), .section = SEC_RUN,
                  .help = "also write the report as JSON (docs/report-schema.md)"},
    [OPT_CSV] = {"csv", "FILE", NULL, .type = ARG_FILE, .at = RUN(csv_path), .section = SEC_RUN,
                 .help = "also write the report as CSV, one row per node"},
    [OPT_PNG] = {"png", "FILE", NULL, .type = ARG_FILE, .at = RUN(png_path), .section = SEC_RUN,
                 .help = "per-node timing chart (bars colored by roofline bound)"},
    [OPT_ERROR_PNG] = {"error-png", "FILE", NULL, .type = ARG_FILE, .at = RUN(error_png_path), .section = SEC_RUN,
                       .help = "heatmap of |fast - reference| of the block output"},
    [OPT_PEAK_TFLOPS] = {"peak-tflops", "X", NULL, DBL(0.0, 1e6), .at = RUN(peak_tflops), .section = SEC_RUN,
                         .help = "roofline compute peak (FP16 tensor core), TFLOP/s"},
    [OPT_PEAK_GBPS] = {"peak-gbps", "Y", NULL, DBL(0.0, 1e7), .at = RUN(peak_gbps), .section = SEC_RUN,
                       .help = "roofline DRAM bandwidth, GB/s; give both to skip the\n"
                               "calibration (otherwise measured once per GPU and cached\n"
                               "in $XDG_CACHE_HOME/unetrun/peaks.json)"},
    [OPT_NVTX] = {"nvtx", NULL, NULL, .type = ARG_FLAG, .at = RUN(nvtx), .section = SEC_RUN,
                  .help = "an NVTX range per node launch, named like the report row\n"
                          "(for nsys/ncu --nvtx-include \"conv1/\")"},
    [OPT_VS] = {"vs", "cudnn", NULL, CHOICE(kVs), .at = RUN(vs), .section = SEC_RUN,
                .help = "also run the block on cuDNN / cuBLAS(Lt), same weights and\n"
                        "inputs: vendor time, speedup and error per node and for\n"
                        "the block (GPU only; GroupNorm and LayerNorm have no cuDNN\n"
                        "op: the vendor block runs unetrun's kernels there, shown -)"},
    // --- sweep ---
    [OPT_SWEEP] = {"sweep", "M", NULL, .type = ARG_TEXT, .known = sweep_model_known, .expect = "sd15, sd21 or sdxl",
                   .at = CLI(sweep_model), .section = SEC_SWEEP,
                   .help = "every distinct ResBlock and transformer shape of an SD\n"
                           "UNet: sd15, sd21 or sdxl; one table; --json/--csv hold\n"
                           "all blocks, --png/--error-png write one file per block\n"
                           "(X.png -> X-<block>.png); takes --batch, --seed\n"
                           "and the run flags; Ctrl-C stops after the block"},
    [OPT_HW_SCALE] = {"hw-scale", "N", "1", INT(1, 1024), .at = CLI(hw_scale), .section = SEC_SWEEP,
                      .help = "divide every activation height and width by N (quick\nCPU sweeps; minimum 1)",
                      .defcol = 70},
    [OPT_VERBOSE] = {"verbose", NULL, NULL, .type = ARG_FLAG, .at = RUN(verbose), .section = SEC_SWEEP,
                     .help = "print the conv tuning measurements on stderr"},
    // --- whole UNet ---
    [OPT_UNET] = {"unet", NULL, NULL, .type = ARG_FLAG, .at = CLI(unet), .section = SEC_UNET,
                  .help = "one whole UNet step: --unet sd15|sd21|sdxl (random\n"
                          "weights) or --unet --weights FILE (layout from its\n"
                          "tensors); one row per block; takes --batch, --latent\n"
                          "(or --h/--w), --context-len, --timestep, --seed, the run\n"
                          "flags, --input/--save-output/--save-inputs"},
    [OPT_LATENT] = {"latent", "N", "native", INT(1, BIG), .at = CLI(latent), .section = SEC_UNET,
                    .help = "latent height = width (sd15 64, sd21 96, sdxl 128)"},
    [OPT_TIMESTEP] = {"timestep", "T", "999", DBL(-1.0, 1e6), .at = RUN(timestep), .section = SEC_UNET,
                      .help = "the diffusion timestep (--unet)"},
    [OPT_NODES] = {"nodes", NULL, NULL, .type = ARG_FLAG, .at = RUN(nodes), .section = SEC_UNET,
                   .help = "--unet: expand every block into its node rows"},
    [OPT_CONFIG] = {"config", "FILE", NULL, .type = ARG_FILE, .at = CLI(config_path), .section = SEC_UNET,
                    .help = "diffusers config.json of --unet --weights (heads, groups,\n"
                            "time embedding); default: config.json beside FILE"},
    // --- checkpoints and files ---
    [OPT_WEIGHTS] = {"weights", "FILE", NULL, .type = ARG_FILE, .at = RUN(weights_path), .sweep = 14,
                     .section = SEC_FILES,
                     .help = "a Stable Diffusion UNet checkpoint (.safetensors,\n"
                             "diffusers or original LDM names; F32/F16/BF16)"},
    [OPT_PREFIX] = {"prefix", "P", NULL, .type = ARG_FILE, .at = RUN(prefix), .sweep = 15, .section = SEC_FILES,
                    .help = "the block to run from it, in either naming, e.g.\n"
                            "down_blocks.1.resnets.0 or input_blocks.4.0; kind and\n"
                            "shapes come from its tensors (--block optional), heads\n"
                            "by family (SD1 8, SD2/SDXL head_dim 64); without --hw\n"
                            "the block's size in its UNet (latent 64 SD1, 96 SD2,\n"
                            "128 SDXL, halved per level)"},
    [OPT_LIST_WEIGHTS] = {"list-weights", "FILE", NULL, .type = ARG_FILE, .at = CLI(list_weights),
                          .section = SEC_FILES, .help = "print the blocks of a checkpoint and its family"},
    [OPT_INPUT] = {"input", "FILE", NULL, .type = ARG_FILE, .at = RUN(input_path), .sweep = 16, .section = SEC_FILES,
                   .help = "block inputs from a safetensors file: x (B, C, H, W),\n"
                           "temb (B, 1280), context (B, L, D); sizes follow it"},
    [OPT_SAVE_OUTPUT] = {"save-output", "FILE", NULL, .type = ARG_FILE, .at = RUN(save_output_path), .sweep = 17,
                         .section = SEC_FILES,
                         .help = "write output (fast path) and reference (FP32 chain),\nFP32, NCHW"},
    [OPT_SAVE_INPUTS] = {"save-inputs", "FILE", NULL, .type = ARG_FILE, .at = RUN(save_inputs_path), .sweep = 18,
                         .section = SEC_FILES,
                         .help = "write the inputs the run used (random or --input),\n"
                                 "FP32 in --input's layout: --input FILE replays the run"},
    // --- other ---
    [OPT_LIST] = {"list", NULL, NULL, .type = ARG_PRINT, .print = block_kinds_list, .section = SEC_OTHER,
                  .help = "list the known blocks"},
    [OPT_HELP] = {"help", NULL, NULL, .type = ARG_PRINT, .print = cli_print_help, .section = SEC_OTHER,
                  .help = "this text"},
    [OPT_VERSION] = {"version", NULL, NULL, .type = ARG_PRINT, .print = print_version, .section = SEC_OTHER,
                     .help = "print the version"},
};

// The group's name in "does not apply" errors (NULL: the option given last).
static const char *const kGroupLabel[GRP_COUNT] = {
    [GRP_HEADS] = "--heads/--head-dim", [GRP_NORM] = "--groups/--eps", [GRP_CONV] = "--ksize/--stride"};

// The defaults, before the command line.
static void cli_defaults(Cli *cli) {
    memset(cli, 0, sizeof *cli);
    cli->cfg = (BlockConfig){.kind = BLOCK_RESBLOCK, .c = 320, .cout = -1, .h = -1, .w = -1, .batch = 1,
                             .temb_dim = 1280, .groups = 32, .eps = -1.0, .ksize = 3, .stride = 1, .heads = -1,
                             .head_dim = -1, .context_len = 77, .context_dim = 768, .proj_linear = 0, .depth = 1,
                             .cross = 0, .seq = 4096, .kv = -1, .m = 8192, .n = 2560, .k = 320,
                             .epilogue = GEMM_BLOCK_NONE, .seed = 1};
    cli->opt = (RunOptions){.device = DEVICE_AUTO, .gpu = 0, .ref = REF_DEFAULT, .warmup = -1, .iters = -1,
                            .check = 0, .tol_fp16 = 5e-3, .kernel_select = KERNEL_SELECT_TUNE, .pdl = 1,
                            .linear_prec = PREC_FP16, .conv1x1_prec = PREC_FP16, .int8_rows = 0, .tol_int8 = 3e-2,
                            .fuse_shortcut = FUSE_AUTO, .fuse_ln = FUSE_AUTO, .fuse_quant = FUSE_AUTO, .gn_stats = 1, .json_path = NULL};
    cli->block_name = "resblock";
    cli->hw = -1;
    cli->latent = -1;
    cli->opt.timestep = 999.0;
}

// --- --help ----------------------------------------------------------------------

static const char kIntro[] =
    "unetrun: run Stable Diffusion UNet blocks, or a whole UNet step, on this project's\n"
    "CUDA kernels and report per-layer time and error against FP32 references.\n"
    "\n"
    "examples: unetrun --block resblock --c 320 --hw 32\n"
    "          unetrun --unet sd15 --batch 2\n"
    "          unetrun --weights unet.safetensors --prefix down_blocks.1.attentions.0\n"
    "          unetrun --block transformer --c 320 --hw 64 --batch 2\n"
    "          unetrun --block attention --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40\n"
    "          unetrun --block gemm --m 8192 --n 2560 --k 320 --linear int8 --epilogue geglu\n";

static const char *const kSectionHead[SEC_COUNT] = {
    [SEC_BLOCK] = "block:\n",
    [SEC_RUN] = "run:\n",
    [SEC_SWEEP] = "sweep:\n",
    [SEC_UNET] = "whole UNet:\n",
    [SEC_FILES] = "checkpoints and files:\n",
    [SEC_OTHER] = "Every output is written to a temporary file in its directory and renamed into\n"
                  "place when complete; an output that is the same file as an input or as\n"
                  "another output is refused.\n\n",
};

#define HELP_TEXT_COL 22   // where the help text starts
#define HELP_DEFAULT_COL 69  // where "[default]" starts unless the row says otherwise

// Prints text's lines; the first continues the current line, the others
// start at HELP_TEXT_COL. Returns the length of the last line printed.
static int help_lines(FILE *f, const char *text, int col) {
    const char *p = text;
    for (;;) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(f, "%.*s", len, p);
        col += len;
        if (!nl) return col;
        fprintf(f, "\n%*s", HELP_TEXT_COL, "");
        col = HELP_TEXT_COL;
        p = nl + 1;
    }
}

// "--name ARG" of row i and of the rows listed on its line.
static void help_usage(int i, char *buf, size_t n) {
    size_t len = 0;
    for (int j = i; j < OPT_COUNT && (j == i || (!kOptions[j].help && !kOptions[j].alias)); j++) {
        const OptionRow *r = &kOptions[j];
        len += (size_t)snprintf(buf + len, n - len, "%s--%s%s%s", j == i ? "" : ", ", r->name, r->arg ? " " : "",
                                r->arg ? r->arg : "");
        if (len >= n) return;
    }
}

static void help_row(FILE *f, int i) {
    const OptionRow *r = &kOptions[i];
    char usage[64];
    help_usage(i, usage, sizeof usage);
    fprintf(f, "  %-19s ", usage);
    int col = help_lines(f, r->help, HELP_TEXT_COL);
    if (r->deflt && r->defcol == HELP_DEFAULT_OWN_LINE) {
        fprintf(f, "\n%*s[%s]", HELP_TEXT_COL, "", r->deflt);
    } else if (r->deflt) {
        int pad = (r->defcol ? r->defcol : HELP_DEFAULT_COL) - col;
        fprintf(f, "%*s[%s]", pad < 1 ? 1 : pad, "", r->deflt);
    }
    if (r->help_more) {
        fprintf(f, "\n%*s", HELP_TEXT_COL, "");
        help_lines(f, r->help_more, HELP_TEXT_COL);
    }
    fputc('\n', f);
}

void cli_print_help(FILE *f) {
    fputs(kIntro, f);
    for (int s = 0; s < SEC_COUNT; s++) {
        fprintf(f, "\n%s", kSectionHead[s]);
        for (int i = 0; i < OPT_COUNT; i++)
            if ((int)kOptions[i].section == s && kOptions[i].help) help_row(f, i);
    }
}

// --- values ---------------------------------------------------------------------

static long parse_long(const char *flag, const char *s, long min, long max) {
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        die_user("%s expects an integer, got '%s'", flag, s);
    if (v < min || v > max) {
        if (min == 1 && v <= 0)
            die_user("%s must be a positive integer (got %ld)", flag, v);
        die_user("%s must be between %ld and %ld (got %ld)", flag, min, max, v);
    }
    return v;
}

static double parse_double(const char *flag, const char *s, double min, double max) {
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v)) die_user("%s expects a number, got '%s'", flag, s);
    if (errno == ERANGE) die_user("%s %s is out of the representable range; use a value between %g and %g", flag, s, min, max);
    if (!(v > min) || v > max) die_user("%s must be > %g and <= %g (got %g)", flag, min, max, v);
    return v;
}

static uint64_t parse_seed(const char *flag, const char *s) {
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE || s[0] == '-')
        die_user("%s expects a non-negative integer, got '%s'", flag, s);
    return v;
}

// "a, b or c", with each choice's note in parentheses.
static void choice_list(const Choice *c, char *buf, size_t n) {
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; c[i].name && len < n; i++) {
        const char *sep = i == 0 ? "" : c[i + 1].name ? ", " : " or ";
        len += (size_t)snprintf(buf + len, n - len, "%s%s", sep, c[i].name);
        if (c[i].note && len < n) len += (size_t)snprintf(buf + len, n - len, " (%s)", c[i].note);
    }
}

static int parse_choice(const char *flag, const char *s, const Choice *c) {
    for (int i = 0; c[i].name; i++)
        if (!strcmp(s, c[i].name)) return c[i].value;
    char list[256];
    choice_list(c, list, sizeof list);
    die_user("%s must be %s (got '%s')", flag, list, s);
}

// Stores the value of row r (named flag) into cli.
static void set_value(Cli *cli, const OptionRow *r, const char *flag, const char *arg) {
    _Static_assert(sizeof(DeviceKind) == sizeof(int) && sizeof(RefMode) == sizeof(int) &&
                       sizeof(KernelSelect) == sizeof(int) && sizeof(GemmPrecision) == sizeof(int) &&
                       sizeof(BaselineKind) == sizeof(int), "choice options are stored through an int");
    void *at = (char *)cli + r->at;
    switch (r->type) {
        case ARG_FLAG: *(int *)at = 1; break;
        case ARG_INT: *(int *)at = (int)parse_long(flag, arg, (long)r->lo, (long)r->hi); break;
        case ARG_DOUBLE: *(double *)at = parse_double(flag, arg, r->lo, r->hi); break;
        case ARG_CHOICE: *(int *)at = parse_choice(flag, arg, r->choices); break;
        case ARG_SEED: *(uint64_t *)at = parse_seed(flag, arg); break;
        case ARG_FILE:
            if (!arg[0]) die_user("%s needs a file name", flag);
            *(const char **)at = arg;
            break;
        case ARG_TEXT:
            if (r->known && !r->known(arg)) die_user("%s must be %s (got '%s')", flag, r->expect, arg);
            *(const char **)at = arg;
            break;
        case ARG_PRINT: break;  // cli_parse prints
    }
}

// --- checks across options ---------------------------------------------------------

// The name of block kinds mask: "a only", "a or b", "a, b or c".
static void kinds_text(unsigned mask, char *buf, size_t n) {
    int count = 0, total = 0;
    for (int k = 0; k < BLOCK_KIND_COUNT; k++) total += (mask >> k) & 1;
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < BLOCK_KIND_COUNT && len < n; k++) {
        if (!((mask >> k) & 1)) continue;
        const char *sep = count == 0 ? "" : count == total - 1 ? " or " : ", ";
        len += (size_t)snprintf(buf + len, n - len, "%s%s", sep, block_kind_name((BlockKind)k));
        count++;
    }
    if (total == 1 && len < n) snprintf(buf + len, n - len, " only");
}

void cli_check_applies(const Cli *cli, BlockKind k) {
    for (int grp = GRP_ANY + 1; grp < GRP_COUNT; grp++) {
        int last = -1;  // the option of the group given last that does not apply
        for (int i = 0; i < OPT_COUNT; i++)
            if ((int)kOptions[i].group == grp && cli->given[i] && !((kOptions[i].blocks >> k) & 1) &&
                (last < 0 || cli->given[i] > cli->given[last]))
                last = i;
        if (last < 0) continue;
        if (grp == GRP_LINEAR)
            die_user("--linear applies to blocks with linear layers (resblock, transformer, gemm); --block %s has none",
                     block_kind_name(k));
        if (grp == GRP_SIZE) die_user("%s", block_kind(k)->not_taken);
        char kinds[128];
        kinds_text(kOptions[last].blocks, kinds, sizeof kinds);
        if (kGroupLabel[grp]) die_user("%s apply to --block %s", kGroupLabel[grp], kinds);
        die_user("--%s applies to --block %s", kOptions[last].name, kinds);
    }
}

// --sweep runs the UNet's own block shapes: the options that set a block
// are refused, the one of lowest rank named (options sharing a rank: their
// group's label, or the one given last).
static void check_sweep(const Cli *cli) {
    int best = -1;
    for (int i = 0; i < OPT_COUNT; i++) {
        const int s = kOptions[i].sweep;
        if (!s || !cli->given[i]) continue;
        if (best < 0 || s < kOptions[best].sweep || (s == kOptions[best].sweep && cli->given[i] > cli->given[best]))
            best = i;
    }
    if (best < 0) return;
    int shared = 0;
    for (int i = 0; i < OPT_COUNT; i++) shared += kOptions[i].sweep == kOptions[best].sweep;
    char bad[64];
    if (shared > 1 && kGroupLabel[kOptions[best].group])
        snprintf(bad, sizeof bad, "%s", kGroupLabel[kOptions[best].group]);
    else
        snprintf(bad, sizeof bad, "--%s", kOptions[best].name);
    die_user("%s does not combine with --sweep, which runs the UNet's own block shapes; drop %s", bad, bad);
}

// Every file of the command line, before any is opened (common/outfile.h).
static void check_files(const Cli *cli) {
    const RunOptions *o = &cli->opt;
    const FileArg files[] = {
        {"--weights", o->weights_path, 0}, {"--input", o->input_path, 0}, {"--list-weights", cli->list_weights, 0},
        {"--json", o->json_path, 1}, {"--csv", o->csv_path, 1}, {"--png", o->png_path, 1},
        {"--error-png", o->error_png_path, 1}, {"--save-output", o->save_output_path, 1}, {"--config", cli->config_path, 0},
        {"--save-inputs", o->save_inputs_path, 1}};
    files_check(files, (int)(sizeof files / sizeof files[0]));
}

// --- parsing ----------------------------------------------------------------------

#define OPT_VAL0 256  // getopt's value of option i is OPT_VAL0 + i

int cli_parse(int argc, char **argv, Cli *cli) {
    cli_defaults(cli);
    struct option longopts[OPT_COUNT + 1];
    for (int i = 0; i < OPT_COUNT; i++)
        longopts[i] = (struct option){kOptions[i].name, kOptions[i].arg ? required_argument : no_argument, 0,
                                      OPT_VAL0 + i};
    longopts[OPT_COUNT] = (struct option){0, 0, 0, 0};
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        cli->nopts++;
        if (ch >= OPT_VAL0 && ch < OPT_VAL0 + OPT_COUNT) {
            int id = ch - OPT_VAL0;
            if (kOptions[id].alias) id = kOptions[id].alias - 1;
            const OptionRow *r = &kOptions[id];
            if (r->type == ARG_PRINT) {
                r->print(stdout);
                return 0;
            }
            char flag[40];
            snprintf(flag, sizeof flag, "--%s", r->name);
            set_value(cli, r, flag, optarg);
            cli->given[id] = cli->nopts;
        } else if (ch == ':') {
            die_user("option '%s' needs a value; see unetrun --help", argv[optind - 1]);
        } else {
            if (optopt > 0 && optopt < 256)
                die_user("unknown option '-%c'; options are long (--c, --hw, ...), see unetrun --help", optopt);
            die_user("unknown option '%s'; see unetrun --help", argv[optind - 1]);
        }
    }
    if (cli->unet && optind < argc && argv[optind][0] != '-') cli->unet_model = argv[optind++];  // --unet M
    if (optind < argc) die_user("unexpected argument '%s'; options start with --, see unetrun --help", argv[optind]);
    if ((cli->opt.peak_tflops > 0) != (cli->opt.peak_gbps > 0))
        die_user("give both --peak-tflops and --peak-gbps (or neither, to use the measured peaks)");
    if (cli->hw_scale && !cli->sweep_model) die_user("--hw-scale applies to --sweep only");
    if (cli->opt.int8_rows && cli->opt.linear_prec == PREC_FP16 && cli->opt.conv1x1_prec != PREC_INT8)
        die_user("--int8-scales applies to INT8 GEMMs: add --linear int8 or --conv1x1 int8");
    if (cli->given[OPT_INT8_SCALES] && !cli->opt.int8_rows && cli->opt.linear_prec == PREC_AUTO &&
        cli->opt.conv1x1_prec != PREC_INT8)
        die_user("--linear auto runs its INT8 GEMMs with row scales; drop --int8-scales tile, or use --linear int8");
    if (cli->opt.int8_rows == 2 && cli->opt.linear_prec == PREC_AUTO)
        die_user("--linear auto runs its INT8 GEMMs with row scales; drop --int8-scales group, or use --linear int8");
    if (cli->sweep_model) check_sweep(cli);
    check_files(cli);
    return -1;
}
