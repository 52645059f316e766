// report.c: the console report, the JSON report (cJSON; schema in
// docs/report-schema.md) and the per-node CSV.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../common/common.h"
#include "../../common/outfile.h"
#include "../graph/blockkinds.h"
#include "../graph/graph.h"
#include "report.h"
#include "report_json.h"

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

const char *node_clock_name(const RunOptions *opt, const RunResult *r) {
    if (!r->on_gpu) return "wall clock";
    return opt->node_timing_eager ? "CUDA events, eager launches" : "CUDA events, one graph replay each";
}

static const char *ref_name(const RunResult *r) {
    switch (r->ref) {
        case REF_GPU: return "FP32 on GPU";
        case REF_CPU: return "FP32 on CPU";
        case REF_NONE: return "none (--ref none)";
        default: return "?";
    }
}

void print_peaks_line(const RunResult *r) {
    if (r->peak_tflops > 0 && r->peak_gbps > 0)
        printf("roofline %.0f TFLOP/s FP16 tensor core, %.0f GB/s DRAM (%s); bound = max(FLOPs/peak, bytes/BW)\n",
               r->peak_tflops, r->peak_gbps, r->peak_source);
    else
        printf("roofline none: the CPU path has no tensor-core peak (give --peak-tflops and --peak-gbps)\n");
}

void config_line(const Graph *g, char *buf, size_t n) {
    const BlockConfig *c = &g->cfg;
    if (g->unet) {  // --unet: the layout (unet_report.c)
        unet_config_line(g, buf, n);
        return;
    }
    if (c->kind == BLOCK_CONV)
        snprintf(buf, n, "conv %dx%d stride %d  cin %d -> cout %d  %dx%d (HxW)  batch %d", c->ksize, c->ksize,
                 c->stride, c->c, c->cout, c->h, c->w, c->batch);
    else if (c->kind == BLOCK_TRANSFORMER)
        snprintf(buf, n, "transformer  C %d  %dx%d (HxW, %d tokens)  batch %d  heads %d x %d  context %d x %d  "
                 "proj %s  depth %d  groups %d  eps %g", c->c, c->h, c->w, c->h * c->w, c->batch, c->heads,
                 c->head_dim, c->context_len, c->context_dim, c->proj_linear ? "linear" : "conv", c->depth, c->groups,
                 c->eps);
    else if (c->kind == BLOCK_ATTENTION)
        snprintf(buf, n, "attention (%s)  batch %d  heads %d x %d  Sq %d  Skv %d  scale 1/sqrt(%d)",
                 c->cross ? "cross" : "self", c->batch, c->heads, c->head_dim, c->seq, c->kv, c->head_dim);
    else if (c->kind == BLOCK_GEMM) {
        static const char *epi[] = {"none", "bias", "bias+geglu", "bias+residual"};
        snprintf(buf, n, "gemm  M %d  N %d  K %d  (M, K) x (N, K)^T  epilogue %s", c->m, c->n, c->k,
                 epi[c->epilogue]);
    }
    else
        snprintf(buf, n, "%s  cin %d -> cout %d  %dx%d (HxW)  batch %d  groups %d  eps %g  temb %d", block_kind_name(c->kind), c->c,
                 c->cout, c->h, c->w, c->batch, c->groups, c->eps, c->temb_dim);
}

void report_header_info(RunResult *r, const RunOptions *opt, int on_gpu) {
    memset(r, 0, sizeof *r);
    r->on_gpu = on_gpu;
    r->ref = opt->ref;
    if (!on_gpu) {
        snprintf(r->device_name, sizeof r->device_name, "%s", CPU_DEVICE_NAME);
        return;
    }
    struct cudaDeviceProp prop;  // the fields run_gpu (exec_gpu.c) fills from the same properties
    cudaCheck(cudaGetDeviceProperties(&prop, opt->gpu));
    snprintf(r->device_name, sizeof r->device_name, "%s", prop.name);
    r->num_sms = prop.multiProcessorCount;
    r->cc_major = prop.major;
    r->cc_minor = prop.minor;
    r->pdl = opt->pdl && prop.major >= 9;
}

