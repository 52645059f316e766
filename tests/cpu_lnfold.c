// cpu_lnfold.c: graph_fuse_layernorms, the rewrite that folds a transformer
// LayerNorm into the FP16 GEMM reading it (ln1 -> qkv, ln2 -> q2, ln3 ->
// ff1+geglu: one row "ln1+qkv"), and its arithmetic (linear_fold_layernorm,
// linear_lnfold_cpu: gamma in the weights, beta in the bias, the row
// statistics applied after the GEMM). Checked on the CPU: the wiring (names,
// inputs, the dropped tensor, depth > 1, INT8 GEMMs left alone, the whole
// SD1.5 UNet's block ranges and liveness arena), the fold against LayerNorm
// -> Linear in FP32 on hostile rows (large common offsets, C = 8 and 24, M
// tails, GEGLU), the CPU executor on fused and unfused graphs (the FP32
// chain bit for bit, the fast chain within FP16 rounding of it), and the CLI.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/graph/unet.h"
#include "../src/layers/layernorm.h"
#include "../src/layers/linear.h"
#include "../weights/random.h"
#include "harness.h"
#include "graphcheck.h"

static void node_names(const Graph *g, char *buf, size_t len) {
    buf[0] = 0;
    for (int i = 0; i < g->nn; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? "," : "", g->nodes[i].name);
}

static int tensor_id(const Graph *g, const char *name) {
    for (int i = 0; i < g->nt; i++)
        if (!strcmp(g->t[i].name, name)) return i;
    return -1;
}

static BlockConfig tf_cfg(int B, int H, int W, int C, int heads, int depth) {
    BlockConfig c = {.kind = BLOCK_TRANSFORMER, .c = C, .h = H, .w = W, .batch = B, .heads = heads,
                     .head_dim = C / heads, .context_len = 3, .context_dim = 16, .depth = depth,
                     .groups = C % 32 ? 8 : 32, .eps = 1e-6, .seed = 5};
    return c;
}

// A transformer of depth 1 and 2: every LayerNorm folds into its GEMM,
// names, inputs and the dropped tensors.
static void test_lnfold_wiring(int depth) {
    BlockConfig cfg = tf_cfg(2, 4, 5, 64, 2, depth);
    Graph g;
    build_block(&g, &cfg);
    RunOptions opt = {.tol_fp16 = 5e-3};
    graph_set_precision(&g, &opt, 1);
    const int nn = g.nn, fused = graph_fuse_layernorms(&g, 0, INT_MAX);
    char got[512];
    node_names(&g, got, sizeof got);
    const char *want = depth == 1
                           ? "norm,proj_in,ln1+qkv,attn1,out1+res,ln2+q2,kv2(ctx),attn2,out2+res,ln3+ff1+geglu,"
                             "ff2+res,proj_out+res"
                           : "norm,proj_in,b0.ln1+qkv,b0.attn1,b0.out1+res,b0.ln2+q2,b0.kv2(ctx),b0.attn2,b0.out2+res,"
                             "b0.ln3+ff1+geglu,b0.ff2+res,b1.ln1+qkv,b1.attn1,b1.out1+res,b1.ln2+q2,b1.kv2(ctx),"
                             "b1.attn2,b1.out2+res,b1.ln3+ff1+geglu,b1.ff2+res,proj_out+res";
    int ok = fused == 3 * depth && g.nn == nn - 3 * depth && !strcmp(got, want);
    for (int d = 0; d < depth && ok; d++) {  // ln1+qkv reads proj_in's output (or the previous block's h3)
        char pre[16] = "", nm[40];
        if (depth > 1) snprintf(pre, sizeof pre, "b%d.", d);
        static const char *lnt[3] = {"ln1_out", "ln2_out", "ln3_out"}, *src[3] = {NULL, "h1", "h2"};
        int k = 0;
        for (int i = 0; i < g.nn; i++) {
            const Node *n = &g.nodes[i];
            if (!n->ln || strncmp(n->name, pre, strlen(pre))) continue;
            snprintf(nm, sizeof nm, "%s%s", pre, lnt[k]);
            const int drop = tensor_id(&g, nm);
            int in = -1;
            if (src[k]) {
                snprintf(nm, sizeof nm, "%s%s", pre, src[k]);
                in = tensor_id(&g, nm);
            } else if (d == 0) {
                in = tensor_id(&g, "proj_in_out");
            } else {
                snprintf(nm, sizeof nm, "b%d.h3", d - 1);
                in = tensor_id(&g, nm);
            }
            ok &= n->op == OP_GEMM && n->norm_out == drop && drop >= 0 && n->in == in && in >= 0 &&
                  n->ln->c == n->lin->k && n->res < 0;
            k++;
        }
        ok &= k == 3;
    }
    for (int i = 0; i < g.nn; i++) ok &= g.nodes[i].op != OP_LAYERNORM;
    result(ok, "fuse-ln transformer C=64 depth=%d: %d of %d LayerNorms folded into their GEMMs, rows %s, each fused "
           "node reads the LayerNorm's input and drops its output (got %s)", depth, fused, 3 * depth, want, got);
    graph_free(&g);
}

