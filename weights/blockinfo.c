// blockinfo.c: a safetensors UNet seen as blocks (see blockinfo.h).
#include "blockinfo.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../common/common.h"

#define MAX_CHANNELS (1 << 20)  // sanity bound on any width taken from a file
#define MAX_TDEPTH 64           // transformer_blocks per attention block

// ---------------------------------------------------------------------------
// opening: naming scheme, blocks present, family
// ---------------------------------------------------------------------------
static int is_res_part(NameScheme sc, const char *inner) {
    static const char *const diff[] = {"norm1.", "conv1.", "time_emb_proj.", "norm2.", "conv2.", "conv_shortcut."};
    static const char *const ldm[] = {"in_layers.", "emb_layers.", "out_layers.", "skip_connection."};
    const char *const *t = sc == SCHEME_DIFFUSERS ? diff : ldm;
    size_t n = sc == SCHEME_DIFFUSERS ? 6 : 4;
    for (size_t i = 0; i < n; i++)
        if (!strncmp(inner, t[i], strlen(t[i]))) return 1;
    return 0;
}

static int is_attn_part(const char *inner) {
    static const char *const p[] = {"norm.", "proj_in.", "proj_out.", "transformer_blocks."};
    for (size_t i = 0; i < 4; i++)
        if (!strncmp(inner, p[i], strlen(p[i]))) return 1;
    return 0;
}

// The block (in the file's scheme) that key belongs to; 0 found.
static int key_block(const WeightsFile *w, const char *key, BlockId *id) {
    size_t rl = strlen(w->root);
    if (strncmp(key, w->root, rl)) return -1;
    // "model.diffusion_model." is part of the root here, never of a bare name
    if (!rl && !strncmp(key, NAMES_LDM_ROOT, strlen(NAMES_LDM_ROOT))) return -1;
    NameScheme sc;
    const char *rest = NULL;
    if (names_parse_block(key + rl, id, &sc, &rest) || sc != w->scheme || rest[0] != '.') return -1;
    const char *inner = rest + 1;
    return id->kind == UNET_RESBLOCK ? (is_res_part(sc, inner) ? 0 : -1) : (is_attn_part(inner) ? 0 : -1);
}

static int find_block(const WeightsFile *w, const BlockId *id) {
    for (int i = 0; i < w->nblocks; i++)
        if (names_same_block(&w->blocks[i], id)) return i;
    return -1;
}

static int key_for(const WeightsFile *w, const BlockId *id, const char *inner, char *buf, size_t n) {
    char pre[48], in2[256];
    if (w->scheme == SCHEME_DIFFUSERS) {
        names_diffusers(id, pre, sizeof pre);
        snprintf(buf, n, "%s.%s", pre, inner);
        return 0;
    }
    names_ldm(id, pre, sizeof pre);
    if (names_inner_to_ldm(id->kind, inner, in2, sizeof in2)) return -1;
    snprintf(buf, n, "%s%s.%s", w->root, pre, in2);
    return 0;
}

