// synth.c: synthetic SD UNet checkpoints (see synth.h).
#include "synth.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/common.h"
#include "random.h"

// --- values ----------------------------------------------------------------------
// random_uniform() pays ~8 ms of cuRAND host-generator set-up per tensor,
// which dominates whole-UNet files (700-1700 tensors). cuRAND's host Philox
// generator yields, for element i, word i%4 of Philox4x32-10 with key = the
// stream seed and counter {g / 65536, 0, g % 65536, 0}, g = i/4, mapped to
// x * 2^-32 + 2^-33; the same is computed here directly. A self-check against
// random_uniform runs once per process, and on any difference every tensor
// goes through random_uniform instead, so the values are the random path's
// in either case.
static void philox4x32_10(uint32_t c0, uint32_t c2, uint32_t k0, uint32_t k1, uint32_t out[4]) {
    uint32_t c1 = 0, c3 = 0;
    for (int r = 0; r < 10; r++) {
        const uint64_t p0 = (uint64_t)0xD2511F53u * c0, p1 = (uint64_t)0xCD9E8D57u * c2;
        const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n1 = (uint32_t)p1;
        const uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1, n3 = (uint32_t)p0;
        c0 = n0, c1 = n1, c2 = n2, c3 = n3;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    out[0] = c0, out[1] = c1, out[2] = c2, out[3] = c3;
}

static void philox_uniform(uint64_t stream, float *dst, size_t n, float center, float scale) {
    const size_t groups = (n + 3) / 4;
    const uint32_t k0 = (uint32_t)stream, k1 = (uint32_t)(stream >> 32);
    const float inv = 2.3283064e-10f;  // CURAND_2POW32_INV
#pragma omp parallel for schedule(static) if (n > (1u << 20))
    for (size_t g = 0; g < groups; g++) {
        uint32_t o[4];
        philox4x32_10((uint32_t)(g >> 16), (uint32_t)(g & 0xffffu), k0, k1, o);
        for (int k = 0; k < 4 && 4 * g + (size_t)k < n; k++) {
            const float u = (float)o[k] * inv + inv / 2.0f;
            dst[4 * g + (size_t)k] = center + scale * (2.0f * u - 1.0f);  // as random_uniform (no FMA)
        }
    }
}

static int fast_values_ok(void) {
    static int state = -1;
    if (state < 0) {
        enum { N = 1031 };
        float a[N], b[N];
        random_uniform("synth.selfcheck", 12345, a, N, 0.5f, 0.75f, 0);
        philox_uniform(random_stream_seed(12345, "synth.selfcheck"), b, N, 0.5f, 0.75f);
        state = memcmp(a, b, sizeof a) == 0;
    }
    return state;
}

void synth_uniform(const char *name, uint64_t seed, float *dst, size_t n, float center, float scale) {
    if (fast_values_ok()) philox_uniform(random_stream_seed(seed, name), dst, n, center, scale);
    else random_uniform(name, seed, dst, n, center, scale, 0);
}

int synth_layout(const SynthOptions *o, UnetLayout *L, StError *e) {
    if (names_layout(o->family, L))
        return st_error(e, ST_ERR_ARG, "unknown UNet family; use sd15, sd21 or sdxl");
    int any = 0;
    for (int i = 0; i < NAMES_MAX_LEVELS; i++) any |= o->channels[i] != 0;
    if (!any) return 0;
    const int mult = o->family == FAMILY_SD1 ? 32 : 64;
    for (int i = 0; i < L->nlevels; i++) {
        int c = o->channels[i];
        if (c <= 0 || c % mult || c > 8192)
            return st_error(e, ST_ERR_ARG,
                           "channels of level %d must be a positive multiple of %d up to 8192 for %s (got %d; %d "
                           "levels expected)",
                           i, mult, names_family_name(o->family), c, L->nlevels);
        L->ch[i] = c;
    }
    for (int i = L->nlevels; i < NAMES_MAX_LEVELS; i++)
        if (o->channels[i])
            return st_error(e, ST_ERR_ARG, "%s has %d levels; %d channel values given", names_family_name(o->family),
                           L->nlevels, i + 1);
    return 0;
}

// --- tensor lists --------------------------------------------------------------
static SynthTensor *add(SynthTensor *out, int *n, const char *name, int ndim, int64_t d0, int64_t d1, int64_t d2,
                        int64_t d3, float center, float scale) {
    SynthTensor *t = &out[(*n)++];
    memset(t, 0, sizeof(*t));
    snprintf(t->name, sizeof t->name, "%s", name);
    t->ndim = ndim;
    t->shape[0] = d0, t->shape[1] = d1, t->shape[2] = d2, t->shape[3] = d3;
    t->center = center;
    t->scale = scale;
    return t;
}

static float bound(long long fan_in) { return 1.0f / sqrtf((float)fan_in); }

// prefix + "weight"/"bias" of a conv (k x k) or, with k = 0, a Linear.
static void add_affine(SynthTensor *out, int *n, const char *prefix, int64_t cout, int64_t cin, int k, int bias) {
    char nm[96];
    const float b = bound(k ? cin * k * k : cin);
    snprintf(nm, sizeof nm, "%s.weight", prefix);
    if (k) add(out, n, nm, 4, cout, cin, k, k, 0.0f, b);
    else add(out, n, nm, 2, cout, cin, 0, 0, 0.0f, b);
    if (bias) {
        snprintf(nm, sizeof nm, "%s.bias", prefix);
        add(out, n, nm, 1, cout, 0, 0, 0, 0.0f, b);
    }
}

static void add_norm(SynthTensor *out, int *n, const char *prefix, int64_t c) {
    char nm[96];
    snprintf(nm, sizeof nm, "%s.weight", prefix);
    add(out, n, nm, 1, c, 0, 0, 0, 1.0f, 0.25f);
    snprintf(nm, sizeof nm, "%s.bias", prefix);
    add(out, n, nm, 1, c, 0, 0, 0, 0.0f, 0.25f);
}

int synth_block_tensors(const UnetLayout *L, const LayoutBlock *b, SynthTensor *out) {
    int n = 0;
    if (b->id.kind == UNET_RESBLOCK) {
        add_norm(out, &n, "norm1", b->cin);
        add_affine(out, &n, "conv1", b->cout, b->cin, 3, 1);
        add_affine(out, &n, "time_emb_proj", b->cout, L->temb_dim, 0, 1);
        add_norm(out, &n, "norm2", b->cout);
        add_affine(out, &n, "conv2", b->cout, b->cout, 3, 1);
        if (b->cin != b->cout) add_affine(out, &n, "conv_shortcut", b->cout, b->cin, 1, 1);
        return n;
    }
    const int64_t C = b->c, D = L->context_dim, I = 4 * b->c;
    const int k = L->proj_linear ? 0 : 1;
    add_norm(out, &n, "norm", C);
    add_affine(out, &n, "proj_in", C, C, k, 1);
    for (int d = 0; d < b->depth; d++) {
        char p[96];
#define P(s) (snprintf(p, sizeof p, "transformer_blocks.%d.%s", d, (s)), p)
        add_norm(out, &n, P("norm1"), C);
        add_affine(out, &n, P("attn1.to_q"), C, C, 0, 0);
        add_affine(out, &n, P("attn1.to_k"), C, C, 0, 0);
        add_affine(out, &n, P("attn1.to_v"), C, C, 0, 0);
        add_affine(out, &n, P("attn1.to_out.0"), C, C, 0, 1);
        add_norm(out, &n, P("norm2"), C);
        add_affine(out, &n, P("attn2.to_q"), C, C, 0, 0);
        add_affine(out, &n, P("attn2.to_k"), C, D, 0, 0);
        add_affine(out, &n, P("attn2.to_v"), C, D, 0, 0);
        add_affine(out, &n, P("attn2.to_out.0"), C, C, 0, 1);
        add_norm(out, &n, P("norm3"), C);
        add_affine(out, &n, P("ff.net.0.proj"), 2 * I, C, 0, 1);
        add_affine(out, &n, P("ff.net.2"), C, I, 0, 1);
#undef P
    }
    add_affine(out, &n, "proj_out", C, C, k, 1);
    return n;
}

// A tensor of the file: full diffusers key, the random stream's name, shape.
typedef struct {
    char key[160];
    char stream[160];
    int ndim;
    int64_t shape[4];
    float center, scale;
} PlanTensor;

typedef struct {
    PlanTensor *t;
    int n, cap;
} Plan;

static void plan_push(Plan *p, const char *prefix, const SynthTensor *s, int full_streams) {
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        PlanTensor *q = realloc(p->t, (size_t)p->cap * sizeof(PlanTensor));
        if (!q) die_user("out of host memory planning a checkpoint");
        p->t = q;
    }
    PlanTensor *t = &p->t[p->n++];
    memset(t, 0, sizeof(*t));
    if (prefix) snprintf(t->key, sizeof t->key, "%s.%s", prefix, s->name);
    else snprintf(t->key, sizeof t->key, "%s", s->name);
    snprintf(t->stream, sizeof t->stream, "%s", prefix && !full_streams ? s->name : t->key);
    t->ndim = s->ndim;
    memcpy(t->shape, s->shape, sizeof t->shape);
    t->center = s->center;
    t->scale = s->scale;
}

