// names.c: block prefixes in diffusers and LDM naming, ResBlock part renames,
// and the SD1.x / SD2.x / SDXL UNet layouts (see names.h).
#include "names.h"

#include <stdio.h>
#include <string.h>

// ---------------------------------------------------------------------------
// prefixes
// ---------------------------------------------------------------------------
static int eat(const char **p, const char *lit) {
    size_t n = strlen(lit);
    if (strncmp(*p, lit, n)) return 0;
    *p += n;
    return 1;
}

// A decimal index without sign or leading zeros, 0..max.
static int eat_index(const char **p, int max, int *v) {
    const char *s = *p;
    if (*s < '0' || *s > '9') return 0;
    if (*s == '0' && s[1] >= '0' && s[1] <= '9') return 0;
    int x = 0;
    while (*s >= '0' && *s <= '9') {
        x = x * 10 + (*s - '0');
        if (x > max) return 0;
        s++;
    }
    *v = x;
    *p = s;
    return 1;
}

static int parse_diffusers(const char *s, BlockId *id, const char **rest) {
    const char *p = s;
    int i = 0, j = 0;
    if (eat(&p, "down_blocks.")) {
        id->part = PART_DOWN;
        if (!eat_index(&p, NAMES_MAX_LEVELS - 1, &i) || !eat(&p, ".")) return -1;
        if (eat(&p, "resnets.")) id->kind = UNET_RESBLOCK;
        else if (eat(&p, "attentions.")) id->kind = UNET_TRANSFORMER;
        else return -1;
        if (!eat_index(&p, 1, &j)) return -1;
    } else if (eat(&p, "up_blocks.")) {
        id->part = PART_UP;
        if (!eat_index(&p, NAMES_MAX_LEVELS - 1, &i) || !eat(&p, ".")) return -1;
        if (eat(&p, "resnets.")) id->kind = UNET_RESBLOCK;
        else if (eat(&p, "attentions.")) id->kind = UNET_TRANSFORMER;
        else return -1;
        if (!eat_index(&p, 2, &j)) return -1;
    } else if (eat(&p, "mid_block.")) {
        id->part = PART_MID;
        if (eat(&p, "resnets.")) {
            id->kind = UNET_RESBLOCK;
            if (!eat_index(&p, 1, &j)) return -1;
        } else if (eat(&p, "attentions.")) {
            id->kind = UNET_TRANSFORMER;
            if (!eat_index(&p, 0, &j)) return -1;
        } else {
            return -1;
        }
    } else {
        return -1;
    }
    if (*p && *p != '.') return -1;
    id->level = i;
    id->index = j;
    *rest = p;
    return 0;
}

static int parse_ldm(const char *s, BlockId *id, const char **rest) {
    const char *p = s;
    int k = 0, sub = 0;
    eat(&p, NAMES_LDM_ROOT);
    if (eat(&p, "input_blocks.")) {
        // input_blocks.0 is conv_in, input_blocks.{3,6,9} the downsamplers
        if (!eat_index(&p, 3 * NAMES_MAX_LEVELS - 1, &k) || k == 0 || k % 3 == 0) return -1;
        if (!eat(&p, ".") || !eat_index(&p, 1, &sub)) return -1;
        id->part = PART_DOWN;
        id->level = (k - 1) / 3;
        id->index = (k - 1) % 3;
        id->kind = sub ? UNET_TRANSFORMER : UNET_RESBLOCK;
    } else if (eat(&p, "output_blocks.")) {
        if (!eat_index(&p, 3 * NAMES_MAX_LEVELS - 1, &k)) return -1;
        if (!eat(&p, ".") || !eat_index(&p, 1, &sub)) return -1;
        id->part = PART_UP;
        id->level = k / 3;
        id->index = k % 3;
        id->kind = sub ? UNET_TRANSFORMER : UNET_RESBLOCK;
    } else if (eat(&p, "middle_block.")) {
        if (!eat_index(&p, 2, &sub)) return -1;
        id->part = PART_MID;
        id->level = 0;
        id->kind = sub == 1 ? UNET_TRANSFORMER : UNET_RESBLOCK;
        id->index = sub == 2 ? 1 : 0;
    } else {
        return -1;
    }
    if (*p && *p != '.') return -1;
    *rest = p;
    return 0;
}

