// cpu_transformer.c: CPU tests of the transformer block's pieces: LayerNorm,
// GELU-erf and GEGLU references, the GEGLU row interleave of the fast GEMM,
// the linear reference's residual, graph assembly of the transformer and
// attention blocks, the CPU path end to end against an independent
// double-precision composition written from docs/sd-reference.md, and the CLI.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/layers/layernorm.h"
#include "../src/layers/linear.h"
#include "../weights/random.h"
#include "harness.h"

static void test_layernorm_ref(void) {
    // one row x = [1 2 3 4]: mean 2.5, biased variance 1.25
    const float x[8] = {1, 2, 3, 4, -2, -2, -2, -2}, g[4] = {1, 1, 2, 1}, b[4] = {0, 0, 0, 10};
    float y[8];
    layernorm_ref_cpu(x, y, g, b, 2, 4, 1e-5f);
    const double r = 1.0 / sqrt(1.25 + 1e-5);
    const double want[8] = {-1.5 * r, -0.5 * r, 2 * 0.5 * r, 1.5 * r + 10, 0, 0, 0, 10};
    double md = 0;
    for (int i = 0; i < 8; i++) md = fmax(md, fabs(y[i] - want[i]));
    result(md < 1e-6, "layernorm_ref_cpu hand case rows=2 C=4 eps=1e-5 (x=[1 2 3 4] -> (x-2.5)/sqrt(1.25+eps)*gamma+beta; "
           "constant row -> beta) max diff %.2e", md);
    // random rows with a large offset: the two-pass variance keeps full precision
    const int M = 3, C = 1280;
    float *xr = xmalloc(M * C * 4), *yr = xmalloc(M * C * 4), *ones = xmalloc(C * 4), *zeros = xmalloc(C * 4);
    random_uniform("ln_test", 3, xr, (size_t)M * C, 1000.0f, 1.0f, 0);
    for (int i = 0; i < C; i++) ones[i] = 1.f, zeros[i] = 0.f;
    layernorm_ref_cpu(xr, yr, ones, zeros, M, C, 1e-5f);
    double worst = 0;
    for (int m = 0; m < M; m++) {
        double s = 0, q = 0;
        for (int i = 0; i < C; i++) s += xr[m * C + i];
        double mean = s / C;
        for (int i = 0; i < C; i++) q += (xr[m * C + i] - mean) * (xr[m * C + i] - mean);
        double rs = 1.0 / sqrt(q / C + 1e-5);
        for (int i = 0; i < C; i++) worst = fmax(worst, fabs(yr[m * C + i] - (xr[m * C + i] - mean) * rs));
    }
    result(worst < 1e-3, "layernorm_ref_cpu rows=3 C=1280 values 1000 +- 1 vs double two-pass: max diff %.2e", worst);
    free(xr), free(yr), free(ones), free(zeros);
}

