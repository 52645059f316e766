// config.c: the block config from the command line (config.h): a --weights
// block's kind and shapes, an --input file's sizes, the block kind's
// defaults and the checks of its shapes against what the kernels support.
#include <stdio.h>
#include <string.h>

#include "../common/common.h"
#include "../weights/blockinfo.h"
#include "../weights/params.h"
#include "config.h"
#include "graph/blockkinds.h"
#include "layers/attention.h"

// --- a block of a checkpoint: kind and shapes from its tensors ---
static void config_from_checkpoint(Cli *cli, const BlockInfo *b) {
    BlockConfig *cfg = &cli->cfg;
    const char *prefix = cli->opt.prefix;
    const BlockKind kind = b->kind == UNET_RESBLOCK ? BLOCK_RESBLOCK : BLOCK_TRANSFORMER;
    if (cli_given(cli, OPT_BLOCK) && block_kind_find(cli->block_name) != (int)kind)
        die_user("--block %s conflicts with --prefix %s, which is a %s in the checkpoint; drop --block",
                 cli->block_name, prefix, block_kind_name(kind));
    cfg->kind = kind;
    cli->block_name = block_kind_name(kind);
    if (b->kind == UNET_RESBLOCK) {
        if (cli_given(cli, OPT_C) && cfg->c != b->cin)
            die_user("--c %d conflicts with the checkpoint: %s has %d input channels (conv1.weight); drop --c", cfg->c,
                     prefix, b->cin);
        if (cli_given(cli, OPT_COUT) && cfg->cout != b->cout)
            die_user("--cout %d conflicts with the checkpoint: %s has %d output channels (conv1.weight); drop --cout",
                     cfg->cout, prefix, b->cout);
        if (cli_given(cli, OPT_TEMB_DIM) && cfg->temb_dim != b->temb_dim)
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
    if (cli_given(cli, OPT_C) && cfg->c != b->c)
        die_user("--c %d conflicts with the checkpoint: %s has %d channels (norm.weight); drop --c", cfg->c, prefix,
                 b->c);
    if (cli_given(cli, OPT_CONTEXT_DIM) && cfg->context_dim != b->context_dim)
        die_user("--context-dim %d conflicts with the checkpoint: %s has %d (attn2.to_k.weight); drop --context-dim",
                 cfg->context_dim, prefix, b->context_dim);
    if (cli_given(cli, OPT_DEPTH) && cfg->depth != b->depth)
        die_user("--depth %d conflicts with the checkpoint: %s has %d transformer_blocks; drop --depth", cfg->depth,
                 prefix, b->depth);
    if (cli_given(cli, OPT_PROJ) && cfg->proj_linear != (b->proj == PROJ_LINEAR))
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
    // family default: SD1 8 heads, SD2/SDXL head_dim 64
    if (!cli_given(cli, OPT_HEADS) && !cli_given(cli, OPT_HEAD_DIM)) {
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
static void config_from_input(Cli *cli, int kind) {
    BlockConfig *cfg = &cli->cfg;
    const char *path = cli->opt.input_path;
    int *hw = &cli->hw;
    StFile f;
    st_open_or_die(path, &f);
    const StTensor *x = st_find(&f, "x");
    const int image = kind >= 0 && block_kind(kind)->image;
    char s[96];
    if (image && x && x->ndim == 4) {
        st_shape_str(x->ndim, x->shape, s, sizeof s);
        long long B = x->shape[0], H = x->shape[2], W = x->shape[3];
        if (cli_given(cli, OPT_BATCH) && B != cfg->batch)
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
    if (kind == BLOCK_TRANSFORMER && ctx && ctx->ndim == 3 && !cli_given(cli, OPT_CONTEXT_LEN) && ctx->shape[1] >= 1 &&
        ctx->shape[1] <= (1 << 20))
        cfg->context_len = (int)ctx->shape[1];
    st_close(&f);  // every shape is checked against the block when the inputs are loaded
}

// --block attention: heads, head dim and key/value length; the generic
// fields describe the (B, Sq, 1, C) query.
static void check_attention(BlockConfig *cfg, DeviceKind dev) {
    if (cfg->heads < 0) cfg->heads = 8;
    if (cfg->head_dim < 0) cfg->head_dim = 40;
    if (dev != DEVICE_CPU && !attention_gpu_head_dim(cfg->head_dim))
        die_user("--head-dim %d has no attention kernel; supported head dims: %s, and other multiples of 8 up to "
                 "the largest (zero-padded); --device cpu runs any", cfg->head_dim, attention_head_dims());
    if (!cfg->cross && cfg->kv > 0 && cfg->kv != cfg->seq)
        die_user("--kv %d conflicts with --kind self (keys are the --seq %d queries); use --kind cross", cfg->kv,
                 cfg->seq);
    if (cfg->kv < 0) cfg->kv = cfg->cross ? 77 : cfg->seq;
    long long C = (long long)cfg->heads * cfg->head_dim;
    if ((long long)cfg->batch * cfg->seq * 3 * C >= (1LL << 31) || (long long)cfg->batch * cfg->kv * 2 * C >= (1LL << 31))
        die_user("attention tensors too large: --batch x --seq x 3 x --heads x --head-dim exceeds 2^31 elements");
    cfg->c = cfg->cout = (int)C;
    cfg->h = cfg->seq;
    cfg->w = 1;
}

// --block gemm: vector widths and sizes; the generic fields describe the
// (1, M, 1, K) input.
static void check_gemm(BlockConfig *cfg) {
    if (cfg->n % 8) die_user("--n %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg->n, (cfg->n + 7) / 8 * 8);
    if (cfg->k % 8) die_user("--k %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg->k, (cfg->k + 7) / 8 * 8);
    if (cfg->epilogue == GEMM_BLOCK_GEGLU && cfg->n % 16)
        die_user("--epilogue geglu needs --n = 2F with F a multiple of 8 (--n a multiple of 16); got --n %d", cfg->n);
    if ((long long)cfg->m * cfg->k >= (1LL << 31) || (long long)cfg->m * cfg->n >= (1LL << 31) ||
        (long long)cfg->n * cfg->k >= (1LL << 31))
        die_user("GEMM too large: --m x --k, --m x --n and --n x --k must each be below 2^31 elements");
    cfg->c = cfg->k;
    cfg->cout = cfg->epilogue == GEMM_BLOCK_GEGLU ? cfg->n / 2 : cfg->n;
    cfg->h = cfg->m;
    cfg->w = 1;
}

// Image blocks: height and width from --hw or --h/--w, channel vectors.
static void check_image(BlockConfig *cfg, int hw) {
    if (cfg->cout < 0) cfg->cout = cfg->c;
    if (hw > 0) {
        if (cfg->h > 0 && cfg->h != hw) die_user("--hw %d conflicts with --h %d; give --hw or --h/--w", hw, cfg->h);
        if (cfg->w > 0 && cfg->w != hw) die_user("--hw %d conflicts with --w %d; give --hw or --h/--w", hw, cfg->w);
        cfg->h = cfg->w = hw;
    }
    if (cfg->h < 0 && cfg->w < 0) cfg->h = cfg->w = 32;
    if (cfg->h < 0 || cfg->w < 0) die_user("give both --h and --w (or --hw for a square activation)");
    if (cfg->c % 8) die_user("--c %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg->c, (cfg->c + 7) / 8 * 8);
    if (cfg->cout % 8)
        die_user("--cout %d must be a multiple of 8 (16-byte FP16 vectors); try %d", cfg->cout, (cfg->cout + 7) / 8 * 8);
}

// GroupNorm of the ResBlock and the transformer.
static void check_groupnorm(const BlockConfig *cfg) {
    if (cfg->c % cfg->groups) die_user("--c %d is not divisible by --groups %d", cfg->c, cfg->groups);
    if (cfg->cout % cfg->groups) die_user("--cout %d is not divisible by --groups %d", cfg->cout, cfg->groups);
    if (cfg->c > 8192 || cfg->cout > 8192) die_user("channels above 8192 are not supported by the GroupNorm kernel");
}

// --block transformer: heads, LayerNorm width, context and sizes.
static void check_transformer(BlockConfig *cfg, DeviceKind dev) {
    if (cfg->cout != cfg->c) die_user("--cout %d: a transformer block keeps its channels (--c %d); drop --cout", cfg->cout, cfg->c);
    if (cfg->c > 4096) die_user("--c %d: the LayerNorm kernel supports at most 4096 channels", cfg->c);
    if (cfg->heads > 0 && cfg->head_dim > 0 && cfg->heads * cfg->head_dim != cfg->c)
        die_user("--heads %d x --head-dim %d = %d does not equal --c %d; give one of them", cfg->heads, cfg->head_dim,
                 cfg->heads * cfg->head_dim, cfg->c);
    if (cfg->head_dim > 0) {
        if (cfg->c % cfg->head_dim) die_user("--head-dim %d does not divide --c %d", cfg->head_dim, cfg->c);
        cfg->heads = cfg->c / cfg->head_dim;
    } else {
        if (cfg->heads < 0) cfg->heads = 8;
        if (cfg->c % cfg->heads) die_user("--heads %d does not divide --c %d", cfg->heads, cfg->c);
        cfg->head_dim = cfg->c / cfg->heads;
    }
    // the CPU path runs any head dim
    if (dev != DEVICE_CPU && !attention_gpu_head_dim(cfg->head_dim))
        die_user("head dim %d (--c %d / %d heads) has no attention kernel; supported head dims: %s; set --heads or --head-dim",
                 cfg->head_dim, cfg->c, cfg->heads, attention_head_dims());
    if (cfg->context_dim % 8) die_user("--context-dim %d must be a multiple of 8", cfg->context_dim);
    long long M = (long long)cfg->batch * cfg->h * cfg->w;
    if (M * 4 * cfg->c >= (1LL << 31)) die_user("activation too large: --batch x --h x --w x 4 x --c exceeds 2^31 elements; %s", block_size_hint(cfg));
    if ((long long)cfg->batch * cfg->context_len * cfg->context_dim >= (1LL << 31) ||
        (long long)cfg->batch * cfg->context_len * 2 * cfg->c >= (1LL << 31))
        die_user("context too large: --batch x --context-len x --context-dim exceeds 2^31 elements");
    if ((long long)8 * cfg->c * cfg->c >= (1LL << 31)) die_user("--c %d too large for the feed-forward weight", cfg->c);
}

// The convolutions of --block conv and resblock: weight and activation sizes.
static void check_conv_sizes(const BlockConfig *cfg) {
    const int is_conv = cfg->kind == BLOCK_CONV;
    ConvShape s = {cfg->batch, cfg->h, cfg->w, cfg->c, cfg->cout, is_conv ? cfg->ksize : 3,
                   is_conv ? cfg->stride : 1, is_conv ? cfg->ksize / 2 : 1, 0, 0, 0, 0, 0, 0, 0};
    if ((long long)cfg->cout * s.ksize * s.ksize * cfg->c >= (1LL << 31))
        die_user("conv weight too large: %d x %d x %d x %d elements exceeds 2^31; use fewer --c/--cout channels",
                 cfg->cout, s.ksize, s.ksize, cfg->c);
    if (conv2d_shape_init(&s))
        die_user("activation too large: %d x %d x %d x %d elements exceeds 2^31; %s", cfg->batch, cfg->h, cfg->w,
                 cfg->c > cfg->cout ? cfg->c : cfg->cout, block_size_hint(cfg));
    if ((long long)cfg->batch * cfg->temb_dim >= (1LL << 31)) die_user("--batch x --temb-dim is too large");
}

// --conv1x1 needs a stride-1 1x1 convolution in the block.
static void check_conv1x1(const BlockConfig *cfg) {
    const BlockKind k = cfg->kind;
    const int has1x1 = (k == BLOCK_RESBLOCK && cfg->c != cfg->cout) || (k == BLOCK_TRANSFORMER && !cfg->proj_linear) ||
                       (k == BLOCK_CONV && cfg->ksize == 1 && cfg->stride == 1);
    if (!has1x1)
        die_user("--conv1x1 applies to stride-1 1x1 convolutions and this block has none (resblock conv_shortcut "
                 "needs --cout != --c, transformer proj_in/out needs --proj conv, conv needs --ksize 1 --stride 1)");
}

// The block kind's defaults and checks, in the order of their errors.
static void check_block(Cli *cli) {
    BlockConfig *cfg = &cli->cfg;
    const int kind = block_kind_find(cli->block_name);
    if (kind < 0)
        die_user("unknown block '%s'; known blocks: resblock, conv, transformer, attention, gemm (see --list)",
                 cli->block_name);
    cfg->kind = (BlockKind)kind;
    cli_check_applies(cli, cfg->kind);
    if (cfg->eps < 0) cfg->eps = kind == BLOCK_TRANSFORMER ? 1e-6 : 1e-5;
    if (kind == BLOCK_ATTENTION) check_attention(cfg, cli->opt.device);
    else if (kind == BLOCK_GEMM) check_gemm(cfg);
    else check_image(cfg, cli->hw);
    if (kind == BLOCK_RESBLOCK || kind == BLOCK_TRANSFORMER) check_groupnorm(cfg);
    if (kind == BLOCK_RESBLOCK && cfg->temb_dim % 8) die_user("--temb-dim %d must be a multiple of 8", cfg->temb_dim);
    if (kind == BLOCK_CONV && cfg->ksize != 1 && cfg->ksize != 3) die_user("--ksize must be 1 or 3 (got %d)", cfg->ksize);
    if (kind == BLOCK_TRANSFORMER) check_transformer(cfg, cli->opt.device);
    if (kind == BLOCK_RESBLOCK || kind == BLOCK_CONV) check_conv_sizes(cfg);
    if (cli_given(cli, OPT_CONV1X1) && !cli->sweep_model) check_conv1x1(cfg);
}

void config_build(Cli *cli, Checkpoint *ck) {
    RunOptions *opt = &cli->opt;
    static const OptId only_unet[] = {OPT_LATENT, OPT_TIMESTEP, OPT_NODES, OPT_CONFIG};
    static const char *const only_names[] = {"latent", "timestep", "nodes", "config"};
    for (int i = 0; i < 4; i++)
        if (cli_given(cli, only_unet[i])) die_user("--%s applies to --unet only", only_names[i]);
    if (opt->prefix && !opt->weights_path) die_user("--prefix needs --weights FILE (the checkpoint that holds the block)");
    memset(ck, 0, sizeof *ck);
    if (opt->weights_path) {
        if (!opt->prefix)
            die_user("--weights needs --prefix BLOCK, e.g. down_blocks.1.resnets.0; unetrun --list-weights %s lists them",
                     opt->weights_path);
        weights_open_or_die(opt->weights_path, &ck->file);
        weights_describe_or_die(&ck->file, opt->prefix, &ck->info);
        config_from_checkpoint(cli, &ck->info);
    }
    if (opt->input_path) config_from_input(cli, block_kind_find(cli->block_name));
    if (opt->weights_path && cli->hw < 0 && cli->cfg.h < 0 && cli->cfg.w < 0) cli->hw = checkpoint_default_hw(&ck->info);
    check_block(cli);
    if (opt->error_png_path && opt->ref == REF_NONE)
        die_user("--error-png compares the block output with the FP32 reference; drop --ref none");
    set_oom_hint(block_size_hint(&cli->cfg));
}
