// builder.h: the pieces block builders assemble graphs from (blocks.c),
// shared by the single-block builders and the whole UNet (unet.c).
#ifndef UNETRUN_BUILDER_H
#define UNETRUN_BUILDER_H

#include "graph.h"

Node *add_node(Graph *g, const char *name, OpKind op, int in, int aux, int res, int out);
GroupNormLayer *spec_gn(Graph *g, const char *name, int c, int groups, double eps, int silu);
Conv2dLayer *spec_conv(Graph *g, const char *name, ConvShape s, int has_bias);
LayerNormLayer *spec_ln(Graph *g, const char *name, int c);
LinearLayer *spec_lin(Graph *g, const char *name, int k, int n, int has_bias, int silu_in, int geglu);
Node *conv_node(Graph *g, const char *name, Conv2dLayer *L, int in, int aux, int res, int out);
Node *gn_node(Graph *g, const char *name, GroupNormLayer *L, int in, int out);
Node *ln_node(Graph *g, const char *name, LayerNormLayer *L, int in, int out);
Node *gemm_node(Graph *g, const char *name, LinearLayer *L, int in, int res, int out);
Node *attn_node(Graph *g, const char *name, int in, int q_col, int aux, int k_col, int v_col, int sq, int skv,
                int heads, int d, int out);

// Report rows of a whole UNet: nodes added between begin and end form one block.
void graph_begin_block(Graph *g, const char *name, const char *kind);
void graph_end_block(Graph *g, int out);

// ResnetBlock2D over x [+ x2 along channels], temb (B, 1, 1, temb_dim);
// layer names pre + module name. Returns the output tensor (B, H, W, cout).
int resblock_into(Graph *g, const char *pre, int x, int x2, int temb, int cout, int groups, double eps);

typedef struct {
    int heads, head_dim, depth, proj_linear, groups;
    double eps;  // the GroupNorm's (1e-6 in SD)
} TransformerArgs;
// Transformer2DModel over x (B, H, W, C) with context ctx (B, L, 1, D).
// Returns the output tensor (B, H, W, C).
int transformer_into(Graph *g, const char *pre, int x, int ctx, const TransformerArgs *a);

#endif
