// cpu_gemm_block.c: the online-quantized INT8 GEMM in the layers, executor
// and CLI, CPU path:
//
//   - node precision and tolerance: --linear picks every OP_LINEAR/OP_GEMM
//     node, --conv1x1 the stride-1 1x1 convs; INT8 nodes and every node
//     downstream of one get --tol-int8 (chain), FP16 nodes keep --tol-fp16
//     for their layer error
//   - the CPU path's INT8 node output is exactly gemm_int8_model with the
//     tiles gemm_int8_heuristic(M, N, K, 132) picks (GEGLU rows and bias
//     interleaved as the kernel reads them; 1x1 conv weight as (Cout, Cin))
//   - --block gemm for every epilogue, --linear int8 and fp16: the JSON
//     report (node, kernel, shape, layer error within the INT8 tolerance,
//     FP16 GEMM error beside it, tolerance applied); --check fails when
//     --tol-int8 is below the error
//   - transformer and ResBlock with --linear int8, --conv1x1 int8, the
//     console's "fp16 layer" column
//   - every bad flag: exit 2 with one line naming the problem
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../kernels/kernels.h"
#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/layers/linear.h"
#include "../src/layers/quant.h"
#include "harness.h"

static const char *jstr(const cJSON *o, const char *a) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const cJSON *jnode(const cJSON *j, const char *name) {
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes"), *o;
    cJSON_ArrayForEach(o, nodes) if (!strcmp(jstr(o, "name"), name)) return o;
    return NULL;
}

// unetrun args --json TMP on the CPU path; returns the parsed report (NULL
// on failure) and the exit code / output in *rc / *out (free it).
static cJSON *run_json(const char *bin, const char *args, int *rc, char **out) {
    char path[512], full[1024];
    if (!make_tmp_file(path, sizeof path, "test_gemm")) return NULL;
    snprintf(full, sizeof full, "%s --json '%s'%s", args, path, dev_args());
    Cmd r = run_cli(bin, full);
    *rc = r.sig ? -r.sig : r.rc;
    if (out) *out = r.out;
    else free(r.out);
    cJSON *j = read_json_file(path);
    unlink(path);
    return j;
}

// ---------------------------------------------------------------------------
// precision and tolerance per node
// ---------------------------------------------------------------------------
static int node_index(const Graph *g, const char *name) {
    for (int i = 0; i < g->nn; i++)
        if (!strcmp(g->nodes[i].name, name)) return i;
    return -1;
}

