// main.c: the unetrun command line: parse, validate, dispatch, print.
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../common/outfile.h"
#include "graph/blockkinds.h"
#include "graph/graph.h"
#include "report/report.h"
#include "run.h"
#include "sweep.h"
#include "../weights/blockinfo.h"
#include "../weights/params.h"

static const char *kUsage =
    "unetrun: run Stable Diffusion UNet blocks on this project's CUDA kernels and report\n"
    "per-layer time and error against FP32 references.\n"
    "\n"
    "examples: unetrun --block resblock --c 320 --hw 32\n"
    "          unetrun --weights unet.safetensors --prefix down_blocks.1.attentions.0\n"
    "          unetrun --block transformer --c 320 --hw 64 --batch 2\n"
    "          unetrun --block attention --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40\n"
    "          unetrun --block gemm --m 8192 --n 2560 --k 320 --linear int8 --epilogue geglu\n"
    "\n"
    "block:\n"
    "  --block NAME        resblock, conv, transformer, attention, gemm (--list) [resblock]\n"
    "  --c N               input channels (multiple of 8 and of --groups) [320]\n"
    "  --cout N            output channels                                [= --c]\n"
    "  --hw N              height and width of the activation             [32]\n"
    "  --h N, --w N        height, width separately (non-square)          [= --hw]\n"
    "  --batch N           batch size (2 = classifier-free guidance)      [1]\n"
    "  --temb-dim N        time-embedding width (resblock)                [1280]\n"
    "  --groups N          GroupNorm groups (resblock, transformer)       [32]\n"
    "  --eps X             GroupNorm epsilon                 [1e-5 resblock, 1e-6 transformer]\n"
    "  --ksize N           conv kernel size, 1 or 3 (conv)                [3]\n"
    "  --stride N          conv stride, 1 or 2 (conv)                     [1]\n"
    "  --heads N           attention heads (transformer, attention)       [8]\n"
    "  --head-dim N        channels per head, instead of --heads (SD2/SDXL: 64)\n"
    "                      [transformer: --c / --heads; attention: 40]\n"
    "  --context-len N     cross-attention context tokens (transformer)   [77]\n"
    "  --context-dim N     context width: 768 SD1, 1024 SD2, 2048 SDXL    [768]\n"
    "  --proj P            proj_in/proj_out: conv (SD1 1x1) or linear (SD2/SDXL) [conv]\n"
    "  --depth N           transformer blocks per Transformer2DModel (1-10) [1]\n"
    "  --kind K            attention: self or cross                       [self]\n"
    "  --seq N             attention: query tokens (and keys for self)    [4096]\n"
    "  --kv N              attention --kind cross: key/value tokens       [77]\n"
    "  --m N, --n N, --k N gemm: y (M, N) = a (M, K) x W (N, K)^T; N, K multiples of 8\n"
    "                      [8192, 2560, 320]\n"
    "  --epilogue E        gemm: none, bias, geglu (bias, then GEGLU: N = 2F -> F\n"
    "                      columns, N multiple of 16) or residual (bias, then + an\n"
    "                      (M, N) input), as the linear layers use them  [none]\n"
    "  --seed N            seed of the random weights and inputs          [1]\n"
    "\n"
    "run:\n"
    "  --device D          auto, cuda or cpu (auto = cuda if a GPU exists) [auto]\n"
    "  --gpu N             CUDA device index                              [0]\n"
    "  --ref R             FP32 reference on gpu, cpu, or none            [gpu on cuda, cpu on cpu]\n"
    "  --warmup N          warm-up runs per node                          [10 on cuda, 0 on cpu]\n"
    "  --iters N           timed runs per node and of the whole block     [100 on cuda, 1 on cpu]\n"
    "  --kernel-select S   kernel configs (conv/GEMM tile and split-K,\n"
    "                      attention variant): tune (time the candidates)\n"
    "                      or heuristic (alias --conv-select)             [tune]\n"
    "  --pdl on|off        programmatic dependent launch between kernels\n"
    "                      (sm_90+: hides launch gaps)                    [on]\n"
    "  --linear P          GEMM of every linear layer (qkv, to_out, ff, kv over the\n"
    "                      context, time_emb_proj, linear proj_in/out, --block gemm):\n"
    "                      int8 (online-quantized INT8 tensor-core GEMM) or fp16\n"
    "                      (INT8 is slower than FP16 on the H100: docs/PERF.md) [fp16]\n"
    "  --conv1x1 P         GEMM of stride-1 1x1 convolutions (conv_shortcut, SD1\n"
    "                      proj_in/proj_out): int8 or fp16                [fp16]\n"
    "                      INT8 nodes also report the FP16 GEMM's layer error on the\n"
    "                      same inputs (\"fp16 layer\"); on --device cpu they run the\n"
    "                      bit-exact model of the kernel with the tiles an H100\n"
    "                      (132 SMs) picks with --kernel-select heuristic\n"
    "  --tol-fp16 X        relative-L2 tolerance of FP16 fast paths       [5e-3]\n"
    "  --tol-int8 X        relative-L2 tolerance of INT8 GEMM nodes and of the chain\n"
    "                      error of every node downstream of one          [3e-2]\n"
    "  --check             exit 1 if any node breaches its tolerance\n"
    "  --json FILE         also write the report as JSON (docs/report-schema.md)\n"
    "  --csv FILE          also write the report as CSV, one row per node\n"
    "  --png FILE          per-node timing chart (bars colored by roofline bound)\n"
    "  --error-png FILE    heatmap of |fast - reference| of the block output\n"
    "  --peak-tflops X     roofline compute peak (FP16 tensor core), TFLOP/s\n"
    "  --peak-gbps Y       roofline DRAM bandwidth, GB/s; give both to skip the\n"
    "                      calibration (otherwise measured once per GPU and cached\n"
    "                      in $XDG_CACHE_HOME/unetrun/peaks.json)\n"
    "  --nvtx              an NVTX range per node launch, named like the report row\n"
    "                      (for nsys/ncu --nvtx-include \"conv1/\")\n"
    "  --vs cudnn          also run the block on cuDNN / cuBLAS(Lt), same weights and\n"
    "                      inputs: vendor time, speedup and error per node and for\n"
    "                      the block (GPU only; GroupNorm and LayerNorm have no cuDNN\n"
    "                      op: the vendor block runs unetrun's kernels there, shown -)\n"
    "\n"
    "sweep:\n"
    "  --sweep M           every distinct ResBlock and transformer shape of an SD\n"
    "                      UNet: sd15, sd21 or sdxl; one table; --json/--csv hold\n"
    "                      all blocks, --png/--error-png write one file per block\n"
    "                      (X.png -> X-<block>.png); takes --batch, --seed\n"
    "                      and the run flags; Ctrl-C stops after the block\n"
    "  --hw-scale N        divide every activation height and width by N (quick\n"
    "                      CPU sweeps; minimum 1)                          [1]\n"
    "  --verbose           print the conv tuning measurements on stderr\n"
    "\n"
    "checkpoints and files:\n"
    "  --weights FILE      a Stable Diffusion UNet checkpoint (.safetensors,\n"
    "                      diffusers or original LDM names; F32/F16/BF16)\n"
    "  --prefix P          the block to run from it, in either naming, e.g.\n"
    "                      down_blocks.1.resnets.0 or input_blocks.4.0; kind and\n"
    "                      shapes come from its tensors (--block optional), heads\n"
    "                      by family (SD1 8, SD2/SDXL head_dim 64); without --hw\n"
    "                      the block's size in its UNet (latent 64 SD1, 96 SD2,\n"
    "                      128 SDXL, halved per level)\n"
    "  --list-weights FILE print the blocks of a checkpoint and its family\n"
    "  --input FILE        block inputs from a safetensors file: x (B, C, H, W),\n"
    "                      temb (B, 1280), context (B, L, D); sizes follow it\n"
    "  --save-output FILE  write output (fast path) and reference (FP32 chain),\n"
    "                      FP32, NCHW\n"
    "  --save-inputs FILE  write the inputs the run used (random or --input),\n"
    "                      FP32 in --input's layout: --input FILE replays the run\n"
    "\n"
    "Every output is written to a temporary file in its directory and renamed into\n"
    "place when complete; an output that is the same file as an input or as\n"
    "another output is refused.\n"
    "\n"
    "  --list              list the known blocks\n"
    "  --help              this text\n"
    "  --version           print the version\n";

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