int names_parse_block(const char *s, BlockId *id, NameScheme *scheme, const char **rest) {
    BlockId tmp;
    const char *r = NULL;
    NameScheme sc;
    if (!s) return -1;
    if (!parse_diffusers(s, &tmp, &r)) sc = SCHEME_DIFFUSERS;
    else if (!parse_ldm(s, &tmp, &r)) sc = SCHEME_LDM;
    else return -1;
    *id = tmp;
    if (scheme) *scheme = sc;
    if (rest) *rest = r;
    return 0;
}

int names_block_id(const char *prefix, BlockId *id) {
    const char *rest = NULL;
    if (names_parse_block(prefix, id, NULL, &rest)) return -1;
    if (rest[0] == 0 || (rest[0] == '.' && rest[1] == 0)) return 0;
    return -1;
}

void names_diffusers(const BlockId *id, char *buf, size_t n) {
    const char *what = id->kind == UNET_RESBLOCK ? "resnets" : "attentions";
    if (id->part == PART_MID) snprintf(buf, n, "mid_block.%s.%d", what, id->index);
    else snprintf(buf, n, "%s.%d.%s.%d", id->part == PART_DOWN ? "down_blocks" : "up_blocks", id->level, what, id->index);
}

void names_ldm(const BlockId *id, char *buf, size_t n) {
    const int sub = id->kind == UNET_TRANSFORMER ? 1 : 0;
    if (id->part == PART_DOWN) snprintf(buf, n, "input_blocks.%d.%d", 3 * id->level + id->index + 1, sub);
    else if (id->part == PART_UP) snprintf(buf, n, "output_blocks.%d.%d", 3 * id->level + id->index, sub);
    else snprintf(buf, n, "middle_block.%d", sub ? 1 : 2 * id->index);
}

int names_to_diffusers(const char *prefix, char *buf, size_t n) {
    BlockId id;
    if (names_block_id(prefix, &id)) return -1;
    names_diffusers(&id, buf, n);
    return 0;
}

int names_to_ldm(const char *prefix, char *buf, size_t n) {
    BlockId id;
    if (names_block_id(prefix, &id)) return -1;
    names_ldm(&id, buf, n);
    return 0;
}

int names_exec_order(const BlockId *id) {
    if (id->part == PART_DOWN) return id->level * 10 + id->index * 2 + (int)id->kind;
    if (id->part == PART_MID) return 100 + (id->kind == UNET_TRANSFORMER ? 1 : 2 * id->index);
    return 200 + id->level * 10 + id->index * 2 + (int)id->kind;
}

int names_same_block(const BlockId *a, const BlockId *b) {
    return a->part == b->part && a->level == b->level && a->kind == b->kind && a->index == b->index;
}

// ---------------------------------------------------------------------------
// inner names
// ---------------------------------------------------------------------------
static const char *const kResParts[][2] = {
    {"norm1", "in_layers.0"},  {"conv1", "in_layers.2"},  {"time_emb_proj", "emb_layers.1"},
    {"norm2", "out_layers.0"}, {"conv2", "out_layers.3"}, {"conv_shortcut", "skip_connection"},
};

static int rename_part(UnetBlockKind kind, const char *inner, char *buf, size_t n, int from, int to) {
    if (kind == UNET_TRANSFORMER) {
        snprintf(buf, n, "%s", inner);
        return 0;
    }
    for (size_t i = 0; i < sizeof kResParts / sizeof kResParts[0]; i++) {
        size_t l = strlen(kResParts[i][from]);
        if (!strncmp(inner, kResParts[i][from], l) && (inner[l] == '.' || inner[l] == 0)) {
            snprintf(buf, n, "%s%s", kResParts[i][to], inner + l);
            return 0;
        }
    }
    return -1;
}