int weights_init(WeightsFile *w, StFile *st, StError *e) {
    memset(w, 0, sizeof(*w));
    w->st = *st;
    memset(st, 0, sizeof(*st));
    // Naming: whichever scheme names the most block tensors.
    int cnt[3] = {0, 0, 0};  // diffusers, LDM with root, bare LDM
    const size_t rootlen = strlen(NAMES_LDM_ROOT);
    for (int i = 0; i < w->st.ntensors; i++) {
        const char *k = w->st.tensors[i].name;
        BlockId id;
        NameScheme sc;
        if (!strncmp(k, NAMES_LDM_ROOT, rootlen)) {
            if (!names_parse_block(k + rootlen, &id, &sc, NULL) && sc == SCHEME_LDM) cnt[1]++;
        } else if (!names_parse_block(k, &id, &sc, NULL)) {
            cnt[sc == SCHEME_DIFFUSERS ? 0 : 2]++;
        }
    }
    if (!cnt[0] && !cnt[1] && !cnt[2]) {
        int rc = st_error(e, ST_ERR_BLOCK,
                         "%s: no UNet resnet or attention tensors (expected diffusers names like "
                         "down_blocks.0.resnets.0.conv1.weight or LDM names like "
                         "model.diffusion_model.input_blocks.1.0.in_layers.2.weight)",
                         w->st.path);
        weights_close(w);
        return rc;
    }
    int best = cnt[0] >= cnt[1] && cnt[0] >= cnt[2] ? 0 : cnt[1] >= cnt[2] ? 1 : 2;
    w->scheme = best == 0 ? SCHEME_DIFFUSERS : SCHEME_LDM;
    w->root = best == 1 ? NAMES_LDM_ROOT : "";

    // Blocks present, in execution order.
    int seen[256];
    BlockId ids[256];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < w->st.ntensors; i++) {
        BlockId id;
        if (key_block(w, w->st.tensors[i].name, &id)) continue;
        int o = names_exec_order(&id);
        if (o >= 0 && o < 256 && !seen[o]) seen[o] = 1, ids[o] = id;
    }
    for (int o = 0; o < 256 && w->nblocks < NAMES_MAX_BLOCKS; o++)
        if (seen[o]) w->blocks[w->nblocks++] = ids[o];

    // Family.
    for (int i = 0; i < w->nblocks && !w->context_dim; i++) {
        if (w->blocks[i].kind != UNET_TRANSFORMER) continue;
        char key[256];
        key_for(w, &w->blocks[i], "transformer_blocks.0.attn2.to_k.weight", key, sizeof key);
        const StTensor *t = st_find(&w->st, key);
        if (t && t->ndim == 2 && t->shape[1] > 0 && t->shape[1] <= MAX_CHANNELS) w->context_dim = (int)t->shape[1];
    }
    if (w->context_dim == 768) w->family = FAMILY_SD1;
    else if (w->context_dim == 1024) w->family = FAMILY_SD2;
    else if (w->context_dim == 2048) w->family = FAMILY_SDXL;
    if (w->family == FAMILY_UNKNOWN) {
        BlockId r0 = {PART_DOWN, 0, UNET_RESBLOCK, 0}, a0 = {PART_DOWN, 0, UNET_TRANSFORMER, 0};
        BlockId a1 = {PART_DOWN, 1, UNET_TRANSFORMER, 0};
        if (find_block(w, &r0) >= 0 && find_block(w, &a0) < 0 && find_block(w, &a1) >= 0) w->family = FAMILY_SDXL;
    }
    return 0;
}

int weights_open(const char *path, WeightsFile *w, StError *e) {
    StFile st;
    memset(w, 0, sizeof(*w));
    int rc = st_open(path, &st, e);
    if (rc) return rc;
    return weights_init(w, &st, e);
}

void weights_open_or_die(const char *path, WeightsFile *w) {
    StError e;
    if (weights_open(path, w, &e)) die_user("%s", e.msg);
}

void weights_close(WeightsFile *w) {
    if (!w) return;
    st_close(&w->st);
    memset(w, 0, sizeof(*w));
}

// ---------------------------------------------------------------------------
// describing a block
// ---------------------------------------------------------------------------
// "key" or, in LDM files, "key (diffusers-name)" for messages.
static void show_key(const WeightsFile *w, const BlockInfo *b, const char *inner, char *buf, size_t n) {
    char key[256];
    if (key_for(w, &b->id, inner, key, sizeof key)) snprintf(key, sizeof key, "%s.%s", b->diffusers, inner);
    if (w->scheme == SCHEME_DIFFUSERS) snprintf(buf, n, "%s", key);
    else snprintf(buf, n, "%s (%s.%s)", key, b->diffusers, inner);
}

