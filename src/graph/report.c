// report.c: the console report and the JSON report (cJSON).
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common.h"
#include "graph.h"

static const char *fmt_time(double s, char *buf, size_t n) {
    if (!(s > 0.0))
        snprintf(buf, n, "-");
    else if (s < 1e-3)
        snprintf(buf, n, "%.1f us", s * 1e6);
    else if (s < 1.0)
        snprintf(buf, n, "%.2f ms", s * 1e3);
    else
        snprintf(buf, n, "%.2f s", s);
    return buf;
}

static const char *fmt_err(double v, char *buf, size_t n) {
    if (isnan(v))
        snprintf(buf, n, "NaN");
    else
        snprintf(buf, n, "%.1e", v);
    return buf;
}

static const char *ref_name(const RunResult *r) {
    switch (r->ref) {
        case REF_GPU: return "FP32 on GPU";
        case REF_CPU: return "FP32 on CPU";
        case REF_NONE: return "none (--ref none)";
        default: return "?";
    }
}

static int node_pass(const Node *n, double tol) {
    return !n->layer_err.nonfinite && !n->chain_err.nonfinite && n->layer_err.rel_l2 <= tol &&
           n->chain_err.rel_l2 <= tol;
}

static void config_line(const Graph *g, char *buf, size_t n) {
    const BlockConfig *c = &g->cfg;
    if (!strcmp(c->block, "conv"))
        snprintf(buf, n, "conv %dx%d stride %d  cin %d -> cout %d  %dx%d (HxW)  batch %d", c->ksize, c->ksize,
                 c->stride, c->c, c->cout, c->h, c->w, c->batch);
    else if (!strcmp(c->block, "transformer"))
        snprintf(buf, n, "transformer  C %d  %dx%d (HxW, %d tokens)  batch %d  heads %d x %d  context %d x %d  "
                 "proj %s  depth %d  groups %d  eps %g", c->c, c->h, c->w, c->h * c->w, c->batch, c->heads,
                 c->head_dim, c->context_len, c->context_dim, c->proj_linear ? "linear" : "conv", c->depth, c->groups,
                 c->eps);
    else if (!strcmp(c->block, "attention"))
        snprintf(buf, n, "attention (%s)  batch %d  heads %d x %d  Sq %d  Skv %d  scale 1/sqrt(%d)",
                 c->cross ? "cross" : "self", c->batch, c->heads, c->head_dim, c->seq, c->kv, c->head_dim);
    else
        snprintf(buf, n, "%s  cin %d -> cout %d  %dx%d (HxW)  batch %d  groups %d  eps %g  temb %d", c->block, c->c,
                 c->cout, c->h, c->w, c->batch, c->groups, c->eps, c->temb_dim);
}

