// cpu_fuse.c: graph_fuse_norms, the rewrite that folds a GroupNorm into the
// operand path of the convolution reading it (the Hopper engine's fused
// "norm1+silu+conv1" row). On the CPU the rewrite is checked for its wiring
// (names, inputs, the dropped tensor, block ranges, the liveness arena) and
// for its arithmetic: the CPU executor runs a fused node as GroupNorm then
// conv, so a fused graph must reproduce the unfused one bit for bit.
#include "harness.h"
#include "graphcheck.h"
#include "../src/graph/unet.h"
#include "../common/common.h"

#include <stdlib.h>
#include <string.h>

static int always(const ConvShape *s) {
    (void)s;
    return 1;
}

static int tensor_id(const Graph *g, const char *name) {
    for (int i = 0; i < g->nt; i++)
        if (!strcmp(g->t[i].name, name)) return i;
    return -1;
}

static BlockConfig res_cfg(int B, int H, int W, int cin, int cout) {
    BlockConfig c = {.kind = BLOCK_RESBLOCK, .c = cin, .cout = cout, .h = H, .w = W, .batch = B, .temb_dim = 32,
                     .groups = 8, .eps = 1e-5, .ksize = 3, .stride = 1, .seed = 3};
    return c;
}

// A ResBlock: both GroupNorms fold into the conv that reads them (norm2 into
// conv2 even with conv_shortcut between them), wiring and names.
static void test_fuse_resblock(int cin, int cout) {
    BlockConfig cfg = res_cfg(2, 5, 6, cin, cout);
    Graph g;
    build_block(&g, &cfg);
    const int x = tensor_id(&g, "x"), n1 = g.nodes[1].out, n2 = g.nodes[3].out, c1 = g.nodes[2].out;
    const int fused = graph_fuse_norms(&g, always);
    char got[256];
    graph_node_names(&g, got, sizeof got);
    const char *want = cin != cout ? "time_emb_proj,norm1+silu+conv1,conv_shortcut,norm2+silu+conv2"
                                   : "time_emb_proj,norm1+silu+conv1,norm2+silu+conv2";
    const Node *f1 = &g.nodes[1], *f2 = &g.nodes[g.nn - 1];
    const int wiring = fused == 2 && !strcmp(got, want) && f1->op == OP_CONV && f1->gn && f1->gn->silu &&
                       f1->in == x && f1->in2 < 0 && f1->norm_out == n1 && f1->out == c1 && f1->conv->s.norm &&
                       f2->op == OP_CONV && f2->gn && f2->in == c1 && f2->norm_out == n2 && f2->out == g.out;
    result(wiring, "fuse resblock B=2 H=5 W=6 cin=%d cout=%d: 2 pairs fused, %s (got %d: %s)", cin, cout, want, fused,
           got);
    graph_free(&g);
}

// Only where ok() accepts the conv: conv2d_norm_shape_ok needs Cin % 64 for a 3x3 conv.
static void test_fuse_shape_gate(void) {
    BlockConfig cfg = res_cfg(1, 4, 4, 32, 64);
    Graph g;
    build_block(&g, &cfg);
    const int fused = graph_fuse_norms(&g, conv2d_norm_shape_ok);
    char got[256];
    graph_node_names(&g, got, sizeof got);
    result(fused == 1 && !strcmp(got, "time_emb_proj,norm1+silu,conv1,conv_shortcut,norm2+silu+conv2"),
           "fuse resblock cin=32 cout=64 with conv2d_norm_shape_ok: only norm2 (conv1 has Cin 32, not a multiple of "
           "64; got %d: %s)", fused, got);
    graph_free(&g);
}

// The CPU executor on the fused graph: the same fast and reference outputs,
// bit for bit, as the unfused graph, and every node checked.
static void test_fuse_same_numbers(int cin, int cout) {
    BlockConfig cfg = res_cfg(2, 5, 6, cin, cout);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_DEFAULT, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3};
    Graph a, b;
    RunResult ra, rb;
    build_block(&a, &cfg);
    build_block(&b, &cfg);
    graph_fuse_norms(&b, always);
    run_cpu(&a, &opt, &ra);
    run_cpu(&b, &opt, &rb);
    const Tensor *oa = &a.t[a.out], *ob = &b.t[b.out];
    const int same = oa->numel == ob->numel && !memcmp(oa->h_fast, ob->h_fast, oa->numel * sizeof(float)) &&
                     !memcmp(oa->h_ref, ob->h_ref, oa->numel * sizeof(float));
    int checked = rb.checked && rb.pass;
    for (int i = 0; i < b.nn; i++) checked &= b.nodes[i].layer_err.valid;
    result(same && checked, "fuse resblock cin=%d cout=%d on the CPU executor: fast and FP32 outputs bit-identical "
           "to the unfused graph, every fused node checked and within tolerance", cin, cout);
    run_result_free(&ra);
    run_result_free(&rb);
    graph_free(&a);
    graph_free(&b);
}

// A whole SD1.5 UNet: every ResBlock GroupNorm and every Transformer2D
// input norm (-> 1x1 proj_in) folds in, conv_norm_out (-> conv_out, 4
// channels) does not; block ranges still tile the nodes; the liveness arena
// has no overlap among tensors live at the same node (the dropped tensors
// included).
static int norm_uses(const Node *n, int *t) {  // a fused node's inputs, output and dropped tensor at once
    t[0] = n->in, t[1] = n->in2, t[2] = n->out, t[3] = n->norm_out;
    return 4;
}
static void test_fuse_unet(void) {
    UnetSpec u;
    unet_spec_family(FAMILY_SD1, &u);
    BlockConfig cfg = {.batch = 1, .h = 8, .w = 8, .context_len = 77, .seed = 1};
    Graph g;
    build_unet(&g, &u, &cfg);
    int gn_before = 0, gn_after = 0, concat = 0;
    for (int i = 0; i < g.nn; i++) gn_before += g.nodes[i].op == OP_GROUPNORM;
    const int nn = g.nn, fused = graph_fuse_norms(&g, conv2d_norm_shape_ok);
    const int tiled = graph_blocks_tile(&g);
    for (int i = 0; i < g.nn; i++) {
        gn_after += g.nodes[i].op == OP_GROUPNORM;
        concat += g.nodes[i].gn && g.nodes[i].in2 >= 0 && g.nodes[i].conv->s.cin2 == g.t[g.nodes[i].in2].c;
    }
    const int clash = graph_arena_clashes(&g, norm_uses);
    // SD1.5: 22 ResBlocks x 2 + 16 Transformer2D norms fold in; conv_norm_out stays
    result(fused == 60 && gn_before == 61 && gn_after == 1 && g.nn == nn - 60 && tiled && concat == 12 && !clash,
           "fuse whole SD1.5 UNet latent 8: %d of %d GroupNorms folded (want 60 of 61, conv_norm_out stays), %d with a "
           "concatenated input (want 12: every up-block ResBlock), block ranges tile the %d nodes, %d arena clashes", fused, gn_before, concat,
           g.nn, clash);
    graph_free(&g);
}

void cpu_suite_fuse(void) {
    test_fuse_resblock(64, 64);
    test_fuse_resblock(64, 128);
    test_fuse_shape_gate();
    test_fuse_same_numbers(64, 64);
    test_fuse_same_numbers(32, 64);
    test_fuse_unet();
}