enum {
    O_BLOCK = 256, O_C, O_COUT, O_HW, O_H, O_W, O_BATCH, O_TEMB, O_GROUPS, O_EPS, O_KSIZE, O_STRIDE, O_SEED,
    O_DEVICE, O_GPU, O_REF, O_WARMUP, O_ITERS, O_CONVSEL, O_TOL, O_CHECK, O_JSON, O_LIST, O_HELP, O_VERSION, O_VERBOSE,
    O_PDL, O_HEADS, O_HEADDIM, O_CTXLEN, O_CTXDIM, O_PROJ, O_DEPTH, O_KIND, O_SEQ, O_KV,
    O_WEIGHTS, O_PREFIX, O_LISTW, O_INPUT, O_SAVEOUT, O_SAVEIN,
    O_CSV, O_PNG, O_ERRPNG, O_PEAKTF, O_PEAKGB, O_NVTX, O_SWEEP, O_HWSCALE,
    O_LINEAR, O_CONV1X1, O_TOLI8, O_GM, O_GN, O_GK, O_EPILOGUE,
    O_VS,
};

// --linear / --conv1x1 value.
static GemmPrecision parse_prec(const char *flag, const char *s) {
    if (!strcmp(s, "int8")) return PREC_INT8;
    if (!strcmp(s, "fp16")) return PREC_FP16;
    die_user("%s must be int8 or fp16 (got '%s')", flag, s);
}

static const char *nonempty(const char *flag, const char *v) {
    if (!v[0]) die_user("%s needs a file name", flag);
    return v;
}

// --- a block of a checkpoint: kind and shapes from its tensors ---
typedef struct {
    int block, c, cout, temb, heads, context_dim, depth, proj;  // given on the command line
} CheckpointFlags;

static void config_from_checkpoint(BlockConfig *cfg, const char **block_name, const BlockInfo *b,
                                   const CheckpointFlags *f, const char *prefix) {
    const BlockKind kind = b->kind == UNET_RESBLOCK ? BLOCK_RESBLOCK : BLOCK_TRANSFORMER;
    if (f->block && block_kind_find(*block_name) != (int)kind)
        die_user("--block %s conflicts with --prefix %s, which is a %s in the checkpoint; drop --block", *block_name,
                 prefix, block_kind_name(kind));
    cfg->kind = kind;
    *block_name = block_kind_name(kind);
    if (b->kind == UNET_RESBLOCK) {
        if (f->c && cfg->c != b->cin)
            die_user("--c %d conflicts with the checkpoint: %s has %d input channels (conv1.weight); drop --c", cfg->c,
                     prefix, b->cin);
        if (f->cout && cfg->cout != b->cout)
            die_user("--cout %d conflicts with the checkpoint: %s has %d output channels (conv1.weight); drop --cout",
                     cfg->cout, prefix, b->cout);
        if (f->temb && cfg->temb_dim != b->temb_dim)
            die_user("--temb-dim %d conflicts with the checkpoint: %s has %d (time_emb_proj.weight); drop --temb-dim",
                     cfg->temb_dim, prefix, b->temb_dim);
        if (b->has_shortcut != (b->cin != b->cout))
            die_user("%s: %s has %s conv_shortcut with %d -> %d channels; unetrun's ResBlock has one exactly when the "
                     "channel count changes", prefix, b->has_shortcut ? "a" : "no", b->has_shortcut ? "" : "a",
                     b->cin, b->cout);
        cfg->c = b->cin;
        cfg->cout = b->cout;
        cfg->temb_dim = b->temb_dim;
        return;
    }
    if (f->c && cfg->c != b->c)
        die_user("--c %d conflicts with the checkpoint: %s has %d channels (norm.weight); drop --c", cfg->c, prefix,
                 b->c);
    if (f->context_dim && cfg->context_dim != b->context_dim)
        die_user("--context-dim %d conflicts with the checkpoint: %s has %d (attn2.to_k.weight); drop --context-dim",
                 cfg->context_dim, prefix, b->context_dim);
    if (f->depth && cfg->depth != b->depth)
        die_user("--depth %d conflicts with the checkpoint: %s has %d transformer_blocks; drop --depth", cfg->depth,
                 prefix, b->depth);
    if (f->proj && cfg->proj_linear != (b->proj == PROJ_LINEAR))
        die_user("--proj %s conflicts with the checkpoint: %s has a %s proj_in; drop --proj",
                 cfg->proj_linear ? "linear" : "conv", prefix, b->proj == PROJ_LINEAR ? "linear" : "conv 1x1");
    if (b->depth > MAX_DEPTH)
        die_user("%s has %d transformer_blocks; unetrun runs at most %d", prefix, b->depth, MAX_DEPTH);
    if (b->ff_inner != 4 * b->c)
        die_user("%s: feed-forward width %d (ff.net.2.weight) is not 4 x %d channels; only SD's GEGLU MLP is supported",
                 prefix, b->ff_inner, b->c);
    cfg->c = cfg->cout = b->c;
    cfg->context_dim = b->context_dim;
    cfg->depth = b->depth;
    cfg->proj_linear = b->proj == PROJ_LINEAR;
    if (!f->heads) {  // family default: SD1 8 heads, SD2/SDXL head_dim 64
        cfg->heads = -1;
        cfg->head_dim = b->head_dim;
    }
}