// The block's tensor inner: present and loadable. ndim >= 0: shape checked,
// entries < 0 match any size.
static int need(const WeightsFile *w, const BlockInfo *b, const char *inner, int ndim, const int64_t *shape,
                const StTensor **out, StError *e) {
    char key[256], shown[600];
    *out = NULL;
    show_key(w, b, inner, shown, sizeof shown);
    if (key_for(w, &b->id, inner, key, sizeof key) || !(*out = st_find(&w->st, key)))
        return st_error(e, ST_ERR_MISSING, "%s: tensor %s is missing; block %s needs it", w->st.path, shown,
                       b->diffusers);
    const StTensor *t = *out;
    if (!st_dtype_loadable(t->dtype))  // before the shape: an I64 tensor's shape means nothing to a float block
        return st_error(e, ST_ERR_UNSUPPORTED_DTYPE, "%s: tensor %s has dtype %s; unetrun reads F32, F16 or BF16",
                       w->st.path, shown, st_dtype_name(t->dtype));
    int ok = ndim < 0 || t->ndim == ndim;
    for (int i = 0; ok && ndim >= 0 && i < ndim; i++) ok = shape[i] < 0 || t->shape[i] == shape[i];
    if (!ok) {
        char want[256] = "[", found[256];
        size_t len = 1;
        for (int i = 0; i < ndim && len < sizeof want; i++) {
            if (shape[i] < 0) len += (size_t)snprintf(want + len, sizeof want - len, "%s*", i ? ", " : "");
            else len += (size_t)snprintf(want + len, sizeof want - len, "%s%lld", i ? ", " : "", (long long)shape[i]);
        }
        if (len < sizeof want) snprintf(want + len, sizeof want - len, "]");
        st_shape_str(t->ndim, t->shape, found, sizeof found);
        return st_error(e, ST_ERR_WRONG_SHAPE, "%s: %s: expected %s, found %s", w->st.path, shown, want, found);
    }
    return 0;
}

static int bad_width(const WeightsFile *w, const BlockInfo *b, const char *inner, const StTensor *t, StError *e) {
    char shown[600], found[256];
    show_key(w, b, inner, shown, sizeof shown);
    st_shape_str(t->ndim, t->shape, found, sizeof found);
    return st_error(e, ST_ERR_WRONG_SHAPE, "%s: %s: shape %s has a width outside 1..%d", w->st.path, shown, found,
                   MAX_CHANNELS);
}

#define NEED(inner, nd, ...)                                                   \
    do {                                                                       \
        const int64_t shp_[] = {__VA_ARGS__};                                  \
        const StTensor *t_;                                                    \
        int rc_ = need(w, b, (inner), (nd), shp_, &t_, e);                     \
        if (rc_) return rc_;                                                   \
    } while (0)

static int describe_resblock(const WeightsFile *w, BlockInfo *b, StError *e) {
    const StTensor *t;
    int rc = need(w, b, "conv1.weight", 4, (const int64_t[]){-1, -1, 3, 3}, &t, e);
    if (rc) return rc;
    if (t->shape[0] < 1 || t->shape[0] > MAX_CHANNELS || t->shape[1] < 1 || t->shape[1] > MAX_CHANNELS)
        return bad_width(w, b, "conv1.weight", t, e);
    b->dtype = t->dtype;
    const int64_t ci = t->shape[1], co = t->shape[0];
    b->cin = (int)ci;
    b->cout = (int)co;
    NEED("norm1.weight", 1, ci);
    NEED("norm1.bias", 1, ci);
    NEED("conv1.bias", 1, co);
    if ((rc = need(w, b, "time_emb_proj.weight", 2, (const int64_t[]){co, -1}, &t, e))) return rc;
    if (t->shape[1] < 1 || t->shape[1] > MAX_CHANNELS) return bad_width(w, b, "time_emb_proj.weight", t, e);
    b->temb_dim = (int)t->shape[1];
    NEED("time_emb_proj.bias", 1, co);
    NEED("norm2.weight", 1, co);
    NEED("norm2.bias", 1, co);
    NEED("conv2.weight", 4, co, co, 3, 3);
    NEED("conv2.bias", 1, co);
    char key[256];
    key_for(w, &b->id, "conv_shortcut.weight", key, sizeof key);
    b->has_shortcut = st_find(&w->st, key) != NULL;
    if (b->has_shortcut) {
        NEED("conv_shortcut.weight", 4, co, ci, 1, 1);
        NEED("conv_shortcut.bias", 1, co);
    } else if (ci != co) {
        char shown[600];
        show_key(w, b, "conv_shortcut.weight", shown, sizeof shown);
        return st_error(e, ST_ERR_MISSING, "%s: tensor %s is missing; block %s maps %d to %d channels and needs it",
                       w->st.path, shown, b->diffusers, b->cin, b->cout);
    }
    return 0;
}

static void default_heads(WeightsFamily fam, ProjKind proj, int c, int *heads, int *head_dim) {
    int h8 = fam == FAMILY_SD1 || (fam == FAMILY_UNKNOWN && proj == PROJ_CONV);
    if (h8 && c % 8 == 0) *heads = 8, *head_dim = c / 8;
    else if (!h8 && c % 64 == 0) *heads = c / 64, *head_dim = 64;
    else *heads = 1, *head_dim = c;
}