int names_inner_to_ldm(UnetBlockKind kind, const char *inner, char *buf, size_t n) {
    return rename_part(kind, inner, buf, n, 0, 1);
}

int names_inner_from_ldm(UnetBlockKind kind, const char *inner, char *buf, size_t n) {
    return rename_part(kind, inner, buf, n, 1, 0);
}

// ---------------------------------------------------------------------------
// layouts
// ---------------------------------------------------------------------------
const char *names_family_name(WeightsFamily f) {
    switch (f) {
        case FAMILY_SD1: return "SD1.x";
        case FAMILY_SD2: return "SD2.x";
        case FAMILY_SDXL: return "SDXL";
        default: return "unknown";
    }
}

const char *names_family_flag(WeightsFamily f) {
    switch (f) {
        case FAMILY_SD1: return "sd15";
        case FAMILY_SD2: return "sd21";
        case FAMILY_SDXL: return "sdxl";
        default: return "unknown";
    }
}

int names_family_parse(const char *s, WeightsFamily *f) {
    if (!strcmp(s, "sd15")) *f = FAMILY_SD1;
    else if (!strcmp(s, "sd21")) *f = FAMILY_SD2;
    else if (!strcmp(s, "sdxl")) *f = FAMILY_SDXL;
    else return -1;
    return 0;
}

int names_layout(WeightsFamily fam, UnetLayout *L) {
    memset(L, 0, sizeof(*L));
    L->family = fam;
    L->temb_dim = 1280;
    L->in_channels = 4;
    if (fam == FAMILY_SD1 || fam == FAMILY_SD2) {
        static const int ch[4] = {320, 640, 1280, 1280};
        L->nlevels = 4;
        for (int i = 0; i < 4; i++) L->ch[i] = ch[i], L->depth[i] = i < 3 ? 1 : 0;
        L->mid_depth = 1;
        L->context_dim = fam == FAMILY_SD1 ? 768 : 1024;
        L->proj_linear = fam == FAMILY_SD2;
        return 0;
    }
    if (fam == FAMILY_SDXL) {
        static const int ch[3] = {320, 640, 1280}, depth[3] = {0, 2, 10};
        L->nlevels = 3;
        for (int i = 0; i < 3; i++) L->ch[i] = ch[i], L->depth[i] = depth[i];
        L->mid_depth = 10;
        L->context_dim = 2048;
        L->proj_linear = 1;
        L->adm_in = 2816;
        return 0;
    }
    return -1;
}

// Follows diffusers' UNet2DConditionModel: down resnet j of level i takes
// ch[i-1] (j = 0) or ch[i]; up block i (level nlevels-1-i) concatenates the
// skip connections popped from the down path.
int names_layout_blocks(const UnetLayout *L, LayoutBlock *out) {
    int n = 0;
    const int nl = L->nlevels;
    for (int i = 0; i < nl; i++)
        for (int j = 0; j < 2; j++) {
            LayoutBlock r = {{PART_DOWN, i, UNET_RESBLOCK, j}, j == 0 && i > 0 ? L->ch[i - 1] : L->ch[i], L->ch[i], 0, 0};
            out[n++] = r;
            if (L->depth[i]) {
                LayoutBlock a = {{PART_DOWN, i, UNET_TRANSFORMER, j}, 0, 0, L->ch[i], L->depth[i]};
                out[n++] = a;
            }
        }
    const int top = L->ch[nl - 1];
    LayoutBlock m0 = {{PART_MID, 0, UNET_RESBLOCK, 0}, top, top, 0, 0};
    LayoutBlock ma = {{PART_MID, 0, UNET_TRANSFORMER, 0}, 0, 0, top, L->mid_depth};
    LayoutBlock m1 = {{PART_MID, 0, UNET_RESBLOCK, 1}, top, top, 0, 0};
    out[n++] = m0;
    if (L->mid_depth) out[n++] = ma;
    out[n++] = m1;
    int prev = top;
    for (int i = 0; i < nl; i++) {
        const int lv = nl - 1 - i;
        const int outc = L->ch[lv], inc = L->ch[lv > 0 ? lv - 1 : 0];
        for (int j = 0; j < 3; j++) {
            const int skip = j == 2 ? inc : outc;
            const int rin = j == 0 ? prev : outc;
            LayoutBlock r = {{PART_UP, i, UNET_RESBLOCK, j}, rin + skip, outc, 0, 0};
            out[n++] = r;
            if (L->depth[lv]) {
                LayoutBlock a = {{PART_UP, i, UNET_TRANSFORMER, j}, 0, 0, outc, L->depth[lv]};
                out[n++] = a;
            }
        }
        prev = outc;
    }
    return n;
}