void print_report_header(const Graph *g, const RunOptions *opt, const RunResult *r) {
    char cfgline[256];
    printf("unetrun %s  |  ", UNETRUN_VERSION);
    if (r->on_gpu)
        printf("%s, %d SMs, sm_%d%d\n", r->device_name, r->num_sms, r->cc_major, r->cc_minor);
    else
        printf("%s\n", r->device_name);
    config_line(g, cfgline, sizeof(cfgline));
    printf("block    %s\n", cfgline);
    if (r->weights_source[0] && opt->weights_path)
        printf("weights  %s\n", r->weights_source);
    else if (r->weights_source[0])
        printf("weights  %s: cuRAND Philox, PyTorch default init\n", r->weights_source);
    else
        printf("weights  random: cuRAND Philox, seed %llu, PyTorch default init; inputs ~ N(0,1) stored as FP16\n",
               (unsigned long long)g->cfg.seed);
    print_peaks_line(r);
    printf("timing   %d warm-up + %d iterations per node (%s), median and p90; reference %s%s\n\n", opt->warmup,
           opt->iters, node_clock_name(opt, r), ref_name(r),
           r->on_gpu ? (r->pdl ? "; PDL on" : "; PDL off") : "");
}

void print_report(const Graph *g, const RunOptions *opt, const RunResult *r) {
    print_report_header(g, opt, r);
    print_report_body(g, opt, r);
}