// --linear int8: the per-tile INT8 GEMMs keep their LayerNorm (the fold is the FP16 epilogue's) even where
// both thresholds are 0; the per-row ones (--int8-scales row) take it as a quantizing LayerNorm pass
// (node_ln_quant, never node_ln_fold: their weights stay unscaled) where min_c_int8 allows, and only there.
static void test_lnfold_int8_gate(void) {
    for (int rows = 0; rows <= 1; rows++)
        for (int lim = 0; lim <= 1; lim++) {
            BlockConfig cfg = tf_cfg(1, 4, 4, 64, 2, 1);
            Graph g;
            build_block(&g, &cfg);
            RunOptions opt = {.tol_fp16 = 5e-3, .linear_prec = PREC_INT8, .int8_rows = rows};
            graph_set_precision(&g, &opt, 1);
            const int nn = g.nn, fused = graph_fuse_layernorms(&g, 0, lim ? 65 : 0);
            const int want = rows && !lim ? 3 : 0;
            int lns = 0, quant = 0, fold = 0;
            for (int i = 0; i < g.nn; i++) {
                lns += g.nodes[i].op == OP_LAYERNORM;
                quant += node_ln_quant(&g.nodes[i]) && g.nodes[i].i8_rows;
                fold += node_ln_fold(&g.nodes[i]);
            }
            result(fused == want && g.nn == nn - want && lns == 3 - want && quant == want && fold == 0,
                   "fuse-ln with --linear int8%s, C=64, min_c_int8=%d: %d LayerNorms taken by the row-quantized "
                   "GEMMs, none folded into weights (got %d fused, %d left, %d quantizing, %d folded)",
                   rows ? " --int8-scales row" : "", lim ? 65 : 0, want, fused, lns, quant, fold);
            graph_free(&g);
        }
}

