// exec_cpu.c: the CPU path (--device cpu) and the per-node CPU reference.
//
// The CPU path emulates the fast path's storage precision: weights and every
// activation are rounded to FP16 exactly where the GPU stores FP16, while the
// arithmetic is FP32 (FP64 for GroupNorm statistics). Its layer and chain
// errors therefore show what FP16 storage costs, as the GPU's do, and the
// FP32 reference chain is the same code without the rounding.
//
// A LayerNorm folded into its GEMM (--fuse-ln on) runs as gemm_fp16_lnfold
// computes it (linear_lnfold_cpu: gamma-scaled FP16 weights, row statistics,
// the fold in the epilogue); its reference is LayerNorm then Linear in FP32.
// A GroupNorm folded into a conv (graph_fuse_norms, GPU only) runs as the
// unfused pair.
//
// INT8 GEMM nodes (--linear int8, --conv1x1 int8) run the bit-exact model of
// the online-quantized kernel (gemm_int8_model) with the tile and split-K
// that gemm_int8_heuristic picks on an H100 (132 SMs; LINEAR_INT8_EMUL_SMS),
// so the CPU path reproduces `--device cuda --kernel-select heuristic` on an
// H100. With --int8-scales row (Node.i8_rows) they run gemm_int8_rows_model,
// whose result does not depend on the tile, so it matches the GPU for any
// --kernel-select. Their fp16_err is the layer error of the FP16 emulation of
// the same node on the same inputs.
//
// run_cpu reads beside run_gpu (exec_gpu.c): stage_inputs_cpu (stage_inputs),
// name_kernels_cpu (choose_kernels: nothing to tune), the timed fast chain
// (time_nodes; the chain's wall time stands for the graph replay), the FP32
// reference chain (reference_chain) and compare_nodes_cpu (compare_nodes).
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/random.h"
#include "../../common/common.h"
#include "../../common/progress.h"
#include "../layers/attention.h"
#include "../layers/quant.h"
#include "graph.h"

static void node_cpu_one(const Graph *g, const Node *n, const Tensor *ti, const float *in, const float *aux,
                         const float *res, const float *sx, float *out, int fast_emulation);

// The INT8 GEMM of a node (OP_LINEAR: SiLU on the B rows inside the GEMM;
// OP_GEMM; stride-1 1x1 OP_CONV: the (Cout, 1, 1, Cin) weight as (N, K)):
// per-tile scales (linear_int8_emul), or per row / output channel (i8_rows).
static void node_int8_cpu(const Graph *g, const Node *n, const float *in, const float *res, float *out) {
    const Tensor *ti = &g->t[n->in];
    if (n->op == OP_LINEAR || n->op == OP_GEMM) {
        const LinearLayer *L = n->lin;
        const int rows = (int)(ti->numel / L->k);
        const GemmEpilogue epi = L->geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
        const int silu = n->op == OP_LINEAR && L->silu_in;  // res: (rows, N) or NULL
        float *normed = NULL;
        if (node_ln_quant(n)) {  // the LayerNorm the GEMM quantizes: its FP16 rows, as the separate node makes them
            normed = xmalloc(ti->numel * sizeof(float));
            layernorm_ref_cpu(in, normed, n->ln->h_gamma, n->ln->h_beta, rows, n->ln->c, n->ln->eps);
            for (size_t i = 0; i < ti->numel; i++) normed[i] = round_f16(normed[i]);
            in = normed;
        }
        if (n->i8_group) linear_int8_group_emul(rows, L->n, L->k, in, L->h_w_fast, L->h_bias, res, out, epi);
        else if (n->i8_rows) linear_int8_rows_emul(rows, L->n, L->k, in, L->h_w_fast, L->h_bias, res, out, epi, silu);
        else linear_int8_emul(rows, L->n, L->k, in, L->h_w_fast, L->h_bias, res, out, epi, silu);
        free(normed);
        return;
    }
    if (n->op != OP_CONV) die_internal("node %s has no INT8 GEMM", n->name);
    const Conv2dLayer *L = n->conv;
    const int cin = L->s.cin, cout = L->s.cout, m = L->s.batch * L->s.h * L->s.w;
    float *w = xmalloc((size_t)cout * cin * sizeof(float));  // (N = Cout, K = Cin) from (1, 1, Cin, Cout)
    for (int ci = 0; ci < cin; ci++)
        for (int co = 0; co < cout; co++) w[(size_t)co * cin + ci] = L->h_w_fast[(size_t)ci * cout + co];
    if (n->i8_group) gemm_int8_group_model(m, cout, cin, in, w, L->h_bias, res, out, GEMM_EPI_NONE);
    else if (n->i8_rows) gemm_int8_rows_model(m, cout, cin, in, w, L->h_bias, res, out, GEMM_EPI_NONE, 0);
    else linear_int8_emul(m, cout, cin, in, w, L->h_bias, res, out, GEMM_EPI_NONE, 0);
    free(w);
}