void print_report_body(const Graph *g, const RunOptions *opt, const RunResult *r) {
    (void)opt;  // the body depends on the results only; opt kept for symmetry with the header
    char b1[32], b2[32], b3[32], b4[32];
    int any16 = 0;  // an INT8 node: its FP16 GEMM's layer error is shown beside its own
    int nw = 14, vw = 48;  // name and vendor-kernel columns: as wide as the longest (a fused row's name)
    for (int i = 0; i < g->nn; i++) {
        any16 |= g->nodes[i].has_fp16_err;
        const int a = (int)strlen(g->nodes[i].name), b = (int)strlen(g->nodes[i].vendor_kernel);
        nw = a > nw ? a : nw;
        vw = b > vw ? b : vw;
    }
    printf("%-*s %-30s %-16s %9s %9s %8s %8s %8s | %-17s | %-17s%s\n", nw, "node", "kernel", "output (NHWC)", "median",
           "p90", "TFLOP/s", "GB/s", "roofline", "layer relL2 maxabs", "chain relL2 maxabs",
           any16 ? " | fp16 layer" : "");
    if (g->cfg.kind == BLOCK_TRANSFORMER || g->cfg.kind == BLOCK_ATTENTION)
        printf("%-*s %-30s %-16s\n", nw, "", "", "(tokens: B x S x 1 x C)");
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
        Roofline rl = roofline_of(n, r);
        char roof[16] = "-";
        if (rl.valid) snprintf(roof, sizeof roof, "%s %3.0f%%", rl.compute ? "cmp" : "mem", rl.pct);
        printf("%-*s %-30s %-16s %9s %9s %8.*f %8.1f %8s | ", nw, n->name, n->kernel, shape, fmt_time(med, b1, sizeof b1),
               fmt_time(n->time.p90, b2, sizeof b2), tf >= 1.0 ? 1 : 3, tf, med > 0 ? n->bytes / med * 1e-9 : 0.0, roof);
        char f16[48] = "", b5[32];
        if (any16)
            snprintf(f16, sizeof f16, " | %8s", n->has_fp16_err ? fmt_err(n->fp16_err.rel_l2, b5, sizeof b5) : "-");
        if (n->layer_err.valid)
            printf("%8s %8s | %8s %8s%s%s\n", fmt_err(n->layer_err.rel_l2, b3, sizeof b3),
                   fmt_err(n->layer_err.max_abs, b4, sizeof b4), fmt_err(n->chain_err.rel_l2, b1, sizeof b1),
                   fmt_err(n->chain_err.max_abs, b2, sizeof b2), f16, node_pass(n, node_tol(n, r)) ? "" : "  FAIL");
        else
            printf("%8s %8s | %8s %8s\n", "-", "-", "-", "-");
    }
    printf("\n");
    if (r->vendor_ran) {
        printf("vendor baseline  %s  (attention: %s)\n", r->vendor_name, r->vendor_attention);
        printf("%-*s %-*s %9s %9s %8s | %-8s\n", nw, "node", vw, "vendor kernel", "median", "ours", "speedup",
               "relL2");
        for (int i = 0; i < g->nn; i++) {
            const Node *n = &g->nodes[i];
            if (!n->has_vendor) {  // GroupNorm, LayerNorm: no library operator
                printf("%-*s %-*s %9s %9s %8s | %-8s\n", nw, n->name, vw, "- (no cuDNN op: unetrun's kernel in the chain)", "-",
                       fmt_time(n->time.median, b2, sizeof b2), "-", "-");
                continue;
            }
            double vm = n->vendor_time.median, om = n->time.median;
            printf("%-*s %-*s %9s %9s %7.2fx | %8s\n", nw, n->name, vw, n->vendor_kernel, fmt_time(vm, b1, sizeof b1),
                   fmt_time(om, b2, sizeof b2), om > 0 ? vm / om : 0.0,
                   n->vendor_err.valid ? fmt_err(n->vendor_err.rel_l2, b3, sizeof b3) : "-");
        }
        printf("\n");
    }
    printf("sum of nodes          %s\n", fmt_time(r->sum_nodes, b1, sizeof b1));
    if (r->peak_tflops > 0 && r->peak_gbps > 0) {
        double bsum = 0.0;
        for (int i = 0; i < g->nn; i++) bsum += roofline_of(&g->nodes[i], r).bound;
        printf("roofline bound        %s  (sum of node bounds; %.0f%% of the sum of nodes)\n",
               fmt_time(bsum, b1, sizeof b1), r->sum_nodes > 0 ? 100.0 * bsum / r->sum_nodes : 0.0);
    }
    if (r->on_gpu)
        printf("block (graph replay)  %s  (median of %d, p90 %s)\n", fmt_time(r->block.median, b1, sizeof b1),
               r->block.n, fmt_time(r->block.p90, b2, sizeof b2));
    else
        printf("block (CPU chain)     %s  (median of %d)\n", fmt_time(r->block.median, b1, sizeof b1), r->block.n);
    if (r->vendor_ran)
        printf("vendor block (%s)  %s  (median of %d; speedup vendor/unetrun %.2fx; chain relL2 %s)\n",
               r->vendor_block_eager ? "eager" : "graph", fmt_time(r->vendor_block.median, b1, sizeof b1),
               r->vendor_block.n, r->block.median > 0 ? r->vendor_block.median / r->block.median : 0.0,
               r->vendor_chain_err.valid ? fmt_err(r->vendor_chain_err.rel_l2, b2, sizeof b2) : "-");
    if (r->checked)
        printf("FP32 reference (%s)  %s\n", r->ref_on_gpu ? "GPU" : "CPU", fmt_time(r->ref_time, b1, sizeof b1));
    char tol8[96];
    verdict_int8_note(g, r, tol8, sizeof tol8);
    if (!r->checked) {
        printf("verdict  NOT CHECKED (--ref none)\n");
    } else if (r->pass) {
        printf("verdict  PASS: every node within relative L2 %.0e (layer and chain%s%s), no NaN/Inf%s\n", r->tol,
               tol8[0] ? "; " : "", tol8,
               r->on_gpu ? ", graph replay bit-identical" : "");
    } else {
        int bad = 0;
        for (int i = 0; i < g->nn; i++) bad += !node_pass(&g->nodes[i], node_tol(&g->nodes[i], r));
        printf("verdict  FAIL: %d node(s) beyond relative L2 %.0e%s%s%s or non-finite%s\n", bad, r->tol,
               tol8[0] ? " (" : "", tol8, tol8[0] ? ")" : "",
               (r->on_gpu && !r->replay_identical) ? "; graph replay differs from the eager run" : "");
    }
}

