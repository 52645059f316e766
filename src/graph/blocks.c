// blocks.c: block builders. Layer names mirror the checkpoint's module names
// (diffusers ResnetBlock2D, Transformer2DModel), so weight loading is a
// lookup and random weights are seeded by the same names.
//
// ResBlock (docs/sd-reference.md):
//   h   = conv1( silu( norm1(x) ) ) + time_emb_proj( silu(temb) )[:, :, None, None]
//   h   = conv2( silu( norm2(h) ) )
//   out = (conv_shortcut(x) if cin != cout else x) + h
//
// Transformer2DModel (continuous input), activations NHWC so the token view
// (B, H*W, C) is the same memory and no reshape is ever launched:
//   h = proj_in( norm(x) )                      GroupNorm eps 1e-6; 1x1 conv or Linear
//   per BasicTransformerBlock:
//     h = to_out( attn( qkv(ln1(h)) ) ) + h     self-attention, fused QKV GEMM
//     h = to_out( attn( q(ln2(h)), kv(ctx) ) ) + h   cross-attention, fused KV GEMM
//     h = ff.net.2( geglu( ff.net.0.proj(ln3(h)) ) ) + h
//   out = proj_out(h) + x
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/random.h"
#include "../../common/common.h"
#include "../layers/attention.h"
#include "../../kernels/kernels.h"
#include "../../kernels/i8r_rule.h"
#include "blockkinds.h"
#include "builder.h"
#include "graph.h"

// Grows an array of elements of `size` bytes to hold at least need + 1;
// returns the new array (the old one is still valid until the caller frees
// it) or NULL when no growth was needed.
static void *grow_copy(void *arr, int n, int *cap, size_t size) {
    if (n < *cap) return NULL;
    int nc = *cap ? 2 * *cap : 16;
    void *p = xcalloc((size_t)nc, size);
    if (n) memcpy(p, arr, (size_t)n * size);
    *cap = nc;
    return p;
}

// Layer arrays move when they grow: every node's pointer into the old array
// is rebased onto the new one before the old one is freed.
#define GROW_LAYERS(g, arr, cnt, cap, field)                                              \
    do {                                                                                  \
        void *np_ = grow_copy((g)->arr, (g)->cnt, &(g)->cap, sizeof(*(g)->arr));          \
        if (np_) {                                                                        \
            for (int i_ = 0; i_ < (g)->nn; i_++)                                          \
                if ((g)->nodes[i_].field)                                                 \
                    (g)->nodes[i_].field = (void *)((char *)np_ + ((char *)(g)->nodes[i_].field - (char *)(g)->arr)); \
            free((g)->arr);                                                               \
            (g)->arr = np_;                                                               \
        }                                                                                 \
    } while (0)

// GROW_LAYERS for an array that two Node fields point into.
#define GROW_LAYERS2(g, arr, cnt, cap, field, field2)                                     \
    do {                                                                                  \
        void *np_ = grow_copy((g)->arr, (g)->cnt, &(g)->cap, sizeof(*(g)->arr));          \
        if (np_) {                                                                        \
            for (int i_ = 0; i_ < (g)->nn; i_++) {                                        \
                Node *n_ = &(g)->nodes[i_];                                               \
                if (n_->field) n_->field = (void *)((char *)np_ + ((char *)n_->field - (char *)(g)->arr)); \
                if (n_->field2) n_->field2 = (void *)((char *)np_ + ((char *)n_->field2 - (char *)(g)->arr)); \
            }                                                                             \
            free((g)->arr);                                                               \
            (g)->arr = np_;                                                               \
        }                                                                                 \
    } while (0)

void graph_init(Graph *g, const BlockConfig *cfg) {
    memset(g, 0, sizeof(*g));
    g->cfg = *cfg;
    g->out = -1;
}

int graph_add_tensor(Graph *g, const char *name, int n, int h, int w, int c, int is_input) {
    void *np = grow_copy(g->t, g->nt, &g->cap_t, sizeof(Tensor));
    if (np) {
        free(g->t);
        g->t = np;
    }
    Tensor *t = &g->t[g->nt];
    memset(t, 0, sizeof(*t));
    snprintf(t->name, sizeof(t->name), "%s", name);
    t->n = n;
    t->h = h;
    t->w = w;
    t->c = c;
    t->numel = (size_t)n * h * w * c;
    t->is_input = is_input;
    return g->nt++;
}

Node *add_node(Graph *g, const char *name, OpKind op, int in, int aux, int res, int out) {
    void *np = grow_copy(g->nodes, g->nn, &g->cap_n, sizeof(Node));
    if (np) {
        free(g->nodes);
        g->nodes = np;
    }
    Node *n = &g->nodes[g->nn++];
    memset(n, 0, sizeof(*n));
    snprintf(n->name, sizeof(n->name), "%s", name);
    n->op = op;
    n->in = in;
    n->aux = aux;
    n->res = res;
    n->out = out;
    n->in2 = -1;
    n->norm_out = -1;
    n->gn_src = n->gn_dst = -1;
    n->block = g->nblocks - 1;
    return n;
}

void graph_begin_block(Graph *g, const char *name, const char *kind) {
    void *np = grow_copy(g->blocks, g->nblocks, &g->cap_blocks, sizeof(GraphBlock));
    if (np) {
        free(g->blocks);
        g->blocks = np;
    }
    GraphBlock *b = &g->blocks[g->nblocks++];
    memset(b, 0, sizeof(*b));
    snprintf(b->name, sizeof b->name, "%s", name);
    snprintf(b->kind, sizeof b->kind, "%s", kind);
    b->first = g->nn;
    b->out = -1;
}

void graph_end_block(Graph *g, int out) {
    GraphBlock *b = &g->blocks[g->nblocks - 1];
    b->count = g->nn - b->first;
    b->out = out;
}

GroupNormLayer *spec_gn(Graph *g, const char *name, int c, int groups, double eps, int silu) {
    GROW_LAYERS(g, gn, ngn, cap_gn, gn);
    GroupNormLayer *L = &g->gn[g->ngn++];
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->c = c;
    L->groups = groups;
    L->eps = (float)eps;
    L->silu = silu;
    return L;
}

Conv2dLayer *spec_conv(Graph *g, const char *name, ConvShape s, int has_bias) {
    GROW_LAYERS2(g, conv, nconv, cap_conv, conv, sc);
    Conv2dLayer *L = &g->conv[g->nconv++];
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    if (conv2d_shape_init(&s)) die_internal("unsupported conv shape reached the graph builder");
    L->s = s;
    L->has_bias = has_bias;
    L->cfg.tile = 0;
    L->cfg.splits = 1;
    return L;
}