static void test_gelu_geglu(void) {
    // exact-erf GELU, values from 0.5 x (1 + erf(x / sqrt 2)) in double
    const double xs[] = {0.0, 1.0, -1.0, 3.0, -3.0, 0.5};
    double md = 0;
    for (unsigned i = 0; i < sizeof(xs) / sizeof(xs[0]); i++) {
        double want = 0.5 * xs[i] * (1.0 + erf(xs[i] / sqrt(2.0)));
        md = fmax(md, fabs(gelu_erf_ref((float)xs[i]) - want));
    }
    result(md < 1e-6, "gelu_erf_ref at 0, +-1, +-3, 0.5 vs 0.5x(1+erf(x/sqrt2)) (gelu(1) = 0.8413447): max diff %.2e",
           md);
    // not the tanh approximation: at x = -3 they differ by ~3e-4 (relative 0.07)
    double tanh_approx = 0.5 * -3.0 * (1.0 + tanh(sqrt(2.0 / 3.14159265358979323846) * (-3.0 + 0.044715 * -27.0)));
    result(fabs(gelu_erf_ref(-3.0f) - tanh_approx) > 1e-4,
           "gelu_erf_ref(-3) = %.7f is the erf form, not the tanh approximation %.7f", gelu_erf_ref(-3.0f), tanh_approx);
    // GEGLU split order: first half a, second half g: out = a * gelu(g)
    const float x[8] = {2, 3, 1, -1, /* row 2 */ 5, 7, 0, 2};  // rows of [a0 a1 | g0 g1]
    float y[4];
    geglu_ref_cpu(x, y, 2, 2);
    const double want[4] = {2 * 0.5 * (1 + erf(1 / sqrt(2.0))), 3 * -0.5 * (1 + erf(-1 / sqrt(2.0))), 0,
                            7 * 1 * (1 + erf(2 / sqrt(2.0)))};
    md = 0;
    for (int i = 0; i < 4; i++) md = fmax(md, fabs(y[i] - want[i]));
    result(md < 1e-5, "geglu_ref_cpu rows=2 F=2 [a | g] split: [2 3 | 1 -1] -> [2 gelu(1), 3 gelu(-1)] max diff %.2e", md);
    // the fast GEMM's interleave: 8-row blocks a0..7 g0..7 a8..15 g8..15
    const int f = 16, k = 3;
    float *src = xmalloc(2 * f * k * 4), *dst = xmalloc(2 * f * k * 4);
    for (int r = 0; r < 2 * f; r++)
        for (int c = 0; c < k; c++) src[r * k + c] = (float)(r * 10 + c);
    geglu_interleave_rows(src, dst, f, k);
    int ok = 1;
    for (int r = 0; r < 2 * f; r++) {
        int blk = r / 16, w = r % 16;
        int want_row = w < 8 ? blk * 8 + w : f + blk * 8 + (w - 8);
        for (int c = 0; c < k; c++) ok &= dst[r * k + c] == src[want_row * k + c];
    }
    result(ok, "geglu_interleave_rows F=16 K=3: rows [a0..a7 g0..g7 a8..a15 g8..g15]");
    free(src), free(dst);
}

static void test_linear_residual(void) {
    const float x[6] = {1, 2, 3, 4, 5, 6}, w[6] = {1, 0, -1, 2, 1, 0}, b[2] = {0.5f, -1}, r[4] = {10, 20, 30, 40};
    float y[4];
    linear_ref_cpu(x, w, b, r, y, 2, 3, 2);
    // row 0: [1-3, 2+2] + b + r = [-2+0.5+10, 4-1+20]; row 1: [4-6, 8+5] + b + r
    const float want[4] = {8.5f, 23.f, 28.5f, 52.f};
    result(!memcmp(y, want, sizeof y), "linear_ref_cpu rows=2 K=3 N=2 bias+residual hand case = [%g %g; %g %g]", y[0],
           y[1], y[2], y[3]);
}

// ---------------------------------------------------------------------------
// graph assembly
// ---------------------------------------------------------------------------
static BlockConfig tf_cfg(int B, int H, int W, int C, int heads, int L, int D, int proj_linear, int depth) {
    BlockConfig c = {.kind = BLOCK_TRANSFORMER, .c = C, .cout = C, .h = H, .w = W, .batch = B, .temb_dim = 1280,
                     .groups = 8, .eps = 1e-6, .ksize = 3, .stride = 1, .heads = heads, .head_dim = C / heads,
                     .context_len = L, .context_dim = D, .proj_linear = proj_linear, .depth = depth, .seed = 7};
    return c;
}

static int tensor_named(const Graph *g, const char *name) {
    for (int i = 0; i < g->nt; i++)
        if (!strcmp(g->t[i].name, name)) return i;
    return -1;
}