static void test_set_precision(void) {
    BlockConfig c = {.kind = BLOCK_TRANSFORMER, .c = 80, .cout = 80, .h = 2, .w = 3, .batch = 1, .groups = 8,
                     .eps = 1e-6, .heads = 2, .head_dim = 40, .context_len = 5, .context_dim = 24, .depth = 1,
                     .seed = 3};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.tol_fp16 = 5e-3, .tol_int8 = 2e-2, .linear_prec = PREC_INT8, .conv1x1_prec = PREC_FP16};
    graph_set_precision(&g, &opt, 1);
    const Node *nd = g.nodes;
    int norm = node_index(&g, "norm"), pin = node_index(&g, "proj_in"), ln1 = node_index(&g, "ln1"),
        qkv = node_index(&g, "qkv"), attn1 = node_index(&g, "attn1"), kv2 = node_index(&g, "kv2(ctx)"),
        ff1 = node_index(&g, "ff1+geglu"), pout = node_index(&g, "proj_out+res");
    int ok = norm >= 0 && pin >= 0 && ln1 >= 0 && qkv >= 0 && attn1 >= 0 && kv2 >= 0 && ff1 >= 0 && pout >= 0;
    ok = ok && nd[norm].prec == PREC_FP16 && nd[norm].tol == 5e-3 && nd[pin].prec == PREC_FP16 &&
         nd[pin].tol == 5e-3 && nd[ln1].tol == 5e-3 && nd[ln1].layer_tol == 0.0 && nd[qkv].prec == PREC_INT8 &&
         nd[qkv].tol == 2e-2 && nd[qkv].layer_tol == 0.0 && nd[attn1].prec == PREC_FP16 && nd[attn1].tol == 2e-2 &&
         nd[attn1].layer_tol == 5e-3 && nd[kv2].prec == PREC_INT8 && nd[ff1].prec == PREC_INT8 &&
         nd[pout].prec == PREC_FP16 && nd[pout].tol == 2e-2 && nd[pout].layer_tol == 5e-3;
    result(ok, "graph_set_precision transformer --linear int8 --conv1x1 fp16 --tol-int8 2e-2: norm, proj_in (1x1 "
           "conv), ln1 FP16 at 5e-3; qkv, kv2(ctx), ff1+geglu INT8 at 2e-2; attn1 and proj_out+res downstream: chain "
           "2e-2, layer 5e-3");

    opt.linear_prec = PREC_FP16;
    opt.conv1x1_prec = PREC_INT8;
    opt.tol_int8 = 0;  // 0 = the 3e-2 default
    graph_set_precision(&g, &opt, 1);
    ok = nd[pin].prec == PREC_INT8 && nd[pin].tol == 3e-2 && nd[norm].tol == 5e-3 && nd[qkv].prec == PREC_FP16 &&
         nd[qkv].tol == 3e-2 && nd[qkv].layer_tol == 5e-3 && nd[pout].prec == PREC_INT8 && nd[pout].layer_tol == 0.0;
    result(ok, "graph_set_precision transformer --linear fp16 --conv1x1 int8 (tol_int8 0 = 3e-2): proj_in and "
           "proj_out+res INT8 at 3e-2, every node after proj_in downstream (chain 3e-2, layer 5e-3), norm 5e-3");

    opt.linear_prec = PREC_FP16;
    opt.conv1x1_prec = PREC_FP16;
    graph_set_precision(&g, &opt, 1);
    ok = 1;
    for (int i = 0; i < g.nn; i++) ok &= nd[i].prec == PREC_FP16 && nd[i].tol == 5e-3 && nd[i].layer_tol == 0.0;
    result(ok, "graph_set_precision transformer all FP16: every node FP16 at --tol-fp16 5e-3");
    graph_free(&g);

    // ResBlock: time_emb_proj (OP_LINEAR) INT8 makes conv1 and everything after it downstream;
    // the 3x3 convs never run INT8, conv_shortcut does with --conv1x1 int8.
    BlockConfig r = {.kind = BLOCK_RESBLOCK, .c = 16, .cout = 32, .h = 3, .w = 2, .batch = 1, .temb_dim = 32,
                     .groups = 8, .eps = 1e-5, .ksize = 3, .stride = 1, .seed = 2};
    build_block(&g, &r);
    nd = g.nodes;  // the node array of the new graph
    opt = (RunOptions){.tol_fp16 = 5e-3, .tol_int8 = 3e-2, .linear_prec = PREC_INT8, .conv1x1_prec = PREC_INT8};
    graph_set_precision(&g, &opt, 1);
    int tp = node_index(&g, "time_emb_proj"), n1 = node_index(&g, "norm1+silu"), c1 = node_index(&g, "conv1"),
        sc = node_index(&g, "conv_shortcut"), c2 = node_index(&g, "conv2");
    ok = tp >= 0 && n1 >= 0 && c1 >= 0 && sc >= 0 && c2 >= 0 && nd[tp].prec == PREC_INT8 && nd[n1].tol == 5e-3 &&
         nd[c1].prec == PREC_FP16 && nd[c1].tol == 3e-2 && nd[c1].layer_tol == 5e-3 && nd[sc].prec == PREC_INT8 &&
         nd[c2].prec == PREC_FP16 && nd[c2].tol == 3e-2;
    result(ok, "graph_set_precision resblock cin 16 cout 32 --linear int8 --conv1x1 int8: time_emb_proj and "
           "conv_shortcut INT8, norm1 FP16 5e-3, conv1 (reads temb_proj) and conv2 downstream 3e-2, 3x3 convs FP16");

    opt = (RunOptions){.tol_fp16 = 5e-3, .tol_int8 = 3e-2, .linear_prec = PREC_AUTO, .conv1x1_prec = PREC_FP16};
    graph_set_precision(&g, &opt, 1);
    ok = nd[tp].prec == PREC_INT8 && nd[tp].i8_rows && !nd[tp].prec_auto && nd[sc].prec == PREC_FP16 &&
         nd[c1].tol == 3e-2 && nd[c1].layer_tol == 5e-3;
    result(ok, "graph_set_precision resblock --linear auto: time_emb_proj (1 row, linear_rows_int8 quantizes it) "
           "INT8 row, not timed against FP16; conv_shortcut FP16; conv1 downstream 3e-2");
    graph_free(&g);
}