static void plan_extra(Plan *p, void (*fn)(SynthTensor *, int *)) {
    SynthTensor tmp[16];
    int n = 0;
    fn(tmp, &n);
    for (int i = 0; i < n; i++) plan_push(p, NULL, &tmp[i], 1);
}

static const UnetLayout *g_plan_layout;  // for the plan_extra callbacks below

static void extra_head(SynthTensor *o, int *n) {
    const UnetLayout *L = g_plan_layout;
    add_affine(o, n, "conv_in", L->ch[0], L->in_channels, 3, 1);
    add_affine(o, n, "time_embedding.linear_1", L->temb_dim, L->ch[0], 0, 1);
    add_affine(o, n, "time_embedding.linear_2", L->temb_dim, L->temb_dim, 0, 1);
    if (L->adm_in) {
        add_affine(o, n, "add_embedding.linear_1", L->temb_dim, L->adm_in, 0, 1);
        add_affine(o, n, "add_embedding.linear_2", L->temb_dim, L->temb_dim, 0, 1);
    }
}

static void extra_tail(SynthTensor *o, int *n) {
    const UnetLayout *L = g_plan_layout;
    add_norm(o, n, "conv_norm_out", L->ch[0]);
    add_affine(o, n, "conv_out", L->in_channels, L->ch[0], 3, 1);
}