Node *conv_node(Graph *g, const char *name, Conv2dLayer *L, int in, int aux, int res, int out) {
    Node *n = add_node(g, name, OP_CONV, in, aux, res, out);
    n->conv = L;
    n->flops = conv2d_flops(&L->s);
    n->bytes = conv2d_min_bytes(&L->s, L->has_bias, aux >= 0, res >= 0);
    return n;
}

Node *gn_node(Graph *g, const char *name, GroupNormLayer *L, int in, int out) {
    Node *n = add_node(g, name, OP_GROUPNORM, in, -1, -1, out);
    n->gn = L;
    n->flops = groupnorm_flops(g->t[in].numel, L->silu);
    n->bytes = groupnorm_min_bytes(g->t[in].numel);
    return n;
}

LayerNormLayer *spec_ln(Graph *g, const char *name, int c) {
    GROW_LAYERS(g, ln, nln, cap_ln, ln);
    LayerNormLayer *L = &g->ln[g->nln++];
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->c = c;
    L->eps = 1e-5f;
    return L;
}

LinearLayer *spec_lin(Graph *g, const char *name, int k, int n, int has_bias, int silu_in, int geglu) {
    GROW_LAYERS(g, lin, nlin, cap_lin, lin);
    LinearLayer *L = &g->lin[g->nlin++];
    linear_layer_spec(L, name, k, n, has_bias, silu_in, geglu);
    return L;
}

Node *ln_node(Graph *g, const char *name, LayerNormLayer *L, int in, int out) {
    Node *n = add_node(g, name, OP_LAYERNORM, in, -1, -1, out);
    n->ln = L;
    n->flops = layernorm_flops(g->t[in].numel);
    n->bytes = layernorm_min_bytes(g->t[in].numel, L->c);
    return n;
}

// Linear over the token rows of `in` (rows = numel / K).
Node *gemm_node(Graph *g, const char *name, LinearLayer *L, int in, int res, int out) {
    Node *n = add_node(g, name, OP_GEMM, in, -1, res, out);
    n->lin = L;
    int rows = (int)(g->t[in].numel / L->k);
    n->flops = linear_flops(rows, L->k, L->n);
    n->bytes = 2.0 * ((double)L->n * L->k + (double)rows * L->k + (double)rows * linear_out_width(L)) +
               (L->has_bias ? 4.0 * L->n : 0.0) + (res >= 0 ? 2.0 * rows * L->n : 0.0);
    return n;
}

Node *attn_node(Graph *g, const char *name, int in, int q_col, int aux, int k_col, int v_col, int sq,
                       int skv, int heads, int d, int out) {
    Node *n = add_node(g, name, OP_ATTENTION, in, aux, -1, out);
    const Tensor *tq = &g->t[in], *tkv = &g->t[aux >= 0 ? aux : in];
    AttnShape s = {tq->n, heads, sq, skv, d, tq->c, tkv->c, heads * d};
    n->attn = s;
    n->q_col = q_col;
    n->k_col = k_col;
    n->v_col = v_col;
    n->attn_scale = 1.0f / sqrtf((float)d);
    n->flops = attention_flops(&s);
    n->bytes = attention_min_bytes(&s);
    return n;
}