// --linear auto: INT8 row where a LayerNorm pass quantizes A (qkv, q2, ff1), the rule elsewhere (A plain FP16
// rows: the out projections, ff2, the context projection), nothing with --fuse-ln off but the rule.
static void test_auto_precision(void) {
    BlockConfig c = {.kind = BLOCK_TRANSFORMER, .c = 320, .cout = 320, .h = 8, .w = 8, .batch = 1, .groups = 32,
                     .eps = 1e-6, .heads = 8, .head_dim = 40, .context_len = 77, .context_dim = 768, .depth = 1,
                     .seed = 3};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.tol_fp16 = 5e-3, .tol_int8 = 3e-2, .linear_prec = PREC_AUTO, .conv1x1_prec = PREC_FP16,
                      .fuse_ln = FUSE_AUTO, .fuse_quant = FUSE_AUTO};
    graph_set_precision(&g, &opt, 1);
    const Node *nd = g.nodes;
    static const char *ln_fed[] = {"qkv", "q2", "ff1+geglu"}, *a16[] = {"out1+res", "kv2(ctx)", "out2+res", "ff2+res"};
    int ok = 1;
    for (int i = 0; i < 3; i++) {
        const int j = node_index(&g, ln_fed[i]);
        ok &= j >= 0 && nd[j].prec == PREC_INT8 && nd[j].i8_rows && !nd[j].prec_auto && nd[j].tol == 3e-2;
    }
    for (int i = 0; i < 4; i++) {
        const int j = node_index(&g, a16[i]);
        // kv2(ctx) reads the context, upstream of every INT8 node: 5e-3
        const double tol = i == 1 ? 5e-3 : 3e-2, ltol = i == 1 ? 0.0 : 5e-3;
        ok &= j >= 0 && nd[j].prec == PREC_FP16 && nd[j].prec_auto && nd[j].i8_rows && nd[j].tol == tol &&
              nd[j].layer_tol == ltol;
    }
    const int pin = node_index(&g, "proj_in"), norm = node_index(&g, "norm");
    ok &= pin >= 0 && norm >= 0 && nd[pin].prec == PREC_FP16 && !nd[pin].prec_auto && nd[pin].tol == 5e-3 &&
          nd[norm].tol == 5e-3;
    result(ok, "graph_set_precision transformer C 320 8x8 --linear auto: qkv, q2, ff1+geglu INT8 row (LayerNorm "
           "quantizes A); out1, kv2(ctx), out2, ff2 prec_auto FP16 (K <= 1280; kv2 upstream of INT8: 5e-3); proj_in (1x1 conv) FP16 at 5e-3");

    opt.fuse_ln = FUSE_OFF;
    graph_set_precision(&g, &opt, 1);
    ok = 1;
    for (int i = 0; i < 3; i++) {
        const int j = node_index(&g, ln_fed[i]);
        ok &= j >= 0 && nd[j].prec == (i == 2 ? PREC_INT8 : PREC_FP16) && nd[j].prec_auto;
    }
    result(ok, "graph_set_precision transformer --linear auto --fuse-ln off: qkv, q2, ff1 left to the rule (N 960, "
           "320: FP16; ff1 N 2560: INT8)");
    graph_free(&g);

    // C = 24: K = 24 after each LayerNorm, not a multiple of 16: no INT8 row TMA tile, so FP16 throughout
    BlockConfig c24 = c;
    c24.c = c24.cout = 24, c24.heads = 1, c24.head_dim = 24, c24.groups = 8, c24.context_dim = 16;
    build_block(&g, &c24);
    opt.fuse_ln = FUSE_AUTO;
    graph_set_precision(&g, &opt, 1);
    ok = 1;
    for (int i = 0; i < g.nn; i++) ok &= g.nodes[i].prec == PREC_FP16;
    result(ok, "graph_set_precision transformer C 24 --linear auto: every node FP16 (K = 24 or 96 after a LayerNorm "
           "or N = 24: no INT8 where no TMA tile takes K, the rule elsewhere)");
    graph_free(&g);

    // as --block gemm: ff2 of SDXL 1280 @32 b1, SD1.5 1280 @16 b1, 640 @32 b2, 320 @64 b2; out1 of 640 @32 b2
    const struct {
        int m, n, k, want;
    } gm[] = {{1024, 1280, 5120, PREC_INT8}, {256, 1280, 5120, PREC_INT8}, {2048, 640, 2560, PREC_INT8},
              {8192, 320, 1280, PREC_FP16}, {2048, 640, 640, PREC_FP16}, {100, 1280, 200, PREC_FP16}};
    for (int i = 0; i < 6; i++) {
        BlockConfig b = {.kind = BLOCK_GEMM, .m = gm[i].m, .n = gm[i].n, .k = gm[i].k, .batch = 1, .seed = 5};
        build_block(&g, &b);
        graph_set_precision(&g, &opt, 1);
        const int tma_k = gm[i].k % 16 == 0;  // else FP16 outside the rule: no INT8 row TMA tile takes K
        result(g.nodes[0].prec == (GemmPrecision)gm[i].want && g.nodes[0].prec_auto == tma_k,
               "graph_set_precision --block gemm --m %d --n %d --k %d --linear auto: %s %s", gm[i].m, gm[i].n,
               gm[i].k, gm[i].want == PREC_INT8 ? "INT8" : "FP16",
               tma_k ? "by the rule" : "(K not a multiple of 16)");
        graph_free(&g);
    }
}