// The fold's arithmetic on the host against LayerNorm -> Linear in FP32 (the
// reference the layer error uses), and the unfused fast path (LayerNorm
// output rounded to FP16, FP16 weights) beside it. Rows get a common offset
// `shift` (0.25 x N(0, 1) noise): the fold subtracts mean * colsum after the
// GEMM, a cancellation the FP32 accumulator must absorb.
static void test_lnfold_rows(int rows, int C, int N, int geglu, float shift) {
    LinearLayer L;
    linear_layer_spec(&L, "lnfold_test", C, N, 1, 0, geglu);
    linear_layer_init(&L, NULL, 11, 0, 1);
    const int F = linear_out_width(&L);
    float *gamma = xmalloc(C * sizeof(float)), *beta = xmalloc(C * sizeof(float));
    random_uniform("lnf_g", 12, gamma, C, 1.f, 0.25f, 0);
    random_uniform("lnf_b", 13, beta, C, 0.f, 0.25f, 0);
    float *x = xmalloc((size_t)rows * C * sizeof(float));
    random_normal("lnf_x", 14, x, (size_t)rows * C);
    for (size_t i = 0; i < (size_t)rows * C; i++) x[i] = round_f16(shift != 0.f ? shift + 0.25f * x[i] : x[i]);
    float *xn = xmalloc((size_t)rows * C * sizeof(float)), *pre = xmalloc((size_t)rows * N * sizeof(float));
    float *ref = xmalloc((size_t)rows * F * sizeof(float)), *unf = xmalloc((size_t)rows * F * sizeof(float));
    float *fold = xmalloc((size_t)rows * F * sizeof(float));
    // reference: LayerNorm then the Linear, FP32 (and the FP16 weights / FP16 LayerNorm output for the unfused path)
    layernorm_ref_cpu(x, xn, gamma, beta, rows, C, 1e-5f);
    linear_ref_cpu(xn, L.h_w_ref, L.h_bias, NULL, geglu ? pre : ref, rows, C, N);
    if (geglu) geglu_ref_cpu(pre, ref, rows, F);
    for (size_t i = 0; i < (size_t)rows * C; i++) xn[i] = round_f16(xn[i]);
    linear_ref_cpu(xn, L.h_w_fast, L.h_bias, NULL, geglu ? pre : unf, rows, C, N);
    if (geglu) geglu_ref_cpu(pre, unf, rows, F);
    for (size_t i = 0; i < (size_t)rows * F; i++) unf[i] = round_f16(unf[i]);
    // the fold
    linear_fold_layernorm(&L, gamma, beta, 0);
    linear_lnfold_cpu(&L, x, rows, 1e-5f, fold);
    for (size_t i = 0; i < (size_t)rows * F; i++) fold[i] = round_f16(fold[i]);
    // colsum: the sum of the FP16 W' values actually used
    double cs_err = 0;
    for (int o = 0; o < N; o++) {
        double s = 0;
        for (int k = 0; k < C; k++) s += L.h_w_fast[(size_t)o * C + k];
        cs_err = fmax(cs_err, fabs(s - L.h_fold_colsum[o]) / (fabs(s) + 1e-30));
        for (int k = 0; k < C; k++) cs_err += L.h_w_fast[(size_t)o * C + k] != round_f16(gamma[k] * L.h_w_ref[(size_t)o * C + k]);
    }
    ErrMetrics ef = compare_outputs(fold, ref, (size_t)rows * F), eu = compare_outputs(unf, ref, (size_t)rows * F);
    result(!ef.nonfinite && ef.rel_l2 <= 1e-3 && cs_err < 1e-6,
           "lnfold rows=%d C=%d N=%d geglu=%d offset=%g: folded GEMM vs LayerNorm -> Linear FP32 rel_l2 %.2e (unfused "
           "FP16 path %.2e), W' = fp16(gamma W) and colsum its row sums", rows, C, N, geglu, shift, ef.rel_l2,
           eu.rel_l2);
    linear_layer_free(&L);
    free(gamma), free(beta), free(x), free(xn), free(pre), free(ref), free(unf), free(fold);
}