// One ResnetBlock2D over x (B, H, W, cin) [+ x2 (B, H, W, cin2) concatenated
// along channels: an up block's skip], time embedding temb (B, 1, 1, temb_dim);
// layer names are pre + the module's ("down_blocks.0.resnets.0.conv1").
// Returns the output tensor (B, H, W, cout).
int resblock_into(Graph *g, const char *pre, int x, int x2, int temb, int cout, int groups, double eps) {
    const Tensor *tx = &g->t[x];
    const int B = tx->n, H = tx->h, W = tx->w, cin = tx->c + (x2 >= 0 ? g->t[x2].c : 0);
    char nm[96];
#define LNAME(s) (snprintf(nm, sizeof nm, "%s%s", pre, s), nm)
    int tproj = graph_add_tensor(g, "temb_proj", B, 1, 1, cout, 0);   // (B, 1, 1, cout)
    int h1 = graph_add_tensor(g, "norm1_out", B, H, W, cin, 0);       // (B, H, W, cin)
    int h2 = graph_add_tensor(g, "conv1_out", B, H, W, cout, 0);      // (B, H, W, cout)
    int h3 = graph_add_tensor(g, "norm2_out", B, H, W, cout, 0);      // (B, H, W, cout)
    int sc = -1;
    if (cin != cout) sc = graph_add_tensor(g, "shortcut_out", B, H, W, cout, 0);
    int y = graph_add_tensor(g, "out", B, H, W, cout, 0);             // (B, H, W, cout)

    LinearLayer *tp = spec_lin(g, LNAME("time_emb_proj"), g->t[temb].c, cout, 1, 1, 0);
    Node *n = add_node(g, "time_emb_proj", OP_LINEAR, temb, -1, -1, tproj);
    n->lin = tp;
    n->flops = linear_flops(B, tp->k, tp->n);
    n->bytes = linear_min_bytes(B, tp->k, tp->n, 1);

    gn_node(g, "norm1+silu", spec_gn(g, LNAME("norm1"), cin, groups, eps, 1), x, h1);
    ConvShape s1 = {B, H, W, cin, cout, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    conv_node(g, "conv1", spec_conv(g, LNAME("conv1"), s1, 1), h1, tproj, -1, h2);
    gn_node(g, "norm2+silu", spec_gn(g, LNAME("norm2"), cout, groups, eps, 1), h2, h3);
    int residual = x;
    if (sc >= 0) {
        ConvShape ss = {B, H, W, cin, cout, 1, 1, 0, 0, 0, x2 >= 0 ? g->t[x2].c : 0, 0, 0, 0, 0};  // cin2: the skip
        conv_node(g, "conv_shortcut", spec_conv(g, LNAME("conv_shortcut"), ss, 1), x, -1, -1, sc);
        residual = sc;
    }
    if (x2 >= 0) {  // the concatenated input feeds norm1 and conv_shortcut (cin != cout always holds then)
        if (sc < 0) die_internal("a ResBlock with a concatenated input needs conv_shortcut");
        g->nodes[g->nn - 1].in2 = x2;
        Node *n1 = &g->nodes[g->nn - 4];  // norm1+silu over the (B, H, W, cin) concatenation
        n1->in2 = x2;
        n1->flops = groupnorm_flops(g->t[h1].numel, 1);
        n1->bytes = groupnorm_min_bytes(g->t[h1].numel);
    }
    ConvShape s2 = {B, H, W, cout, cout, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    conv_node(g, "conv2", spec_conv(g, LNAME("conv2"), s2, 1), h3, -1, residual, y);
#undef LNAME
    return y;
}

void build_resblock(Graph *g, const BlockConfig *c) {
    const int B = c->batch, H = c->h, W = c->w;
    int x = graph_add_tensor(g, "x", B, H, W, c->c, 1);
    int temb = graph_add_tensor(g, "temb", B, 1, 1, c->temb_dim, 1);
    g->out = resblock_into(g, "", x, -1, temb, c->cout, c->groups, c->eps);
}

// A single convolution with bias (kernel studies; stride 2 is SD's
// Downsample2D conv).
void build_conv(Graph *g, const BlockConfig *c) {
    ConvShape s = {c->batch, c->h, c->w, c->c, c->cout, c->ksize, c->stride, c->ksize / 2, 0, 0, 0, 0, 0, 0, 0};
    if (conv2d_shape_init(&s)) die_internal("unsupported conv shape reached the graph builder");
    int x = graph_add_tensor(g, "x", c->batch, c->h, c->w, c->c, 1);
    int y = graph_add_tensor(g, "out", c->batch, s.ho, s.wo, c->cout, 0);
    conv_node(g, "conv", spec_conv(g, "conv", s, 1), x, -1, -1, y);
    g->out = y;
}

// One Transformer2DModel (docs/sd-reference.md). Node names are short
// operation names (qkv, attn1, out1+res, ...), prefixed "bI." when depth > 1;
// layer names are the checkpoint's.
static int transformer_layers(Graph *g, const char *pre, const TransformerArgs *a, int h, int ctx);

int transformer_into(Graph *g, const char *pre, int x, int ctx, const TransformerArgs *a) {
    const Tensor *tx = &g->t[x];
    const int B = tx->n, H = tx->h, W = tx->w, C = tx->c;
    char nm[96];
#define LNAME(s) (snprintf(nm, sizeof nm, "%s%s", pre, s), nm)
    int hn = graph_add_tensor(g, "norm_out", B, H, W, C, 0);
    int h = graph_add_tensor(g, "proj_in_out", B, H, W, C, 0);
    gn_node(g, "norm", spec_gn(g, LNAME("norm"), C, a->groups, a->eps, 0), x, hn);
    if (a->proj_linear) {
        gemm_node(g, "proj_in", spec_lin(g, LNAME("proj_in"), C, C, 1, 0, 0), hn, -1, h);
    } else {
        ConvShape s = {B, H, W, C, C, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        conv_node(g, "proj_in", spec_conv(g, LNAME("proj_in"), s, 1), hn, -1, -1, h);
    }
    h = transformer_layers(g, pre, a, h, ctx);
    int y = graph_add_tensor(g, "out", B, H, W, C, 0);
    if (a->proj_linear) {
        gemm_node(g, "proj_out+res", spec_lin(g, LNAME("proj_out"), C, C, 1, 0, 0), h, x, y);
    } else {
        ConvShape s = {B, H, W, C, C, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        conv_node(g, "proj_out+res", spec_conv(g, LNAME("proj_out"), s, 1), h, -1, x, y);
    }
#undef LNAME
    return y;
}

// The BasicTransformerBlocks of a Transformer2DModel over h (B, H, W, C).
static int transformer_layers(Graph *g, const char *blk, const TransformerArgs *a, int h, int ctx) {
    const Tensor *th = &g->t[h];
    const int B = th->n, H = th->h, W = th->w, C = th->c, S = H * W;
    const int heads = a->heads, d = a->head_dim, L = g->t[ctx].h, cdim = g->t[ctx].c;
    for (int i = 0; i < a->depth; i++) {
        char pre[16] = "", nm[32], ln[128], t0[128], t1[128], t2[128];
        if (a->depth > 1) snprintf(pre, sizeof pre, "b%d.", i);
#define NODE_NAME(s) (snprintf(nm, sizeof nm, "%s%s", pre, s), nm)
#define LAYER(buf, s) (snprintf(buf, sizeof buf, "%stransformer_blocks.%d.%s", blk, i, s), buf)
#define TENSOR(s, nn, hh, ww, cc) (snprintf(nm, sizeof nm, "%s%s", pre, s), graph_add_tensor(g, nm, nn, hh, ww, cc, 0))
        int n1 = TENSOR("ln1_out", B, H, W, C);
        int qkv = TENSOR("qkv", B, H, W, 3 * C);
        int a1 = TENSOR("attn1_out", B, H, W, C);
        int h1 = TENSOR("h1", B, H, W, C);
        int n2 = TENSOR("ln2_out", B, H, W, C);
        int q2 = TENSOR("q2", B, H, W, C);
        int kv2 = TENSOR("kv2", B, L, 1, 2 * C);
        int a2 = TENSOR("attn2_out", B, H, W, C);
        int h2 = TENSOR("h2", B, H, W, C);
        int n3 = TENSOR("ln3_out", B, H, W, C);
        int f1 = TENSOR("ff_hidden", B, H, W, 4 * C);
        int h3 = TENSOR("h3", B, H, W, C);

        ln_node(g, NODE_NAME("ln1"), spec_ln(g, LAYER(ln, "norm1"), C), h, n1);
        LinearLayer *lq = spec_lin(g, LAYER(ln, "attn1.to_qkv"), C, 3 * C, 0, 0, 0);
        linear_add_part(lq, LAYER(t0, "attn1.to_q"));
        linear_add_part(lq, LAYER(t1, "attn1.to_k"));
        linear_add_part(lq, LAYER(t2, "attn1.to_v"));
        gemm_node(g, NODE_NAME("qkv"), lq, n1, -1, qkv);
        attn_node(g, NODE_NAME("attn1"), qkv, 0, -1, C, 2 * C, S, S, heads, d, a1);
        gemm_node(g, NODE_NAME("out1+res"), spec_lin(g, LAYER(ln, "attn1.to_out.0"), C, C, 1, 0, 0), a1, h, h1);

        ln_node(g, NODE_NAME("ln2"), spec_ln(g, LAYER(ln, "norm2"), C), h1, n2);
        gemm_node(g, NODE_NAME("q2"), spec_lin(g, LAYER(ln, "attn2.to_q"), C, C, 0, 0, 0), n2, -1, q2);
        LinearLayer *lkv = spec_lin(g, LAYER(ln, "attn2.to_kv"), cdim, 2 * C, 0, 0, 0);
        linear_add_part(lkv, LAYER(t0, "attn2.to_k"));
        linear_add_part(lkv, LAYER(t1, "attn2.to_v"));
        gemm_node(g, NODE_NAME("kv2(ctx)"), lkv, ctx, -1, kv2);
        attn_node(g, NODE_NAME("attn2"), q2, 0, kv2, 0, C, S, L, heads, d, a2);
        gemm_node(g, NODE_NAME("out2+res"), spec_lin(g, LAYER(ln, "attn2.to_out.0"), C, C, 1, 0, 0), a2, h1, h2);

        ln_node(g, NODE_NAME("ln3"), spec_ln(g, LAYER(ln, "norm3"), C), h2, n3);
        gemm_node(g, NODE_NAME("ff1+geglu"), spec_lin(g, LAYER(ln, "ff.net.0.proj"), C, 8 * C, 1, 0, 1), n3, -1, f1);
        gemm_node(g, NODE_NAME("ff2+res"), spec_lin(g, LAYER(ln, "ff.net.2"), 4 * C, C, 1, 0, 0), f1, h2, h3);
#undef NODE_NAME
#undef LAYER
#undef TENSOR
        h = h3;
    }
    return h;
}

void build_transformer(Graph *g, const BlockConfig *c) {
    const int B = c->batch, H = c->h, W = c->w, C = c->c;
    int x = graph_add_tensor(g, "x", B, H, W, C, 1);                                // (B, H, W, C)
    int ctx = graph_add_tensor(g, "context", B, c->context_len, 1, c->context_dim, 1);  // (B, L, 1, D)
    TransformerArgs a = {c->heads, c->head_dim, c->depth, c->proj_linear, c->groups, c->eps};
    g->out = transformer_into(g, "", x, ctx, &a);
}

// The attention kernel alone on random Q, K, V, in the block's layouts:
// self = one fused (B, S, 3C) QKV tensor, cross = Q (B, S, C) and a fused
// (B, L, 2C) KV tensor.
void build_attention(Graph *g, const BlockConfig *c) {
    const int B = c->batch, C = c->heads * c->head_dim;
    int y = -1;
    if (!c->cross) {
        int qkv = graph_add_tensor(g, "qkv", B, c->seq, 1, 3 * C, 1);
        y = graph_add_tensor(g, "out", B, c->seq, 1, C, 0);
        attn_node(g, "attn(self)", qkv, 0, -1, C, 2 * C, c->seq, c->seq, c->heads, c->head_dim, y);
    } else {
        int q = graph_add_tensor(g, "q", B, c->seq, 1, C, 1);
        int kv = graph_add_tensor(g, "kv", B, c->kv, 1, 2 * C, 1);
        y = graph_add_tensor(g, "out", B, c->seq, 1, C, 0);
        attn_node(g, "attn(cross)", q, 0, kv, 0, C, c->seq, c->kv, c->heads, c->head_dim, y);
    }
    g->out = y;
}

// One GEMM alone (kernel studies): y = a W^T with the --epilogue of the
// linear layers: none, bias, bias + GEGLU (N = 2F -> F columns, as
// ff.net.0.proj) or bias + residual (M, N) (as to_out / ff.net.2). Rows are
// tokens: a is (1, M, 1, K), y (1, M, 1, N or F).
void build_gemm(Graph *g, const BlockConfig *c) {
    const int geglu = c->epilogue == GEMM_BLOCK_GEGLU, has_res = c->epilogue == GEMM_BLOCK_RESIDUAL;
    const int has_bias = c->epilogue != GEMM_BLOCK_NONE;
    int a = graph_add_tensor(g, "a", 1, c->m, 1, c->k, 1);                       // (M, K)
    int res = has_res ? graph_add_tensor(g, "residual", 1, c->m, 1, c->n, 1) : -1;  // (M, N)
    int y = graph_add_tensor(g, "out", 1, c->m, 1, geglu ? c->n / 2 : c->n, 0);  // (M, N) or (M, N / 2)
    static const char *names[] = {"gemm", "gemm+bias", "gemm+geglu", "gemm+res"};
    gemm_node(g, names[c->epilogue], spec_lin(g, "gemm", c->k, c->n, has_bias, 0, geglu), a, res, y);
    g->out = y;
}

void build_block(Graph *g, const BlockConfig *cfg) {
    graph_init(g, cfg);
    block_kind(cfg->kind)->build(g, cfg);
}

// How many nodes read tensor t (or 1 more when it is the graph's output).
static int tensor_readers(const Graph *g, int t) {
    int r = g->out == t;
    for (int i = 0; i < g->nn; i++) {
        int rd[NODE_MAX_READS];
        const int nr = node_reads(&g->nodes[i], rd);
        for (int k = 0; k < nr; k++) r += rd[k] == t;
    }
    return r;
}

// Removes node i (its work now part of another node), keeping the blocks' node ranges.
static void remove_node(Graph *g, int i) {
    memmove(&g->nodes[i], &g->nodes[i + 1], (size_t)(g->nn - i - 1) * sizeof(Node));
    g->nn--;
    for (int k = 0; k < g->nblocks; k++) {
        GraphBlock *blk = &g->blocks[k];
        if (blk->first > i) blk->first--;
        else if (i < blk->first + blk->count) blk->count--;
    }
}

// The node after i that reads node i's output (in, in2, aux or res; e.g.
// conv_shortcut may run between norm2 and conv2), or -1.
static int next_reader(const Graph *g, int i) {
    const int t = g->nodes[i].out;
    for (int j = i + 1; j < g->nn; j++) {
        const Node *n = &g->nodes[j];
        if (n->in == t || n->in2 == t || n->aux == t || n->res == t) return j;
    }
    return -1;
}

// Node b's report row after a fold: "<first>+<second>", cut to the field.
static void fused_name(Node *b, const char *first, const char *second) {
    char name[2 * sizeof b->name + 1];
    snprintf(name, sizeof name, "%s+%s", first, second);
    snprintf(b->name, sizeof b->name, "%.*s", (int)sizeof b->name - 1, name);
}

int graph_fuse_norms(Graph *g, int (*ok)(const ConvShape *s)) {
    int fused = 0;
    for (int i = 0; i < g->nn; i++) {
        const Node *a = &g->nodes[i];
        if (a->op != OP_GROUPNORM || tensor_readers(g, a->out) != 1) continue;
        const int j = next_reader(g, i);  // the one reader
        if (j < 0) continue;
        Node *b = &g->nodes[j];
        if (b->op != OP_CONV || b->in != a->out || b->in2 >= 0 || b->up2x || b->prec != PREC_FP16) continue;
        ConvShape s = b->conv->s;
        s.cin2 = a->in2 >= 0 ? g->t[a->in2].c : 0;
        s.norm = 1;
        if (!ok(&s)) continue;
        b->conv->s = s;
        b->gn = a->gn;
        b->in = a->in;
        b->in2 = a->in2;
        b->norm_out = a->out;
        b->gn_splits = 0;
        b->flops += a->flops;
        b->bytes -= 2.0 * g->t[a->out].numel;  // the normalized tensor is neither written nor read
        fused_name(b, a->name, b->name);
        remove_node(g, i);
        fused++;
        i--;  // node i is now the one after the removed GroupNorm
    }
    return fused;
}

int graph_link_gn_stats(Graph *g, int (*max_slots)(const ConvShape *s)) {
    int linked = 0;
    for (int i = 0; i < g->nn; i++) {
        Node *a = &g->nodes[i];
        if (a->op != OP_GROUPNORM || a->in2 >= 0 || a->gn_src >= 0) continue;
        for (int j = 0; j < i; j++) {  // the node that writes a's input
            Node *b = &g->nodes[j];
            if (b->out != a->in) continue;
            if (b->op != OP_CONV || b->prec != PREC_FP16 || b->gn || b->sc || b->in2 >= 0 || b->up2x ||
                b->gn_dst >= 0)
                break;
            const int slots = max_slots(&b->conv->s);
            if (slots <= 0) break;
            a->gn_src = j;
            b->gn_dst = i;
            a->gn_slots = slots;
            linked++;
            break;
        }
    }
    return linked;
}

int graph_fuse_shortcuts(Graph *g, int (*ok)(const ConvShape *s)) {
    int fused = 0;
    for (int i = 0; i < g->nn; i++) {
        const Node *a = &g->nodes[i];
        if (a->op != OP_CONV || a->prec != PREC_FP16 || a->gn || a->sc || a->up2x || a->aux >= 0 || a->res >= 0)
            continue;
        const ConvShape *sa = &a->conv->s;
        if (sa->ksize != 1 || sa->stride != 1 || sa->pad != 0 || tensor_readers(g, a->out) != 1) continue;
        const int j = next_reader(g, i);  // the one reader
        if (j < 0) continue;
        Node *b = &g->nodes[j];
        if (b->op != OP_CONV || b->res != a->out || b->prec != PREC_FP16 || b->gn || b->sc || b->in2 >= 0 || b->up2x)
            continue;
        ConvShape s = b->conv->s;
        if (s.batch != sa->batch || s.ho != sa->h || s.wo != sa->w || s.cout != sa->cout) continue;
        s.cs = sa->cin;
        s.cs2 = sa->cin2;
        if (!ok(&s)) continue;
        b->conv->s = s;
        b->sc = a->conv;
        b->sc_in = a->in;
        b->sc_in2 = a->in2;
        b->sc_out = a->out;
        b->res = -1;
        b->flops += a->flops;
        // the shortcut's output is neither written nor read back as the residual (FP16, 2 + 2 bytes per element)
        b->bytes += a->bytes - 4.0 * g->t[a->out].numel;
        fused_name(b, b->name, a->name);
        remove_node(g, i);
        fused++;
        i--;  // node i is now the one after the removed shortcut
    }
    return fused;
}

// Whether b is a GEMM that reads LayerNorm a's output, which nothing else reads, at K = a's width: the pair
// graph_fuse_layernorms folds (FP16) or turns into a quantizing LayerNorm pass (INT8 row).
static int layernorm_gemm_pair(const Graph *g, const Node *a, const Node *b) {
    return a->op == OP_LAYERNORM && b->op == OP_GEMM && b->in == a->out && b->lin->k == a->ln->c &&
           !b->lin->silu_in && tensor_readers(g, a->out) == 1;
}

int graph_fuse_layernorms(Graph *g, int min_c, int min_c_int8) {
    int fused = 0;
    for (int i = 0; i < g->nn; i++) {
        const Node *a = &g->nodes[i];
        if (a->op != OP_LAYERNORM) continue;
        const int j = next_reader(g, i);  // the one reader
        if (j < 0) continue;
        Node *b = &g->nodes[j];
        if (!layernorm_gemm_pair(g, a, b)) continue;
        const int fold = b->prec == PREC_FP16 && a->ln->c >= min_c;
        const int quant = b->prec == PREC_INT8 && b->i8_rows && !b->i8_group && a->ln->c >= min_c_int8;
        if (!fold && !quant) continue;
        b->ln = a->ln;
        b->in = a->in;
        b->norm_out = a->out;
        b->flops += a->flops;  // bytes stay the GEMM's: it reads x where it read the LayerNorm's output
        // "ln1" + "qkv" -> "ln1+qkv"; "b1.ln1" + "b1.qkv" -> "b1.ln1+qkv" (one block prefix)
        const char *dot = strrchr(a->name, '.');
        const size_t pre = dot ? (size_t)(dot - a->name) + 1 : 0;
        const char *tail = pre && !strncmp(b->name, a->name, pre) ? b->name + pre : b->name;
        fused_name(b, a->name, tail);
        remove_node(g, i);
        fused++;
        i--;  // node i is now the one after the removed LayerNorm
    }
    return fused;
}

// Whether node b is the GEMM of a layernorm_gemm_pair (its input's producer a LayerNorm).
static int reads_foldable_layernorm(const Graph *g, const Node *b) {
    for (int i = 0; i < g->nn; i++)
        if (g->nodes[i].out == b->in) return layernorm_gemm_pair(g, &g->nodes[i], b);
    return 0;
}

// --linear auto: the precision of linear node n (its i8_rows set for INT8, prec_auto where A is plain FP16
// rows and the rule decides). Every linear stays FP16 without the INT8 row TMA tiles (int8_tiles 0), and so
// does a GEMM whose K is not a multiple of 16 (the tiles' 16-byte rows): the portable kernel that would run
// instead is not tuned.
static void auto_precision(const Graph *g, Node *n, const RunOptions *opt, int int8_tiles) {
    if (!int8_tiles) return;  // prec FP16, as graph_set_precision left it
    const int k = n->lin->k, m = n->op == OP_LINEAR ? g->t[n->in].n : (int)(g->t[n->in].numel / k);
    n->i8_rows = 1;
    n->i8_qa = opt->fuse_quant;
    if (n->op == OP_LINEAR && linear_rows_int8_fits(m, k)) {
        n->prec = PREC_INT8;  // linear_rows_int8 quantizes its rows itself, in its one kernel
    } else if (k % 16) {
        n->prec = PREC_FP16;
    } else if (n->op == OP_GEMM && opt->fuse_ln != FUSE_OFF && reads_foldable_layernorm(g, n)) {
        n->prec = PREC_INT8;  // the LayerNorm pass quantizes A
    } else {
        n->prec_auto = 1;
        n->prec = i8r_rule_a16_int8(n->lin->n, k) ? PREC_INT8 : PREC_FP16;
    }
}

// --int8-scales group: the GEMMs whose A is FP16 rows, quantized per (row, 128-K group) by
// quantize_groups_int8 before gemm_int8_group. The few-row
// linears (the time embedding's, time_emb_proj, SiLU on A) keep row scales: linear_rows_int8 quantizes
// their rows in its one kernel.
static int group_scales_apply(const Graph *g, const Node *n) {
    if (n->op != OP_LINEAR) return 1;
    return !n->lin->silu_in && !linear_rows_int8_fits(g->t[n->in].n, n->lin->k);
}

void graph_set_precision(Graph *g, const RunOptions *opt, int int8_tiles) {
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        n->prec = PREC_FP16;
        n->prec_auto = 0;
        n->i8_rows = n->i8_group = n->i8_qa = 0;
        if ((n->op == OP_LINEAR || n->op == OP_GEMM) && opt->linear_prec == PREC_AUTO) {
            auto_precision(g, n, opt, int8_tiles);
            continue;
        }
        if (n->op == OP_LINEAR || n->op == OP_GEMM)
            n->prec = opt->linear_prec;
        else if (n->op == OP_CONV && n->conv->s.ksize == 1 && n->conv->s.stride == 1 && !n->conv->s.cin2)
            n->prec = opt->conv1x1_prec;
        n->i8_rows = n->prec == PREC_INT8 && opt->int8_rows;  // --int8-scales row: gemm_int8_rows
        n->i8_group = n->i8_rows && opt->int8_rows == 2 && group_scales_apply(g, n);
        n->i8_qa = n->i8_rows && !n->i8_group ? opt->fuse_quant : FUSE_OFF;
    }
    graph_set_tolerances(g, opt);
}

void graph_set_tolerances(Graph *g, const RunOptions *opt) {
    const double tol_int8 = opt->tol_int8 > 0 ? opt->tol_int8 : 3e-2;
    int *int8_out = xcalloc((size_t)g->nt + 1, sizeof(int));  // tensor depends on an INT8 node's output
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        int downstream = int8_out[n->in] || (n->aux >= 0 && int8_out[n->aux]) || (n->res >= 0 && int8_out[n->res]);
        n->tol = (n->prec == PREC_INT8 || downstream) ? tol_int8 : opt->tol_fp16;
        n->layer_tol = (n->prec != PREC_INT8 && downstream) ? opt->tol_fp16 : 0.0;
        int8_out[n->out] = n->prec == PREC_INT8 || downstream;
    }
    free(int8_out);
}

const char *block_size_hint(const BlockConfig *cfg) { return block_kind(cfg->kind)->size_hint; }

void graph_input_values(const Graph *g, const Tensor *t, float *dst) {
    if (t->h_init) memcpy(dst, t->h_init, t->numel * sizeof(float));  // --input
    else random_normal(t->name, g->cfg.seed, dst, t->numel);
    for (size_t k = 0; k < t->numel; k++) dst[k] = round_f16(dst[k]);
}

void graph_init_weights(Graph *g, const ParamSource *src, int on_device, int want_host, int keep_ref_dev) {
    const uint64_t seed = g->cfg.seed;
    for (int i = 0; i < g->ngn; i++) {
        GroupNormLayer spec = g->gn[i];
        groupnorm_layer_init(&g->gn[i], spec.name, spec.c, spec.groups, spec.eps, spec.silu, src, seed,
                             on_device, want_host);
    }
    for (int i = 0; i < g->nconv; i++) {
        Conv2dLayer spec = g->conv[i];
        conv2d_layer_init(&g->conv[i], spec.name, spec.s, spec.has_bias, src, seed, on_device, want_host);
        if (on_device && !keep_ref_dev) conv2d_layer_drop_ref_dev(&g->conv[i]);  // one layer's FP32 at a time
        g->conv[i].cfg = spec.cfg;
    }
    if (on_device)  // graph_fuse_shortcuts: the conv's weight and bias joined with its shortcut's
        for (int i = 0; i < g->nn; i++)
            if (g->nodes[i].sc) conv2d_layer_join_shortcut(g->nodes[i].conv, g->nodes[i].sc);
    for (int i = 0; i < g->nln; i++) {  // first: a LayerNorm folded into a linear layer is read at its load
        LayerNormLayer spec = g->ln[i];
        layernorm_layer_init(&g->ln[i], spec.name, spec.c, spec.eps, src, seed, on_device, want_host);
    }
    const LayerNormLayer **fold = xcalloc((size_t)g->nlin + 1, sizeof(*fold));  // per linear layer
    for (int i = 0; i < g->nn; i++)
        if (node_ln_fold(&g->nodes[i])) fold[g->nodes[i].lin - g->lin] = g->nodes[i].ln;
    for (int i = 0; i < g->nlin; i++) {
        linear_layer_init(&g->lin[i], src, seed, on_device, want_host);
        if (fold[i]) {  // graph_fuse_layernorms: gamma and beta into the weights, from the FP32 copy
            const LayerNormLayer *N = fold[i];
            float *gam = N->h_gamma ? N->h_gamma : host_copy_f32(N->d_gamma, N->c);
            float *bet = N->h_beta ? N->h_beta : host_copy_f32(N->d_beta, N->c);
            linear_fold_layernorm(&g->lin[i], gam, bet, on_device);
            if (gam != N->h_gamma) free(gam);
            if (bet != N->h_beta) free(bet);
        }
        if (on_device && !keep_ref_dev) linear_layer_drop_ref_dev(&g->lin[i]);
    }
    free(fold);
    // Weights are written on the legacy default stream; the executor's
    // kernels run on non-blocking streams, which that stream does not order.
    if (on_device) cudaCheck(cudaDeviceSynchronize());
}

void graph_free(Graph *g) {
    for (int i = 0; i < g->ngn; i++) groupnorm_layer_free(&g->gn[i]);
    for (int i = 0; i < g->nconv; i++) conv2d_layer_free(&g->conv[i]);
    for (int i = 0; i < g->nlin; i++) linear_layer_free(&g->lin[i]);
    for (int i = 0; i < g->nln; i++) layernorm_layer_free(&g->ln[i]);
    for (int i = 0; i < g->nt; i++) {
        free(g->t[i].h_fast);
        free(g->t[i].h_ref);
        free(g->t[i].h_init);
        g->t[i].h_fast = g->t[i].h_ref = g->t[i].h_init = NULL;
    }
    free(g->t);
    free(g->nodes);
    free(g->gn);
    free(g->conv);
    free(g->lin);
    free(g->ln);
    g->t = NULL;
    g->nodes = NULL;
    g->gn = NULL;
    g->conv = NULL;
    g->lin = NULL;
    g->ln = NULL;
    g->nt = g->nn = g->ngn = g->nconv = g->nlin = g->nln = 0;
    g->cap_t = g->cap_n = g->cap_gn = g->cap_conv = g->cap_lin = g->cap_ln = 0;
}

static size_t align_up(size_t n) { return (n + 255) & ~(size_t)255; }

// Largest FP32 score matrix the attention reference needs (one (b, h) at a time).
size_t graph_attn_scores(const Graph *g) {
    size_t m = 0;
    for (int i = 0; i < g->nn; i++)
        if (g->nodes[i].op == OP_ATTENTION) {
            size_t s = (size_t)g->nodes[i].attn.sq * g->nodes[i].attn.skv;
            if (s > m) m = s;
        }
    return m;
}

// Largest split-K workspace over the candidate configs of a conv shape.
static size_t max_conv_ws(const ConvShape *s, int num_sms) {
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    int nc = conv2d_candidates(s, num_sms, cand, CONV2D_MAX_CANDIDATES);
    size_t ws = 0;
    for (int k = 0; k < nc; k++) {
        size_t w = conv2d_workspace_bytes(s, cand[k]);
        if (w > ws) ws = w;
    }
    return ws;
}

// Largest split-K workspace over the INT8 GEMM candidates of (M, N, K).
static size_t max_int8_ws(int m, int n, int k, int num_sms) {
    TileConfig cand[128];
    int nc = gemm_int8_candidates(m, n, k, num_sms, cand, 128);
    size_t ws = 0;
    for (int i = 0; i < nc; i++) {
        size_t w = gemm_int8_workspace_bytes(m, n, k, cand[i]);
        if (w > ws) ws = w;
    }
    size_t h = gemm_int8_workspace_bytes(m, n, k, gemm_int8_heuristic(m, n, k, num_sms));
    return h > ws ? h : ws;
}

// Covers both precisions of every GEMM-capable node (--linear / --conv1x1
// may pick either, and INT8 nodes also run the FP16 GEMM for fp16_err).
size_t graph_gemm_workspace(const Graph *g, int num_sms) {
    size_t ws = 0;
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        size_t w = 0, w8 = 0;
        if (n->op == OP_CONV) {
            const ConvShape *s = &n->conv->s;
            w = max_conv_ws(s, num_sms);
            if (s->ksize == 1 && s->stride == 1) w8 = max_int8_ws(s->batch * s->h * s->w, s->cout, s->cin, num_sms);
        } else if (n->op == OP_GEMM) {
            const int rows = (int)(g->t[n->in].numel / n->lin->k);
            ConvShape s = gemm_as_conv(rows, n->lin->n, n->lin->k);
            if (!conv2d_shape_init(&s)) w = max_conv_ws(&s, num_sms);
            w8 = max_int8_ws(rows, n->lin->n, n->lin->k, num_sms);
        } else if (n->op == OP_LINEAR) {
            w8 = max_int8_ws(g->t[n->in].n, n->lin->n, n->lin->k, num_sms);
        } else if (n->op == OP_ATTENTION) {  // the stream-K attention kernels' partials (at the padded head dim, if any)
            const AttnShape s = attention_shape_at_head_dim(&n->attn, attention_gpu_head_dim(n->attn.d));
            w = attention_workspace_bytes(&s);
        }
        if (w8 > w) w = w8;
        if (w > ws) ws = w;
    }
    return ws;
}

void arena_plan_free(ArenaPlan *p) {
    free(p->t16);
    free(p->tref);
    free(p->gn_splits);
    free(p->gn_ws);
    free(p->gn_ws_bytes);
    free(p->ln_stats);
    memset(p, 0, sizeof(*p));
}

// Lifetimes of the tensors in node order: [first[i], last[i]].
static void live_ranges(const Graph *g, int *first, int *last) {
    for (int i = 0; i < g->nt; i++) first[i] = g->t[i].is_input ? 0 : g->nn, last[i] = g->t[i].is_input ? g->nn : -1;
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        int rd[NODE_MAX_READS];
        const int nr = node_reads(n, rd);
        for (int k = 0; k < nr; k++)
            if (rd[k] >= 0 && last[rd[k]] < i) last[rd[k]] = i;
        if (first[n->out] > i) first[n->out] = i;
        if (last[n->out] < i) last[n->out] = i;
        // a fused GroupNorm's or shortcut's dropped output: only the vendor chain writes it
        const int dropped[2] = {n->norm_out, n->sc ? n->sc_out : -1};
        for (int k = 0; k < 2; k++) {
            if (dropped[k] < 0) continue;
            if (first[dropped[k]] > i) first[dropped[k]] = i;
            if (last[dropped[k]] < i) last[dropped[k]] = i;
        }
        // a side-branch candidate (reads only graph inputs) may run at the start of the replay
        const int side = (n->op == OP_LINEAR || n->op == OP_GEMM) && g->t[n->in].is_input && n->res < 0;
        if (side) first[n->out] = 0;
    }
    if (g->out >= 0) last[g->out] = g->nn;
}