static int describe_transformer(const WeightsFile *w, BlockInfo *b, StError *e) {
    const StTensor *t;
    int rc = need(w, b, "norm.weight", 1, (const int64_t[]){-1}, &t, e);
    if (rc) return rc;
    if (t->shape[0] < 1 || t->shape[0] > MAX_CHANNELS) return bad_width(w, b, "norm.weight", t, e);
    const int64_t C = t->shape[0];
    b->c = (int)C;
    NEED("norm.bias", 1, C);
    if ((rc = need(w, b, "proj_in.weight", -1, NULL, &t, e))) return rc;
    b->dtype = t->dtype;
    if (t->ndim == 4) {
        b->proj = PROJ_CONV;
        NEED("proj_in.weight", 4, C, C, 1, 1);
        NEED("proj_out.weight", 4, C, C, 1, 1);
    } else if (t->ndim == 2) {
        b->proj = PROJ_LINEAR;
        NEED("proj_in.weight", 2, C, C);
        NEED("proj_out.weight", 2, C, C);
    } else {
        char shown[600], found[256];
        show_key(w, b, "proj_in.weight", shown, sizeof shown);
        st_shape_str(t->ndim, t->shape, found, sizeof found);
        return st_error(e, ST_ERR_WRONG_SHAPE, "%s: %s: expected [%lld, %lld] (linear) or [%lld, %lld, 1, 1] (1x1 conv), found %s",
                       w->st.path, shown, (long long)C, (long long)C, (long long)C, (long long)C, found);
    }
    NEED("proj_in.bias", 1, C);
    NEED("proj_out.bias", 1, C);

    // Depth: transformer_blocks.0 .. N-1, the highest index present decides.
    char pre[256];
    if (key_for(w, &b->id, "transformer_blocks.", pre, sizeof pre)) return ST_ERR_BLOCK;
    int lo, hi, maxd = -1;
    st_prefix_range(&w->st, pre, &lo, &hi);
    const size_t pl = strlen(pre);
    for (int i = lo; i < hi; i++) {
        const char *s = w->st.tensors[i].name + pl;
        int d = 0, nd = 0;
        while (s[nd] >= '0' && s[nd] <= '9' && nd < 6) d = d * 10 + (s[nd] - '0'), nd++;
        if (nd == 0 || s[nd] != '.') continue;
        if (d >= MAX_TDEPTH)
            return st_error(e, ST_ERR_BLOCK, "%s: block %s has transformer_blocks.%d; at most %d are supported",
                           w->st.path, b->diffusers, d, MAX_TDEPTH);
        if (d > maxd) maxd = d;
    }
    if (maxd < 0) {
        char shown[600];
        show_key(w, b, "transformer_blocks.0.norm1.weight", shown, sizeof shown);
        return st_error(e, ST_ERR_MISSING, "%s: tensor %s is missing; block %s has no transformer_blocks", w->st.path,
                       shown, b->diffusers);
    }
    b->depth = maxd + 1;

    if ((rc = need(w, b, "transformer_blocks.0.attn2.to_k.weight", 2, (const int64_t[]){C, -1}, &t, e))) return rc;
    if (t->shape[1] < 1 || t->shape[1] > MAX_CHANNELS)
        return bad_width(w, b, "transformer_blocks.0.attn2.to_k.weight", t, e);
    const int64_t D = t->shape[1];
    b->context_dim = (int)D;
    if ((rc = need(w, b, "transformer_blocks.0.ff.net.2.weight", 2, (const int64_t[]){C, -1}, &t, e))) return rc;
    if (t->shape[1] < 1 || t->shape[1] > MAX_CHANNELS)
        return bad_width(w, b, "transformer_blocks.0.ff.net.2.weight", t, e);
    const int64_t I = t->shape[1];
    b->ff_inner = (int)I;

    for (int d = 0; d < b->depth; d++) {
        char n[128];
#define TB(suffix) (snprintf(n, sizeof n, "transformer_blocks.%d.%s", d, (suffix)), n)
        static const char *const norms[] = {"norm1", "norm2", "norm3"};
        for (int k = 0; k < 3; k++) {
            char s[32];
            snprintf(s, sizeof s, "%s.weight", norms[k]);
            NEED(TB(s), 1, C);
            snprintf(s, sizeof s, "%s.bias", norms[k]);
            NEED(TB(s), 1, C);
        }
        NEED(TB("attn1.to_q.weight"), 2, C, C);
        NEED(TB("attn1.to_k.weight"), 2, C, C);
        NEED(TB("attn1.to_v.weight"), 2, C, C);
        NEED(TB("attn1.to_out.0.weight"), 2, C, C);
        NEED(TB("attn1.to_out.0.bias"), 1, C);
        NEED(TB("attn2.to_q.weight"), 2, C, C);
        NEED(TB("attn2.to_k.weight"), 2, C, D);
        NEED(TB("attn2.to_v.weight"), 2, C, D);
        NEED(TB("attn2.to_out.0.weight"), 2, C, C);
        NEED(TB("attn2.to_out.0.bias"), 1, C);
        NEED(TB("ff.net.0.proj.weight"), 2, 2 * I, C);
        NEED(TB("ff.net.0.proj.bias"), 1, 2 * I);
        NEED(TB("ff.net.2.weight"), 2, C, I);
        NEED(TB("ff.net.2.bias"), 1, C);
#undef TB
    }
    default_heads(b->family, b->proj, b->c, &b->heads, &b->head_dim);
    return 0;
}