void print_report(const Graph *g, const RunOptions *opt, const RunResult *r) {
    char b1[32], b2[32], b3[32], b4[32], cfgline[256];
    printf("unetrun %s  |  ", UNETRUN_VERSION);
    if (r->on_gpu)
        printf("%s, %d SMs, sm_%d%d\n", r->device_name, r->num_sms, r->cc_major, r->cc_minor);
    else
        printf("%s\n", r->device_name);
    config_line(g, cfgline, sizeof(cfgline));
    printf("block    %s\n", cfgline);
    printf("weights  random: cuRAND Philox, seed %llu, PyTorch default init; inputs ~ N(0,1) stored as FP16\n",
           (unsigned long long)g->cfg.seed);
    printf("timing   %d warm-up + %d iterations per node (%s), median and p90; reference %s%s\n\n", opt->warmup,
           opt->iters, r->on_gpu ? "CUDA events" : "wall clock", ref_name(r),
           r->on_gpu ? (r->pdl ? "; PDL on" : "; PDL off") : "");

    printf("%-14s %-30s %-16s %9s %9s %8s %8s | %-17s | %-17s\n", "node", "kernel", "output (NHWC)", "median", "p90",
           "TFLOP/s", "GB/s", "layer relL2 maxabs", "chain relL2 maxabs");
    if (!strcmp(g->cfg.block, "transformer") || !strcmp(g->cfg.block, "attention"))
        printf("%-14s %-30s %-16s\n", "", "", "(tokens: B x S x 1 x C)");
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        const Tensor *t = &g->t[n->out];
        char shape[48];
        if (t->h == 1 && t->w == 1 && n->op == OP_LINEAR)
            snprintf(shape, sizeof(shape), "%dx%d", t->n, t->c);
        else
            snprintf(shape, sizeof(shape), "%dx%dx%dx%d", t->n, t->h, t->w, t->c);
        double med = n->time.median;
        double tf = med > 0 ? n->flops / med * 1e-12 : 0.0;
        printf("%-14s %-30s %-16s %9s %9s %8.*f %8.1f | ", n->name, n->kernel, shape, fmt_time(med, b1, sizeof b1),
               fmt_time(n->time.p90, b2, sizeof b2), tf >= 1.0 ? 1 : 3, tf, med > 0 ? n->bytes / med * 1e-9 : 0.0);
        if (n->layer_err.valid)
            printf("%8s %8s | %8s %8s%s\n", fmt_err(n->layer_err.rel_l2, b3, sizeof b3),
                   fmt_err(n->layer_err.max_abs, b4, sizeof b4), fmt_err(n->chain_err.rel_l2, b1, sizeof b1),
                   fmt_err(n->chain_err.max_abs, b2, sizeof b2), node_pass(n, r->tol) ? "" : "  FAIL");
        else
            printf("%8s %8s | %8s %8s\n", "-", "-", "-", "-");
    }
    printf("\n");
    printf("sum of nodes          %s\n", fmt_time(r->sum_nodes, b1, sizeof b1));
    if (r->on_gpu)
        printf("block (graph replay)  %s  (median of %d, p90 %s)\n", fmt_time(r->block.median, b1, sizeof b1),
               r->block.n, fmt_time(r->block.p90, b2, sizeof b2));
    else
        printf("block (CPU chain)     %s  (median of %d)\n", fmt_time(r->block.median, b1, sizeof b1), r->block.n);
    if (r->checked)
        printf("FP32 reference (%s)  %s\n", r->ref_on_gpu ? "GPU" : "CPU", fmt_time(r->ref_time, b1, sizeof b1));
    if (!r->checked) {
        printf("verdict  NOT CHECKED (--ref none)\n");
    } else if (r->pass) {
        printf("verdict  PASS: every node within relative L2 %.0e (layer and chain), no NaN/Inf%s\n", r->tol,
               r->on_gpu ? ", graph replay bit-identical" : "");
    } else {
        int bad = 0;
        for (int i = 0; i < g->nn; i++) bad += !node_pass(&g->nodes[i], r->tol);
        printf("verdict  FAIL: %d node(s) beyond relative L2 %.0e or non-finite%s\n", bad, r->tol,
               (r->on_gpu && !r->replay_identical) ? "; graph replay differs from the eager run" : "");
    }
}

static cJSON *err_json(const ErrMetrics *e) {
    cJSON *o = cJSON_CreateObject();
    if (!e->valid) return o;
    cJSON_AddNumberToObject(o, "rel_l2", e->rel_l2);
    cJSON_AddNumberToObject(o, "max_abs", e->max_abs);
    cJSON_AddNumberToObject(o, "cosine", e->cosine);
    cJSON_AddNumberToObject(o, "nonfinite", (double)e->nonfinite);
    return o;
}

static cJSON *time_json(const TimeStats *t) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "median", t->median * 1e6);
    cJSON_AddNumberToObject(o, "p10", t->p10 * 1e6);
    cJSON_AddNumberToObject(o, "p90", t->p90 * 1e6);
    cJSON_AddNumberToObject(o, "min", t->min * 1e6);
    cJSON_AddNumberToObject(o, "mean", t->mean * 1e6);
    cJSON_AddNumberToObject(o, "n", t->n);
    return o;
}