size_t graph_live_offsets(const Graph *g, size_t *off) {
    int *first = xcalloc((size_t)g->nt + 1, sizeof(int)), *last = xcalloc((size_t)g->nt + 1, sizeof(int));
    int *order = xcalloc((size_t)g->nt + 1, sizeof(int)), *placed = xcalloc((size_t)g->nt + 1, sizeof(int));
    live_ranges(g, first, last);
    for (int i = 0; i < g->nt; i++) order[i] = i;
    for (int i = 1; i < g->nt; i++)  // by start, then larger first (insertion sort: about a thousand tensors)
        for (int j = i; j > 0; j--) {
            const int a = order[j - 1], b = order[j];
            if (first[a] < first[b] || (first[a] == first[b] && g->t[a].numel >= g->t[b].numel)) break;
            order[j - 1] = b, order[j] = a;
        }
    size_t span = 0;
    int np = 0;
    for (int k = 0; k < g->nt; k++) {
        const int t = order[k];
        const size_t size = align_up(g->t[t].numel * sizeof(uint16_t));
        size_t at = 0;
        for (int moved = 1; moved;) {  // lowest offset that overlaps no placed tensor live at the same time
            moved = 0;
            for (int q = 0; q < np; q++) {
                const int o = placed[q];
                const size_t osz = align_up(g->t[o].numel * sizeof(uint16_t));
                if (last[o] < first[t] || first[o] > last[t]) continue;
                if (at < off[o] + osz && off[o] < at + size) at = off[o] + osz, moved = 1;
            }
        }
        off[t] = at;
        placed[np++] = t;
        if (at + size > span) span = at + size;
    }
    free(first), free(last), free(order), free(placed);
    return span;
}

