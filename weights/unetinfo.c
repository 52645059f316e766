// unetinfo.c: whole-UNet layouts from families, tensors and config.json (unetinfo.h).
#include "unetinfo.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/common.h"

#define MAX_WIDTH (1 << 20)  // sanity bound on any width taken from a file

int unet_spec_family(WeightsFamily f, UnetSpec *u) {
    UnetLayout L;
    memset(u, 0, sizeof(*u));
    if (names_layout(f, &L)) return -1;
    u->family = f;
    u->nlevels = L.nlevels;
    for (int i = 0; i < L.nlevels; i++) {
        u->ch[i] = L.ch[i];
        u->depth[i] = L.depth[i];
        u->heads[i] = f == FAMILY_SD1 ? 8 : L.ch[i] / 64;  // SD1: 8 heads; SD2/SDXL: head_dim 64
    }
    u->mid_depth = L.mid_depth;
    u->nres = 2;
    u->in_ch = u->out_ch = L.in_channels;
    u->tproj_dim = L.ch[0];
    u->temb_dim = L.temb_dim;
    u->context_dim = L.context_dim;
    u->proj_linear = L.proj_linear;
    u->adm_in = L.adm_in;
    u->addtime_dim = L.adm_in ? 256 : 0;
    u->groups = 32;
    u->eps = 1e-5;
    u->flip_sin_to_cos = 1;
    u->freq_shift = 0.0;
    snprintf(u->source, sizeof u->source, "%s stock layout", names_family_flag(f));
    return 0;
}

// The layout the key mapping of LDM files needs.
static void as_layout(const UnetSpec *u, UnetLayout *L) {
    memset(L, 0, sizeof(*L));
    L->nlevels = u->nlevels;
    for (int i = 0; i < u->nlevels && i < NAMES_MAX_LEVELS; i++) L->depth[i] = u->depth[i];
}

int unet_file_key(const WeightsFile *w, const UnetSpec *u, const char *key, char *buf, size_t n) {
    if (w->scheme == SCHEME_DIFFUSERS) {
        snprintf(buf, n, "%s", key);
        return 0;
    }
    UnetLayout L;
    as_layout(u, &L);
    char ldm[512];
    if (names_key_to_ldm(&L, key, ldm, sizeof ldm)) return -1;
    snprintf(buf, n, "%s%s", w->root, ldm);
    return 0;
}

static const StTensor *find_key(const WeightsFile *w, const UnetSpec *u, const char *key) {
    char fk[600];
    if (unet_file_key(w, u, key, fk, sizeof fk)) return NULL;
    return st_find(&w->st, fk);
}

// The tensor's dim d when it has rank nd and that dim is a sane width, else 0.
static int dim_of(const WeightsFile *w, const UnetSpec *u, const char *key, int nd, int d) {
    const StTensor *t = find_key(w, u, key);
    if (!t || t->ndim != nd || t->shape[d] < 1 || t->shape[d] > MAX_WIDTH) return 0;
    return (int)t->shape[d];
}

static int has_key(const WeightsFile *w, const UnetSpec *u, const char *fmt, int a, int b, int c) {
    char key[256];
    snprintf(key, sizeof key, fmt, a, b, c);
    return find_key(w, u, key) != NULL;
}

// Transformer depth of the attention block at prefix (count of transformer_blocks.k).
static int count_depth(const WeightsFile *w, const UnetSpec *u, const char *prefix) {
    int d = 0;
    char key[256];
    for (;; d++) {
        snprintf(key, sizeof key, "%s.transformer_blocks.%d.norm1.weight", prefix, d);
        if (!find_key(w, u, key) || d >= 64) break;
    }
    return d;
}