// The CPU executor on the fused and the unfused graph: the FP32 chain is the
// same code (LayerNorm then Linear), so the reference output is
// bit-identical; every node is checked and passes; the fast outputs differ
// only by FP16 rounding.
static void test_lnfold_executor(int B, int H, int W, int C, int heads, int depth) {
    BlockConfig cfg = tf_cfg(B, H, W, C, heads, depth);
    RunOptions off = {.device = DEVICE_CPU, .ref = REF_DEFAULT, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3};
    RunOptions on = off;
    on.fuse_ln = 1;
    Graph a, b;
    RunResult ra, rb;
    build_block(&a, &cfg);
    build_block(&b, &cfg);
    run_cpu(&a, &off, &ra);
    run_cpu(&b, &on, &rb);
    const Tensor *oa = &a.t[a.out], *ob = &b.t[b.out];
    const int same_ref = oa->numel == ob->numel && !memcmp(oa->h_ref, ob->h_ref, oa->numel * sizeof(float));
    int checked = rb.checked && rb.pass && ra.pass, nfold = 0;
    double worst = 0;
    for (int i = 0; i < b.nn; i++) {
        checked &= b.nodes[i].layer_err.valid;
        if (b.nodes[i].ln) {
            nfold++;
            worst = fmax(worst, b.nodes[i].layer_err.rel_l2);
        }
    }
    ErrMetrics d = compare_outputs(ob->h_fast, oa->h_fast, oa->numel);
    ErrMetrics ca = compare_outputs(oa->h_fast, oa->h_ref, oa->numel), cb = compare_outputs(ob->h_fast, ob->h_ref, ob->numel);
    result(same_ref && checked && nfold == 3 * depth && d.rel_l2 < 2e-3 && cb.rel_l2 < 5e-3,
           "fuse-ln CPU executor B=%d H=%d W=%d C=%d depth=%d: FP32 chain bit-identical to the unfused graph, %d folded "
           "nodes (worst layer error %.2e), every node within tolerance; chain error %.2e folded vs %.2e unfused",
           B, H, W, C, depth, nfold, worst, cb.rel_l2, ca.rel_l2);
    run_result_free(&ra);
    run_result_free(&rb);
    graph_free(&a);
    graph_free(&b);
}

// A whole SD1.5 UNet: 16 Transformer2D blocks x 3 LayerNorms fold in; with
// the GroupNorm rewrite as well, block ranges still tile the nodes and the
// liveness arena has no overlap among the tensors a fused node touches.
static int lnfold_uses(const Node *n, int *t) {  // a fused node's inputs, residual, output and dropped tensor
    t[0] = n->in, t[1] = n->in2, t[2] = n->res, t[3] = n->out, t[4] = n->norm_out;
    return 5;
}
static void test_lnfold_unet(void) {
    UnetSpec u;
    unet_spec_family(FAMILY_SD1, &u);
    BlockConfig cfg = {.batch = 1, .h = 8, .w = 8, .context_len = 77, .seed = 1};
    Graph g;
    build_unet(&g, &u, &cfg);
    int ln_before = 0, ln_after = 0;
    for (int i = 0; i < g.nn; i++) ln_before += g.nodes[i].op == OP_LAYERNORM;
    const int nn = g.nn, fused = graph_fuse_layernorms(&g, 0, INT_MAX), gn = graph_fuse_norms(&g, conv2d_norm_shape_ok);
    const int tiled = graph_blocks_tile(&g);
    for (int i = 0; i < g.nn; i++) ln_after += g.nodes[i].op == OP_LAYERNORM;
    const int clash = graph_arena_clashes(&g, lnfold_uses);
    result(fused == 48 && ln_before == 48 && ln_after == 0 && g.nn == nn - 48 - gn && tiled && !clash,
           "fuse-ln whole SD1.5 UNet latent 8: %d of %d LayerNorms folded (want 48 of 48), with %d GroupNorms folded "
           "too; block ranges tile the %d nodes, %d arena clashes", fused, ln_before, gn, g.nn, clash);
    graph_free(&g);
}