static void test_graph_transformer(int proj_linear, int depth) {
    BlockConfig cfg = tf_cfg(2, 4, 3, 80, 2, 5, 24, proj_linear, depth);
    Graph g;
    build_block(&g, &cfg);
    static const char *per[] = {"ln1", "qkv", "attn1", "out1+res", "ln2", "q2", "kv2(ctx)", "attn2", "out2+res",
                                "ln3", "ff1+geglu", "ff2+res"};
    int ok = g.nn == 3 + 12 * depth && !strcmp(g.nodes[0].name, "norm") && !strcmp(g.nodes[1].name, "proj_in") &&
             !strcmp(g.nodes[g.nn - 1].name, "proj_out+res");
    for (int d = 0; ok && d < depth; d++)
        for (int k = 0; k < 12; k++) {
            char want[48];
            snprintf(want, sizeof want, "%s%s", depth > 1 ? (d == 0 ? "b0." : d == 1 ? "b1." : "b?.") : "", per[k]);
            ok &= !strcmp(g.nodes[2 + 12 * d + k].name, want);
        }
    result(ok, "build_block transformer proj=%s depth=%d: %d nodes norm, proj_in, 12 per block "
           "(ln1 qkv attn1 out1+res ln2 q2 kv2(ctx) attn2 out2+res ln3 ff1+geglu ff2+res), proj_out+res",
           proj_linear ? "linear" : "conv", depth, 3 + 12 * depth);
    if (!ok) {
        graph_free(&g);
        return;
    }
    const int C = 80, x = tensor_named(&g, "x"), ctx = tensor_named(&g, "context");
    const Node *nn = g.nodes;
    int wiring = x >= 0 && ctx >= 0 && nn[0].op == OP_GROUPNORM && !nn[0].gn->silu && nn[0].gn->eps == 1e-6f &&
                 nn[0].in == x && nn[1].op == (proj_linear ? OP_GEMM : OP_CONV) && nn[1].in == nn[0].out;
    int h = nn[1].out;
    for (int d = 0; d < depth; d++) {
        const Node *b = nn + 2 + 12 * d;
        wiring &= b[0].op == OP_LAYERNORM && b[0].in == h && b[0].ln->eps == 1e-5f;
        wiring &= b[1].op == OP_GEMM && b[1].in == b[0].out && b[1].lin->n == 3 * C && b[1].lin->nparts == 3 &&
                  !b[1].lin->has_bias && strstr(b[1].lin->part[0], "attn1.to_q") && strstr(b[1].lin->part[2], "attn1.to_v");
        wiring &= b[2].op == OP_ATTENTION && b[2].in == b[1].out && b[2].aux < 0 && b[2].q_col == 0 &&
                  b[2].k_col == C && b[2].v_col == 2 * C && b[2].attn.ldq == 3 * C && b[2].attn.ldkv == 3 * C &&
                  b[2].attn.sq == 12 && b[2].attn.skv == 12 && b[2].attn.heads == 2 && b[2].attn.d == 40 &&
                  fabsf(b[2].attn_scale - 1.0f / sqrtf(40.f)) < 1e-7f;
        wiring &= b[3].in == b[2].out && b[3].res == h && b[3].lin->has_bias;
        wiring &= b[4].in == b[3].out && b[5].in == b[4].out && b[5].lin->n == C;
        wiring &= b[6].in == ctx && b[6].lin->k == 24 && b[6].lin->n == 2 * C && b[6].lin->nparts == 2 &&
                  strstr(b[6].lin->part[0], "attn2.to_k") && strstr(b[6].lin->part[1], "attn2.to_v");
        wiring &= b[7].op == OP_ATTENTION && b[7].in == b[5].out && b[7].aux == b[6].out && b[7].k_col == 0 &&
                  b[7].v_col == C && b[7].attn.skv == 5 && b[7].attn.ldkv == 2 * C && b[7].attn.ldq == C;
        wiring &= b[8].in == b[7].out && b[8].res == b[3].out;
        wiring &= b[9].in == b[8].out && b[10].in == b[9].out && b[10].lin->geglu && b[10].lin->n == 8 * C &&
                  g.t[b[10].out].c == 4 * C;
        wiring &= b[11].in == b[10].out && b[11].lin->k == 4 * C && b[11].res == b[8].out;
        h = b[11].out;
    }
    const Node *po = &nn[g.nn - 1];
    wiring &= po->in == h && po->res == x && po->out == g.out;
    result(wiring, "build_block transformer proj=%s depth=%d: wiring (residuals h, h1, h2, x; fused QKV columns 0/C/2C; "
           "KV over the context; GEGLU 8C -> 4C)", proj_linear ? "linear" : "conv", depth);
    const double S = 12, B = 2;
    double want_attn = 4.0 * B * 2 * S * S * 40, want_ff1 = 2.0 * B * S * C * 8 * C;
    result(nn[4].flops == want_attn && nn[12].flops == want_ff1,
           "build_block transformer: attn1 FLOPs 4*B*H*Sq*Skv*d = %.0f, ff1 FLOPs 2*M*8C*C = %.0f (got %.0f %.0f)",
           want_attn, want_ff1, nn[4].flops, nn[12].flops);
    graph_free(&g);
}