static int describe_id(const WeightsFile *w, const BlockId *id, BlockInfo *b, StError *e) {
    memset(b, 0, sizeof(*b));
    b->id = *id;
    b->kind = id->kind;
    b->family = w->family;
    names_diffusers(id, b->diffusers, sizeof b->diffusers);
    names_ldm(id, b->ldm, sizeof b->ldm);
    if (find_block(w, id) < 0)
        return st_error(e, ST_ERR_BLOCK, "%s: no block %s (%s) in the file; unetrun --list-weights %s shows its blocks",
                       w->st.path, b->diffusers, b->ldm, w->st.path);
    return id->kind == UNET_RESBLOCK ? describe_resblock(w, b, e) : describe_transformer(w, b, e);
}

int weights_describe(const WeightsFile *w, const char *prefix, BlockInfo *b, StError *e) {
    BlockId id;
    memset(b, 0, sizeof(*b));
    if (names_block_id(prefix, &id)) {
        char pb[200];
        size_t i = 0;
        for (; prefix[i] && i < 160; i++) pb[i] = (prefix[i] >= 0x20 && prefix[i] < 0x7f) ? prefix[i] : '?';
        pb[i] = 0;
        return st_error(e, ST_ERR_BLOCK,
                       "'%s' is not a UNet resnet or attention block prefix (e.g. down_blocks.1.resnets.0, "
                       "mid_block.attentions.0, input_blocks.4.1, middle_block.1)",
                       pb);
    }
    return describe_id(w, &id, b, e);
}

void weights_describe_or_die(const WeightsFile *w, const char *prefix, BlockInfo *b) {
    StError e;
    if (weights_describe(w, prefix, b, &e)) die_user("%s", e.msg);
}

int weights_key(const WeightsFile *w, const BlockInfo *b, const char *inner, char *buf, size_t n) {
    return key_for(w, &b->id, inner, buf, n);
}

int weights_tensor(const WeightsFile *w, const BlockInfo *b, const char *inner, int ndim, const int64_t *shape,
                   float **out, StError *e) {
    *out = NULL;
    for (int i = 0; i < ndim; i++)
        if (shape[i] < 0) return st_error(e, ST_ERR_ARG, "weights_tensor: negative expected size for %s", inner);
    const StTensor *t;
    int rc = need(w, b, inner, ndim, shape, &t, e);
    if (rc) return rc;
    float *buf = xmalloc((size_t)t->numel * sizeof(float));
    StError e2;
    if ((rc = st_read_f32(&w->st, t, buf, 1, &e2))) {
        char shown[600];
        show_key(w, b, inner, shown, sizeof shown);
        const char *what = strstr(e2.msg, "holds a non-finite");
        st_error(e, rc, "%s: %s %s", w->st.path, shown, what ? what : e2.msg);
        free(buf);
        return rc;
    }
    *out = buf;
    return 0;
}

