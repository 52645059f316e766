// unet.c: the whole UNet2DConditionModel forward as one graph (unet.h).
// Block names are diffusers' module names, so the report's rows and the
// weight lookups are the checkpoint's keys in diffusers naming.
#include "unet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/common.h"
#include "../../weights/random.h"
#include "../../weights/safetensors.h"
#include "builder.h"

void unet_timestep_sinusoids(float t, int dim, int flip_sin_to_cos, double freq_shift, float *out) {
    const int half = dim / 2;
    const float neg_log = (float)-log(10000.0), denom = (float)(half - freq_shift);
    for (int i = 0; i < half; i++) {
        float ex = neg_log * (float)i;  // FP32 as torch: -log(max_period) * arange(half, float32)
        ex = ex / denom;
        const float arg = t * expf(ex);
        const float s = sinf(arg), c = cosf(arg);
        out[flip_sin_to_cos ? half + i : i] = s;
        out[flip_sin_to_cos ? i : half + i] = c;
    }
    if (dim % 2) out[dim - 1] = 0.0f;  // torch pads an odd width with one zero
}

// A 3x3 conv (pad 1) of any channel count (conv_in reads 4 latent channels).
static Conv2dLayer *spec_conv_any(Graph *g, const char *name, ConvShape s) {
    ConvShape p = s;
    p.cin = (s.cin + 7) / 8 * 8;
    p.cout = (s.cout + 7) / 8 * 8;
    if (conv2d_shape_init(&p)) die_user("%s: the activation is too large (over 2^31 elements); use a smaller --latent or --batch", name);
    s.ho = p.ho;
    s.wo = p.wo;
    if (s.cin % 8 == 0 && s.cout % 8 == 0) return spec_conv(g, name, s, 1);
    Conv2dLayer *L = spec_conv(g, name, p, 1);  // checked at the padded width, then the true one
    L->s = s;
    return L;
}

static Node *conv_any_node(Graph *g, const char *node, const char *layer, ConvShape s, int in, int out) {
    Conv2dLayer *L = spec_conv_any(g, layer, s);
    return conv_node(g, node, L, in, -1, -1, out);
}

// time_embedding (and SDXL's add_embedding): the (B, 1, 1, temb) embedding every resnet reads.
static int build_embedding(Graph *g, const UnetSpec *u, int t_sin, int add_in) {
    const int B = g->t[t_sin].n, T = u->temb_dim;
    graph_begin_block(g, "time_embedding", "embedding");
    int t1 = graph_add_tensor(g, "temb_hidden", B, 1, 1, T, 0);  // (B, 1, 1, temb)
    int emb = graph_add_tensor(g, "emb", B, 1, 1, T, 0);         // (B, 1, 1, temb)
    Node *n = add_node(g, "linear_1", OP_LINEAR, t_sin, -1, -1, t1);
    n->lin = spec_lin(g, "time_embedding.linear_1", u->tproj_dim, T, 1, 0, 0);
    n->flops = linear_flops(B, u->tproj_dim, T);
    n->bytes = linear_min_bytes(B, u->tproj_dim, T, 1);
    n = add_node(g, "silu+linear_2", OP_LINEAR, t1, -1, -1, emb);
    n->lin = spec_lin(g, "time_embedding.linear_2", T, T, 1, 1, 0);
    n->flops = linear_flops(B, T, T);
    n->bytes = linear_min_bytes(B, T, T, 1);
    graph_end_block(g, emb);
    if (add_in < 0) return emb;
    graph_begin_block(g, "add_embedding", "embedding");
    int a1 = graph_add_tensor(g, "add_hidden", B, 1, 1, T, 0);
    int emb2 = graph_add_tensor(g, "emb+aug", B, 1, 1, T, 0);
    n = add_node(g, "linear_1", OP_LINEAR, add_in, -1, -1, a1);
    n->lin = spec_lin(g, "add_embedding.linear_1", u->adm_in, T, 1, 0, 0);
    n->flops = linear_flops(B, u->adm_in, T);
    n->bytes = linear_min_bytes(B, u->adm_in, T, 1);
    n = add_node(g, "silu+linear_2+emb", OP_LINEAR, a1, -1, emb, emb2);  // + the time embedding
    n->lin = spec_lin(g, "add_embedding.linear_2", T, T, 1, 1, 0);
    n->flops = linear_flops(B, T, T);
    n->bytes = linear_min_bytes(B, T, T, 1);
    graph_end_block(g, emb2);
    return emb2;
}

