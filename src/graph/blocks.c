// blocks.c: block builders. Node and layer names mirror the checkpoint's
// module names (diffusers ResnetBlock2D), so weight loading is a lookup.
//
// ResBlock (sd-reference.md):
//   h   = conv1( silu( norm1(x) ) ) + time_emb_proj( silu(temb) )[:, :, None, None]
//   h   = conv2( silu( norm2(h) ) )
//   out = (conv_shortcut(x) if cin != cout else x) + h
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common.h"
#include "graph.h"

int graph_add_tensor(Graph *g, const char *name, int n, int h, int w, int c, int is_input) {
    if (g->nt >= MAX_TENSORS) die_internal("too many tensors in block");
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

static Node *add_node(Graph *g, const char *name, OpKind op, int in, int aux, int res, int out) {
    if (g->nn >= MAX_NODES) die_internal("too many nodes in block");
    Node *n = &g->nodes[g->nn++];
    memset(n, 0, sizeof(*n));
    snprintf(n->name, sizeof(n->name), "%s", name);
    n->op = op;
    n->in = in;
    n->aux = aux;
    n->res = res;
    n->out = out;
    return n;
}

static GroupNormLayer *spec_gn(Graph *g, const char *name, int c, int groups, double eps) {
    GroupNormLayer *L = &g->gn[g->ngn++];
    memset(L, 0, sizeof(*L));
    snprintf(L->name, sizeof(L->name), "%s", name);
    L->c = c;
    L->groups = groups;
    L->eps = (float)eps;
    L->silu = 1;
    return L;
}

static Conv2dLayer *spec_conv(Graph *g, const char *name, ConvShape s, int has_bias) {
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

static Node *conv_node(Graph *g, const char *name, Conv2dLayer *L, int in, int aux, int res, int out) {
    Node *n = add_node(g, name, OP_CONV, in, aux, res, out);
    n->conv = L;
    n->flops = conv2d_flops(&L->s);
    n->bytes = conv2d_min_bytes(&L->s, L->has_bias, aux >= 0, res >= 0);
    return n;
}

static Node *gn_node(Graph *g, const char *name, GroupNormLayer *L, int in, int out) {
    Node *n = add_node(g, name, OP_GROUPNORM, in, -1, -1, out);
    n->gn = L;
    n->flops = groupnorm_flops(g->t[in].numel, L->silu);
    n->bytes = groupnorm_min_bytes(g->t[in].numel);
    return n;
}

static void build_resblock(Graph *g, const BlockConfig *c) {
    const int B = c->batch, H = c->h, W = c->w;
    int x = graph_add_tensor(g, "x", B, H, W, c->c, 1);
    int temb = graph_add_tensor(g, "temb", B, 1, 1, c->temb_dim, 1);
    int tproj = graph_add_tensor(g, "temb_proj", B, 1, 1, c->cout, 0);
    int h1 = graph_add_tensor(g, "norm1_out", B, H, W, c->c, 0);
    int h2 = graph_add_tensor(g, "conv1_out", B, H, W, c->cout, 0);
    int h3 = graph_add_tensor(g, "norm2_out", B, H, W, c->cout, 0);
    int sc = -1;
    if (c->c != c->cout) sc = graph_add_tensor(g, "shortcut_out", B, H, W, c->cout, 0);
    int y = graph_add_tensor(g, "out", B, H, W, c->cout, 0);

    LinearLayer *tp = &g->lin[g->nlin++];
    memset(tp, 0, sizeof(*tp));
    snprintf(tp->name, sizeof(tp->name), "time_emb_proj");
    tp->k = c->temb_dim;
    tp->n = c->cout;
    tp->has_bias = 1;
    tp->silu_in = 1;
    Node *n = add_node(g, "time_emb_proj", OP_LINEAR, temb, -1, -1, tproj);
    n->lin = tp;
    n->flops = linear_flops(B, tp->k, tp->n);
    n->bytes = linear_min_bytes(B, tp->k, tp->n, 1);

    gn_node(g, "norm1+silu", spec_gn(g, "norm1", c->c, c->groups, c->eps), x, h1);
    ConvShape s1 = {B, H, W, c->c, c->cout, 3, 1, 1, 0, 0};
    conv_node(g, "conv1", spec_conv(g, "conv1", s1, 1), h1, tproj, -1, h2);
    gn_node(g, "norm2+silu", spec_gn(g, "norm2", c->cout, c->groups, c->eps), h2, h3);
    int residual = x;
    if (sc >= 0) {
        ConvShape ss = {B, H, W, c->c, c->cout, 1, 1, 0, 0, 0};
        conv_node(g, "conv_shortcut", spec_conv(g, "conv_shortcut", ss, 1), x, -1, -1, sc);
        residual = sc;
    }
    ConvShape s2 = {B, H, W, c->cout, c->cout, 3, 1, 1, 0, 0};
    conv_node(g, "conv2", spec_conv(g, "conv2", s2, 1), h3, -1, residual, y);
    g->out = y;
}

// A single convolution with bias (kernel studies; stride 2 is SD's
// Downsample2D conv).
static void build_conv(Graph *g, const BlockConfig *c) {
    ConvShape s = {c->batch, c->h, c->w, c->c, c->cout, c->ksize, c->stride, c->ksize / 2, 0, 0};
    if (conv2d_shape_init(&s)) die_internal("unsupported conv shape reached the graph builder");
    int x = graph_add_tensor(g, "x", c->batch, c->h, c->w, c->c, 1);
    int y = graph_add_tensor(g, "out", c->batch, s.ho, s.wo, c->cout, 0);
    conv_node(g, "conv", spec_conv(g, "conv", s, 1), x, -1, -1, y);
    g->out = y;
}

void build_block(Graph *g, const BlockConfig *cfg) {
    memset(g, 0, sizeof(*g));
    g->cfg = *cfg;
    if (!strcmp(cfg->block, "resblock"))
        build_resblock(g, cfg);
    else if (!strcmp(cfg->block, "conv"))
        build_conv(g, cfg);
    else
        die_internal("unknown block '%s' reached the graph builder", cfg->block);
}

void graph_init_weights(Graph *g, int on_device, int want_host) {
    const uint64_t seed = g->cfg.seed;
    for (int i = 0; i < g->ngn; i++) {
        GroupNormLayer spec = g->gn[i];
        groupnorm_layer_init(&g->gn[i], spec.name, spec.c, spec.groups, spec.eps, spec.silu, seed, on_device,
                             want_host);
    }
    for (int i = 0; i < g->nconv; i++) {
        Conv2dLayer spec = g->conv[i];
        conv2d_layer_init(&g->conv[i], spec.name, spec.s, spec.has_bias, seed, on_device, want_host);
        g->conv[i].cfg = spec.cfg;
    }
    for (int i = 0; i < g->nlin; i++) {
        LinearLayer spec = g->lin[i];
        linear_layer_init(&g->lin[i], spec.name, spec.k, spec.n, spec.has_bias, spec.silu_in, seed, on_device,
                          want_host);
    }
}

void graph_free(Graph *g) {
    for (int i = 0; i < g->ngn; i++) groupnorm_layer_free(&g->gn[i]);
    for (int i = 0; i < g->nconv; i++) conv2d_layer_free(&g->conv[i]);
    for (int i = 0; i < g->nlin; i++) linear_layer_free(&g->lin[i]);
    for (int i = 0; i < g->nt; i++) {
        free(g->t[i].h_fast);
        free(g->t[i].h_ref);
        g->t[i].h_fast = g->t[i].h_ref = NULL;
    }
}

static size_t align_up(size_t n) { return (n + 255) & ~(size_t)255; }

size_t graph_gpu_bytes(const Graph *g, int num_sms, int ref_gpu) {
    size_t b = 0, maxt = 0;
    for (int i = 0; i < g->nt; i++) {
        b += align_up(g->t[i].numel * 2);
        if (ref_gpu) b += align_up(g->t[i].numel * 4);
        if (g->t[i].numel > maxt) maxt = g->t[i].numel;
    }
    b += 4 * align_up(maxt * 4);  // layer-error scratch: up to 3 inputs + output, FP32
    for (int i = 0; i < g->nconv; i++) {
        const ConvShape *s = &g->conv[i].s;
        size_t nw = (size_t)s->cout * s->cin * s->ksize * s->ksize;
        b += nw * 2 + nw * 4 + nw * 4 /* transient PyTorch-layout copy */ + s->cout * 4;
        ConvConfig cand[128];
        int nc = conv2d_candidates(s, num_sms, cand, 128);
        size_t ws = 0;
        for (int k = 0; k < nc; k++) {
            size_t w = conv2d_workspace_bytes(s, cand[k]);
            if (w > ws) ws = w;
        }
        b += align_up(ws);
    }
    for (int i = 0; i < g->nlin; i++) b += (size_t)g->lin[i].n * g->lin[i].k * 6 + g->lin[i].n * 4;
    for (int i = 0; i < g->ngn; i++) b += (size_t)g->gn[i].c * 8 + (1 << 20);
    return b + (64u << 20);  // CUDA context slack, graph, cuRAND state
}

size_t graph_cpu_bytes(const Graph *g) {
    size_t b = 0, maxt = 0;
    for (int i = 0; i < g->nt; i++) {
        b += g->t[i].numel * 8;
        if (g->t[i].numel > maxt) maxt = g->t[i].numel;
    }
    b += 4 * maxt * 4;
    for (int i = 0; i < g->nconv; i++) {
        const ConvShape *s = &g->conv[i].s;
        b += (size_t)s->cout * s->cin * s->ksize * s->ksize * 12;
    }
    for (int i = 0; i < g->nlin; i++) b += (size_t)g->lin[i].n * g->lin[i].k * 8;
    return b;
}