float *weights_tensor_or_die(const WeightsFile *w, const BlockInfo *b, const char *inner, int ndim,
                             const int64_t *shape) {
    StError e;
    float *p = NULL;
    if (weights_tensor(w, b, inner, ndim, shape, &p, &e)) die_user("%s", e.msg);
    return p;
}

// ---------------------------------------------------------------------------
// listing
// ---------------------------------------------------------------------------
int weights_blocks(const WeightsFile *w, BlockInfo *out, StError *skipped, int *nskipped) {
    int n = 0, ns = 0;
    for (int i = 0; i < w->nblocks; i++) {
        StError e;
        if (!describe_id(w, &w->blocks[i], &out[n], &e)) n++;
        else if (skipped) skipped[ns++] = e;
    }
    if (nskipped) *nskipped = ns;
    return n;
}

static const char *family_heads_rule(WeightsFamily f) {
    switch (f) {
        case FAMILY_SD1: return "8 heads per transformer";
        case FAMILY_SD2:
        case FAMILY_SDXL: return "head_dim 64";
        default: return "8 heads with a conv projection, head_dim 64 with a linear one";
    }
}

int weights_print_blocks(const WeightsFile *w, FILE *out) {
    BlockInfo *b = xcalloc(NAMES_MAX_BLOCKS, sizeof(BlockInfo));
    StError *sk = xcalloc(NAMES_MAX_BLOCKS, sizeof(StError));
    int ns = 0;
    int n = weights_blocks(w, b, sk, &ns);
    double gb = (double)w->st.file_size / 1e9;
    fprintf(out, "file     %s: %d tensors, %.3g GB, %s naming%s\n", w->st.path, w->st.ntensors, gb,
            w->scheme == SCHEME_DIFFUSERS ? "diffusers" : "LDM",
            w->scheme == SCHEME_LDM ? (w->root[0] ? " (model.diffusion_model. prefix)" : " (no model.diffusion_model. prefix)") : "");
    if (w->context_dim)
        fprintf(out, "family   %s (cross-attention context %d; %s)\n", names_family_name(w->family), w->context_dim,
                family_heads_rule(w->family));
    else
        fprintf(out, "family   %s (no transformer blocks; %s)\n", names_family_name(w->family),
                family_heads_rule(w->family));
    fprintf(out, "%-28s %-18s %-12s %-13s %-10s %-8s %-6s %-6s %s\n", "diffusers prefix", "LDM prefix", "kind",
            "channels", "heads x d", "context", "depth", "dtype", "notes");
    for (int i = 0; i < n; i++) {
        char ch[32], heads[24], ctx[16], depth[16], notes[64];
        if (b[i].kind == UNET_RESBLOCK) {
            snprintf(ch, sizeof ch, "%d->%d", b[i].cin, b[i].cout);
            snprintf(heads, sizeof heads, "-");
            snprintf(ctx, sizeof ctx, "-");
            snprintf(depth, sizeof depth, "-");
            snprintf(notes, sizeof notes, "temb %d%s", b[i].temb_dim, b[i].has_shortcut ? ", shortcut" : "");
        } else {
            snprintf(ch, sizeof ch, "%d", b[i].c);
            snprintf(heads, sizeof heads, "%dx%d", b[i].heads, b[i].head_dim);
            snprintf(ctx, sizeof ctx, "%d", b[i].context_dim);
            snprintf(depth, sizeof depth, "%d", b[i].depth);
            snprintf(notes, sizeof notes, "proj %s, ff %d", b[i].proj == PROJ_CONV ? "conv" : "linear", b[i].ff_inner);
        }
        fprintf(out, "%-28s %-18s %-12s %-13s %-10s %-8s %-6s %-6s %s\n", b[i].diffusers, b[i].ldm,
                b[i].kind == UNET_RESBLOCK ? "resblock" : "transformer", ch, heads, ctx, depth,
                st_dtype_name(b[i].dtype), notes);
    }
    fprintf(out, "%d block%s", n, n == 1 ? "" : "s");
    if (ns) fprintf(out, "; %d skipped:", ns);
    fprintf(out, "\n");
    for (int i = 0; i < ns; i++) fprintf(out, "  skipped: %s\n", sk[i].msg);
    free(b);
    free(sk);
    return n;
}

int weights_list(const char *path, FILE *out) {
    WeightsFile w;
    weights_open_or_die(path, &w);
    int n = weights_print_blocks(&w, out);
    weights_close(&w);
    return n;
}