void graph_arena_plan(const Graph *g, int num_sms, int ref_gpu, ArenaPlan *p) {
    memset(p, 0, sizeof(*p));
    p->ref_gpu = ref_gpu;
    p->t16 = xcalloc((size_t)g->nt + 1, sizeof(size_t));
    p->tref = xcalloc((size_t)g->nt + 1, sizeof(size_t));
    p->gn_splits = xcalloc((size_t)g->nn + 1, sizeof(int));
    p->gn_ws = xcalloc((size_t)g->nn + 1, sizeof(size_t));
    p->gn_ws_bytes = xcalloc((size_t)g->nn + 1, sizeof(size_t));
    p->ln_stats = xcalloc((size_t)g->nn + 1, sizeof(size_t));
    size_t off = 0;
    const int shared = g->share_activations && !ref_gpu;
    if (shared) off = graph_live_offsets(g, p->t16);  // FP16 tensors by liveness, at the arena's start
    for (int i = 0; i < g->nt; i++) {
        const size_t numel = g->t[i].numel;
        if (numel > p->maxt) p->maxt = numel;
        if (!shared) {
            p->t16[i] = off;
            off += align_up(numel * sizeof(uint16_t));
        }
        if (ref_gpu) {
            p->tref[i] = off;
            off += align_up(numel * sizeof(float));
        }
    }
    p->scratch_each = align_up(p->maxt * sizeof(float));
    p->scratch = off;
    off += 8 * p->scratch_each;  // layer-error scratch: in, aux, res, out, 2x temporary, in2, input view
    p->scores_bytes = ref_gpu ? graph_attn_scores(g) * sizeof(float) : 0;
    p->scores = off;
    off += align_up(p->scores_bytes);
    p->gemm_ws_bytes = graph_gemm_workspace(g, num_sms);  // the side branch gets its own copy
    p->gemm_ws = off;
    off += align_up(p->gemm_ws_bytes);
    p->side_ws = off;
    off += align_up(p->gemm_ws_bytes);
    for (int i = 0; i < g->nn; i++) {  // attention at a head dim the GPU pads: Q, K, V, O at the padded width
        const AttnShape *a = &g->nodes[i].attn;
        const int dp = g->nodes[i].op == OP_ATTENTION ? attention_gpu_head_dim(a->d) : 0;
        if (dp <= a->d) continue;
        size_t b = (size_t)2 * a->batch * a->heads * dp * (2 * (size_t)a->sq + 2 * (size_t)a->skv) + 1024;
        if (b > p->attn_pad_bytes) p->attn_pad_bytes = b;
    }
    p->attn_pad = off;
    off += align_up(p->attn_pad_bytes);
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        if (!n->gn) continue;  // a GroupNorm, or a conv with its GroupNorm in the operand path
        const Tensor *x = &g->t[n->in];
        const int c = x->c + (n->in2 >= 0 ? g->t[n->in2].c : 0);  // an up block's concatenated input
        // the statistics pass's splits; the executor runs a GroupNorm node in one kernel instead
        // where the tile fits (the workspace is sized for the splits either way)
        p->gn_splits[i] = groupnorm_splits(x->n, x->h * x->w, c, num_sms);
        p->gn_ws_bytes[i] = groupnorm_workspace_bytes(x->n, n->gn->groups, p->gn_splits[i], c);
        // statistics from the producer's epilogue (graph_link_gn_stats): (slots, C) mean, M2, then (slots) sample, rows
        if (n->gn_src >= 0) p->gn_ws_bytes[i] += gn_stats_bytes(n->gn_slots, c);
        p->gn_ws[i] = off;
        off += align_up(p->gn_ws_bytes[i]);
    }
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        if (!node_ln_fold(n)) continue;  // a LayerNorm folded into the GEMM: its row statistics
        p->ln_stats[i] = off;
        off += align_up(g->t[n->in].numel / n->ln->c * 2 * sizeof(float));
    }
    p->total = off;
}