// The activation size of the block in its UNet at the family's native
// resolution: latents 64 (SD1.x, 512 px), 96 (SD2.x, 768 px), 128 (SDXL,
// 1024 px), halved per level.
static int checkpoint_default_hw(const BlockInfo *b) {
    UnetLayout L;
    int nlevels = names_layout(b->family, &L) == 0 ? L.nlevels : 4;
    return names_native_latent(b->family) >> names_block_level(&b->id, nlevels);
}

// --- sizes from an --input file: batch, H, W (x) and context length ---
static void config_from_input(BlockConfig *cfg, int kind, const char *path, int batch_set, int *hw, int ctxlen_set) {
    StFile f;
    st_open_or_die(path, &f);
    const StTensor *x = st_find(&f, "x");
    const int image = kind >= 0 && block_kind(kind)->image;
    char s[96];
    if (image && x && x->ndim == 4) {
        st_shape_str(x->ndim, x->shape, s, sizeof s);
        long long B = x->shape[0], H = x->shape[2], W = x->shape[3];
        if (batch_set && B != cfg->batch)
            die_user("--batch %d conflicts with --input %s: x is %s (NCHW); drop --batch", cfg->batch, path, s);
        if (*hw > 0 && (H != *hw || W != *hw))
            die_user("--hw %d conflicts with --input %s: x is %s (NCHW); drop --hw", *hw, path, s);
        if (cfg->h > 0 && H != cfg->h) die_user("--h %d conflicts with --input %s: x is %s (NCHW); drop --h", cfg->h, path, s);
        if (cfg->w > 0 && W != cfg->w) die_user("--w %d conflicts with --input %s: x is %s (NCHW); drop --w", cfg->w, path, s);
        if (B < 1 || H < 1 || W < 1 || B > (1 << 20) || H > (1 << 20) || W > (1 << 20))
            die_user("--input %s: x has shape %s; expected (B, C, H, W) with positive sizes", path, s);
        cfg->batch = (int)B;
        if (*hw < 0 && cfg->h < 0 && cfg->w < 0) cfg->h = (int)H, cfg->w = (int)W;
    }
    const StTensor *ctx = st_find(&f, "context");
    if (kind == BLOCK_TRANSFORMER && ctx && ctx->ndim == 3 && !ctxlen_set && ctx->shape[1] >= 1 &&
        ctx->shape[1] <= (1 << 20))
        cfg->context_len = (int)ctx->shape[1];
    st_close(&f);  // every shape is checked against the block when the inputs are loaded
}

static const char *no_gpu_reason(cudaError_t e) {
    if (e == cudaErrorInsufficientDriver) return "no NVIDIA driver is loaded";
    if (e == cudaErrorNoDevice) return "no CUDA-capable device";
    return cudaGetErrorString(e);
}

// The report's header lines, on the screen before the run starts.
typedef struct {
    const RunOptions *opt;
    int on_gpu;
    const Peaks *peaks;
    const char *weights_source;
} HeaderArgs;

static void print_header_now(const Graph *g, void *ctx) {
    const HeaderArgs *a = ctx;
    RunResult h;
    report_header_info(&h, a->opt, a->on_gpu);
    snprintf(h.weights_source, sizeof h.weights_source, "%s", a->weights_source);
    peaks_to_result(a->peaks, &h);
    print_report_header(g, a->opt, &h);
    fflush(stdout);
}

static void die_too_big(const BlockConfig *cfg, int on_gpu, const MemShortfall *lack) {
    if (on_gpu)
        die_user("this block needs about %.2f GiB of GPU memory but %s has %.2f GiB free; %s",
                 lack->need / 1073741824.0, lack->device, lack->have / 1073741824.0, block_size_hint(cfg));
    die_user("this block needs about %.2f GiB of host memory for the CPU path but the machine has %.2f GiB; %s",
             lack->need / 1073741824.0, lack->have / 1073741824.0, block_size_hint(cfg));
}

static void print_no_gpu_note(cudaError_t e) {
    fprintf(stderr, "unetrun: no CUDA GPU available (%s); running the CPU path\n", no_gpu_reason(e));
}