// One resnet and, where the level has attention, its transformer; returns the output.
static int res_attn(Graph *g, const UnetSpec *u, const char *part, int lv, int j, int h, int skip, int emb, int ctx,
                    int cout, int depth) {
    char name[64], pre[80];
    snprintf(name, sizeof name, "%s.resnets.%d", part, j);
    snprintf(pre, sizeof pre, "%s.", name);
    graph_begin_block(g, name, "resnet");
    h = resblock_into(g, pre, h, skip, emb, cout, u->groups, u->eps);
    graph_end_block(g, h);
    if (!depth) return h;
    snprintf(name, sizeof name, "%s.attentions.%d", part, j);
    snprintf(pre, sizeof pre, "%s.", name);
    graph_begin_block(g, name, "transformer");
    TransformerArgs a = {u->heads[lv], cout / u->heads[lv], depth, u->proj_linear, u->groups, 1e-6};
    h = transformer_into(g, pre, h, ctx, &a);
    graph_end_block(g, h);
    return h;
}

typedef struct {
    int id[4 * UNET_MAX_LEVELS * (UNET_MAX_RES + 1) + 2];
    int n;
} SkipStack;

static void down_path(Graph *g, const UnetSpec *u, int *h, int emb, int ctx, SkipStack *sk) {
    for (int i = 0; i < u->nlevels; i++) {
        char part[32];
        snprintf(part, sizeof part, "down_blocks.%d", i);
        for (int j = 0; j < u->nres; j++) {
            *h = res_attn(g, u, part, i, j, *h, -1, emb, ctx, u->ch[i], u->depth[i]);
            sk->id[sk->n++] = *h;
        }
        if (i == u->nlevels - 1) break;
        char name[64], layer[80];
        snprintf(name, sizeof name, "%s.downsamplers.0", part);
        snprintf(layer, sizeof layer, "%s.conv", name);
        graph_begin_block(g, name, "downsample");
        const Tensor *t = &g->t[*h];
        ConvShape s = {t->n, t->h, t->w, t->c, t->c, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0};
        int y = graph_add_tensor(g, "down_out", t->n, (t->h + 1) / 2, (t->w + 1) / 2, t->c, 0);
        conv_node(g, "conv(stride 2)", spec_conv(g, layer, s, 1), *h, -1, -1, y);
        graph_end_block(g, y);
        *h = y;
        sk->id[sk->n++] = *h;
    }
}

static void up_path(Graph *g, const UnetSpec *u, int *h, int emb, int ctx, SkipStack *sk) {
    for (int i = 0; i < u->nlevels; i++) {
        const int lv = u->nlevels - 1 - i;
        char part[32];
        snprintf(part, sizeof part, "up_blocks.%d", i);
        for (int j = 0; j <= u->nres; j++) {
            int skip = sk->id[--sk->n];
            *h = res_attn(g, u, part, lv, j, *h, skip, emb, ctx, u->ch[lv], u->depth[lv]);
        }
        if (i == u->nlevels - 1) break;
        char name[64], layer[80];
        snprintf(name, sizeof name, "%s.upsamplers.0", part);
        snprintf(layer, sizeof layer, "%s.conv", name);
        graph_begin_block(g, name, "upsample");
        const Tensor *t = &g->t[*h];
        ConvShape s = {t->n, 2 * t->h, 2 * t->w, t->c, t->c, 3, 1, 1, 0, 0, 0, 1, 0, 0, 0};  // over the upsampled input
        int y = graph_add_tensor(g, "up_out", t->n, 2 * t->h, 2 * t->w, t->c, 0);
        Node *n = conv_node(g, "nearest2x+conv", spec_conv(g, layer, s, 1), *h, -1, -1, y);
        n->up2x = 1;
        graph_end_block(g, y);
        *h = y;
    }
}

