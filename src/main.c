// main.c: the unetrun command line: parse, validate, dispatch, print.
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "graph/graph.h"

static const char *kUsage =
    "unetrun: run Stable Diffusion UNet blocks on this project's CUDA kernels and report\n"
    "per-layer time and error against FP32 references.\n"
    "\n"
    "examples: unetrun --block resblock --c 320 --hw 32\n"
    "          unetrun --block transformer --c 320 --hw 64 --batch 2\n"
    "          unetrun --block attention --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40\n"
    "\n"
    "block:\n"
    "  --block NAME        resblock, conv, transformer, attention (--list) [resblock]\n"
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
    "  --seed N            seed of the random weights and inputs          [1]\n"
    "\n"
    "run:\n"
    "  --device D          auto, cuda or cpu (auto = cuda if a GPU exists) [auto]\n"
    "  --gpu N             CUDA device index                              [0]\n"
    "  --ref R             FP32 reference on gpu, cpu, or none            [gpu on cuda, cpu on cpu]\n"
    "  --warmup N          warm-up runs per node                          [10 on cuda, 0 on cpu]\n"
    "  --iters N           timed runs per node and of the whole block     [100 on cuda, 1 on cpu]\n"
    "  --conv-select S     kernel configs (conv/GEMM tile and split-K,\n"
    "                      attention variant): tune (time the candidates)\n"
    "                      or heuristic                                   [tune]\n"
    "  --pdl on|off        programmatic dependent launch between kernels\n"
    "                      (sm_90+: hides launch gaps)                    [on]\n"
    "  --tol-fp16 X        relative-L2 tolerance of FP16 fast paths       [5e-3]\n"
    "  --check             exit 1 if any node breaches its tolerance\n"
    "  --json FILE         also write the report as JSON\n"
    "  --verbose           print the conv tuning measurements on stderr\n"
    "\n"
    "  --list              list the known blocks\n"
    "  --help              this text\n"
    "  --version           print the version\n";

static const char *kBlocks =
    "resblock  diffusers ResnetBlock2D: time_emb_proj, norm1+silu, conv1 (+bias +temb),\n"
    "          norm2+silu, [conv_shortcut 1x1 when cin != cout], conv2 (+bias +residual)\n"
    "          flags: --c --cout --hw | --h --w --batch --temb-dim --groups --eps\n"
    "conv      one convolution with bias (kernel studies; --stride 2 is Downsample2D's conv)\n"
    "          flags: --c --cout --hw | --h --w --batch --ksize 1|3 --stride 1|2\n"
    "transformer  diffusers Transformer2DModel: norm (GroupNorm eps 1e-6), proj_in, then per\n"
    "          BasicTransformerBlock ln1, qkv (fused GEMM), attn1, out1+res, ln2, q2,\n"
    "          kv2(ctx) (fused GEMM over the context), attn2, out2+res, ln3, ff1+geglu,\n"
    "          ff2+res; proj_out+res\n"
    "          flags: --c --hw | --h --w --batch --heads | --head-dim --context-len\n"
    "                 --context-dim --proj conv|linear --depth --groups --eps\n"
    "attention the attention kernel alone on random Q, K, V (self: fused QKV tensor,\n"
    "          cross: Q and a fused KV tensor); reports attention TFLOP/s = 4 B H Sq Skv d\n"
    "          flags: --kind self|cross --seq --kv --heads --head-dim --batch\n";

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
    O_PDL, O_HEADS, O_HEADDIM, O_CTXLEN, O_CTXDIM, O_PROJ, O_DEPTH, O_KIND, O_SEQ, O_KV
};

static const char *no_gpu_reason(cudaError_t e) {
    if (e == cudaErrorInsufficientDriver) return "no NVIDIA driver is loaded";
    if (e == cudaErrorNoDevice) return "no CUDA-capable device";
    return cudaGetErrorString(e);
}