// An input as its reader sees it, one NHWC array: tensor ia's values `in`
// themselves, or (ib >= 0) the channel concatenation of in and in2 (tensor
// ib's values), or (up2x) in upsampled by nearest 2x. *view describes it;
// returns in or a new array (free it when != in).
static float *input_view(const Graph *g, int ia, int ib, int up2x, const float *in, const float *in2, Tensor *view) {
    const Tensor *a = &g->t[ia];
    *view = *a;
    if (ib >= 0) {
        const Tensor *b = &g->t[ib];
        view->c = a->c + b->c;
        view->numel = a->numel + b->numel;
        float *cat = xmalloc(view->numel * sizeof(float));  // (B, H, W, Ca + Cb)
        const size_t pix = (size_t)a->n * a->h * a->w;
        for (size_t p = 0; p < pix; p++) {
            memcpy(cat + p * view->c, in + p * a->c, a->c * sizeof(float));
            memcpy(cat + p * view->c + a->c, in2 + p * b->c, b->c * sizeof(float));
        }
        return cat;
    }
    if (up2x) {
        view->h = 2 * a->h;
        view->w = 2 * a->w;
        view->numel = 4 * a->numel;
        float *up = xmalloc(view->numel * sizeof(float));  // (B, 2H, 2W, C)
        for (int b = 0; b < a->n; b++)
            for (int y = 0; y < view->h; y++)
                for (int x = 0; x < view->w; x++)
                    memcpy(up + (((size_t)b * view->h + y) * view->w + x) * a->c,
                           in + (((size_t)b * a->h + y / 2) * a->w + x / 2) * a->c, a->c * sizeof(float));
        return up;
    }
    return (float *)in;
}

static const float *host_ptr(const Graph *g, int id, int fast) {
    if (id < 0) return NULL;
    return fast ? g->t[id].h_fast : g->t[id].h_ref;
}

void node_cpu(const Graph *g, const Node *n, int fast_inputs, float *out, int fast_emulation) {
    Tensor view, sview;
    const float *in_a = host_ptr(g, n->in, fast_inputs), *sx_a = n->sc ? host_ptr(g, n->sc_in, fast_inputs) : NULL;
    float *in = input_view(g, n->in, n->in2, n->up2x, in_a, host_ptr(g, n->in2, fast_inputs), &view);
    float *sx = n->sc ? input_view(g, n->sc_in, n->sc_in2, 0, sx_a, host_ptr(g, n->sc_in2, fast_inputs), &sview) : NULL;
    node_cpu_one(g, n, &view, in, host_ptr(g, n->aux, fast_inputs), host_ptr(g, n->res, fast_inputs), sx, out,
                 fast_emulation);
    if (in != in_a) free(in);
    if (sx != sx_a) free(sx);
}

