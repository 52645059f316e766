// unet_config.c: the whole-UNet run of --unet from the command line
// (config.h): the layout (a family's stock one, or a checkpoint's tensors and
// config.json), the latent size, the context length and the checks of the
// options that do not apply.
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "config.h"

#define BIG_DIM (1 << 20)

// Options of single blocks and of --sweep that a whole UNet does not take.
static void check_unet_options(const Cli *cli) {
    static const OptId no[] = {OPT_BLOCK, OPT_C, OPT_COUT, OPT_HW, OPT_TEMB_DIM, OPT_GROUPS, OPT_EPS, OPT_KSIZE,
                               OPT_STRIDE, OPT_HEADS, OPT_HEAD_DIM, OPT_CONTEXT_DIM, OPT_PROJ, OPT_DEPTH, OPT_KIND,
                               OPT_SEQ, OPT_KV, OPT_M, OPT_N, OPT_K, OPT_EPILOGUE, OPT_PREFIX, OPT_SWEEP,
                               OPT_HW_SCALE, OPT_VS, OPT_ERROR_PNG};
    static const char *const names[] = {"block", "c", "cout", "hw", "temb-dim", "groups", "eps", "ksize", "stride",
                                        "heads", "head-dim", "context-dim", "proj", "depth", "kind", "seq", "kv", "m",
                                        "n", "k", "epilogue", "prefix", "sweep", "hw-scale", "vs", "error-png"};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (cli_given(cli, no[i]))
            die_user("--%s does not apply to --unet (the layout comes from the model or its checkpoint); drop --%s",
                     names[i], names[i]);
}

// The layout: --unet M, or the tensors of --weights (+ config.json).
static void unet_layout(Cli *cli, Checkpoint *ck, UnetSpec *u) {
    const RunOptions *opt = &cli->opt;
    if (cli->unet_model && opt->weights_path)
        die_user("--unet %s runs random weights; give either --unet %s or --unet --weights FILE", cli->unet_model,
                 cli->unet_model);
    if (!opt->weights_path) {
        WeightsFamily f;
        if (!cli->unet_model) die_user("--unet needs a model (sd15, sd21 or sdxl) or --weights FILE");
        if (names_family_parse(cli->unet_model, &f) || unet_spec_family(f, u))
            die_user("--unet must be followed by sd15, sd21 or sdxl (got '%s')", cli->unet_model);
        if (cli->config_path) die_user("--config describes a checkpoint; it needs --unet --weights FILE");
        return;
    }
    weights_open_or_die(opt->weights_path, &ck->file);
    StError e;
    if (unet_spec_from_file(&ck->file, u, &e)) die_user("%s", e.msg);
    char beside[1200];
    const char *cfg = cli->config_path;
    if (!cfg) {  // config.json beside the weights
        const char *slash = strrchr(opt->weights_path, '/');
        int dir = slash ? (int)(slash - opt->weights_path) + 1 : 0;
        snprintf(beside, sizeof beside, "%.*sconfig.json", dir, opt->weights_path);
        if (access(beside, R_OK) == 0) cfg = beside;
    }
    if (cfg && unet_spec_apply_config(u, cfg, &e)) die_user("%s", e.msg);
    for (int i = 0; i < u->nlevels; i++)
        if (u->ch[i] % u->groups)
            die_user("%s: level %d has %d channels, not divisible by %d GroupNorm groups; give its config.json "
                     "(--config)", opt->weights_path, i, u->ch[i], u->groups);
}

// Batch, latent size and context length from an --input file.
static void unet_sizes_from_input(Cli *cli, const UnetSpec *u) {
    StFile f;
    const char *path = cli->opt.input_path;
    st_open_or_die(path, &f);
    const StTensor *x = st_find(&f, "sample"), *c = st_find(&f, "encoder_hidden_states");
    if (!x || x->ndim != 4 || x->shape[1] != u->in_ch || x->shape[0] < 1 || x->shape[2] < 1 || x->shape[3] < 1 ||
        x->shape[0] > BIG_DIM || x->shape[2] > BIG_DIM || x->shape[3] > BIG_DIM)
        die_user("--input %s: needs sample (B, %d, H, W) for --unet", path, u->in_ch);
    if (cli_given(cli, OPT_BATCH) && cli->cfg.batch != x->shape[0])
        die_user("--batch %d conflicts with --input %s: sample has batch %lld; drop --batch", cli->cfg.batch, path,
                 (long long)x->shape[0]);
    cli->cfg.batch = (int)x->shape[0];
    if (cli->latent > 0 || cli->cfg.h > 0 || cli->cfg.w > 0)
        die_user("--input %s sets the latent size (sample); drop --latent/--h/--w", path);
    cli->cfg.h = (int)x->shape[2];
    cli->cfg.w = (int)x->shape[3];
    if (c && c->ndim == 3 && c->shape[1] >= 1 && c->shape[1] <= BIG_DIM && !cli_given(cli, OPT_CONTEXT_LEN))
        cli->cfg.context_len = (int)c->shape[1];
    st_close(&f);
}

void config_build_unet(Cli *cli, Checkpoint *ck, UnetSpec *u) {
    memset(ck, 0, sizeof *ck);
    check_unet_options(cli);
    unet_layout(cli, ck, u);
    BlockConfig *cfg = &cli->cfg;
    if (cli->opt.input_path) unet_sizes_from_input(cli, u);
    if (cli->latent > 0 && (cfg->h > 0 || cfg->w > 0)) die_user("--latent %d conflicts with --h/--w; give one", cli->latent);
    if (cli->latent > 0) cfg->h = cfg->w = cli->latent;
    if (cfg->h < 0 && cfg->w < 0) cfg->h = cfg->w = names_native_latent(u->family);
    if (cfg->h < 0 || cfg->w < 0) die_user("give both --h and --w (or --latent for a square latent)");
    const int m = 1 << (u->nlevels - 1);
    if (cfg->h % m || cfg->w % m)
        die_user("latent %dx%d: a UNet of %d levels needs height and width divisible by %d; try --latent %d", cfg->h,
                 cfg->w, u->nlevels, m, (cfg->h + m - 1) / m * m);
    long long big = (long long)cfg->batch * cfg->h * cfg->w * 4 * (u->ch[0] > 0 ? u->ch[0] : 1) * 3;
    if (big >= (1LL << 31)) die_user("activation too large: --batch x latent x channels exceeds 2^31 elements; use a smaller --latent or --batch");
    if ((long long)cfg->batch * cfg->context_len * (u->context_dim + 8) >= (1LL << 31))
        die_user("context too large: --batch x --context-len x %d exceeds 2^31 elements", u->context_dim);
    cfg->kind = BLOCK_RESBLOCK;  // not used by the UNet builder; keeps the single-block fields valid
    set_oom_hint("use a smaller --latent or --batch");
}
