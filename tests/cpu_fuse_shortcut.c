// cpu_fuse_shortcut.c: graph_fuse_shortcuts, the rewrite that sums a
// ResBlock's 1x1 conv_shortcut into conv2's K (the Hopper engine's fused
// "conv2+conv_shortcut" row). On the CPU: the wiring (names, inputs, the
// dropped tensor, the shape's cs/cs2, block ranges, the liveness arena), the
// shape gate, INT8 and fused-norm exclusions, and the CPU executor's
// emulation of the fused node (FP32 sum, one FP16 rounding) against the
// unfused graph through the CLI.
#include "harness.h"
#include "graphcheck.h"
#include "../src/graph/unet.h"
#include "../common/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int always(const ConvShape *s) {
    (void)s;
    return 1;
}

static BlockConfig res_cfg(int B, int H, int W, int cin, int cout) {
    BlockConfig c = {.kind = BLOCK_RESBLOCK, .c = cin, .cout = cout, .h = H, .w = W, .batch = B, .temb_dim = 32,
                     .groups = 8, .eps = 1e-5, .ksize = 3, .stride = 1, .seed = 3};
    return c;
}

// A ResBlock with a shortcut: one pair fused, wiring and names; none without one.
static void test_sc_resblock(int cin, int cout) {
    BlockConfig cfg = res_cfg(2, 5, 6, cin, cout);
    Graph g;
    build_block(&g, &cfg);
    int x = -1, sc_out = -1, h = -1;
    for (int i = 0; i < g.nn; i++) {
        if (!strcmp(g.nodes[i].name, "conv_shortcut")) x = g.nodes[i].in, sc_out = g.nodes[i].out;
        if (!strcmp(g.nodes[i].name, "conv2")) h = g.nodes[i].in;
    }
    const int nn = g.nn, fused = graph_fuse_shortcuts(&g, always);
    char got[256];
    graph_node_names(&g, got, sizeof got);
    if (cin == cout) {
        result(fused == 0 && g.nn == nn && !strcmp(got, "time_emb_proj,norm1+silu,conv1,norm2+silu,conv2"),
               "fuse shortcut resblock cin=%d cout=%d: no shortcut, nothing fused (got %d: %s)", cin, cout, fused, got);
        graph_free(&g);
        return;
    }
    const Node *f = &g.nodes[g.nn - 1];
    const int wiring = fused == 1 && g.nn == nn - 1 &&
                       !strcmp(got, "time_emb_proj,norm1+silu,conv1,norm2+silu,conv2+conv_shortcut") &&
                       f->op == OP_CONV && f->sc && f->sc->s.ksize == 1 && f->sc_in == x && f->sc_in2 < 0 &&
                       f->sc_out == sc_out && f->res < 0 && f->in == h && f->out == g.out && f->conv->s.cs == cin &&
                       f->conv->s.cs2 == 0 && f->flops > conv2d_flops(&f->conv->s);
    result(wiring, "fuse shortcut resblock B=2 H=5 W=6 cin=%d cout=%d: conv2+conv_shortcut reads h and x, no residual, "
           "shortcut_out dropped, cs %d (got %d: %s)", cin, cout, cin, fused, got);
    graph_free(&g);
}

// The gate and the exclusions: conv2d_shortcut_shape_ok (conv2's Cin and the
// shortcut's channels multiples of 64), an INT8 shortcut (--conv1x1 int8),
// a conv2 with its GroupNorm in the operand path.
static void test_sc_gates(void) {
    struct {
        int cin, cout, int8, fuse_norm, want;
        const char *why;
    } c[] = {
        {64, 128, 0, 0, 1, "Cin 64, Cout 128: fused"},
        {64, 96, 0, 0, 0, "Cout 96: conv2's Cin is not a multiple of 64"},
        {32, 64, 0, 0, 0, "the shortcut's 32 channels are not a multiple of 64"},
        {64, 128, 1, 0, 0, "--conv1x1 int8: the shortcut runs INT8"},
        {64, 128, 0, 1, 0, "norm2 folded into conv2 first"},
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        BlockConfig cfg = res_cfg(1, 4, 4, c[k].cin, c[k].cout);
        RunOptions opt = {.tol_fp16 = 5e-3, .linear_prec = PREC_FP16,
                          .conv1x1_prec = c[k].int8 ? PREC_INT8 : PREC_FP16};
        Graph g;
        build_block(&g, &cfg);
        graph_set_precision(&g, &opt, 1);
        if (c[k].fuse_norm) graph_fuse_norms(&g, always);
        const int fused = graph_fuse_shortcuts(&g, conv2d_shortcut_shape_ok);
        result(fused == c[k].want, "fuse shortcut gate cin=%d cout=%d: %s (fused %d, want %d)", c[k].cin, c[k].cout,
               c[k].why, fused, c[k].want);
        graph_free(&g);
    }
}