// ---------------------------------------------------------------------------
// the CPU path's INT8 nodes are the kernel's C model at the H100 heuristic
// ---------------------------------------------------------------------------
static float *interleaved(const float *src, int f, int k) {
    float *d = xmalloc((size_t)2 * f * k * sizeof(float));
    geglu_interleave_rows(src, d, f, k);
    return d;
}

static void test_cpu_matches_model(int m, int n, int k, GemmBlockEpilogue epi) {
    static const char *en[] = {"none", "bias", "geglu", "residual"};
    BlockConfig c = {.kind = BLOCK_GEMM, .m = m, .n = n, .k = k, .epilogue = epi, .batch = 1, .seed = 5};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3,
                      .tol_int8 = 3e-2, .linear_prec = PREC_INT8};
    RunResult res;
    run_cpu(&g, &opt, &res);
    const Node *nd = &g.nodes[0];
    const LinearLayer *L = nd->lin;
    const int geglu = epi == GEMM_BLOCK_GEGLU, out_n = geglu ? n / 2 : n;
    TileConfig cc = gemm_int8_heuristic(m, n, k, 132);
    int bm, bn, bk;
    gemm_int8_tile_dims(cc.tile, &bm, &bn, &bk);
    float *w = geglu ? interleaved(L->h_w_fast, n / 2, k) : NULL, *b = NULL;
    if (geglu && L->h_bias) b = interleaved(L->h_bias, n / 2, 1);
    float *y = xmalloc((size_t)m * out_n * sizeof(float));
    gemm_int8_model(m, n, k, bm, bn, bk, cc.splits, g.t[nd->in].h_fast, w ? w : L->h_w_fast, b ? b : L->h_bias,
                    nd->res >= 0 ? g.t[nd->res].h_fast : NULL, y, geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, 0);
    int same = memcmp(y, g.t[g.out].h_fast, (size_t)m * out_n * sizeof(float)) == 0;
    char want[64];
    snprintf(want, sizeof want, "cpu %s", gemm_int8_tile_name(cc.tile));
    result(same && nd->prec == PREC_INT8 && !strncmp(nd->kernel, want, strlen(want)),
           "run_cpu gemm M=%d N=%d K=%d epilogue %s --linear int8: output == gemm_int8_model at the H100 heuristic "
           "(%s splits %d), bitwise; kernel '%s'", m, n, k, en[epi], gemm_int8_tile_name(cc.tile), cc.splits,
           nd->kernel);
    result(res.checked && nd->has_fp16_err && nd->fp16_err.valid && nd->fp16_err.rel_l2 < nd->layer_err.rel_l2 &&
               nd->layer_err.rel_l2 > 0 && nd->layer_err.rel_l2 <= 3e-2 && nd->tol == 3e-2 && res.pass,
           "run_cpu gemm M=%d N=%d K=%d epilogue %s: INT8 layer error %.2e in (0, 3e-2], FP16 GEMM error %.2e below "
           "it, tolerance 3e-2, pass", m, n, k, en[epi], nd->layer_err.rel_l2, nd->fp16_err.rel_l2);
    free(w), free(b), free(y);
    run_result_free(&res);
    graph_free(&g);
}