static int cmp_order(const void *a, const void *b) {
    int x = names_exec_order(a), y = names_exec_order(b);
    return (x > y) - (x < y);
}

static int build_plan(const SynthOptions *o, UnetLayout *L, Plan *p, StError *e) {
    memset(p, 0, sizeof(*p));
    int rc = synth_layout(o, L, e);
    if (rc) return rc;
    LayoutBlock all[NAMES_MAX_BLOCKS], sel[NAMES_MAX_BLOCKS];
    int nall = names_layout_blocks(L, all), nsel = 0;
    if (o->nblocks > 0) {
        if (o->nblocks > NAMES_MAX_BLOCKS) return st_error(e, ST_ERR_ARG, "too many blocks listed (%d)", o->nblocks);
        BlockId ids[NAMES_MAX_BLOCKS];
        memcpy(ids, o->blocks, (size_t)o->nblocks * sizeof(BlockId));
        qsort(ids, (size_t)o->nblocks, sizeof(BlockId), cmp_order);
        for (int i = 0; i < o->nblocks; i++) {
            char dn[48], ln[48];
            names_diffusers(&ids[i], dn, sizeof dn);
            names_ldm(&ids[i], ln, sizeof ln);
            if (i && names_same_block(&ids[i], &ids[i - 1]))
                return st_error(e, ST_ERR_ARG, "block %s (%s) is listed twice", dn, ln);
            if (names_layout_find(L, &ids[i], &sel[nsel]))
                return st_error(e, ST_ERR_BLOCK, "block %s (%s) is not in the %s UNet%s", dn, ln,
                               names_family_name(o->family),
                               o->family == FAMILY_SDXL && ids[i].kind == UNET_TRANSFORMER &&
                                       ((ids[i].part == PART_DOWN && ids[i].level == 0) ||
                                        (ids[i].part == PART_UP && ids[i].level == 2))
                                   ? " (SDXL has no attention at level 0)"
                                   : "");
            nsel++;
        }
    }
    SynthTensor *bt = xmalloc(SYNTH_MAX_BLOCK_TENSORS * sizeof(SynthTensor));
    g_plan_layout = L;
    if (o->nblocks > 0) {
        for (int i = 0; i < nsel; i++) {
            char dn[48];
            names_diffusers(&sel[i].id, dn, sizeof dn);
            int n = synth_block_tensors(L, &sel[i], bt);
            for (int k = 0; k < n; k++) plan_push(p, dn, &bt[k], o->full_name_streams);
        }
    } else {
        plan_extra(p, extra_head);
        for (int i = 0; i < nall; i++) {
            const BlockId *id = &all[i].id;
            char dn[48];
            names_diffusers(id, dn, sizeof dn);
            int n = synth_block_tensors(L, &all[i], bt);
            for (int k = 0; k < n; k++) plan_push(p, dn, &bt[k], o->full_name_streams);
            // a level's down/upsampler follows its last block
            const int last_in_level =
                i + 1 == nall || all[i + 1].id.part != id->part || all[i + 1].id.level != id->level;
            if (last_in_level && id->part == PART_DOWN && id->level < L->nlevels - 1) {
                SynthTensor s[2];
                int ns = 0;
                char pre[64];
                snprintf(pre, sizeof pre, "down_blocks.%d.downsamplers.0.conv", id->level);
                add_affine(s, &ns, pre, L->ch[id->level], L->ch[id->level], 3, 1);
                for (int k = 0; k < ns; k++) plan_push(p, NULL, &s[k], 1);
            }
            if (last_in_level && id->part == PART_UP && id->level < L->nlevels - 1) {
                SynthTensor s[2];
                int ns = 0;
                char pre[64];
                const int c = L->ch[L->nlevels - 1 - id->level];
                snprintf(pre, sizeof pre, "up_blocks.%d.upsamplers.0.conv", id->level);
                add_affine(s, &ns, pre, c, c, 3, 1);
                for (int k = 0; k < ns; k++) plan_push(p, NULL, &s[k], 1);
            }
        }
        plan_extra(p, extra_tail);
    }
    free(bt);
    return 0;
}