// --fuse-ln auto's threshold (LNFOLD_AUTO_MIN_C): in a whole SD1.5 UNet only
// the LayerNorms of the C = 1280 transformer blocks fold (down 2: two blocks,
// mid: one, up 1: three; 6 x 3 = 18 of 48), in an SDXL one those of the 1280
// level (down 2 and up 0: 2 + 3 blocks of depth 10, mid: depth 10; 60 layers
// x 3 = 180 of 210), and none at C = 64 (a threshold of 65 leaves the block
// alone).
static void test_lnfold_threshold(void) {
    static const struct {
        int family, want, total;
        const char *name;
    } m[2] = {{FAMILY_SD1, 18, 48, "SD1.5"}, {FAMILY_SDXL, 180, 210, "SDXL"}};
    for (int k = 0; k < 2; k++) {
        UnetSpec u;
        unet_spec_family(m[k].family, &u);
        BlockConfig cfg = {.batch = 1, .h = 8, .w = 8, .context_len = 77, .seed = 1};
        Graph g;
        build_unet(&g, &u, &cfg);
        int lns = 0, big = 0;
        for (int i = 0; i < g.nn; i++)
            if (g.nodes[i].op == OP_LAYERNORM) lns++, big += g.nodes[i].ln->c >= LNFOLD_AUTO_MIN_C;
        const int fused = graph_fuse_layernorms(&g, LNFOLD_AUTO_MIN_C, INT_MAX);
        int left_small = 0, left_big = 0;
        for (int i = 0; i < g.nn; i++)
            if (g.nodes[i].op == OP_LAYERNORM) {
                if (g.nodes[i].ln->c >= LNFOLD_AUTO_MIN_C) left_big++;
                else left_small++;
            }
        result(fused == m[k].want && lns == m[k].total && big == m[k].want && left_big == 0 &&
                   left_small == lns - fused,
               "fuse-ln auto threshold C >= %d, whole %s UNet latent 8: %d of %d LayerNorms folded (want %d of %d), "
               "%d with C >= %d left, %d smaller ones kept",
               LNFOLD_AUTO_MIN_C, m[k].name, fused, lns, m[k].want, m[k].total, left_big, LNFOLD_AUTO_MIN_C,
               left_small);
        graph_free(&g);
    }
    BlockConfig cfg = tf_cfg(2, 4, 5, 64, 2, 1);
    Graph g;
    build_block(&g, &cfg);
    RunOptions opt = {.tol_fp16 = 5e-3};
    graph_set_precision(&g, &opt, 1);
    const int nn = g.nn, fused = graph_fuse_layernorms(&g, 65, INT_MAX);
    result(fused == 0 && g.nn == nn, "fuse-ln threshold 65 on a C=64 transformer: nothing folded (got %d)", fused);
    graph_free(&g);
}