// conv_shortcut with --conv1x1 int8: the (1, 1, Cin, Cout) weight transposed to (N = Cout, K = Cin).
static void test_cpu_conv1x1_matches_model(void) {
    BlockConfig c = {.kind = BLOCK_CONV, .c = 24, .cout = 40, .h = 5, .w = 3, .batch = 2, .ksize = 1, .stride = 1,
                     .seed = 4};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3,
                      .tol_int8 = 3e-2, .conv1x1_prec = PREC_INT8};
    RunResult res;
    run_cpu(&g, &opt, &res);
    const Node *nd = &g.nodes[0];
    const Conv2dLayer *L = nd->conv;
    const int m = 2 * 5 * 3, n = 40, k = 24;
    float *w = xmalloc((size_t)n * k * sizeof(float)), *y = xmalloc((size_t)m * n * sizeof(float));
    for (int ci = 0; ci < k; ci++)
        for (int co = 0; co < n; co++) w[(size_t)co * k + ci] = L->h_w_fast[(size_t)ci * n + co];
    TileConfig cc = gemm_int8_heuristic(m, n, k, 132);
    int bm, bn, bk;
    gemm_int8_tile_dims(cc.tile, &bm, &bn, &bk);
    gemm_int8_model(m, n, k, bm, bn, bk, cc.splits, g.t[nd->in].h_fast, w, L->h_bias, NULL, y, GEMM_EPI_NONE, 0);
    int same = memcmp(y, g.t[g.out].h_fast, (size_t)m * n * sizeof(float)) == 0;
    result(same && nd->prec == PREC_INT8 && nd->has_fp16_err && nd->layer_err.rel_l2 <= 3e-2 && res.pass,
           "run_cpu conv 1x1 B=2 5x3 cin 24 -> cout 40 --conv1x1 int8: output == gemm_int8_model on the (Cout, Cin) "
           "weight, bitwise; layer error %.2e <= 3e-2 (FP16 %.2e)", nd->layer_err.rel_l2, nd->fp16_err.rel_l2);
    free(w), free(y);
    run_result_free(&res);
    graph_free(&g);
}