static void test_graph_attention(void) {
    BlockConfig c = {.kind = BLOCK_ATTENTION, .batch = 2, .heads = 3, .head_dim = 40, .cross = 0, .seq = 9, .kv = 9,
                     .seed = 1};
    Graph g;
    build_block(&g, &c);
    int ok = g.nn == 1 && g.nodes[0].op == OP_ATTENTION && g.t[g.nodes[0].in].c == 360 && g.t[g.nodes[0].in].is_input &&
             g.nodes[0].aux < 0 && g.nodes[0].k_col == 120 && g.nodes[0].v_col == 240 && g.t[g.out].c == 120;
    result(ok, "build_block attention kind=self B=2 H=3 d=40 seq=9: one node on a fused (B, S, 3C) QKV input");
    graph_free(&g);
    c.cross = 1;
    c.kv = 77;
    build_block(&g, &c);
    ok = g.nn == 1 && g.nodes[0].aux >= 0 && g.t[g.nodes[0].aux].h == 77 && g.t[g.nodes[0].aux].c == 240 &&
         g.nodes[0].attn.skv == 77 && g.nodes[0].attn.sq == 9 && g.nodes[0].flops == 4.0 * 2 * 3 * 9 * 77 * 40;
    result(ok, "build_block attention kind=cross B=2 H=3 d=40 seq=9 kv=77: Q (B, S, C), fused KV (B, 77, 2C), FLOPs "
           "4*B*H*Sq*Skv*d");
    graph_free(&g);
}

// ---------------------------------------------------------------------------
// CPU transformer end to end vs an independent double-precision composition
// ---------------------------------------------------------------------------
static double *dparam(const char *name, uint64_t seed, size_t n, float center, float scale) {
    float *p = xmalloc(n * sizeof(float));
    random_uniform(name, seed, p, n, center, scale, 0);
    double *d = xmalloc(n * sizeof(double));
    for (size_t i = 0; i < n; i++) d[i] = p[i];
    free(p);
    return d;
}

// y (M, N) = x (M, K) W^T (+ b) where W, b are the checkpoint tensors `name`.
static void dlinear(const char *name, uint64_t seed, const double *x, double *y, int M, int K, int N, int bias) {
    char wn[128], bn[128];
    snprintf(wn, sizeof wn, "%s.weight", name);
    snprintf(bn, sizeof bn, "%s.bias", name);
    double *w = dparam(wn, seed, (size_t)N * K, 0.f, 1.f / sqrtf((float)K));
    double *b = bias ? dparam(bn, seed, N, 0.f, 1.f / sqrtf((float)K)) : NULL;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double a = b ? b[n] : 0.0;
            for (int k = 0; k < K; k++) a += x[(size_t)m * K + k] * w[(size_t)n * K + k];
            y[(size_t)m * N + n] = a;
        }
    free(w), free(b);
}

static void dlayernorm(const char *name, uint64_t seed, const double *x, double *y, int M, int C) {
    char gn[128], bn[128];
    snprintf(gn, sizeof gn, "%s.weight", name);
    snprintf(bn, sizeof bn, "%s.bias", name);
    double *g = dparam(gn, seed, C, 1.f, 0.25f), *b = dparam(bn, seed, C, 0.f, 0.25f);
    for (int m = 0; m < M; m++) {
        double s = 0, q = 0;
        for (int c = 0; c < C; c++) s += x[(size_t)m * C + c];
        double mean = s / C;
        for (int c = 0; c < C; c++) q += (x[(size_t)m * C + c] - mean) * (x[(size_t)m * C + c] - mean);
        double rs = 1.0 / sqrt(q / C + 1e-5);
        for (int c = 0; c < C; c++) y[(size_t)m * C + c] = (x[(size_t)m * C + c] - mean) * rs * g[c] + b[c];
    }
    free(g), free(b);
}