int names_layout_find(const UnetLayout *L, const BlockId *id, LayoutBlock *out) {
    LayoutBlock all[NAMES_MAX_BLOCKS];
    int n = names_layout_blocks(L, all);
    for (int i = 0; i < n; i++)
        if (names_same_block(&all[i].id, id)) {
            *out = all[i];
            return 0;
        }
    return -1;
}

int names_key_to_ldm(const UnetLayout *L, const char *key, char *buf, size_t n) {
    BlockId id;
    NameScheme sc;
    const char *rest = NULL;
    if (!names_parse_block(key, &id, &sc, &rest) && sc == SCHEME_DIFFUSERS && rest[0] == '.') {
        char pre[64], inner[256];
        names_ldm(&id, pre, sizeof pre);
        if (names_inner_to_ldm(id.kind, rest + 1, inner, sizeof inner)) return -1;
        snprintf(buf, n, "%s.%s", pre, inner);
        return 0;
    }
    static const char *const kFixed[][2] = {
        {"conv_in.", "input_blocks.0.0."},
        {"time_embedding.linear_1.", "time_embed.0."},
        {"time_embedding.linear_2.", "time_embed.2."},
        {"add_embedding.linear_1.", "label_emb.0.0."},
        {"add_embedding.linear_2.", "label_emb.0.2."},
        {"conv_norm_out.", "out.0."},
        {"conv_out.", "out.2."},
    };
    for (size_t i = 0; i < sizeof kFixed / sizeof kFixed[0]; i++) {
        size_t l = strlen(kFixed[i][0]);
        if (!strncmp(key, kFixed[i][0], l)) {
            snprintf(buf, n, "%s%s", kFixed[i][1], key + l);
            return 0;
        }
    }
    const char *p = key;
    int lv = 0;
    if (eat(&p, "down_blocks.") && eat_index(&p, L->nlevels - 2, &lv) && eat(&p, ".downsamplers.0.conv.")) {
        snprintf(buf, n, "input_blocks.%d.0.op.%s", 3 * (lv + 1), p);
        return 0;
    }
    p = key;
    if (eat(&p, "up_blocks.") && eat_index(&p, L->nlevels - 2, &lv) && eat(&p, ".upsamplers.0.conv.")) {
        const int level = L->nlevels - 1 - lv;
        snprintf(buf, n, "output_blocks.%d.%d.conv.%s", 3 * lv + 2, L->depth[level] ? 2 : 1, p);
        return 0;
    }
    return -1;
}

int names_native_latent(WeightsFamily f) { return f == FAMILY_SD2 ? 96 : f == FAMILY_SDXL ? 128 : 64; }

int names_block_level(const BlockId *id, int nlevels) {
    int level = id->part == PART_DOWN ? id->level : id->part == PART_MID ? nlevels - 1 : nlevels - 1 - id->level;
    return level < 0 ? 0 : level;
}