// ---------------------------------------------------------------------------
// command line
// ---------------------------------------------------------------------------
static void test_cli_gemm(const char *bin) {
    static const struct {
        const char *epi, *node;
        int n, out_n;
    } cases[] = {{"none", "gemm", 48, 48},
                 {"bias", "gemm+bias", 48, 48},
                 {"geglu", "gemm+geglu", 64, 32},
                 {"residual", "gemm+res", 48, 48}};
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (int p = 0; p < 2; p++) {
            const char *prec = p ? "fp16" : "int8";
            char args[256];
            snprintf(args, sizeof args, "--block gemm --m 70 --n %d --k 40 --epilogue %s --linear %s --check",
                     cases[i].n, cases[i].epi, prec);
            int rc = -1;
            char *out = NULL;
            cJSON *j = run_json(bin, args, &rc, &out);
            const cJSON *o = j ? jnode(j, cases[i].node) : NULL;
            const cJSON *shape = o ? cJSON_GetObjectItemCaseSensitive(o, "output_nhwc") : NULL;
            int shape_ok = cJSON_GetArraySize(shape) == 4 && cJSON_GetArrayItem(shape, 1)->valueint == 70 &&
                           cJSON_GetArrayItem(shape, 3)->valueint == cases[i].out_n;
            const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL;
            double le = o ? json_num(o, "layer_error", "rel_l2") : NAN, fe = o ? json_num(o, "fp16_error", "rel_l2") : NAN;
            double tol = o ? json_num(o, "tolerance_rel_l2", NULL) : NAN;
            const char *kernel = o ? jstr(o, "kernel") : "";
            int ok = rc == 0 && o && cJSON_GetArraySize(nodes) == 1 && shape_ok && strstr(out, "verdict  PASS") &&
                     json_num(o, "flops", NULL) == 2.0 * 70 * cases[i].n * 40 && json_num(j, "config", "m") == 70 &&
                     json_num(j, "config", "n") == cases[i].n && json_num(j, "config", "k") == 40;
            if (!p)
                ok = ok && !strncmp(kernel, "cpu i8 ", 7) && !strcmp(jstr(o, "precision"), "int8") &&
                     le > 0 && le <= 3e-2 && fe >= 0 && fe < le && tol == 3e-2 && strstr(out, "fp16 layer");
            else
                ok = ok && strstr(kernel, "fp16-emul") && !strcmp(jstr(o, "precision"), "fp16") && le <= 5e-3 &&
                     isnan(fe) && tol == 5e-3 && !strstr(out, "fp16 layer");
            result(ok, "unetrun %s: exit 0, PASS, one node %s (1, 70, 1, %d), FLOPs 2MNK, kernel '%s', layer rel_l2 "
                   "%.2e %s, fp16_error %.2e, tolerance %.0e (exit %d)", args, cases[i].node, cases[i].out_n, kernel,
                   le, p ? "<= 5e-3" : "in (0, 3e-2] above the FP16 GEMM's", fe, tol, rc);
            cJSON_Delete(j);
            free(out);
        }

    // --check fails when the INT8 tolerance is below the quantization error
    char args[512];
    snprintf(args, sizeof args, "--block gemm --m 64 --n 32 --k 64 --linear int8 --tol-int8 1e-6 --check%s", dev_args());
    Cmd r = run_cli(bin, args);
    result(r.sig == 0 && r.rc == 1 && strstr(r.out, "verdict  FAIL") && strstr(r.out, "  FAIL\n"),
           "unetrun %s: exit 1, the INT8 node FAILs its 1e-6 tolerance (exit %d)", args, r.rc);
    free(r.out);
    // and the same GEMM passes a loose FP16 tolerance only with --linear fp16 (the INT8 tolerance is separate)
    snprintf(args, sizeof args, "--block gemm --m 64 --n 32 --k 64 --linear fp16 --tol-int8 1e-6 --check%s", dev_args());
    r = run_cli(bin, args);
    result(r.sig == 0 && r.rc == 0 && strstr(r.out, "verdict  PASS"),
           "unetrun %s: exit 0, --tol-int8 does not apply to FP16 nodes (exit %d)", args, r.rc);
    free(r.out);
    // the default GEMM is the SD1.5 ff1 shape
    r = run_cli(bin, "--help");
    result(r.rc == 0 && strstr(r.out, "--linear P") && strstr(r.out, "--conv1x1 P") && strstr(r.out, "--tol-int8 X") &&
               strstr(r.out, "--epilogue E") && strstr(r.out, "132 SMs"),
           "unetrun --help documents --linear, --conv1x1, --tol-int8, --epilogue and the CPU path's 132-SM tiles");
    free(r.out);
    r = run_cli(bin, "--list");
    result(r.rc == 0 && count_lines_with_prefix(r.out, "gemm ", NULL) == 1, "unetrun --list: lists gemm");
    free(r.out);
}