// Multi-head attention for one batch element: q (Sq, C), k/v (Skv, C).
static void dattention(const double *q, const double *k, const double *v, double *o, int Sq, int Skv, int heads,
                       int d) {
    const int C = heads * d;
    double *p = xmalloc((size_t)Skv * sizeof(double));
    for (int h = 0; h < heads; h++)
        for (int i = 0; i < Sq; i++) {
            double mx = -INFINITY, sum = 0;
            for (int j = 0; j < Skv; j++) {
                double s = 0;
                for (int e = 0; e < d; e++) s += q[(size_t)i * C + h * d + e] * k[(size_t)j * C + h * d + e];
                p[j] = s / sqrt((double)d);
                mx = fmax(mx, p[j]);
            }
            for (int j = 0; j < Skv; j++) sum += (p[j] = exp(p[j] - mx));
            for (int e = 0; e < d; e++) {
                double a = 0;
                for (int j = 0; j < Skv; j++) a += p[j] * v[(size_t)j * C + h * d + e];
                o[(size_t)i * C + h * d + e] = a / sum;
            }
        }
    free(p);
}

static double rel_l2_d(const float *a, const double *b, size_t n) {
    double d2 = 0, r2 = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i])) return NAN;
        d2 += (a[i] - b[i]) * (a[i] - b[i]);
        r2 += b[i] * b[i];
    }
    return sqrt(d2 / r2);
}