int main(int argc, char **argv) {
    const char *block_name = "resblock";
    BlockConfig cfg = {.kind = BLOCK_RESBLOCK, .c = 320, .cout = -1, .h = -1, .w = -1, .batch = 1,
                       .temb_dim = 1280, .groups = 32, .eps = -1.0, .ksize = 3, .stride = 1, .heads = -1,
                       .head_dim = -1, .context_len = 77, .context_dim = 768, .proj_linear = 0, .depth = 1,
                       .cross = 0, .seq = 4096, .kv = -1, .m = 8192, .n = 2560, .k = 320,
                       .epilogue = GEMM_BLOCK_NONE, .seed = 1};
    RunOptions opt = {.device = DEVICE_AUTO, .gpu = 0, .ref = REF_DEFAULT, .warmup = -1, .iters = -1,
                      .check = 0, .tol_fp16 = 5e-3, .kernel_select = KERNEL_SELECT_TUNE, .pdl = 1,
                      .linear_prec = PREC_FP16, .conv1x1_prec = PREC_FP16, .tol_int8 = 3e-2,
                      .json_path = NULL};
    int hw = -1;
    int groups_set = 0, eps_set = 0, temb_set = 0, ksize_set = 0, stride_set = 0, c_set = 0, cout_set = 0;
    int tf_set = 0;    // a transformer-only flag was given (context, proj, depth)
    const char *gemm_flag = NULL;  // a --block gemm flag was given (--m --n --k --epilogue)
    int linear_set = 0, conv1x1_set = 0;
    int attn_set = 0;  // an attention-only flag was given (kind, seq, kv)
    const char *tf_flag = NULL, *attn_flag = NULL;
    int block_set = 0, batch_set = 0, heads_flag = 0, ctxlen_set = 0, ctxdim_set = 0, depth_set = 0, proj_set = 0;
    int nopts = 0;  // options given
    const char *list_weights = NULL;
    const char *sweep_model = NULL;  // --sweep
    int hw_scale = 0;                // --hw-scale (0 = not given)

    static const struct option longopts[] = {
        {"block", required_argument, 0, O_BLOCK},     {"c", required_argument, 0, O_C},
        {"cout", required_argument, 0, O_COUT},       {"hw", required_argument, 0, O_HW},
        {"h", required_argument, 0, O_H},             {"w", required_argument, 0, O_W},
        {"batch", required_argument, 0, O_BATCH},     {"temb-dim", required_argument, 0, O_TEMB},
        {"groups", required_argument, 0, O_GROUPS},   {"eps", required_argument, 0, O_EPS},
        {"ksize", required_argument, 0, O_KSIZE},     {"stride", required_argument, 0, O_STRIDE},
        {"seed", required_argument, 0, O_SEED},       {"device", required_argument, 0, O_DEVICE},
        {"gpu", required_argument, 0, O_GPU},         {"ref", required_argument, 0, O_REF},
        {"warmup", required_argument, 0, O_WARMUP},   {"iters", required_argument, 0, O_ITERS},
        {"kernel-select", required_argument, 0, O_CONVSEL}, {"conv-select", required_argument, 0, O_CONVSEL}, {"tol-fp16", required_argument, 0, O_TOL},
        {"check", no_argument, 0, O_CHECK},           {"json", required_argument, 0, O_JSON},
        {"list", no_argument, 0, O_LIST},             {"help", no_argument, 0, O_HELP},
        {"version", no_argument, 0, O_VERSION},       {"verbose", no_argument, 0, O_VERBOSE},
        {"heads", required_argument, 0, O_HEADS},     {"head-dim", required_argument, 0, O_HEADDIM},
        {"context-len", required_argument, 0, O_CTXLEN}, {"context-dim", required_argument, 0, O_CTXDIM},
        {"proj", required_argument, 0, O_PROJ},       {"depth", required_argument, 0, O_DEPTH},
        {"kind", required_argument, 0, O_KIND},       {"seq", required_argument, 0, O_SEQ},
        {"kv", required_argument, 0, O_KV},           {"pdl", required_argument, 0, O_PDL},
        {"weights", required_argument, 0, O_WEIGHTS}, {"prefix", required_argument, 0, O_PREFIX},
        {"list-weights", required_argument, 0, O_LISTW}, {"input", required_argument, 0, O_INPUT},
        {"save-output", required_argument, 0, O_SAVEOUT}, {"save-inputs", required_argument, 0, O_SAVEIN},
        {"csv", required_argument, 0, O_CSV},         {"png", required_argument, 0, O_PNG},
        {"error-png", required_argument, 0, O_ERRPNG}, {"peak-tflops", required_argument, 0, O_PEAKTF},
        {"peak-gbps", required_argument, 0, O_PEAKGB}, {"nvtx", no_argument, 0, O_NVTX},
        {"sweep", required_argument, 0, O_SWEEP},     {"hw-scale", required_argument, 0, O_HWSCALE},
        {"linear", required_argument, 0, O_LINEAR},   {"conv1x1", required_argument, 0, O_CONV1X1},
        {"tol-int8", required_argument, 0, O_TOLI8},  {"m", required_argument, 0, O_GM},
        {"n", required_argument, 0, O_GN},            {"k", required_argument, 0, O_GK},
        {"epilogue", required_argument, 0, O_EPILOGUE},
        {"vs", required_argument, 0, O_VS},
        {0, 0, 0, 0}};

    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        nopts++;
        switch (ch) {
            case O_BLOCK: block_name = optarg; block_set = 1; break;
            case O_C: cfg.c = (int)parse_long("--c", optarg, 1, 1L << 20); c_set = 1; break;
            case O_COUT: cfg.cout = (int)parse_long("--cout", optarg, 1, 1L << 20); cout_set = 1; break;
            case O_HEADS: cfg.heads = (int)parse_long("--heads", optarg, 1, 4096); heads_flag = 1; break;
            case O_HEADDIM: cfg.head_dim = (int)parse_long("--head-dim", optarg, 1, 4096); heads_flag = 1; break;
            case O_CTXLEN: cfg.context_len = (int)parse_long("--context-len", optarg, 1, 1L << 20); tf_set = 1; tf_flag = "--context-len"; ctxlen_set = 1; break;
            case O_CTXDIM: cfg.context_dim = (int)parse_long("--context-dim", optarg, 1, 1L << 20); tf_set = 1; tf_flag = "--context-dim"; ctxdim_set = 1; break;
            case O_DEPTH: cfg.depth = (int)parse_long("--depth", optarg, 1, MAX_DEPTH); tf_set = 1; tf_flag = "--depth"; depth_set = 1; break;
            case O_PROJ:
                if (!strcmp(optarg, "conv")) cfg.proj_linear = 0;
                else if (!strcmp(optarg, "linear")) cfg.proj_linear = 1;
                else die_user("--proj must be conv (SD1 1x1 conv) or linear (SD2/SDXL) (got '%s')", optarg);
                tf_set = 1;
                proj_set = 1;
                tf_flag = "--proj";
                break;
            case O_KIND:
                if (!strcmp(optarg, "self")) cfg.cross = 0;
                else if (!strcmp(optarg, "cross")) cfg.cross = 1;
                else die_user("--kind must be self or cross (got '%s')", optarg);
                attn_set = 1;
                attn_flag = "--kind";
                break;
            case O_SEQ: cfg.seq = (int)parse_long("--seq", optarg, 1, 1L << 20); attn_set = 1; attn_flag = "--seq"; break;
            case O_KV: cfg.kv = (int)parse_long("--kv", optarg, 1, 1L << 20); attn_set = 1; attn_flag = "--kv"; break;
            case O_HW: hw = (int)parse_long("--hw", optarg, 1, 1L << 20); break;
            case O_H: cfg.h = (int)parse_long("--h", optarg, 1, 1L << 20); break;
            case O_W: cfg.w = (int)parse_long("--w", optarg, 1, 1L << 20); break;
            case O_BATCH: cfg.batch = (int)parse_long("--batch", optarg, 1, 1L << 20); batch_set = 1; break;
            case O_TEMB: cfg.temb_dim = (int)parse_long("--temb-dim", optarg, 1, 1L << 20); temb_set = 1; break;
            case O_GROUPS: cfg.groups = (int)parse_long("--groups", optarg, 1, 1L << 20); groups_set = 1; break;
            case O_EPS: cfg.eps = parse_double("--eps", optarg, 0.0, 1.0); eps_set = 1; break;
            case O_KSIZE: cfg.ksize = (int)parse_long("--ksize", optarg, 1, 3); ksize_set = 1; break;
            case O_STRIDE: cfg.stride = (int)parse_long("--stride", optarg, 1, 2); stride_set = 1; break;
            case O_SEED: {
                char *end = NULL;
                errno = 0;
                unsigned long long v = strtoull(optarg, &end, 10);
                if (end == optarg || *end != '\0' || errno == ERANGE || optarg[0] == '-')
                    die_user("--seed expects a non-negative integer, got '%s'", optarg);
                cfg.seed = v;
                break;
            }
            case O_DEVICE:
                if (!strcmp(optarg, "auto")) opt.device = DEVICE_AUTO;
                else if (!strcmp(optarg, "cuda")) opt.device = DEVICE_CUDA;
                else if (!strcmp(optarg, "cpu")) opt.device = DEVICE_CPU;
                else die_user("--device must be auto, cuda or cpu (got '%s')", optarg);
                break;
            case O_GPU: opt.gpu = (int)parse_long("--gpu", optarg, 0, 1024); break;
            case O_REF:
                if (!strcmp(optarg, "gpu")) opt.ref = REF_GPU;
                else if (!strcmp(optarg, "cpu")) opt.ref = REF_CPU;
                else if (!strcmp(optarg, "none")) opt.ref = REF_NONE;
                else die_user("--ref must be gpu, cpu or none (got '%s')", optarg);
                break;
            case O_WARMUP: opt.warmup = (int)parse_long("--warmup", optarg, 0, 1000000); break;
            case O_ITERS: opt.iters = (int)parse_long("--iters", optarg, 1, 1000000); break;
            case O_CONVSEL:
                if (!strcmp(optarg, "tune")) opt.kernel_select = KERNEL_SELECT_TUNE;
                else if (!strcmp(optarg, "heuristic")) opt.kernel_select = KERNEL_SELECT_HEURISTIC;
                else die_user("--kernel-select must be tune or heuristic (got '%s')", optarg);
                break;
            case O_PDL:
                if (!strcmp(optarg, "on")) opt.pdl = 1;
                else if (!strcmp(optarg, "off")) opt.pdl = 0;
                else die_user("--pdl must be on or off (got '%s')", optarg);
                break;
            case O_TOL: opt.tol_fp16 = parse_double("--tol-fp16", optarg, 0.0, 1e3); break;
            case O_TOLI8: opt.tol_int8 = parse_double("--tol-int8", optarg, 0.0, 1e3); break;
            case O_LINEAR: opt.linear_prec = parse_prec("--linear", optarg); linear_set = 1; break;
            case O_CONV1X1: opt.conv1x1_prec = parse_prec("--conv1x1", optarg); conv1x1_set = 1; break;
            case O_GM: cfg.m = (int)parse_long("--m", optarg, 1, 1L << 30); gemm_flag = "--m"; break;
            case O_GN: cfg.n = (int)parse_long("--n", optarg, 1, 1L << 30); gemm_flag = "--n"; break;
            case O_GK: cfg.k = (int)parse_long("--k", optarg, 1, 1L << 30); gemm_flag = "--k"; break;
            case O_EPILOGUE:
                if (!strcmp(optarg, "none")) cfg.epilogue = GEMM_BLOCK_NONE;
                else if (!strcmp(optarg, "bias")) cfg.epilogue = GEMM_BLOCK_BIAS;
                else if (!strcmp(optarg, "geglu")) cfg.epilogue = GEMM_BLOCK_GEGLU;
                else if (!strcmp(optarg, "residual")) cfg.epilogue = GEMM_BLOCK_RESIDUAL;
                else die_user("--epilogue must be none, bias, geglu or residual (got '%s')", optarg);
                gemm_flag = "--epilogue";
                break;
            case O_CHECK: opt.check = 1; break;
            case O_VERBOSE: opt.verbose = 1; break;
            case O_JSON:
                if (!optarg[0]) die_user("--json needs a file name");
                opt.json_path = optarg;
                break;
            case O_WEIGHTS: opt.weights_path = nonempty("--weights", optarg); break;
            case O_PREFIX: opt.prefix = nonempty("--prefix", optarg); break;
            case O_LISTW: list_weights = nonempty("--list-weights", optarg); break;
            case O_INPUT: opt.input_path = nonempty("--input", optarg); break;
            case O_SAVEOUT: opt.save_output_path = nonempty("--save-output", optarg); break;
            case O_SAVEIN: opt.save_inputs_path = nonempty("--save-inputs", optarg); break;
            case O_CSV: opt.csv_path = nonempty("--csv", optarg); break;
            case O_PNG: opt.png_path = nonempty("--png", optarg); break;
            case O_ERRPNG: opt.error_png_path = nonempty("--error-png", optarg); break;
            case O_PEAKTF: opt.peak_tflops = parse_double("--peak-tflops", optarg, 0.0, 1e6); break;
            case O_PEAKGB: opt.peak_gbps = parse_double("--peak-gbps", optarg, 0.0, 1e7); break;
            case O_NVTX: opt.nvtx = 1; break;
            case O_VS:
                if (strcmp(optarg, "cudnn")) die_user("--vs must be cudnn (got '%s')", optarg);
                opt.vs = VS_CUDNN;
                break;
            case O_SWEEP:
                if (!sweep_model_known(optarg))
                    die_user("--sweep must be sd15, sd21 or sdxl (got '%s')", optarg);
                sweep_model = optarg;
                break;
            case O_HWSCALE: hw_scale = (int)parse_long("--hw-scale", optarg, 1, 1024); break;
            case O_LIST: block_kinds_list(stdout); return 0;
            case O_HELP: fputs(kUsage, stdout); return 0;
            case O_VERSION: printf("unetrun %s\n", UNETRUN_VERSION); return 0;
            case ':': die_user("option '%s' needs a value; see unetrun --help", argv[optind - 1]);
            default:
                if (optopt > 0 && optopt < 256)
                    die_user("unknown option '-%c'; options are long (--c, --hw, ...), see unetrun --help", optopt);
                die_user("unknown option '%s'; see unetrun --help", argv[optind - 1]);
        }
    }
    if (optind < argc) die_user("unexpected argument '%s'; options start with --, see unetrun --help", argv[optind]);
    if ((opt.peak_tflops > 0) != (opt.peak_gbps > 0))
        die_user("give both --peak-tflops and --peak-gbps (or neither, to use the measured peaks)");
    if (hw_scale && !sweep_model) die_user("--hw-scale applies to --sweep only");
    if (sweep_model) {
        const char *bad = block_set ? "--block" : c_set ? "--c" : cout_set ? "--cout" : hw > 0 ? "--hw"
                        : cfg.h > 0 ? "--h" : cfg.w > 0 ? "--w" : heads_flag ? "--heads/--head-dim"
                        : tf_set ? tf_flag : attn_set ? attn_flag : temb_set ? "--temb-dim"
                        : groups_set ? "--groups" : eps_set ? "--eps" : (ksize_set || stride_set) ? "--ksize/--stride"
                        : opt.weights_path ? "--weights" : opt.prefix ? "--prefix" : opt.input_path ? "--input"
                        : opt.save_output_path ? "--save-output" : opt.save_inputs_path ? "--save-inputs" : NULL;
        if (bad) die_user("%s does not combine with --sweep, which runs the UNet's own block shapes; drop %s", bad, bad);
    }

    {  // every file of the command line, before any is opened (common/outfile.h)
        const FileArg files[] = {
            {"--weights", opt.weights_path, 0}, {"--input", opt.input_path, 0}, {"--list-weights", list_weights, 0},
            {"--json", opt.json_path, 1}, {"--csv", opt.csv_path, 1}, {"--png", opt.png_path, 1},
            {"--error-png", opt.error_png_path, 1}, {"--save-output", opt.save_output_path, 1},
            {"--save-inputs", opt.save_inputs_path, 1}};
        files_check(files, (int)(sizeof files / sizeof files[0]));
    }

    // --- checkpoint listing, checkpoint block, input file ---
    if (list_weights) {
        if (nopts != 1) die_user("--list-weights FILE lists the blocks of a checkpoint and takes no other options");
        weights_list(list_weights, stdout);
        return 0;
    }
    if (opt.prefix && !opt.weights_path) die_user("--prefix needs --weights FILE (the checkpoint that holds the block)");
    WeightsFile wfile;
    BlockInfo binfo;
    memset(&binfo, 0, sizeof binfo);
    if (opt.weights_path) {
        if (!opt.prefix)
            die_user("--weights needs --prefix BLOCK, e.g. down_blocks.1.resnets.0; unetrun --list-weights %s lists them",
                     opt.weights_path);
        weights_open_or_die(opt.weights_path, &wfile);
        weights_describe_or_die(&wfile, opt.prefix, &binfo);
        CheckpointFlags cf = {block_set, c_set, cout_set, temb_set, heads_flag, ctxdim_set, depth_set, proj_set};
        config_from_checkpoint(&cfg, &block_name, &binfo, &cf, opt.prefix);
        block_set = 1;
    }
    if (opt.input_path) config_from_input(&cfg, block_kind_find(block_name), opt.input_path, batch_set, &hw, ctxlen_set);
    if (opt.weights_path && hw < 0 && cfg.h < 0 && cfg.w < 0) hw = checkpoint_default_hw(&binfo);

    // --- validate the block ---
    const int kind = block_kind_find(block_name);
    if (kind < 0)
        die_user("unknown block '%s'; known blocks: resblock, conv, transformer, attention, gemm (see --list)",
                 block_name);
    cfg.kind = (BlockKind)kind;
    const int is_res = kind == BLOCK_RESBLOCK, is_conv = kind == BLOCK_CONV;
    const int is_tf = kind == BLOCK_TRANSFORMER, is_attn = kind == BLOCK_ATTENTION;
    const int is_gemm = kind == BLOCK_GEMM;
    if (gemm_flag && !is_gemm) die_user("%s applies to --block gemm only", gemm_flag);
    if (linear_set && (is_conv || is_attn))
        die_user("--linear applies to blocks with linear layers (resblock, transformer, gemm); --block %s has none",
                 block_name);
    if (tf_set && !is_tf) die_user("%s applies to --block transformer only", tf_flag);
    if (attn_set && !is_attn) die_user("%s applies to --block attention only", attn_flag);
    if ((cfg.heads > 0 || cfg.head_dim > 0) && !is_tf && !is_attn)
        die_user("--heads/--head-dim apply to --block transformer or attention");
    if ((groups_set || eps_set) && !is_res && !is_tf) die_user("--groups/--eps apply to --block resblock or transformer");
    if (temb_set && !is_res) die_user("--temb-dim applies to --block resblock only");
    if ((ksize_set || stride_set) && !is_conv) die_user("--ksize/--stride apply to --block conv only");
    if (cfg.eps < 0) cfg.eps = is_tf ? 1e-6 : 1e-5;

    if (is_attn) {
        if (c_set || cout_set || hw > 0 || cfg.h > 0 || cfg.w > 0)
            die_user("--block attention takes --seq, --kv, --heads and --head-dim, not --c/--cout/--hw/--h/--w");
        if (cfg.heads < 0) cfg.heads = 8;
        if (cfg.head_dim < 0) cfg.head_dim = 40;
        if (!attention_head_dim_supported(cfg.head_dim))
            die_user("--head-dim %d has no attention kernel; supported head dims: %s", cfg.head_dim,
                     attention_head_dims());
        if (!cfg.cross && cfg.kv > 0 && cfg.kv != cfg.seq)
            die_user("--kv %d conflicts with --kind self (keys are the --seq %d queries); use --kind cross", cfg.kv,
                     cfg.seq);
        if (cfg.kv < 0) cfg.kv = cfg.cross ? 77 : cfg.seq;
        long long C = (long long)cfg.heads * cfg.head_dim;
        if ((long long)cfg.batch * cfg.seq * 3 * C >= (1LL << 31) || (long long)cfg.batch * cfg.kv * 2 * C >= (1LL << 31))
            die_user("attention tensors too large: --batch x --seq x 3 x --heads x --head-dim exceeds 2^31 elements");
        cfg.c = cfg.cout = (int)C;
        cfg.h = cfg.seq;
        cfg.w = 1;
    } else if (is_gemm) {
        if (c_set || cout_set || hw > 0 || cfg.h > 0 || cfg.w > 0 || batch_set)
            die_user("--block gemm takes --m, --n, --k and --epilogue, not --c/--cout/--hw/--h/--w/--batch");
        if (cfg.n % 8) die_user("--n %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg.n, (cfg.n + 7) / 8 * 8);
        if (cfg.k % 8) die_user("--k %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg.k, (cfg.k + 7) / 8 * 8);
        if (cfg.epilogue == GEMM_BLOCK_GEGLU && cfg.n % 16)
            die_user("--epilogue geglu needs --n = 2F with F a multiple of 8 (--n a multiple of 16); got --n %d", cfg.n);
        if ((long long)cfg.m * cfg.k >= (1LL << 31) || (long long)cfg.m * cfg.n >= (1LL << 31) ||
            (long long)cfg.n * cfg.k >= (1LL << 31))
            die_user("GEMM too large: --m x --k, --m x --n and --n x --k must each be below 2^31 elements");
        cfg.c = cfg.k;  // the generic fields describe the (1, M, 1, K) input
        cfg.cout = cfg.epilogue == GEMM_BLOCK_GEGLU ? cfg.n / 2 : cfg.n;
        cfg.h = cfg.m;
        cfg.w = 1;
    } else {
        if (cfg.cout < 0) cfg.cout = cfg.c;
        if (hw > 0) {
            if (cfg.h > 0 && cfg.h != hw) die_user("--hw %d conflicts with --h %d; give --hw or --h/--w", hw, cfg.h);
            if (cfg.w > 0 && cfg.w != hw) die_user("--hw %d conflicts with --w %d; give --hw or --h/--w", hw, cfg.w);
            cfg.h = cfg.w = hw;
        }
        if (cfg.h < 0 && cfg.w < 0) cfg.h = cfg.w = 32;
        if (cfg.h < 0 || cfg.w < 0) die_user("give both --h and --w (or --hw for a square activation)");
        if (cfg.c % 8) die_user("--c %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg.c, (cfg.c + 7) / 8 * 8);
        if (cfg.cout % 8)
            die_user("--cout %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg.cout, (cfg.cout + 7) / 8 * 8);
    }
    if (is_res || is_tf) {
        if (cfg.c % cfg.groups) die_user("--c %d is not divisible by --groups %d", cfg.c, cfg.groups);
        if (cfg.cout % cfg.groups) die_user("--cout %d is not divisible by --groups %d", cfg.cout, cfg.groups);
        if (cfg.c > 8192 || cfg.cout > 8192) die_user("channels above 8192 are not supported by the GroupNorm kernel");
    }
    if (is_res && cfg.temb_dim % 8) die_user("--temb-dim %d must be a multiple of 8", cfg.temb_dim);
    if (is_conv && cfg.ksize != 1 && cfg.ksize != 3) die_user("--ksize must be 1 or 3 (got %d)", cfg.ksize);
    if (is_tf) {
        if (cfg.cout != cfg.c) die_user("--cout %d: a transformer block keeps its channels (--c %d); drop --cout", cfg.cout, cfg.c);
        if (cfg.c > 4096) die_user("--c %d: the LayerNorm kernel supports at most 4096 channels", cfg.c);
        if (cfg.heads > 0 && cfg.head_dim > 0 && cfg.heads * cfg.head_dim != cfg.c)
            die_user("--heads %d x --head-dim %d = %d does not equal --c %d; give one of them", cfg.heads, cfg.head_dim,
                     cfg.heads * cfg.head_dim, cfg.c);
        if (cfg.head_dim > 0) {
            if (cfg.c % cfg.head_dim) die_user("--head-dim %d does not divide --c %d", cfg.head_dim, cfg.c);
            cfg.heads = cfg.c / cfg.head_dim;
        } else {
            if (cfg.heads < 0) cfg.heads = 8;
            if (cfg.c % cfg.heads) die_user("--heads %d does not divide --c %d", cfg.heads, cfg.c);
            cfg.head_dim = cfg.c / cfg.heads;
        }
        if (!attention_head_dim_supported(cfg.head_dim))
            die_user("head dim %d (--c %d / %d heads) has no attention kernel; supported head dims: %s; set --heads or --head-dim",
                     cfg.head_dim, cfg.c, cfg.heads, attention_head_dims());
        if (cfg.context_dim % 8) die_user("--context-dim %d must be a multiple of 8", cfg.context_dim);
        long long M = (long long)cfg.batch * cfg.h * cfg.w;
        if (M * 4 * cfg.c >= (1LL << 31)) die_user("activation too large: --batch x --h x --w x 4 x --c exceeds 2^31 elements; %s", block_size_hint(&cfg));
        if ((long long)cfg.batch * cfg.context_len * cfg.context_dim >= (1LL << 31) ||
            (long long)cfg.batch * cfg.context_len * 2 * cfg.c >= (1LL << 31))
            die_user("context too large: --batch x --context-len x --context-dim exceeds 2^31 elements");
        if ((long long)8 * cfg.c * cfg.c >= (1LL << 31)) die_user("--c %d too large for the feed-forward weight", cfg.c);
    }
    if (is_res || is_conv) {
        ConvShape s = {cfg.batch, cfg.h, cfg.w, cfg.c, cfg.cout, is_conv ? cfg.ksize : 3,
                       is_conv ? cfg.stride : 1, is_conv ? cfg.ksize / 2 : 1, 0, 0};
        if ((long long)cfg.cout * s.ksize * s.ksize * cfg.c >= (1LL << 31))
            die_user("conv weight too large: %d x %d x %d x %d elements exceeds 2^31; use fewer --c/--cout channels",
                     cfg.cout, s.ksize, s.ksize, cfg.c);
        if (conv2d_shape_init(&s))
            die_user("activation too large: %d x %d x %d x %d elements exceeds 2^31; %s", cfg.batch, cfg.h, cfg.w,
                     cfg.c > cfg.cout ? cfg.c : cfg.cout, block_size_hint(&cfg));
        if ((long long)cfg.batch * cfg.temb_dim >= (1LL << 31)) die_user("--batch x --temb-dim is too large");
    }

    if (conv1x1_set && !sweep_model) {
        const int has1x1 = (is_res && cfg.c != cfg.cout) || (is_tf && !cfg.proj_linear) ||
                           (is_conv && cfg.ksize == 1 && cfg.stride == 1);
        if (!has1x1)
            die_user("--conv1x1 applies to stride-1 1x1 convolutions and this block has none (resblock conv_shortcut "
                     "needs --cout != --c, transformer proj_in/out needs --proj conv, conv needs --ksize 1 --stride 1)");
    }

    if (opt.error_png_path && opt.ref == REF_NONE)
        die_user("--error-png compares the block output with the FP32 reference; drop --ref none");
    set_oom_hint(block_size_hint(&cfg));

    if (opt.vs && opt.device == DEVICE_CPU)
        die_user("--vs cudnn runs cuDNN and cuBLAS on the GPU; drop --device cpu");
    // --- choose the device ---
    int on_gpu = 0;
    if (opt.device != DEVICE_CPU) {
        int count = 0;
        cudaError_t e = cudaGetDeviceCount(&count);
        if (e != cudaSuccess || count == 0) {
            if (opt.device == DEVICE_CUDA)
                die_user("--device cuda but no CUDA GPU is available (%s); use --device cpu",
                         e != cudaSuccess ? no_gpu_reason(e) : "0 devices");
            if (opt.ref == REF_GPU) die_user("--ref gpu needs a CUDA GPU, and none is available; use --ref cpu");
            if (opt.vs) die_user("--vs cudnn needs a CUDA GPU, and none is available (%s)",
                                 e != cudaSuccess ? no_gpu_reason(e) : "0 devices");
            print_no_gpu_note(e != cudaSuccess ? e : cudaErrorNoDevice);
            (void)cudaGetLastError();
        } else {
            if (opt.gpu >= count) die_user("--gpu %d: only %d CUDA device(s) present (0..%d)", opt.gpu, count, count - 1);
            cudaCheck(cudaSetDevice(opt.gpu));
            on_gpu = 1;
        }
    } else if (opt.ref == REF_GPU) {
        die_user("--ref gpu needs --device cuda; the CPU path uses --ref cpu or none");
    }
    if (opt.ref == REF_DEFAULT) opt.ref = on_gpu ? REF_GPU : REF_CPU;
    if (opt.check && opt.ref == REF_NONE) die_user("--check needs a reference; drop --ref none");
    if (opt.warmup < 0) opt.warmup = on_gpu ? 10 : 0;
    if (opt.iters < 0) opt.iters = on_gpu ? 100 : 1;
    if (opt.nvtx && !on_gpu) die_user("--nvtx marks GPU kernel launches; it needs the CUDA path (drop --nvtx or --device cpu)");
    if (sweep_model) return run_sweep(sweep_model, &cfg, hw_scale ? hw_scale : 1, on_gpu, &opt);
    Peaks peaks;  // measured (or cached) before the block runs
    peaks_resolve(&opt, on_gpu, &peaks);

    Graph g;
    build_block(&g, &cfg);
    if (opt.input_path) io_load_inputs(&g, opt.input_path);
    const ParamSource psrc = {&wfile, &binfo};  // layers load their tensors by name
    if (opt.weights_path) opt.params = &psrc;
    char weights_source[sizeof ((RunResult *)0)->weights_source];
    if (opt.weights_path)
        snprintf(weights_source, sizeof weights_source, "%s block %s (%s naming, %s, %s)", opt.weights_path,
                 binfo.diffusers, wfile.scheme == SCHEME_LDM ? "LDM" : "diffusers", names_family_name(binfo.family),
                 st_dtype_name(binfo.dtype));
    else
        snprintf(weights_source, sizeof weights_source, "random (seed %llu)", (unsigned long long)cfg.seed);
    RunResult res;
    HeaderArgs ha = {&opt, on_gpu, &peaks, weights_source};
    MemShortfall lack;
    if (run_block(&g, &opt, on_gpu, print_header_now, &ha, &res, &lack)) die_too_big(&cfg, on_gpu, &lack);
    snprintf(res.weights_source, sizeof res.weights_source, "%s", weights_source);
    peaks_to_result(&peaks, &res);
    roofline_apply(&g, &res);
    print_report_body(&g, &opt, &res);
    if (opt.json_path && write_json_report(&g, &opt, &res, opt.json_path))
        die_user("cannot write the JSON report to '%s'; check the directory exists and is writable", opt.json_path);
    if (opt.csv_path && write_csv_report(&g, &opt, &res, opt.csv_path))
        die_user("cannot write the CSV report to '%s'; check the directory exists and is writable", opt.csv_path);
    if (opt.png_path && write_timing_png(&g, &opt, &res, opt.png_path))
        die_user("cannot write the PNG chart to '%s'; check the directory exists and is writable", opt.png_path);
    if (opt.error_png_path && write_error_png(&g, &res, opt.error_png_path))
        die_user("cannot write the error heatmap to '%s'; check the directory exists and is writable",
                 opt.error_png_path);
    if (opt.save_output_path) {
        char err[1100];
        if (io_save_outputs(&g, &res, opt.save_output_path, err, sizeof err))
            die_user("cannot write --save-output '%s': %s", opt.save_output_path, err);
    }
    if (opt.save_inputs_path) {
        char err[1100];
        if (io_save_inputs(&g, opt.save_inputs_path, err, sizeof err))
            die_user("cannot write --save-inputs '%s': %s", opt.save_inputs_path, err);
    }
    graph_free(&g);
    run_result_free(&res);
    if (opt.weights_path) {
        weights_close(&wfile);
    }
    if (opt.check && res.checked && !res.pass) return 1;
    return 0;
}