static long long numel_of(const PlanTensor *t) {
    long long n = 1;
    for (int d = 0; d < t->ndim; d++) n *= t->shape[d];
    return n;
}

int synth_plan(const SynthOptions *o, long long *ntensors, long long *bytes, StError *e) {
    UnetLayout L;
    Plan p;
    int rc = build_plan(o, &L, &p, e);
    if (!rc) {
        long long b = 0;
        for (int i = 0; i < p.n; i++) b += numel_of(&p.t[i]) * (long long)st_dtype_size(o->dtype);
        if (ntensors) *ntensors = p.n;
        if (bytes) *bytes = b;
    }
    free(p.t);
    return rc;
}

int synth_checkpoint(const char *path, const SynthOptions *o, long long *ntensors, long long *bytes, StError *e) {
    if (o->dtype != ST_F32 && o->dtype != ST_F16 && o->dtype != ST_BF16)
        return st_error(e, ST_ERR_ARG, "dtype %s cannot be written; use F32, F16 or BF16", st_dtype_name(o->dtype));
    UnetLayout L;
    Plan p;
    int rc = build_plan(o, &L, &p, e);
    if (rc) {
        free(p.t);
        return rc;
    }
    StWriteTensor *wt = xcalloc((size_t)p.n, sizeof(StWriteTensor));
    char (*keys)[224] = xcalloc((size_t)p.n, sizeof *keys);
    long long total = 0;
    for (int i = 0; i < p.n; i++) {
        if (o->naming == SCHEME_DIFFUSERS) {
            snprintf(keys[i], sizeof keys[i], "%s", p.t[i].key);
        } else {
            char ldm[192];
            if (names_key_to_ldm(&L, p.t[i].key, ldm, sizeof ldm))
                die_internal("no LDM name for %s", p.t[i].key);
            snprintf(keys[i], sizeof keys[i], "%s%s", o->ldm_root ? NAMES_LDM_ROOT : "", ldm);
        }
        wt[i].name = keys[i];
        wt[i].dtype = o->dtype;
        wt[i].ndim = p.t[i].ndim;
        for (int d = 0; d < p.t[i].ndim; d++) wt[i].shape[d] = p.t[i].shape[d];
        total += numel_of(&p.t[i]) * (long long)st_dtype_size(o->dtype);
    }
    char gen[160], seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)o->seed);
    snprintf(gen, sizeof gen, "unetrun mkcheckpoint %s", UNETRUN_VERSION);
    const char *meta[] = {"format", "pt", "generator", gen, "family", names_family_flag(o->family), "seed", seed};
    StWriter *w = st_writer_open(path, p.n, wt, 4, meta, e);
    rc = w ? 0 : (e ? e->code : ST_ERR_IO);
    for (int i = 0; i < p.n && !rc; i++) {
        const size_t n = (size_t)numel_of(&p.t[i]);
        float *buf = xmalloc(n * sizeof(float));
        synth_uniform(p.t[i].stream, o->seed, buf, n, p.t[i].center, p.t[i].scale);
        rc = st_writer_put(w, buf, e);
        free(buf);
    }
    if (w) {
        if (rc) st_writer_abort(w);
        else rc = st_writer_close(w, e);
    }
    if (!rc) {
        if (ntensors) *ntensors = p.n;
        if (bytes) *bytes = total;
    }
    free(keys);
    free(wt);
    free(p.t);
    return rc;
}