// The CLI on the CPU path: the rows and their check, INT8 keeps the LayerNorm,
// auto (the default) does not fold on the CPU, a bad value.
static void test_lnfold_cli(const char *bin) {
    char path[256], args[768];
    if (!make_tmp_file(path, sizeof path, "lnfold_json")) {
        result(0, "fuse-ln CLI: temporary file");
        return;
    }
    const char *blk = "--block transformer --c 24 --heads 1 --h 5 --w 7 --context-len 3 --context-dim 16 --groups 8 "
                      "--batch 2";
    static const char *modes[5] = {"--fuse-ln on", "--fuse-ln on --linear int8", "--fuse-ln auto",
                                   "--fuse-ln auto --linear int8 --int8-scales row",
                                   "--fuse-ln off --linear int8 --int8-scales row"};
    static const char *want[5] = {
        "norm,proj_in,ln1+qkv,attn1,out1+res,ln2+q2,kv2(ctx),attn2,out2+res,ln3+ff1+geglu,ff2+res,proj_out+res",
        "norm,proj_in,ln1,qkv,attn1,out1+res,ln2,q2,kv2(ctx),attn2,out2+res,ln3,ff1+geglu,ff2+res,proj_out+res",
        "norm,proj_in,ln1,qkv,attn1,out1+res,ln2,q2,kv2(ctx),attn2,out2+res,ln3,ff1+geglu,ff2+res,proj_out+res",
        "norm,proj_in,ln1+qkv,attn1,out1+res,ln2+q2,kv2(ctx),attn2,out2+res,ln3+ff1+geglu,ff2+res,proj_out+res",
        "norm,proj_in,ln1,qkv,attn1,out1+res,ln2,q2,kv2(ctx),attn2,out2+res,ln3,ff1+geglu,ff2+res,proj_out+res"};
    for (int m = 0; m < 5; m++) {
        snprintf(args, sizeof args, "%s%s %s --check --json '%s'", blk, dev_args(), modes[m], path);
        Cmd r = run_cli(bin, args);
        cJSON *j = r.rc == 0 ? read_json_file(path) : NULL;
        const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *n;
        char names[512] = "";
        cJSON_ArrayForEach(n, nodes) {
            const cJSON *nm = cJSON_GetObjectItemCaseSensitive(n, "name");
            if (cJSON_IsString(nm))
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? "," : "",
                         nm->valuestring);
        }
        result(r.rc == 0 && !strcmp(names, want[m]), "unetrun %s %s --check on the CPU: exit %d, rows %s (got %s)",
               blk, modes[m], r.rc, want[m], names);
        cJSON_Delete(j);
        free(r.out);
    }
    unlink(path);
    // the quantizing LayerNorm computes what the LayerNorm and then the row quantizer do: the same output
    char outs[2][256];
    float *y[2] = {NULL, NULL};
    size_t ny[2] = {0, 0};
    for (int m = 0; m < 2; m++) {
        if (!make_tmp_file(outs[m], sizeof outs[m], "lnquant_out")) continue;
        snprintf(args, sizeof args, "%s%s --linear int8 --int8-scales row --fuse-ln %s --save-output '%s'", blk,
                 dev_args(), m ? "off" : "auto", outs[m]);
        Cmd r = run_cli(bin, args);
        if (r.rc == 0) y[m] = read_saved_output(outs[m], &ny[m]);
        free(r.out);
        unlink(outs[m]);
    }
    result(y[0] && y[1] && ny[0] == ny[1] && ny[0] > 0 && !memcmp(y[0], y[1], ny[0] * sizeof(float)),
           "unetrun %s --linear int8 --int8-scales row on the CPU: the output with the LayerNorms quantizing their "
           "rows == with separate LayerNorms, bit for bit (%zu, %zu values)", blk, ny[0], ny[1]);
    free(y[0]);
    free(y[1]);
    snprintf(args, sizeof args, "%s%s --fuse-ln maybe", blk, dev_args());
    cli_bad(bin, args, "--fuse-ln");
    Cmd h = run_cli(bin, "--help");
    result(h.rc == 0 && strstr(h.out, "--fuse-ln M") != NULL && strstr(h.out, "on (every block, both engines") != NULL,
           "--help lists --fuse-ln auto|on|off (exit %d)", h.rc);
    free(h.out);
}

void cpu_suite_lnfold(const char *bin) {
    test_lnfold_wiring(1);
    test_lnfold_threshold();
    test_lnfold_wiring(2);
    test_lnfold_int8_gate();
    // rows, C, N, GEGLU, offset: SD widths, C = 8 and 24, M tails, rows far from zero mean
    test_lnfold_rows(64, 320, 960, 0, 0.f);
    test_lnfold_rows(37, 320, 2560, 1, 0.f);
    test_lnfold_rows(16, 1280, 1280, 0, 30.f);
    test_lnfold_rows(33, 640, 640, 0, 100.f);
    test_lnfold_rows(9, 640, 5120, 1, 30.f);
    test_lnfold_rows(7, 8, 24, 0, 0.f);
    test_lnfold_rows(5, 24, 32, 1, 3.f);
    test_lnfold_rows(1, 8, 16, 1, 0.f);
    // B, H, W, C, heads, depth
    test_lnfold_executor(2, 4, 5, 64, 2, 1);
    test_lnfold_executor(1, 3, 3, 8, 1, 2);
    test_lnfold_executor(2, 5, 7, 24, 3, 1);
    test_lnfold_executor(1, 4, 4, 320, 8, 1);
    test_lnfold_unet();
    test_lnfold_cli(bin);
}