static void test_cli_blocks(const char *bin) {
    // transformer with --linear int8: every linear layer INT8, chain within 3e-2
    const char *tf = "--block transformer --c 80 --heads 2 --h 3 --w 2 --context-len 5 --context-dim 24 --groups 8 "
                     "--linear int8 --check";
    int rc = -1;
    char *out = NULL;
    cJSON *j = run_json(bin, tf, &rc, &out);
    static const char *i8[] = {"qkv", "out1+res", "q2", "kv2(ctx)", "out2+res", "ff1+geglu", "ff2+res"};
    int ok = rc == 0 && j && strstr(out, "verdict  PASS") && strstr(out, "fp16 layer");
    for (unsigned i = 0; ok && i < sizeof(i8) / sizeof(i8[0]); i++) {
        const cJSON *o = jnode(j, i8[i]);
        ok = o && !strcmp(jstr(o, "precision"), "int8") && !strncmp(jstr(o, "kernel"), "cpu i8 ", 7) &&
             json_num(o, "layer_error", "rel_l2") <= 3e-2 && json_num(o, "fp16_error", "rel_l2") < 5e-3 &&
             json_num(o, "tolerance_rel_l2", NULL) == 3e-2;
    }
    const cJSON *pin = j ? jnode(j, "proj_in") : NULL, *pout = j ? jnode(j, "proj_out+res") : NULL,
                *norm = j ? jnode(j, "norm") : NULL, *ln2 = j ? jnode(j, "ln2") : NULL;
    ok = ok && pin && !strcmp(jstr(pin, "precision"), "fp16") && json_num(pin, "tolerance_rel_l2", NULL) == 5e-3 && norm &&
         json_num(norm, "tolerance_rel_l2", NULL) == 5e-3 && ln2 && json_num(ln2, "tolerance_rel_l2", NULL) == 3e-2 &&
         json_num(ln2, "layer_error", "rel_l2") <= 5e-3 && pout && json_num(pout, "chain_error", "rel_l2") <= 3e-2;
    result(ok, "unetrun %s: PASS; qkv out1+res q2 kv2(ctx) out2+res ff1+geglu ff2+res INT8 with layer "
           "error <= 3e-2 and FP16 GEMM error < 5e-3 beside it; norm, proj_in FP16 at 5e-3; ln2 downstream 3e-2 "
           "(layer still <= 5e-3); proj_out+res chain <= 3e-2 (exit %d)", tf, rc);
    cJSON_Delete(j);
    free(out);

    // --conv1x1 int8: proj_in and proj_out+res too
    char args[512];
    snprintf(args, sizeof args, "%s --conv1x1 int8", tf);
    j = run_json(bin, args, &rc, &out);
    pin = j ? jnode(j, "proj_in") : NULL;
    pout = j ? jnode(j, "proj_out+res") : NULL;
    norm = j ? jnode(j, "norm") : NULL;
    ok = rc == 0 && pin && pout && norm && !strcmp(jstr(pin, "precision"), "int8") &&
         !strcmp(jstr(pout, "precision"), "int8") && !strncmp(jstr(pin, "kernel"), "cpu i8 ", 7) &&
         json_num(pin, "layer_error", "rel_l2") <= 3e-2 && json_num(pin, "fp16_error", "rel_l2") < 5e-3 &&
         json_num(norm, "tolerance_rel_l2", NULL) == 5e-3 && strstr(out, "verdict  PASS");
    result(ok, "unetrun %s: proj_in and proj_out+res INT8 (layer <= 3e-2, FP16 beside it < 5e-3), PASS (exit %d)", args,
           rc);
    cJSON_Delete(j);
    free(out);

    // --linear fp16: FP16-tight everywhere, no INT8 column
    snprintf(args, sizeof args, "%s --linear fp16", tf);
    j = run_json(bin, args, &rc, &out);
    ok = rc == 0 && j && !strstr(out, "fp16 layer") && strstr(out, "verdict  PASS");
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *o;
    cJSON_ArrayForEach(o, nodes) ok &= json_num(o, "chain_error", "rel_l2") <= 5e-3 &&
                                       !strcmp(jstr(o, "precision"), "fp16") &&
                                       json_num(o, "tolerance_rel_l2", NULL) == 5e-3;
    result(ok, "unetrun %s: every node FP16, chain <= 5e-3 at tolerance 5e-3, no 'fp16 layer' column (exit %d)", args,
           rc);
    cJSON_Delete(j);
    free(out);

    // ResBlock: time_emb_proj INT8 (SiLU on its input inside the GEMM), conv_shortcut with --conv1x1 int8
    const char *rb = "--block resblock --c 16 --cout 32 --groups 8 --temb-dim 64 --hw 4 --linear int8 --conv1x1 int8 --check";
    j = run_json(bin, rb, &rc, &out);
    const cJSON *tp = j ? jnode(j, "time_emb_proj") : NULL, *sc = j ? jnode(j, "conv_shortcut") : NULL,
                *c1 = j ? jnode(j, "conv1") : NULL;
    ok = rc == 0 && tp && sc && c1 && !strcmp(jstr(tp, "precision"), "int8") && !strcmp(jstr(sc, "precision"), "int8") &&
         !strcmp(jstr(c1, "precision"), "fp16") && json_num(tp, "layer_error", "rel_l2") <= 3e-2 &&
         json_num(tp, "fp16_error", "rel_l2") < 5e-3 && json_num(sc, "layer_error", "rel_l2") <= 3e-2 &&
         json_num(c1, "tolerance_rel_l2", NULL) == 3e-2 && json_num(c1, "layer_error", "rel_l2") <= 5e-3 &&
         strstr(out, "verdict  PASS");
    result(ok, "unetrun %s: time_emb_proj and conv_shortcut INT8 (layer <= 3e-2), conv1 FP16 downstream (tolerance "
           "3e-2, layer <= 5e-3), PASS (exit %d)", rb, rc);
    cJSON_Delete(j);
    free(out);
}