// An OP_GEMM node (GEGLU's 8C-wide projection stays FP32, as in the fast
// kernel's registers). A LayerNorm folded in (Node.ln): the fast path as
// gemm_fp16_lnfold computes it where the weights hold it (LinearLayer.fold_ln;
// else, the FP16 emulation of a --int8-scales row node: its FP16 rows, then
// the GEMM), the reference as LayerNorm then Linear.
static void gemm_node_cpu(const Node *n, const Tensor *ti, const float *in, const float *res, float *out,
                          int fast_emulation) {
    const LinearLayer *L = n->lin;
    const float *w = fast_emulation ? L->h_w_fast : L->h_w_ref;
    const int rows = (int)(ti->numel / L->k);
    if (n->ln && fast_emulation && L->fold_ln) {
        linear_lnfold_cpu(L, in, rows, n->ln->eps, out);
        return;
    }
    float *normed = NULL;
    if (n->ln) {
        normed = xmalloc(ti->numel * sizeof(float));
        layernorm_ref_cpu(in, normed, n->ln->h_gamma, n->ln->h_beta, rows, n->ln->c, n->ln->eps);
        if (fast_emulation)
            for (size_t i = 0; i < ti->numel; i++) normed[i] = round_f16(normed[i]);
        in = normed;
    }
    if (L->geglu) {
        float *tmp = xmalloc((size_t)rows * L->n * sizeof(float));
        linear_ref_cpu(in, w, L->h_bias, NULL, tmp, rows, L->k, L->n);
        geglu_ref_cpu(tmp, out, rows, L->n / 2);
        free(tmp);
    } else {
        linear_ref_cpu(in, w, L->h_bias, res, out, rows, L->k, L->n);
    }
    free(normed);
}

static void node_cpu_one(const Graph *g, const Node *n, const Tensor *ti, const float *in, const float *aux,
                         const float *res, const float *sx, float *out, int fast_emulation) {
    const Tensor *to = &g->t[n->out];
    if (fast_emulation && n->prec == PREC_INT8) {
        node_int8_cpu(g, n, in, res, out);
        for (size_t i = 0; i < to->numel; i++) out[i] = round_f16(out[i]);
        return;
    }
    switch (n->op) {
        case OP_LINEAR: {
            const LinearLayer *L = n->lin;
            const float *x = in;
            float *tmp = NULL;
            if (L->silu_in) {
                tmp = xmalloc(ti->numel * sizeof(float));
                silu_ref_cpu(in, tmp, ti->numel);
                x = tmp;
            }
            linear_ref_cpu(x, fast_emulation ? L->h_w_fast : L->h_w_ref, L->h_bias, res, out, ti->n, L->k, L->n);
            free(tmp);
            break;
        }
        case OP_GEMM:
            gemm_node_cpu(n, ti, in, res, out, fast_emulation);
            break;
        case OP_LAYERNORM: {
            const LayerNormLayer *L = n->ln;
            layernorm_ref_cpu(in, out, L->h_gamma, L->h_beta, (int)(ti->numel / L->c), L->c, L->eps);
            break;
        }
        case OP_ATTENTION: {
            const float *kv = n->aux >= 0 ? aux : in;
            attention_ref_cpu(&n->attn, in + n->q_col, kv + n->k_col, kv + n->v_col, out, n->attn_scale);
            break;
        }
        case OP_GROUPNORM: {
            const GroupNormLayer *L = n->gn;
            groupnorm_ref_cpu(in, out, L->h_gamma, L->h_beta, ti->n, ti->h * ti->w, ti->c, L->groups, L->eps);
            if (L->silu) silu_ref_cpu(out, out, to->numel);
            break;
        }
        case OP_CONV: {
            const Conv2dLayer *L = n->conv;
            float *normed = NULL;
            if (n->gn) {  // a GroupNorm fused into the conv (graph_fuse_norms): applied first
                const GroupNormLayer *G = n->gn;
                normed = xmalloc(ti->numel * sizeof(float));
                groupnorm_ref_cpu(in, normed, G->h_gamma, G->h_beta, ti->n, ti->h * ti->w, ti->c, G->groups, G->eps);
                if (G->silu) silu_ref_cpu(normed, normed, ti->numel);
                if (fast_emulation)  // the fast path's operand is FP16
                    for (size_t i = 0; i < ti->numel; i++) normed[i] = round_f16(normed[i]);
                in = normed;
            }
            float *shortcut = NULL;
            if (n->sc) {  // the fused shortcut (graph_fuse_shortcuts): FP32, as in the fast kernel's accumulators
                const Conv2dLayer *S = n->sc;
                shortcut = xmalloc(to->numel * sizeof(float));
                conv2d_ref_cpu(&S->s, sx, fast_emulation ? S->h_w_fast : S->h_w_ref, S->h_bias, NULL, NULL, shortcut);
                res = shortcut;
            }
            conv2d_ref_cpu(&L->s, in, fast_emulation ? L->h_w_fast : L->h_w_ref, L->h_bias, aux, res, out);
            free(normed);
            free(shortcut);
            break;
        }
    }
    if (fast_emulation)
        for (size_t i = 0; i < to->numel; i++) out[i] = round_f16(out[i]);
}