// Levels, channels, resnets and attention of the down path, from the tensors.
static int infer_levels(const WeightsFile *w, UnetSpec *u, StError *e) {
    char key[256];
    for (int i = 0; i < UNET_MAX_LEVELS; i++) {
        snprintf(key, sizeof key, "down_blocks.%d.resnets.0.conv1.weight", i);
        int c = dim_of(w, u, key, 4, 0);
        if (!c) break;
        u->ch[i] = c;
        u->nlevels = i + 1;
    }
    if (!u->nlevels)
        return st_error(e, ST_ERR_MISSING, "%s: tensor down_blocks.0.resnets.0.conv1.weight is missing; a whole UNet "
                        "needs it", w->st.path);
    while (u->nres < UNET_MAX_RES && has_key(w, u, "down_blocks.%d.resnets.%d.conv1.weight", 0, u->nres, 0)) u->nres++;
    for (int i = 0; i < u->nlevels; i++) {
        snprintf(key, sizeof key, "down_blocks.%d.attentions.0", i);
        u->depth[i] = count_depth(w, u, key);
    }
    u->mid_depth = count_depth(w, u, "mid_block.attentions.0");
    return 0;
}

// Context width and projection kind from the first transformer.
static void infer_attention(const WeightsFile *w, UnetSpec *u) {
    char pre[64] = "";
    for (int i = 0; i < u->nlevels && !pre[0]; i++)
        if (u->depth[i]) snprintf(pre, sizeof pre, "down_blocks.%d.attentions.0", i);
    if (!pre[0] && u->mid_depth) snprintf(pre, sizeof pre, "mid_block.attentions.0");
    if (!pre[0]) return;
    char key[256];
    snprintf(key, sizeof key, "%s.transformer_blocks.0.attn2.to_k.weight", pre);
    u->context_dim = dim_of(w, u, key, 2, 1);
    snprintf(key, sizeof key, "%s.proj_in.weight", pre);
    const StTensor *t = find_key(w, u, key);
    u->proj_linear = t && t->ndim == 2;
}

static void default_heads(UnetSpec *u) {
    for (int i = 0; i < u->nlevels; i++) {
        int c = u->ch[i], heads;
        if (u->family == FAMILY_SD1 || (u->family == FAMILY_UNKNOWN && !u->proj_linear)) heads = 8;
        else heads = c / 64;
        if (heads < 1 || c % heads) heads = 1;
        u->heads[i] = heads;
    }
}

int unet_spec_from_file(const WeightsFile *w, UnetSpec *u, StError *e) {
    memset(u, 0, sizeof(*u));
    int rc = infer_levels(w, u, e);
    if (rc) return rc;
    u->in_ch = dim_of(w, u, "conv_in.weight", 4, 1);
    u->out_ch = dim_of(w, u, "conv_out.weight", 4, 0);
    u->tproj_dim = dim_of(w, u, "time_embedding.linear_1.weight", 2, 1);
    u->temb_dim = dim_of(w, u, "time_embedding.linear_1.weight", 2, 0);
    static const char *const need[] = {"conv_in.weight", "conv_out.weight", "time_embedding.linear_1.weight"};
    const int got[] = {u->in_ch, u->out_ch, u->tproj_dim};
    for (int i = 0; i < 3; i++)
        if (!got[i]) {
            char fk[600] = "";
            unet_file_key(w, u, need[i], fk, sizeof fk);
            return st_error(e, ST_ERR_MISSING, "%s: tensor %s is missing or misshapen; a whole UNet needs it",
                            w->st.path, fk[0] ? fk : need[i]);
        }
    infer_attention(w, u);
    u->adm_in = dim_of(w, u, "add_embedding.linear_1.weight", 2, 1);
    u->addtime_dim = u->adm_in ? 256 : 0;
    u->family = w->family;
    if (u->context_dim == 768) u->family = FAMILY_SD1;
    else if (u->context_dim == 1024) u->family = FAMILY_SD2;
    else if (u->context_dim == 2048) u->family = FAMILY_SDXL;
    else u->family = FAMILY_UNKNOWN;
    default_heads(u);
    u->groups = 32;
    u->eps = 1e-5;
    u->flip_sin_to_cos = 1;
    u->freq_shift = 0.0;
    snprintf(u->source, sizeof u->source, "checkpoint tensors");
    return 0;
}

void unet_ints_str(const int *v, int n, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && o < len; i++) o += (size_t)snprintf(buf + o, len - o, "%s%d", i ? ", " : "", v[i]);
}