static void test_cli_bad_flags(const char *bin) {
    static const char *cases[][2] = {
        {"--block gemm --n 100", "--n 100 must be a multiple of 8"},
        {"--block gemm --k 12", "--k 12 must be a multiple of 8"},
        {"--block gemm --n 40 --epilogue geglu", "--epilogue geglu needs --n = 2F"},
        {"--block gemm --epilogue relu", "--epilogue must be none, bias, geglu or residual (got 'relu')"},
        {"--block gemm --m 0", "--m must be a positive integer (got 0)"},
        {"--block gemm --k x", "--k expects an integer, got 'x'"},
        {"--block gemm --n -16", "--n must be a positive integer (got -16)"},
        {"--block gemm --m 1000000 --k 4096", "GEMM too large"},
        {"--block gemm --c 64", "--block gemm takes --m, --n, --k and --epilogue"},
        {"--block gemm --hw 4", "--block gemm takes --m, --n, --k and --epilogue"},
        {"--block gemm --batch 2", "--block gemm takes --m, --n, --k and --epilogue"},
        {"--block gemm --ksize 1", "--ksize/--stride apply to --block conv only"},
        {"--block gemm --heads 2", "--heads/--head-dim apply to --block transformer or attention"},
        {"--block gemm --conv1x1 int8", "--conv1x1 applies to stride-1 1x1 convolutions"},
        {"--m 64", "--m applies to --block gemm only"},
        {"--block transformer --epilogue bias", "--epilogue applies to --block gemm only"},
        {"--block conv --k 64", "--k applies to --block gemm only"},
        {"--linear int4", "--linear must be int8, fp16 or auto (got 'int4')"},
        {"--conv1x1 bf16", "--conv1x1 must be int8 or fp16 (got 'bf16')"},
        {"--linear", "option '--linear' needs a value"},
        {"--block conv --linear int8", "--linear applies to blocks with linear layers"},
        {"--block attention --linear fp16", "--linear applies to blocks with linear layers"},
        {"--block resblock --c 32 --conv1x1 int8", "--conv1x1 applies to stride-1 1x1 convolutions"},
        {"--block conv --ksize 3 --conv1x1 int8", "--conv1x1 applies to stride-1 1x1 convolutions"},
        {"--block conv --ksize 1 --stride 2 --conv1x1 int8", "--conv1x1 applies to stride-1 1x1 convolutions"},
        {"--block transformer --proj linear --conv1x1 fp16", "--conv1x1 applies to stride-1 1x1 convolutions"},
        {"--tol-int8 0", "--tol-int8 must be > 0"},
        {"--tol-int8 abc", "--tol-int8 expects a number, got 'abc'"},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) cli_bad(bin, cases[i][0], cases[i][1]);
}

void cpu_suite_gemm_block(const char *bin) {
    test_set_precision();
    test_auto_precision();
    test_cpu_matches_model(70, 48, 40, GEMM_BLOCK_NONE);
    test_cpu_matches_model(33, 64, 136, GEMM_BLOCK_BIAS);
    test_cpu_matches_model(130, 96, 264, GEMM_BLOCK_GEGLU);
    test_cpu_matches_model(9, 16, 520, GEMM_BLOCK_RESIDUAL);
    test_cpu_conv1x1_matches_model();
    test_cli_gemm(bin);
    test_cli_blocks(bin);
    test_cli_bad_flags(bin);
}