// Runs every node once; *done counts the nodes run so far for the progress
// line (common/progress.h).
static void run_chain(Graph *g, int fast, double *node_seconds, long *done) {
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        double t0 = wall_seconds();
        node_cpu(g, n, fast, fast ? g->t[n->out].h_fast : g->t[n->out].h_ref, fast);
        if (node_seconds) node_seconds[i] = wall_seconds() - t0;
        progress_step(++*done, n->name);
    }
}

// Host tensors of both chains; inputs from graph_input_values (as the GPU's
// stage_inputs), every other tensor poisoned. Returns the largest numel.
static size_t stage_inputs_cpu(Graph *g) {
    size_t maxt = 0;
    for (int i = 0; i < g->nt; i++) {
        Tensor *t = &g->t[i];
        t->h_fast = xmalloc(t->numel * sizeof(float));
        t->h_ref = xmalloc(t->numel * sizeof(float));
        if (t->numel > maxt) maxt = t->numel;
        if (t->is_input) {
            graph_input_values(g, t, t->h_fast);
            if (t->exact) memcpy(t->h_ref, t->h_init, t->numel * sizeof(float));  // FP32 chain: unrounded
            else memcpy(t->h_ref, t->h_fast, t->numel * sizeof(float));
        } else {
            for (size_t k = 0; k < t->numel; k++) t->h_fast[k] = t->h_ref[k] = NAN;  // poison
        }
    }
    return maxt;
}

// The CPU's "kernel choice": what each node's row says ran (INT8 nodes: the
// tile the H100 heuristic picks, as the bit-exact model uses it; per-row
// INT8 nodes "i8r rows": their result does not depend on the tile).
static void name_kernels_cpu(Graph *g) {
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        const char *k = "linear";
        switch (n->op) {
            case OP_CONV: k = n->sc ? "conv2d+shortcut" : "conv2d"; break;
            case OP_GROUPNORM: k = n->gn->silu ? "groupnorm+silu" : "groupnorm"; break;
            case OP_LINEAR: k = "linear"; break;
            case OP_GEMM:
                k = n->ln ? (n->lin->geglu ? "ln+linear+geglu" : "ln+linear")
                          : (n->lin->geglu ? "linear+geglu" : "linear");
                break;
            case OP_LAYERNORM: k = "layernorm"; break;
            case OP_ATTENTION: k = "attention"; break;
        }
        if (n->prec == PREC_INT8 && n->i8_group) {
            snprintf(g->nodes[i].kernel, sizeof(g->nodes[i].kernel), "cpu i8g groups");
        } else if (n->prec == PREC_INT8 && n->i8_rows) {
            snprintf(g->nodes[i].kernel, sizeof(g->nodes[i].kernel), "cpu %si8r rows", n->ln ? "ln-quant + " : "");
        } else if (n->prec == PREC_INT8) {
            int m = n->op == OP_CONV ? n->conv->s.batch * n->conv->s.h * n->conv->s.w
                                     : (int)(g->t[n->in].numel / n->lin->k);
            int nn = n->op == OP_CONV ? n->conv->s.cout : n->lin->n, kk = n->op == OP_CONV ? n->conv->s.cin : n->lin->k;
            TileConfig cc = gemm_int8_heuristic(m, nn, kk, LINEAR_INT8_EMUL_SMS);
            char split[24] = "";
            if (cc.splits > 1) snprintf(split, sizeof split, " splitk=%d", cc.splits);
            snprintf(g->nodes[i].kernel, sizeof(g->nodes[i].kernel), "cpu %s%s", gemm_int8_tile_name(cc.tile),
                     split);
        } else {
            snprintf(g->nodes[i].kernel, sizeof(g->nodes[i].kernel), "cpu %s fp16-emul", k);
        }
    }
}