// A whole SD1.5 UNet: every ResBlock with a shortcut fuses (2 down, 12 up
// with the skip concatenated: cs2 > 0), block ranges still tile the nodes,
// and no two tensors a fused node touches (its inputs, the shortcut's
// inputs, its output, the dropped tensor) share arena bytes.
static int shortcut_uses(const Node *n, int *t) {  // a fused node's inputs, output and dropped tensor
    if (!n->sc) return 0;
    t[0] = n->in, t[1] = n->sc_in, t[2] = n->sc_in2, t[3] = n->out, t[4] = n->sc_out;
    return 5;
}
static void test_sc_unet(void) {
    UnetSpec u;
    unet_spec_family(FAMILY_SD1, &u);
    BlockConfig cfg = {.batch = 1, .h = 8, .w = 8, .context_len = 77, .seed = 1};
    Graph g;
    build_unet(&g, &u, &cfg);
    const int nn = g.nn, fused = graph_fuse_shortcuts(&g, conv2d_shortcut_shape_ok);
    const int tiled = graph_blocks_tile(&g);
    int concat = 0;
    for (int i = 0; i < g.nn; i++)
        concat += g.nodes[i].sc && g.nodes[i].sc_in2 >= 0 && g.nodes[i].conv->s.cs2 == g.t[g.nodes[i].sc_in2].c;
    const int clash = graph_arena_clashes(&g, shortcut_uses);
    result(fused == 14 && g.nn == nn - 14 && tiled && concat == 12 && !clash,
           "fuse shortcut whole SD1.5 UNet latent 8: %d shortcuts fused (want 14), %d over a concatenated input (want "
           "12), block ranges tile the %d nodes, %d arena clashes",
           fused, concat, g.nn, clash);
    graph_free(&g);
}

// The CPU path: --fuse-shortcut on emulates the fused node (the shortcut
// summed in FP32), auto and off keep the two rows (no Hopper engine here);
// both pass --check, and the fused block output agrees with the unfused one
// to FP16 rounding (--save-output of both compared).
static void test_sc_cli(const char *bin) {
    const char *rb = "--block resblock --c 64 --cout 128 --h 6 --w 5 --batch 2";
    char names[512], a[512], p_on[256], p_off[256];
    int pass = 0;
    snprintf(a, sizeof a, "%s --device cpu --iters 1 --warmup 0 --check --fuse-shortcut on", rb);
    int ok = cli_report_rows(bin, a, names, sizeof names, NULL, NULL, 0, &pass);
    result(ok && pass && !strcmp(names, "time_emb_proj,norm1+silu,conv1,norm2+silu,conv2+conv_shortcut"),
           "cpu %s --fuse-shortcut on: PASS, the fused row (got %s)", rb, names);
    snprintf(a, sizeof a, "%s --device cpu --iters 1 --warmup 0 --check", rb);
    ok = cli_report_rows(bin, a, names, sizeof names, NULL, NULL, 0, &pass);
    result(ok && pass && !strcmp(names, "time_emb_proj,norm1+silu,conv1,norm2+silu,conv_shortcut,conv2"),
           "cpu %s (auto, no Hopper engine): PASS, two rows (got %s)", rb, names);
    if (!make_tmp_file(p_on, sizeof p_on, "unetrun_sc_on") || !make_tmp_file(p_off, sizeof p_off, "unetrun_sc_off")) {
        result(0, "fuse shortcut outputs: temporary files");
        return;
    }
    double worst = 1e9;
    for (int k = 0; k < 2; k++) {
        snprintf(a, sizeof a, "%s --device cpu --iters 1 --warmup 0 --fuse-shortcut %s --save-output '%s'", rb,
                 k ? "off" : "on", k ? p_off : p_on);
        Cmd r = run_cli(bin, a);
        free(r.out);
    }
    size_t na = 0, nb = 0;
    float *fa = read_saved_output(p_on, &na), *fb = read_saved_output(p_off, &nb);
    if (fa && fb && na == nb && na > 0) {
        double num = 0, den = 0;
        for (size_t i = 0; i < na; i++) num += (fa[i] - fb[i]) * (double)(fa[i] - fb[i]), den += fb[i] * (double)fb[i];
        worst = den > 0 ? sqrt(num / den) : 1e9;
    }
    result(worst < 2e-3, "cpu %s: fused and unfused block outputs agree (relative L2 %.2e < 2e-3)", rb, worst);
    free(fa), free(fb);
    unlink(p_on), unlink(p_off);
    cli_bad(bin, "--block resblock --fuse-shortcut maybe", "--fuse-shortcut");
}

void cpu_suite_fuse_shortcut(const char *bin) {
    test_sc_resblock(64, 128);
    test_sc_resblock(128, 64);
    test_sc_resblock(64, 64);
    test_sc_gates();
    test_sc_unet();
    test_sc_cli(bin);
}