static void print_no_gpu_note(cudaError_t e) {
    fprintf(stderr, "unetrun: no CUDA GPU available (%s); running the CPU path\n", no_gpu_reason(e));
}

int main(int argc, char **argv) {
    BlockConfig cfg = {.block = "resblock", .c = 320, .cout = -1, .h = -1, .w = -1, .batch = 1,
                       .temb_dim = 1280, .groups = 32, .eps = -1.0, .ksize = 3, .stride = 1, .heads = -1,
                       .head_dim = -1, .context_len = 77, .context_dim = 768, .proj_linear = 0, .depth = 1,
                       .cross = 0, .seq = 4096, .kv = -1, .seed = 1};
    RunOptions opt = {.device = DEVICE_AUTO, .gpu = 0, .ref = REF_DEFAULT, .warmup = -1, .iters = -1,
                      .check = 0, .tol_fp16 = 5e-3, .conv_select = CONV_SELECT_TUNE, .pdl = 1,
                      .json_path = NULL};
    int hw = -1;
    int groups_set = 0, eps_set = 0, temb_set = 0, ksize_set = 0, stride_set = 0, c_set = 0, cout_set = 0;
    int tf_set = 0;    // a transformer-only flag was given (context, proj, depth)
    int attn_set = 0;  // an attention-only flag was given (kind, seq, kv)
    const char *tf_flag = NULL, *attn_flag = NULL;

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
        {"conv-select", required_argument, 0, O_CONVSEL}, {"tol-fp16", required_argument, 0, O_TOL},
        {"check", no_argument, 0, O_CHECK},           {"json", required_argument, 0, O_JSON},
        {"list", no_argument, 0, O_LIST},             {"help", no_argument, 0, O_HELP},
        {"version", no_argument, 0, O_VERSION},       {"verbose", no_argument, 0, O_VERBOSE},
        {"heads", required_argument, 0, O_HEADS},     {"head-dim", required_argument, 0, O_HEADDIM},
        {"context-len", required_argument, 0, O_CTXLEN}, {"context-dim", required_argument, 0, O_CTXDIM},
        {"proj", required_argument, 0, O_PROJ},       {"depth", required_argument, 0, O_DEPTH},
        {"kind", required_argument, 0, O_KIND},       {"seq", required_argument, 0, O_SEQ},
        {"kv", required_argument, 0, O_KV},           {"pdl", required_argument, 0, O_PDL},
        {0, 0, 0, 0}};

    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (ch) {
            case O_BLOCK: cfg.block = optarg; break;
            case O_C: cfg.c = (int)parse_long("--c", optarg, 1, 1L << 20); c_set = 1; break;
            case O_COUT: cfg.cout = (int)parse_long("--cout", optarg, 1, 1L << 20); cout_set = 1; break;
            case O_HEADS: cfg.heads = (int)parse_long("--heads", optarg, 1, 4096); break;
            case O_HEADDIM: cfg.head_dim = (int)parse_long("--head-dim", optarg, 1, 4096); break;
            case O_CTXLEN: cfg.context_len = (int)parse_long("--context-len", optarg, 1, 1L << 20); tf_set = 1; tf_flag = "--context-len"; break;
            case O_CTXDIM: cfg.context_dim = (int)parse_long("--context-dim", optarg, 1, 1L << 20); tf_set = 1; tf_flag = "--context-dim"; break;
            case O_DEPTH: cfg.depth = (int)parse_long("--depth", optarg, 1, MAX_DEPTH); tf_set = 1; tf_flag = "--depth"; break;
            case O_PROJ:
                if (!strcmp(optarg, "conv")) cfg.proj_linear = 0;
                else if (!strcmp(optarg, "linear")) cfg.proj_linear = 1;
                else die_user("--proj must be conv (SD1 1x1 conv) or linear (SD2/SDXL) (got '%s')", optarg);
                tf_set = 1;
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
            case O_BATCH: cfg.batch = (int)parse_long("--batch", optarg, 1, 1L << 20); break;
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
                if (!strcmp(optarg, "tune")) opt.conv_select = CONV_SELECT_TUNE;
                else if (!strcmp(optarg, "heuristic")) opt.conv_select = CONV_SELECT_HEURISTIC;
                else die_user("--conv-select must be tune or heuristic (got '%s')", optarg);
                break;
            case O_PDL:
                if (!strcmp(optarg, "on")) opt.pdl = 1;
                else if (!strcmp(optarg, "off")) opt.pdl = 0;
                else die_user("--pdl must be on or off (got '%s')", optarg);
                break;
            case O_TOL: opt.tol_fp16 = parse_double("--tol-fp16", optarg, 0.0, 1e3); break;
            case O_CHECK: opt.check = 1; break;
            case O_VERBOSE: opt.verbose = 1; break;
            case O_JSON:
                if (!optarg[0]) die_user("--json needs a file name");
                opt.json_path = optarg;
                break;
            case O_LIST: fputs(kBlocks, stdout); return 0;
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

    // --- validate the block ---
    const int is_res = !strcmp(cfg.block, "resblock"), is_conv = !strcmp(cfg.block, "conv");
    const int is_tf = !strcmp(cfg.block, "transformer"), is_attn = !strcmp(cfg.block, "attention");
    if (!is_res && !is_conv && !is_tf && !is_attn)
        die_user("unknown block '%s'; known blocks: resblock, conv, transformer, attention (see --list)", cfg.block);
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
        if (M * 4 * cfg.c >= (1LL << 31)) die_user("activation too large: --batch x --h x --w x 4 x --c exceeds 2^31 elements; use a smaller --hw or --batch");
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
            die_user("activation too large: %d x %d x %d x %d elements exceeds 2^31; use a smaller --hw, --c or --batch",
                     cfg.batch, cfg.h, cfg.w, cfg.c > cfg.cout ? cfg.c : cfg.cout);
        if ((long long)cfg.batch * cfg.temb_dim >= (1LL << 31)) die_user("--batch x --temb-dim is too large");
    }

    if (opt.json_path) {  // fail before a long run, not after it
        FILE *jf = fopen(opt.json_path, "w");
        if (!jf) die_user("cannot write the JSON report to '%s' (%s); check the directory exists and is writable",
                          opt.json_path, strerror(errno));
        fclose(jf);
    }

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

    Graph g;
    build_block(&g, &cfg);
    RunResult res;
    if (on_gpu) {
        struct cudaDeviceProp prop;
        cudaCheck(cudaGetDeviceProperties(&prop, opt.gpu));
        size_t freeb = 0, totalb = 0;
        cudaCheck(cudaMemGetInfo(&freeb, &totalb));
        size_t need = graph_gpu_bytes(&g, prop.multiProcessorCount, opt.ref == REF_GPU);
        if (need > freeb)
            die_user("this block needs about %.2f GiB of GPU memory but %s has %.2f GiB free; use a smaller --hw, --c or --batch",
                     need / 1073741824.0, prop.name, freeb / 1073741824.0);
        run_gpu(&g, &opt, &res);
    } else {
        long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
        double have = (pages > 0 && psize > 0) ? (double)pages * psize : 0.0;
        double need = (double)graph_cpu_bytes(&g);
        if (have > 0 && need > 0.8 * have)
            die_user("this block needs about %.2f GiB of host memory for the CPU path but the machine has %.2f GiB; use a smaller --hw, --c or --batch",
                     need / 1073741824.0, have / 1073741824.0);
        run_cpu(&g, &opt, &res);
    }
    print_report(&g, &opt, &res);
    if (opt.json_path && write_json_report(&g, &opt, &res, opt.json_path))
        die_user("cannot write the JSON report to '%s'; check the directory exists and is writable", opt.json_path);
    graph_free(&g);
    if (opt.check && res.checked && !res.pass) return 1;
    return 0;
}