// Per node: layer error, chain error and, for INT8 nodes, the FP16
// emulation's layer error on the same inputs; pass/fail by node_pass. *done
// counts nodes for the progress line.
static void compare_nodes_cpu(Graph *g, size_t maxt, RunResult *r, long *done) {
    float *scratch = xmalloc(maxt * sizeof(float)), *scratch16 = xmalloc(maxt * sizeof(float));
    r->pass = 1;
    r->checked = 1;
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        const Tensor *to = &g->t[n->out];
        node_cpu(g, n, 1, scratch, 0);
        n->layer_err = compare_outputs(to->h_fast, scratch, to->numel);
        n->chain_err = compare_outputs(to->h_fast, to->h_ref, to->numel);
        if (n->prec == PREC_INT8) {  // the FP16 emulation of the same node on the same inputs
            Node f16 = *n;
            f16.prec = PREC_FP16;
            node_cpu(g, &f16, 1, scratch16, 1);
            n->fp16_err = compare_outputs(scratch16, scratch, to->numel);
            n->has_fp16_err = 1;
        }
        if (!node_pass(n, node_tol(n, r))) r->pass = 0;
        progress_step(++*done, n->name);
    }
    free(scratch);
    free(scratch16);
}

void run_cpu(Graph *g, const RunOptions *opt, RunResult *r) {
    memset(r, 0, sizeof(*r));
    snprintf(r->device_name, sizeof(r->device_name), "%s", CPU_DEVICE_NAME);
    r->on_gpu = 0;
    r->ref = opt->ref;
    r->tol = opt->tol_fp16;
    graph_set_precision(g, opt, 1);  // --linear auto as on an H100
    // --fuse-shortcut on: the fused conv as the Hopper engine computes it (auto: only where that engine runs)
    if (opt->fuse_shortcut == FUSE_ON) graph_fuse_shortcuts(g, conv2d_shortcut_shape_ok);
    // on: the CPU emulates the fold as gemm_fp16_lnfold computes it; auto: only the --int8-scales row GEMMs'
    // LayerNorms (the same bytes either way)
    if (opt->fuse_ln == FUSE_ON) graph_fuse_layernorms(g, 0, 0);
    else if (opt->fuse_ln == FUSE_AUTO) graph_fuse_layernorms(g, INT_MAX, 0);

    graph_init_weights(g, opt->params, 0, 1, 0);
    const size_t maxt = stage_inputs_cpu(g);
    name_kernels_cpu(g);

    // Fast chain: warm-up, then timed iterations (per node and whole chain);
    // then the reference chain and each node's layer check.
    long done = 0;
    progress_begin((long)g->nn * (opt->warmup + opt->iters + (opt->ref == REF_NONE ? 0 : 2)), "CPU path");
    for (int it = 0; it < opt->warmup; it++) run_chain(g, 1, NULL, &done);
    int iters = opt->iters;
    double *samples = xcalloc((size_t)g->nn * iters, sizeof(double));
    double *block = xcalloc((size_t)iters, sizeof(double));
    double *node_s = xcalloc((size_t)g->nn + 1, sizeof(double));
    for (int it = 0; it < iters; it++) {
        double t0 = wall_seconds();
        run_chain(g, 1, node_s, &done);
        block[it] = wall_seconds() - t0;
        for (int i = 0; i < g->nn; i++) samples[(size_t)i * iters + it] = node_s[i];
    }
    r->sum_nodes = 0.0;
    for (int i = 0; i < g->nn; i++) {
        time_stats(samples + (size_t)i * iters, iters, &g->nodes[i].time);
        r->sum_nodes += g->nodes[i].time.median;
    }
    time_stats(block, iters, &r->block);
    free(samples);
    free(block);
    free(node_s);
    const Tensor *tout = &g->t[g->out];
    r->h_out_fast = xmalloc(tout->numel * sizeof(float));
    memcpy(r->h_out_fast, tout->h_fast, tout->numel * sizeof(float));

    if (opt->ref == REF_NONE) {
        progress_end();
        r->checked = 0;
        r->pass = 1;
        return;
    }
    // Reference chain (FP32) and errors.
    double t0 = wall_seconds();
    run_chain(g, 0, NULL, &done);
    r->ref_time = wall_seconds() - t0;
    r->ref_on_gpu = 0;
    r->h_out_ref = xmalloc(tout->numel * sizeof(float));
    memcpy(r->h_out_ref, tout->h_ref, tout->numel * sizeof(float));
    compare_nodes_cpu(g, maxt, r, &done);
    progress_end();
}