void verdict_int8_note(const Graph *g, const RunResult *r, char *buf, size_t len) {
    buf[0] = 0;  // INT8 GEMMs and the nodes downstream of them have their own tolerance
    for (int i = 0; i < g->nn; i++)
        if (g->nodes[i].tol > 0 && g->nodes[i].tol != r->tol)
            snprintf(buf, len, "INT8 GEMMs and chains downstream %.0e", g->nodes[i].tol);
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

static cJSON *roofline_json(const Node *n, const RunResult *r) {
    Roofline rl = roofline_of(n, r);
    if (!rl.valid) return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "bound_us", rl.bound * 1e6);
    cJSON_AddNumberToObject(o, "compute_us", rl.t_compute * 1e6);
    cJSON_AddNumberToObject(o, "memory_us", rl.t_memory * 1e6);
    cJSON_AddStringToObject(o, "bound", rl.compute ? "compute" : "memory");
    cJSON_AddNumberToObject(o, "achieved_pct", rl.pct);
    return o;
}

static double worst_chain(const Graph *g) {
    double w = 0.0;
    for (int i = 0; i < g->nn; i++) {
        const ErrMetrics *e = &g->nodes[i].chain_err;
        if (!e->valid) continue;
        if (e->nonfinite || isnan(e->rel_l2)) return NAN;
        if (e->rel_l2 > w) w = e->rel_l2;
    }
    return w;
}