// A config value that is an int or a list of ints (one per level): fills
// out[0..nlevels-1]; returns 1 when present, 0 when absent or null, -1 bad.
static int json_per_level(const cJSON *root, const char *name, int nlevels, int *out) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, name);
    if (!v || cJSON_IsNull(v)) return 0;
    if (cJSON_IsNumber(v)) {
        for (int i = 0; i < nlevels; i++) out[i] = v->valueint;
        return v->valuedouble == (double)v->valueint && v->valueint > 0 ? 1 : -1;
    }
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != nlevels) return -1;
    for (int i = 0; i < nlevels; i++) {
        const cJSON *x = cJSON_GetArrayItem(v, i);
        if (!cJSON_IsNumber(x) || x->valueint < 1 || x->valuedouble != (double)x->valueint) return -1;
        out[i] = x->valueint;
    }
    return 1;
}

static int disagree(StError *e, const char *path, const char *field, const char *cfg, const char *tensors) {
    return st_error(e, ST_ERR_WRONG_SHAPE, "%s: %s is %s but the checkpoint's tensors have %s; use the config.json "
                    "of these weights (--config FILE)", path, field, cfg, tensors);
}

// Fields the tensors also state: block_out_channels, layers_per_block,
// in/out_channels, cross_attention_dim.
static int check_config_shapes(const UnetSpec *u, const cJSON *root, const char *path, StError *e) {
    int v[UNET_MAX_LEVELS];
    char a[96], b[96];
    const cJSON *boc = cJSON_GetObjectItemCaseSensitive(root, "block_out_channels");
    if (boc && (!cJSON_IsArray(boc) || cJSON_GetArraySize(boc) != u->nlevels)) {
        unet_ints_str(u->ch, u->nlevels, b, sizeof b);
        return disagree(e, path, "block_out_channels", cJSON_IsArray(boc) ? "a list of another length" : "not a list",
                        b);
    }
    int r = json_per_level(root, "block_out_channels", u->nlevels, v);
    if (r < 0) return st_error(e, ST_ERR_JSON, "%s: block_out_channels is not a list of positive integers", path);
    if (r > 0 && memcmp(v, u->ch, sizeof(int) * u->nlevels)) {
        unet_ints_str(v, u->nlevels, a, sizeof a), unet_ints_str(u->ch, u->nlevels, b, sizeof b);
        return disagree(e, path, "block_out_channels", a, b);
    }
    static const char *const one[] = {"layers_per_block", "in_channels", "out_channels", "cross_attention_dim"};
    const int have[] = {u->nres, u->in_ch, u->out_ch, u->context_dim};
    for (int i = 0; i < 4; i++) {
        r = json_per_level(root, one[i], u->nlevels, v);
        if (r < 0) return st_error(e, ST_ERR_JSON, "%s: %s is not a positive integer", path, one[i]);
        if (r > 0 && have[i] && v[0] != have[i]) {
            snprintf(a, sizeof a, "%d", v[0]), snprintf(b, sizeof b, "%d", have[i]);
            return disagree(e, path, one[i], a, b);
        }
    }
    return 0;
}

// Heads: num_attention_heads, else attention_head_dim (diffusers' legacy name for the head count).
static int config_heads(UnetSpec *u, const cJSON *root, const char *path, StError *e) {
    int v[UNET_MAX_LEVELS];
    int r = json_per_level(root, "num_attention_heads", u->nlevels, v);
    const char *field = "num_attention_heads";
    if (r == 0) r = json_per_level(root, "attention_head_dim", u->nlevels, v), field = "attention_head_dim";
    if (r < 0) return st_error(e, ST_ERR_JSON, "%s: %s is neither an integer nor one per level", path, field);
    if (r == 0) return 0;
    for (int i = 0; i < u->nlevels; i++) {
        if (u->ch[i] % v[i])
            return st_error(e, ST_ERR_WRONG_SHAPE, "%s: %s gives %d heads at level %d, which do not divide its %d "
                            "channels", path, field, v[i], i, u->ch[i]);
        u->heads[i] = v[i];
    }
    return 0;
}