static void test_transformer_e2e(int B, int H, int W, int C, int heads, int L, int D, int proj_linear, int depth) {
    BlockConfig cfg = tf_cfg(B, H, W, C, heads, L, D, proj_linear, depth);
    char tag[200];
    snprintf(tag, sizeof tag, "transformer e2e cpu B=%d H=%d W=%d C=%d heads=%d context=%dx%d proj=%s depth=%d", B, H, W,
             C, heads, L, D, proj_linear ? "linear" : "conv", depth);
    Graph g;
    build_block(&g, &cfg);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3};
    RunResult res;
    run_cpu(&g, &opt, &res);
    const int S = H * W, M = B * S, d = C / heads, G = cfg.groups;
    const uint64_t seed = cfg.seed;
    const Tensor *tx = &g.t[tensor_named(&g, "x")], *tc = &g.t[tensor_named(&g, "context")];
    double *x = xmalloc((size_t)M * C * 8), *ctx = xmalloc((size_t)B * L * D * 8);
    for (size_t i = 0; i < (size_t)M * C; i++) x[i] = tx->h_ref[i];
    for (size_t i = 0; i < (size_t)B * L * D; i++) ctx[i] = tc->h_ref[i];
    double *h = xmalloc((size_t)M * C * 8), *t0 = xmalloc((size_t)M * C * 8), *t1 = xmalloc((size_t)M * 8 * C * 8);
    double *q = xmalloc((size_t)M * C * 8), *k = xmalloc((size_t)M * C * 8), *v = xmalloc((size_t)M * C * 8);
    double *kc = xmalloc((size_t)B * L * C * 8), *vc = xmalloc((size_t)B * L * C * 8);
    // GroupNorm (eps 1e-6, no SiLU) over (S, C/G) per (b, group)
    double *gg = dparam("norm.weight", seed, C, 1.f, 0.25f), *gb = dparam("norm.bias", seed, C, 0.f, 0.25f);
    for (int b = 0; b < B; b++)
        for (int gr = 0; gr < G; gr++) {
            int cpg = C / G;
            double s = 0, sq = 0;
            for (int p = 0; p < S; p++)
                for (int c = gr * cpg; c < (gr + 1) * cpg; c++) s += x[((size_t)b * S + p) * C + c];
            double mean = s / (S * cpg);
            for (int p = 0; p < S; p++)
                for (int c = gr * cpg; c < (gr + 1) * cpg; c++) {
                    double e = x[((size_t)b * S + p) * C + c] - mean;
                    sq += e * e;
                }
            double rs = 1.0 / sqrt(sq / (S * cpg) + 1e-6);
            for (int p = 0; p < S; p++)
                for (int c = gr * cpg; c < (gr + 1) * cpg; c++) {
                    size_t i = ((size_t)b * S + p) * C + c;
                    t0[i] = (x[i] - mean) * rs * gg[c] + gb[c];
                }
        }
    free(gg), free(gb);
    dlinear("proj_in", seed, t0, h, M, C, C, 1);  // 1x1 conv and Linear: the same math on tokens
    for (int blk = 0; blk < depth; blk++) {
        char nm[128];
#define NM(s) (snprintf(nm, sizeof nm, "transformer_blocks.%d.%s", blk, s), nm)
        dlayernorm(NM("norm1"), seed, h, t0, M, C);
        dlinear(NM("attn1.to_q"), seed, t0, q, M, C, C, 0);
        dlinear(NM("attn1.to_k"), seed, t0, k, M, C, C, 0);
        dlinear(NM("attn1.to_v"), seed, t0, v, M, C, C, 0);
        for (int b = 0; b < B; b++)
            dattention(q + (size_t)b * S * C, k + (size_t)b * S * C, v + (size_t)b * S * C, t0 + (size_t)b * S * C, S,
                       S, heads, d);
        dlinear(NM("attn1.to_out.0"), seed, t0, t1, M, C, C, 1);
        for (size_t i = 0; i < (size_t)M * C; i++) h[i] += t1[i];
        dlayernorm(NM("norm2"), seed, h, t0, M, C);
        dlinear(NM("attn2.to_q"), seed, t0, q, M, C, C, 0);
        dlinear(NM("attn2.to_k"), seed, ctx, kc, B * L, D, C, 0);
        dlinear(NM("attn2.to_v"), seed, ctx, vc, B * L, D, C, 0);
        for (int b = 0; b < B; b++)
            dattention(q + (size_t)b * S * C, kc + (size_t)b * L * C, vc + (size_t)b * L * C, t0 + (size_t)b * S * C,
                       S, L, heads, d);
        dlinear(NM("attn2.to_out.0"), seed, t0, t1, M, C, C, 1);
        for (size_t i = 0; i < (size_t)M * C; i++) h[i] += t1[i];
        dlayernorm(NM("norm3"), seed, h, t0, M, C);
        dlinear(NM("ff.net.0.proj"), seed, t0, t1, M, C, 8 * C, 1);
        double *f = xmalloc((size_t)M * 4 * C * 8);
        for (int m = 0; m < M; m++)
            for (int j = 0; j < 4 * C; j++) {
                double a = t1[(size_t)m * 8 * C + j], gt = t1[(size_t)m * 8 * C + 4 * C + j];
                f[(size_t)m * 4 * C + j] = a * 0.5 * gt * (1.0 + erf(gt / sqrt(2.0)));
            }
        dlinear(NM("ff.net.2"), seed, f, t0, M, 4 * C, C, 1);
        free(f);
        for (size_t i = 0; i < (size_t)M * C; i++) h[i] += t0[i];
#undef NM
    }
    dlinear("proj_out", seed, h, t0, M, C, C, 1);
    for (size_t i = 0; i < (size_t)M * C; i++) t0[i] += x[i];
    const Tensor *to = &g.t[g.out];
    double e_ref = rel_l2_d(to->h_ref, t0, (size_t)M * C), e_fast = rel_l2_d(to->h_fast, t0, (size_t)M * C);
    result(e_ref <= 1e-5, "%s: FP32 reference chain vs independent double composition rel_l2 %.2e <= 1e-5", tag, e_ref);
    result(e_fast <= 5e-3 && res.pass && res.checked,
           "%s: FP16-emulated chain vs double rel_l2 %.2e <= 5e-3, run verdict %s", tag, e_fast,
           res.pass ? "PASS" : "FAIL");
    free(x), free(ctx), free(h), free(t0), free(t1), free(q), free(k), free(v), free(kc), free(vc);
    graph_free(&g);
}