// The "config" object: the block's shape and the GEMM precisions.
static void config_json(cJSON *cfg, const Graph *g, const RunOptions *opt) {
    const BlockConfig *c = &g->cfg;
    char line[512];
    config_line(g, line, sizeof line);
    cJSON_AddStringToObject(cfg, "description", line);
    cJSON_AddStringToObject(cfg, "block", block_kind_name(c->kind));
    cJSON_AddNumberToObject(cfg, "c", c->c);
    cJSON_AddNumberToObject(cfg, "cout", c->cout);
    cJSON_AddNumberToObject(cfg, "h", c->h);
    cJSON_AddNumberToObject(cfg, "w", c->w);
    cJSON_AddNumberToObject(cfg, "batch", c->batch);
    if (c->kind == BLOCK_CONV) {
        cJSON_AddNumberToObject(cfg, "ksize", c->ksize);
        cJSON_AddNumberToObject(cfg, "stride", c->stride);
    } else if (c->kind == BLOCK_RESBLOCK) {
        cJSON_AddNumberToObject(cfg, "temb_dim", c->temb_dim);
        cJSON_AddNumberToObject(cfg, "groups", c->groups);
        cJSON_AddNumberToObject(cfg, "eps", c->eps);
    } else if (c->kind == BLOCK_GEMM) {
        static const char *epi[] = {"none", "bias", "geglu", "residual"};
        cJSON_AddNumberToObject(cfg, "m", c->m);
        cJSON_AddNumberToObject(cfg, "n", c->n);
        cJSON_AddNumberToObject(cfg, "k", c->k);
        cJSON_AddStringToObject(cfg, "epilogue", epi[c->epilogue]);
    } else if (c->kind == BLOCK_TRANSFORMER || c->kind == BLOCK_ATTENTION) {
        cJSON_AddNumberToObject(cfg, "heads", c->heads);
        cJSON_AddNumberToObject(cfg, "head_dim", c->head_dim);
        if (c->kind == BLOCK_TRANSFORMER) {
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
    cJSON_AddStringToObject(cfg, "linear_precision",
                            opt->linear_prec == PREC_INT8 ? "int8" : opt->linear_prec == PREC_AUTO ? "auto" : "fp16");
    cJSON_AddStringToObject(cfg, "conv1x1_precision", opt->conv1x1_prec == PREC_INT8 ? "int8" : "fp16");
    cJSON_AddStringToObject(cfg, "int8_scales", opt->int8_rows == 2 ? "group" : opt->int8_rows ? "row" : "tile");
}

// One element of "nodes" (docs/report-schema.md).
static cJSON *node_json(const Graph *g, const Node *n, const RunResult *r) {
    const Tensor *t = &g->t[n->out];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", n->name);
    cJSON_AddStringToObject(o, "kernel", n->kernel);
    int shape[4] = {t->n, t->h, t->w, t->c};
    cJSON_AddItemToObject(o, "output_nhwc", cJSON_CreateIntArray(shape, 4));
    cJSON_AddStringToObject(o, "precision", n->prec == PREC_INT8 ? "int8" : "fp16");
    if (n->prec == PREC_INT8)
        cJSON_AddStringToObject(o, "int8_scales", n->i8_group ? "group" : n->i8_rows ? "row" : "tile");
    cJSON_AddNumberToObject(o, "flops", n->flops);
    cJSON_AddNumberToObject(o, "min_bytes", n->bytes);
    cJSON_AddItemToObject(o, "time_us", time_json(&n->time));
    double med = n->time.median;
    cJSON_AddNumberToObject(o, "tflops", med > 0 ? n->flops / med * 1e-12 : 0.0);
    cJSON_AddNumberToObject(o, "gbps", med > 0 ? n->bytes / med * 1e-9 : 0.0);
    cJSON_AddItemToObject(o, "roofline", roofline_json(n, r));
    cJSON_AddItemToObject(o, "layer_error", err_json(&n->layer_err));
    cJSON_AddItemToObject(o, "chain_error", err_json(&n->chain_err));
    if (n->has_fp16_err) cJSON_AddItemToObject(o, "fp16_error", err_json(&n->fp16_err));
    if (r->checked) {
        cJSON_AddNumberToObject(o, "tolerance_rel_l2", node_tol(n, r));
        cJSON_AddBoolToObject(o, "pass", node_pass(n, node_tol(n, r)));
    }
    if (r->vendor_ran && n->has_vendor) {
        cJSON *v = cJSON_AddObjectToObject(o, "vendor");
        cJSON_AddStringToObject(v, "kernel", n->vendor_kernel);
        cJSON_AddItemToObject(v, "time_us", time_json(&n->vendor_time));
        cJSON_AddNumberToObject(v, "speedup", med > 0 ? n->vendor_time.median / med : 0.0);
        cJSON_AddItemToObject(v, "error", err_json(&n->vendor_err));
    }
    return o;
}

cJSON *report_json(const Graph *g, const RunOptions *opt, const RunResult *r) {
    cJSON *root = cJSON_CreateObject();
    char date[64];
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tmv);
    cJSON_AddStringToObject(root, "unetrun_version", UNETRUN_VERSION);
    cJSON_AddNumberToObject(root, "schema_version", 2);
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
    cJSON *pk = cJSON_AddObjectToObject(root, "peaks");
    if (r->peak_tflops > 0 && r->peak_gbps > 0) {
        cJSON_AddNumberToObject(pk, "tflops", r->peak_tflops);
        cJSON_AddNumberToObject(pk, "gbps", r->peak_gbps);
    } else {
        cJSON_AddNullToObject(pk, "tflops");
        cJSON_AddNullToObject(pk, "gbps");
    }
    cJSON_AddStringToObject(pk, "source", r->peak_source[0] ? r->peak_source : "none");

    const BlockConfig *c = &g->cfg;
    config_json(cJSON_AddObjectToObject(root, "config"), g, opt);
    cJSON *wts = cJSON_AddObjectToObject(root, "weights");
    cJSON_AddStringToObject(wts, "source", opt->weights_path ? "file" : "random");
    cJSON_AddNumberToObject(wts, "seed", (double)c->seed);
    if (r->weights_source[0])
        cJSON_AddStringToObject(wts, "description", r->weights_source);
    else {
        char d[96];
        snprintf(d, sizeof d, "random (seed %llu)", (unsigned long long)c->seed);
        cJSON_AddStringToObject(wts, "description", d);
    }
    cJSON *tim = cJSON_AddObjectToObject(root, "timing");
    cJSON_AddNumberToObject(tim, "warmup", opt->warmup);
    cJSON_AddNumberToObject(tim, "iters", opt->iters);
    cJSON_AddStringToObject(tim, "clock", r->on_gpu ? "cuda_events" : "wall");
    if (r->on_gpu) cJSON_AddBoolToObject(tim, "pdl", r->pdl);
    if (r->on_gpu) cJSON_AddStringToObject(tim, "node_timing", opt->node_timing_eager ? "eager" : "graph");
    if (r->on_gpu) cJSON_AddStringToObject(tim, "engine", opt->engine ? "portable" : "auto");
    if (r->on_gpu)
        cJSON_AddStringToObject(tim, "tile_walk", opt->tile_walk == 2 ? "n" : opt->tile_walk == 1 ? "m" : "auto");
    cJSON_AddStringToObject(root, "reference", r->ref == REF_GPU ? "gpu" : r->ref == REF_CPU ? "cpu" : "none");

    cJSON *nodes = cJSON_AddArrayToObject(root, "nodes");
    for (int i = 0; i < g->nn; i++) cJSON_AddItemToArray(nodes, node_json(g, &g->nodes[i], r));
    cJSON *blk = cJSON_AddObjectToObject(root, "block");
    cJSON_AddNumberToObject(blk, "sum_nodes_us", r->sum_nodes * 1e6);
    cJSON_AddItemToObject(blk, r->on_gpu ? "graph_replay_us" : "cpu_chain_us", time_json(&r->block));
    if (r->peak_tflops > 0 && r->peak_gbps > 0) {
        double bsum = 0.0;
        for (int i = 0; i < g->nn; i++) bsum += roofline_of(&g->nodes[i], r).bound;
        cJSON_AddNumberToObject(blk, "roofline_bound_us", bsum * 1e6);
    }
    if (r->checked) {
        cJSON_AddNumberToObject(blk, "reference_us", r->ref_time * 1e6);
        cJSON_AddNumberToObject(blk, "tolerance_rel_l2", r->tol);
        double w = worst_chain(g);
        if (isnan(w))
            cJSON_AddNullToObject(blk, "worst_chain_rel_l2");
        else
            cJSON_AddNumberToObject(blk, "worst_chain_rel_l2", w);
        cJSON_AddBoolToObject(blk, "pass", r->pass);
    }
    if (r->on_gpu) cJSON_AddBoolToObject(blk, "replay_identical", r->replay_identical);
    if (r->vendor_ran) {
        cJSON *v = cJSON_AddObjectToObject(blk, "vendor");
        cJSON_AddStringToObject(v, "name", r->vendor_name);
        cJSON_AddStringToObject(v, "attention", r->vendor_attention);
        cJSON_AddStringToObject(v, "timing", r->vendor_block_eager ? "eager" : "graph");
        cJSON_AddItemToObject(v, "graph_replay_us", time_json(&r->vendor_block));
        cJSON_AddNumberToObject(v, "speedup", r->block.median > 0 ? r->vendor_block.median / r->block.median : 0.0);
        cJSON_AddItemToObject(v, "chain_error", err_json(&r->vendor_chain_err));
    }
    return root;
}

int write_json_file(cJSON *root, const char *path) {
    char *text = cJSON_Print(root);
    if (!text) return -1;
    OutFile o;  // written in full to a temporary file, then renamed (common/outfile.h)
    FILE *f = outfile_open(&o, path);
    if (!f) {
        free(text);
        return -1;
    }
    int ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    free(text);
    if (!ok) {
        outfile_abort(&o);
        return -1;
    }
    return outfile_close(&o);
}

int write_json_report(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    cJSON *root = report_json(g, opt, r);
    int rc = write_json_file(root, path);
    cJSON_Delete(root);
    return rc;
}

// --- CSV: one row per node; the columns mirror the JSON node fields --------

void csv_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_num(FILE *f, double v) {
    if (isnan(v))
        fputs(",nan", f);
    else
        fprintf(f, ",%.6g", v);
}

static void csv_err(FILE *f, const ErrMetrics *e, int present) {
    if (!present || !e->valid) {
        fputs(",,,,", f);
        return;
    }
    csv_num(f, e->rel_l2);
    csv_num(f, e->max_abs);
    csv_num(f, e->cosine);
    fprintf(f, ",%zu", e->nonfinite);
}

static void csv_time(FILE *f, const TimeStats *t, int present) {
    if (!present) {
        fputs(",,,,", f);
        return;
    }
    csv_num(f, t->median * 1e6);
    csv_num(f, t->p10 * 1e6);
    csv_num(f, t->p90 * 1e6);
    csv_num(f, t->min * 1e6);
}

const char *csv_node_header(void) {
    return "device,block,config,weights,peak_tflops,peak_gbps,peak_source,"
           "node,kernel,precision,out_n,out_h,out_w,out_c,flops,min_bytes,"
           "median_us,p10_us,p90_us,min_us,tflops,gbps,"
           "bound,bound_us,achieved_pct,"
           "layer_rel_l2,layer_max_abs,layer_cosine,layer_nonfinite,"
           "chain_rel_l2,chain_max_abs,chain_cosine,chain_nonfinite,"
           "fp16_rel_l2,fp16_max_abs,fp16_cosine,fp16_nonfinite,"
           "tolerance_rel_l2,verdict,"
           "vendor_kernel,vendor_median_us,vendor_p10_us,vendor_p90_us,vendor_min_us,vendor_speedup,"
           "vendor_rel_l2,vendor_max_abs,vendor_cosine,vendor_nonfinite,"
           "block_us,sum_nodes_us,vendor_block_us";
}

void csv_node_rows(FILE *f, const Graph *g, const RunResult *r) {
    char cfgline[256];
    config_line(g, cfgline, sizeof cfgline);
    for (int i = 0; i < g->nn; i++) {
        const Node *n = &g->nodes[i];
        const Tensor *t = &g->t[n->out];
        csv_str(f, r->device_name);
        fputc(',', f);
        csv_str(f, block_kind_name(g->cfg.kind));
        fputc(',', f);
        csv_str(f, cfgline);
        fputc(',', f);
        if (r->weights_source[0])
            csv_str(f, r->weights_source);
        else
            fprintf(f, "\"random (seed %llu)\"", (unsigned long long)g->cfg.seed);
        if (r->peak_tflops > 0 && r->peak_gbps > 0) {
            csv_num(f, r->peak_tflops);
            csv_num(f, r->peak_gbps);
        } else {
            fputs(",,", f);
        }
        fprintf(f, ",%s,", r->peak_source[0] ? r->peak_source : "none");
        csv_str(f, n->name);
        fputc(',', f);
        csv_str(f, n->kernel);
        fprintf(f, ",%s,%d,%d,%d,%d", n->prec == PREC_INT8 ? "int8" : "fp16", t->n, t->h, t->w, t->c);
        csv_num(f, n->flops);
        csv_num(f, n->bytes);
        csv_time(f, &n->time, 1);
        double med = n->time.median;
        csv_num(f, med > 0 ? n->flops / med * 1e-12 : 0.0);
        csv_num(f, med > 0 ? n->bytes / med * 1e-9 : 0.0);
        Roofline rl = roofline_of(n, r);
        if (rl.valid) {
            fprintf(f, ",%s", rl.compute ? "compute" : "memory");
            csv_num(f, rl.bound * 1e6);
            csv_num(f, rl.pct);
        } else {
            fputs(",,,", f);
        }
        csv_err(f, &n->layer_err, 1);
        csv_err(f, &n->chain_err, 1);
        csv_err(f, &n->fp16_err, n->has_fp16_err);
        if (r->checked) {
            csv_num(f, node_tol(n, r));
            fputs(node_pass(n, node_tol(n, r)) ? ",pass" : ",fail", f);
        } else {
            fputs(",,not checked", f);
        }
        int hv = r->vendor_ran && n->has_vendor;
        fputc(',', f);
        if (hv) csv_str(f, n->vendor_kernel);
        csv_time(f, &n->vendor_time, hv);
        if (hv)
            csv_num(f, med > 0 ? n->vendor_time.median / med : 0.0);
        else
            fputc(',', f);
        csv_err(f, &n->vendor_err, hv);
        csv_num(f, r->block.median * 1e6);
        csv_num(f, r->sum_nodes * 1e6);
        if (r->vendor_ran)
            csv_num(f, r->vendor_block.median * 1e6);
        else
            fputc(',', f);
        fputc('\n', f);
    }
}

int write_csv_report(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    (void)opt;
    OutFile o;
    FILE *f = outfile_open(&o, path);
    if (!f) return -1;
    fprintf(f, "%s\n", csv_node_header());
    csv_node_rows(f, g, r);
    return outfile_close(&o);
}