int write_json_report(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    cJSON *root = cJSON_CreateObject();
    char date[64];
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tmv);
    cJSON_AddStringToObject(root, "unetrun_version", UNETRUN_VERSION);
    cJSON_AddStringToObject(root, "date", date);

    cJSON *dev = cJSON_AddObjectToObject(root, "device");
    cJSON_AddStringToObject(dev, "path", r->on_gpu ? "cuda" : "cpu");
    cJSON_AddStringToObject(dev, "name", r->device_name);
    if (r->on_gpu) {
        cJSON_AddNumberToObject(dev, "sms", r->num_sms);
        char cc[16];
        snprintf(cc, sizeof cc, "sm_%d%d", r->cc_major, r->cc_minor);
        cJSON_AddStringToObject(dev, "arch", cc);
    }

    const BlockConfig *c = &g->cfg;
    cJSON *cfg = cJSON_AddObjectToObject(root, "config");
    cJSON_AddStringToObject(cfg, "block", c->block);
    cJSON_AddNumberToObject(cfg, "c", c->c);
    cJSON_AddNumberToObject(cfg, "cout", c->cout);
    cJSON_AddNumberToObject(cfg, "h", c->h);
    cJSON_AddNumberToObject(cfg, "w", c->w);
    cJSON_AddNumberToObject(cfg, "batch", c->batch);
    if (!strcmp(c->block, "conv")) {
        cJSON_AddNumberToObject(cfg, "ksize", c->ksize);
        cJSON_AddNumberToObject(cfg, "stride", c->stride);
    } else if (!strcmp(c->block, "resblock")) {
        cJSON_AddNumberToObject(cfg, "temb_dim", c->temb_dim);
        cJSON_AddNumberToObject(cfg, "groups", c->groups);
        cJSON_AddNumberToObject(cfg, "eps", c->eps);
    } else {
        cJSON_AddNumberToObject(cfg, "heads", c->heads);
        cJSON_AddNumberToObject(cfg, "head_dim", c->head_dim);
        if (!strcmp(c->block, "transformer")) {
            cJSON_AddNumberToObject(cfg, "context_len", c->context_len);
            cJSON_AddNumberToObject(cfg, "context_dim", c->context_dim);
            cJSON_AddStringToObject(cfg, "proj", c->proj_linear ? "linear" : "conv");
            cJSON_AddNumberToObject(cfg, "depth", c->depth);
            cJSON_AddNumberToObject(cfg, "groups", c->groups);
            cJSON_AddNumberToObject(cfg, "eps", c->eps);
        } else {
            cJSON_AddStringToObject(cfg, "kind", c->cross ? "cross" : "self");
            cJSON_AddNumberToObject(cfg, "seq", c->seq);
            cJSON_AddNumberToObject(cfg, "kv", c->kv);
        }
    }
    cJSON *wts = cJSON_AddObjectToObject(root, "weights");
    cJSON_AddStringToObject(wts, "source", "random");
    cJSON_AddNumberToObject(wts, "seed", (double)c->seed);
    cJSON *tim = cJSON_AddObjectToObject(root, "timing");
    cJSON_AddNumberToObject(tim, "warmup", opt->warmup);
    cJSON_AddNumberToObject(tim, "iters", opt->iters);
    cJSON_AddStringToObject(tim, "clock", r->on_gpu ? "cuda_events" : "wall");
    if (r->on_gpu) cJSON_AddBoolToObject(tim, "pdl", r->pdl);
    cJSON_AddStringToObject(root, "reference", r->ref == REF_GPU ? "gpu" : r->ref == REF_CPU ? "cpu" : "none");

    cJSON *nodes = cJSON_AddArrayToObject(root, "nodes");
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        const Tensor *t = &g->t[n->out];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", n->name);
        cJSON_AddStringToObject(o, "kernel", n->kernel);
        int shape[4] = {t->n, t->h, t->w, t->c};
        cJSON_AddItemToObject(o, "output_nhwc", cJSON_CreateIntArray(shape, 4));
        cJSON_AddNumberToObject(o, "flops", n->flops);
        cJSON_AddNumberToObject(o, "min_bytes", n->bytes);
        cJSON_AddItemToObject(o, "time_us", time_json(&n->time));
        double med = n->time.median;
        cJSON_AddNumberToObject(o, "tflops", med > 0 ? n->flops / med * 1e-12 : 0.0);
        cJSON_AddNumberToObject(o, "gbps", med > 0 ? n->bytes / med * 1e-9 : 0.0);
        cJSON_AddItemToObject(o, "layer_error", err_json(&n->layer_err));
        cJSON_AddItemToObject(o, "chain_error", err_json(&n->chain_err));
        if (r->checked) cJSON_AddBoolToObject(o, "pass", node_pass(n, r->tol));
        cJSON_AddItemToArray(nodes, o);
    }
    cJSON *blk = cJSON_AddObjectToObject(root, "block");
    cJSON_AddNumberToObject(blk, "sum_nodes_us", r->sum_nodes * 1e6);
    cJSON_AddItemToObject(blk, r->on_gpu ? "graph_replay_us" : "cpu_chain_us", time_json(&r->block));
    if (r->checked) {
        cJSON_AddNumberToObject(blk, "reference_us", r->ref_time * 1e6);
        cJSON_AddNumberToObject(blk, "tolerance_rel_l2", r->tol);
        cJSON_AddBoolToObject(blk, "pass", r->pass);
    }
    if (r->on_gpu) cJSON_AddBoolToObject(blk, "replay_identical", r->replay_identical);

    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) return -1;
    FILE *f = fopen(path, "w");
    if (!f) {
        free(text);
        return -1;
    }
    int ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = (fclose(f) == 0) && ok;
    free(text);
    return ok ? 0 : -1;
}