void build_unet(Graph *g, const UnetSpec *u, const BlockConfig *cfg) {
    graph_init(g, cfg);
    g->unet = u;
    const int B = cfg->batch, H = cfg->h, W = cfg->w;
    int sample = graph_add_tensor(g, "sample", B, H, W, u->in_ch, 1);                             // (B, H, W, 4)
    int t_sin = graph_add_tensor(g, "t_sin", B, 1, 1, u->tproj_dim, 1);                           // (B, 1, 1, tproj)
    int ctx = graph_add_tensor(g, "encoder_hidden_states", B, cfg->context_len, 1, u->context_dim ? u->context_dim : 8, 1);
    int add_in = u->adm_in ? graph_add_tensor(g, "add_in", B, 1, 1, u->adm_in, 1) : -1;          // (B, 1, 1, adm)
    g->t[t_sin].exact = 1;
    if (add_in >= 0) g->t[add_in].exact = 1;
    int emb = build_embedding(g, u, t_sin, add_in);

    graph_begin_block(g, "conv_in", "conv");
    int h = graph_add_tensor(g, "conv_in_out", B, H, W, u->ch[0], 0);
    ConvShape s = {B, H, W, u->in_ch, u->ch[0], 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    conv_any_node(g, "conv_in", "conv_in", s, sample, h);
    graph_end_block(g, h);

    SkipStack sk = {{0}, 0};
    sk.id[sk.n++] = h;
    down_path(g, u, &h, emb, ctx, &sk);
    const int top = u->ch[u->nlevels - 1], lv = u->nlevels - 1;
    h = res_attn(g, u, "mid_block", lv, 0, h, -1, emb, ctx, top, 0);
    if (u->mid_depth) {
        graph_begin_block(g, "mid_block.attentions.0", "transformer");
        TransformerArgs a = {u->heads[lv], top / u->heads[lv], u->mid_depth, u->proj_linear, u->groups, 1e-6};
        h = transformer_into(g, "mid_block.attentions.0.", h, ctx, &a);
        graph_end_block(g, h);
    }
    h = res_attn(g, u, "mid_block", lv, 1, h, -1, emb, ctx, top, 0);
    up_path(g, u, &h, emb, ctx, &sk);

    graph_begin_block(g, "conv_norm_out", "norm");
    int hn = graph_add_tensor(g, "norm_out", B, H, W, u->ch[0], 0);
    gn_node(g, "conv_norm_out+silu", spec_gn(g, "conv_norm_out", u->ch[0], u->groups, u->eps, 1), h, hn);
    graph_end_block(g, hn);
    graph_begin_block(g, "conv_out", "conv");
    int y = graph_add_tensor(g, "out", B, H, W, u->out_ch, 0);
    ConvShape so = {B, H, W, u->ch[0], u->out_ch, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    conv_any_node(g, "conv_out", "conv_out", so, hn, y);
    graph_end_block(g, y);
    g->out = y;
}

// ---------------------------------------------------------------------------
// inputs
// ---------------------------------------------------------------------------
static int find_tensor(const Graph *g, const char *name) {
    for (int i = 0; i < g->nt; i++)
        if (g->t[i].is_input && !strcmp(g->t[i].name, name)) return i;
    return -1;
}

// A file tensor of exactly this shape as FP32 (NULL when absent); a wrong shape is an error.
static float *file_tensor(const StFile *f, const char *path, const char *name, int ndim, const int64_t *shape) {
    const StTensor *t = st_find(f, name);
    if (!t) return NULL;
    if (!st_shape_equal(t, ndim, shape)) {
        char want[128], found[128];
        st_shape_str(ndim, shape, want, sizeof want);
        st_shape_str(t->ndim, t->shape, found, sizeof found);
        die_user("--input %s: %s is %s; this UNet run expects %s", path, name, found, want);
    }
    float *buf = xmalloc((size_t)t->numel * sizeof(float));
    StError e;
    if (st_read_f32(f, t, buf, 1, &e)) die_user("--input %s: %s", path, e.msg);
    return buf;
}

// NCHW (B, C, H, W) file values into a tensor's NHWC h_init.
static void set_nchw(Tensor *t, const float *src) {
    t->h_init = xmalloc(t->numel * sizeof(float));
    for (int b = 0; b < t->n; b++)
        for (int c = 0; c < t->c; c++)
            for (int p = 0; p < t->h * t->w; p++)
                t->h_init[((size_t)b * t->h * t->w + p) * t->c + c] = src[((size_t)b * t->c + c) * t->h * t->w + p];
}

// Timesteps: a (B) tensor, or a scalar / (1) tensor for every sample.
static float *file_timesteps(const StFile *f, const char *path, int B) {
    const StTensor *t = st_find(f, "timestep");
    if (!t) return NULL;
    if (t->numel != 1 && t->numel != (uint64_t)B)
        die_user("--input %s: timestep holds %lld values; expected 1 or the batch (%d)", path, (long long)t->numel, B);
    float v[1 << 10], *out = xmalloc((size_t)B * sizeof(float));
    StError e;
    if (t->numel > (1 << 10) || st_read_f32(f, t, v, 1, &e)) die_user("--input %s: timestep cannot be read", path);
    for (int b = 0; b < B; b++) out[b] = v[t->numel == 1 ? 0 : b];
    return out;
}

// SDXL add_in = [text_embeds (B, adm - 6 a), sinusoids(time_ids) (B, 6 a)].
static void set_add_in(Graph *g, Tensor *ta, const float *text, const float *ids) {
    const UnetSpec *u = g->unet;
    const int B = ta->n, a = u->addtime_dim, tw = u->adm_in - 6 * a;
    ta->h_init = xmalloc(ta->numel * sizeof(float));
    float *rnd = xmalloc((size_t)B * tw * sizeof(float));
    if (!text) random_normal("text_embeds", g->cfg.seed, rnd, (size_t)B * tw);
    for (int b = 0; b < B; b++) {
        float *row = ta->h_init + (size_t)b * u->adm_in;
        for (int k = 0; k < tw; k++) row[k] = round_f16(text ? text[(size_t)b * tw + k] : rnd[(size_t)b * tw + k]);
        // default time_ids: original size, crop (0, 0), target size, in pixels (8 per latent)
        const float dflt[6] = {8.0f * g->cfg.h, 8.0f * g->cfg.w, 0, 0, 8.0f * g->cfg.h, 8.0f * g->cfg.w};
        for (int k = 0; k < 6; k++) {
            float id = ids ? ids[(size_t)b * 6 + k] : dflt[k];
            unet_timestep_sinusoids(id, a, u->flip_sin_to_cos, u->freq_shift, row + tw + (size_t)k * a);
        }
    }
    free(rnd);
}

void unet_stage_inputs(Graph *g, const char *path, double timestep) {
    const UnetSpec *u = g->unet;
    Tensor *ts = &g->t[find_tensor(g, "sample")], *tc = &g->t[find_tensor(g, "encoder_hidden_states")];
    Tensor *tt = &g->t[find_tensor(g, "t_sin")];
    const int ia = find_tensor(g, "add_in"), B = ts->n;
    float *steps = NULL, *text = NULL, *ids = NULL;
    if (path) {
        StFile f;
        st_open_or_die(path, &f);
        const int64_t ss[4] = {B, ts->c, ts->h, ts->w}, cs[3] = {B, tc->h, tc->c};
        float *x = file_tensor(&f, path, "sample", 4, ss);
        if (x) set_nchw(ts, x), free(x);
        float *c = file_tensor(&f, path, "encoder_hidden_states", 3, cs);
        if (c) tc->h_init = c;
        steps = file_timesteps(&f, path, B);
        // --save-inputs writes the embeddings' inputs themselves (t_sin, add_in): a replay reads them back
        const int64_t tsh[2] = {B, u->tproj_dim}, ash[2] = {B, u->adm_in};
        if (!steps) tt->h_init = file_tensor(&f, path, "t_sin", 2, tsh);
        if (ia >= 0) {
            const int64_t es[2] = {B, u->adm_in - 6 * u->addtime_dim}, is[2] = {B, 6};
            text = file_tensor(&f, path, "text_embeds", 2, es);
            ids = file_tensor(&f, path, "time_ids", 2, is);
            if (!text && !ids) g->t[ia].h_init = file_tensor(&f, path, "add_in", 2, ash);
        }
        st_close(&f);
    }
    if (!tt->h_init) {
        tt->h_init = xmalloc(tt->numel * sizeof(float));
        for (int b = 0; b < B; b++)
            unet_timestep_sinusoids(steps ? steps[b] : (float)timestep, u->tproj_dim, u->flip_sin_to_cos,
                                    u->freq_shift, tt->h_init + (size_t)b * u->tproj_dim);
    }
    if (ia >= 0 && !g->t[ia].h_init) set_add_in(g, &g->t[ia], text, ids);
    free(steps), free(text), free(ids);
}

size_t unet_live_bytes(const Graph *g) {
    int *last = xcalloc((size_t)g->nt, sizeof(int)), *first = xcalloc((size_t)g->nt, sizeof(int));
    for (int i = 0; i < g->nt; i++) first[i] = g->t[i].is_input ? 0 : g->nn, last[i] = -1;
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        int rd[NODE_MAX_READS];
        const int nr = node_reads(n, rd);
        for (int k = 0; k < nr; k++)
            if (rd[k] >= 0) last[rd[k]] = i;
        if (first[n->out] > i) first[n->out] = i;
    }
    last[g->out] = g->nn;
    size_t best = 0;
    for (int i = 0; i < g->nn; i++) {
        size_t live = 0;
        for (int t = 0; t < g->nt; t++)
            if (first[t] <= i && last[t] >= i) live += g->t[t].numel * 2;
        if (live > best) best = live;
    }
    free(last), free(first);
    return best;
}