// ---------------------------------------------------------------------------
// command line
// ---------------------------------------------------------------------------
static void test_cli(const char *bin) {
    static const char *bad[][2] = {
        {"--block transformer --c 320 --head-dim 48", "--head-dim 48 does not divide --c 320"},
        {"--block transformer --c 320 --heads 0", "--heads must be a positive integer (got 0)"},
        {"--block transformer --c 320 --heads 7", "--heads 7 does not divide --c 320"},
        {"--block transformer --c 320 --heads 16", "head dim 20 (--c 320 / 16 heads) has no attention kernel"},
        {"--block transformer --c 320 --heads 8 --head-dim 64", "--heads 8 x --head-dim 64 = 512 does not equal --c 320"},
        {"--block transformer --context-dim 0", "--context-dim must be a positive integer (got 0)"},
        {"--block transformer --context-dim 12", "--context-dim 12 must be a multiple of 8"},
        {"--block transformer --context-len 0", "--context-len must be a positive integer (got 0)"},
        {"--block transformer --proj 1x1", "--proj must be conv (SD1 1x1 conv) or linear (SD2/SDXL) (got '1x1')"},
        {"--block transformer --depth 11", "--depth must be between 1 and 10 (got 11)"},
        {"--block transformer --cout 640", "a transformer block keeps its channels"},
        {"--block transformer --temb-dim 16", "--temb-dim applies to --block resblock only"},
        {"--block transformer --seq 5", "--seq applies to --block attention only"},
        {"--block transformer --c 8192 --heads 128", "the LayerNorm kernel supports at most 4096 channels"},
        {"--block resblock --heads 8", "--heads/--head-dim apply to --block transformer or attention"},
        {"--block resblock --depth 2", "--depth applies to --block transformer only"},
        {"--block conv --context-dim 768", "--context-dim applies to --block transformer only"},
        {"--block attention --kind diagonal", "--kind must be self or cross (got 'diagonal')"},
        {"--block attention --kind self --seq 64 --kv 77", "--kv 77 conflicts with --kind self"},
        {"--block attention --c 320", "--block attention takes --seq, --kv, --heads and --head-dim"},
        {"--block attention --head-dim 44", "--head-dim 44 has no attention kernel; supported head dims:"},
        {"--block attention --head-dim 264", "--head-dim 264 has no attention kernel; supported head dims:"},
        {"--block attention --heads 0", "--heads must be a positive integer (got 0)"},
        {"--block attention --seq 0", "--seq must be a positive integer (got 0)"},
        {"--block attention --kind cross --kv -3", "--kv must be a positive integer (got -3)"},
        {"--block attention --groups 8", "--groups/--eps apply to --block resblock or transformer"},
        {"--block attention --seq 1048576 --heads 4096 --head-dim 64", "attention tensors too large"},
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) cli_bad(bin, bad[i][0], bad[i][1]);

    static const char *good[] = {
        "--block transformer --c 80 --heads 2 --h 3 --w 2 --context-len 5 --context-dim 24 --groups 8 --batch 2",
        "--block transformer --c 128 --head-dim 64 --hw 2 --context-len 3 --context-dim 16 --proj linear --depth 2",
        "--block attention --kind cross --seq 9 --kv 5 --heads 2 --head-dim 40 --batch 2",
        "--block attention --kind self --seq 17 --heads 1 --head-dim 64",
    };
    for (unsigned i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        char args[512];
        snprintf(args, sizeof args, "%s --check%s", good[i], dev_args());
        Cmd r = run_cli(bin, args);
        int pass = strstr(r.out, "verdict  PASS") != NULL;
        result(r.sig == 0 && r.rc == 0 && pass, "unetrun %s: exit 0, verdict PASS (exit %d signal %d)", args, r.rc, r.sig);
        free(r.out);
    }
    // the per-node report of a transformer names every node
    char args[512];
    snprintf(args, sizeof args, "--block transformer --c 80 --heads 2 --hw 2 --context-len 3 --context-dim 16 --groups 8%s",
             dev_args());
    Cmd r = run_cli(bin, args);
    static const char *rows[] = {"norm ", "proj_in ", "ln1 ", "qkv ", "attn1 ", "out1+res ", "ln2 ", "q2 ", "kv2(ctx) ",
                                 "attn2 ", "out2+res ", "ln3 ", "ff1+geglu ", "ff2+res ", "proj_out+res "};
    int all = r.rc == 0;
    for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) all &= count_lines_with_prefix(r.out, rows[i], NULL) == 1;
    result(all, "unetrun %s: report has one row per node (norm ... proj_out+res)", args);
    free(r.out);
}

void cpu_suite_transformer(const char *bin) {
    test_layernorm_ref();
    test_gelu_geglu();
    test_linear_residual();
    test_graph_transformer(0, 1);
    test_graph_transformer(1, 1);
    test_graph_transformer(1, 2);
    test_graph_attention();
    test_transformer_e2e(2, 4, 3, 80, 2, 5, 24, 0, 1);
    test_transformer_e2e(1, 3, 3, 128, 2, 4, 16, 1, 2);
    test_transformer_e2e(1, 1, 1, 16, 1, 1, 8, 0, 1);
    test_cli(bin);
}