size_t graph_gpu_bytes(const Graph *g, int num_sms, int ref_gpu, int ref_weights) {
    ArenaPlan plan;
    graph_arena_plan(g, num_sms, ref_gpu, &plan);
    size_t b = plan.total, transient = 0;
    arena_plan_free(&plan);
    for (int i = 0; i < g->nconv; i++) {
        const ConvShape *s = &g->conv[i].s;
        size_t nw = (size_t)s->cout * s->cin * s->ksize * s->ksize;
        b += nw * 2 + (ref_weights ? nw * 4 : 0) + s->cout * 4;
        // while a layer loads: its PyTorch-layout copy (and its FP32 copy, freed after)
        const size_t tr = nw * 4 + (ref_weights ? 0 : nw * 4);
        if (tr > transient) transient = tr;
    }
    for (int i = 0; i < g->nlin; i++) {
        const size_t nw = (size_t)g->lin[i].n * g->lin[i].k;
        b += nw * 2 + (ref_weights ? nw * 4 : 0) + g->lin[i].n * 8;
        const size_t tr = (g->lin[i].geglu ? nw * 4 : 0) + (ref_weights ? 0 : nw * 4);  // GEGLU: interleave buffer
        if (tr > transient) transient = tr;
    }
    b += transient;
    for (int i = 0; i < g->nn; i++)  // a folded LayerNorm: the weights' column sums and folded bias
        if (g->nodes[i].op == OP_GEMM && g->nodes[i].ln) b += (size_t)g->nodes[i].lin->n * 8;
    for (int i = 0; i < g->ngn; i++) b += (size_t)g->gn[i].c * 8;
    for (int i = 0; i < g->nln; i++) b += (size_t)g->ln[i].c * 8;
    return b + (64u << 20);  // CUDA context slack, graph, cuRAND state
}

size_t graph_cpu_bytes(const Graph *g) {
    size_t b = 0, maxt = 0;
    for (int i = 0; i < g->nt; i++) {
        b += g->t[i].numel * 8;
        if (g->t[i].numel > maxt) maxt = g->t[i].numel;
    }
    b += 6 * maxt * 4 + graph_attn_scores(g) * 4;
    for (int i = 0; i < g->nconv; i++) {
        const ConvShape *s = &g->conv[i].s;
        b += (size_t)s->cout * s->cin * s->ksize * s->ksize * 12;
    }
    for (int i = 0; i < g->nlin; i++) b += (size_t)g->lin[i].n * g->lin[i].k * 8;
    return b;
}