static int config_scalars(UnetSpec *u, const cJSON *root, const char *path, StError *e) {
    const cJSON *v;
    if ((v = cJSON_GetObjectItemCaseSensitive(root, "norm_num_groups")) && !cJSON_IsNull(v)) {
        if (!cJSON_IsNumber(v) || v->valueint < 1) return st_error(e, ST_ERR_JSON, "%s: norm_num_groups is not a positive integer", path);
        u->groups = v->valueint;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(root, "norm_eps")) && cJSON_IsNumber(v) && v->valuedouble > 0)
        u->eps = v->valuedouble;
    if ((v = cJSON_GetObjectItemCaseSensitive(root, "flip_sin_to_cos")) && cJSON_IsBool(v))
        u->flip_sin_to_cos = cJSON_IsTrue(v);
    if ((v = cJSON_GetObjectItemCaseSensitive(root, "freq_shift")) && cJSON_IsNumber(v)) u->freq_shift = v->valuedouble;
    if ((v = cJSON_GetObjectItemCaseSensitive(root, "addition_time_embed_dim")) && cJSON_IsNumber(v) && u->adm_in) {
        if (v->valueint < 2 || v->valueint % 2 || 6 * v->valueint >= u->adm_in)
            return st_error(e, ST_ERR_WRONG_SHAPE, "%s: addition_time_embed_dim %d does not fit the add_embedding "
                            "input width %d of the tensors", path, v->valueint, u->adm_in);
        u->addtime_dim = v->valueint;
    }
    for (int i = 0; i < u->nlevels; i++)
        if (u->ch[i] % u->groups)
            return st_error(e, ST_ERR_WRONG_SHAPE, "%s: norm_num_groups %d does not divide the %d channels of level %d",
                            path, u->groups, u->ch[i], i);
    return 0;
}

// The whole file (at most max bytes) as a NUL-terminated string, or NULL.
static char *read_text_file(const char *path, size_t max, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = xmalloc(max + 1);
    *n = fread(buf, 1, max + 1, f);
    int bad = ferror(f) || *n > max;
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[*n] = '\0';
    return buf;
}

int unet_spec_apply_config(UnetSpec *u, const char *path, StError *e) {
    size_t n = 0;
    char *text = read_text_file(path, 1 << 22, &n);
    if (!text) return st_error(e, ST_ERR_IO, "cannot read the UNet config %s", path);
    cJSON *root = cJSON_ParseWithLength(text, n);
    free(text);
    if (!root || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return st_error(e, ST_ERR_JSON, "%s is not a JSON object (a diffusers UNet config.json)", path);
    }
    int rc = check_config_shapes(u, root, path, e);
    if (!rc) rc = config_heads(u, root, path, e);
    if (!rc) rc = config_scalars(u, root, path, e);
    cJSON_Delete(root);
    if (!rc) {
        size_t l = strlen(u->source);
        snprintf(u->source + l, sizeof u->source - l, " + config.json");
    }
    return rc;
}

float *unet_tensor_or_die(const WeightsFile *w, const UnetSpec *u, const char *key, int ndim, const int64_t *shape) {
    char fk[600];
    const StTensor *t = NULL;
    if (unet_file_key(w, u, key, fk, sizeof fk) || !(t = st_find(&w->st, fk)))
        die_user("%s: tensor %s is missing; the UNet needs it", w->st.path, unet_file_key(w, u, key, fk, sizeof fk) ? key : fk);
    if (!st_dtype_loadable(t->dtype))
        die_user("%s: tensor %s has dtype %s; unetrun reads F32, F16 or BF16", w->st.path, fk, st_dtype_name(t->dtype));
    if (!st_shape_equal(t, ndim, shape)) {
        char want[256], found[256];
        st_shape_str(ndim, shape, want, sizeof want);
        st_shape_str(t->ndim, t->shape, found, sizeof found);
        die_user("%s: %s: expected %s, found %s (the layout of the other tensors implies it)", w->st.path, fk, want,
                 found);
    }
    float *buf = xmalloc((size_t)t->numel * sizeof(float));
    StError e2;
    if (st_read_f32(&w->st, t, buf, 1, &e2)) die_user("%s: %s: %s", w->st.path, fk, e2.msg);
    return buf;
}
