// unet_report.c: the whole-UNet report (--unet): header with the layout and
// memory, one row per checkpoint block (diffusers naming) or, with --nodes,
// every node under its block; totals and verdict; JSON and CSV.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/common.h"
#include "../../common/outfile.h"
#include "../graph/unet.h"
#include "report.h"
#include "report_json.h"

static const char *ftime(double s, char *buf, size_t n) {
    if (!(s > 0.0)) snprintf(buf, n, "-");
    else if (s < 1e-3) snprintf(buf, n, "%.1f us", s * 1e6);
    else if (s < 1.0) snprintf(buf, n, "%.2f ms", s * 1e3);
    else snprintf(buf, n, "%.2f s", s);
    return buf;
}

static const char *ferr(double v, char *buf, size_t n) {
    if (isnan(v)) snprintf(buf, n, "NaN");
    else snprintf(buf, n, "%.1e", v);
    return buf;
}

void unet_block_stats(const Graph *g, const RunResult *r, int b, UnetBlockStats *s) {
    const GraphBlock *bk = &g->blocks[b];
    memset(s, 0, sizeof(*s));
    s->pass = 1;
    for (int i = bk->first; i < bk->first + bk->count; i++) {
        const Node *n = &g->nodes[i];
        s->time += n->time.median;
        s->flops += n->flops;
        if (n->layer_err.valid) {
            if (n->layer_err.nonfinite || isnan(n->layer_err.rel_l2)) s->layer_worst = NAN;
            else if (!isnan(s->layer_worst) && n->layer_err.rel_l2 > s->layer_worst) s->layer_worst = n->layer_err.rel_l2;
        }
        if (n->out == bk->out) s->chain = n->chain_err;
        if (r->checked && !node_pass(n, node_tol(n, r))) s->pass = 0;
    }
}

void unet_config_line(const Graph *g, char *buf, size_t n) {
    const UnetSpec *u = g->unet;
    char ch[64], dp[64], hd[64];
    unet_ints_str(u->ch, u->nlevels, ch, sizeof ch);
    unet_ints_str(u->depth, u->nlevels, dp, sizeof dp);
    unet_ints_str(u->heads, u->nlevels, hd, sizeof hd);
    snprintf(buf, n, "UNet %s (%s)  channels %s  resnets %d  attention depth %s, mid %d  heads %s  context %d x %d  "
             "proj %s%s  latent %dx%d x %d  batch %d  timestep %g",
             u->family == FAMILY_UNKNOWN ? "(custom)" : names_family_flag(u->family), u->source, ch, u->nres, dp, u->mid_depth, hd, g->cfg.context_len,
             u->context_dim, u->proj_linear ? "linear" : "conv", u->adm_in ? "  +text_time" : "", g->cfg.h, g->cfg.w,
             u->in_ch, g->cfg.batch, g->cfg.timestep);
}

static double weight_bytes(const Graph *g, int bytes_per) {
    double b = 0;
    for (int i = 0; i < g->nconv; i++) {
        const ConvShape *s = &g->conv[i].s;
        b += (double)s->cout * s->cin * s->ksize * s->ksize * bytes_per + s->cout * 4.0;
    }
    for (int i = 0; i < g->nlin; i++) b += (double)g->lin[i].n * g->lin[i].k * bytes_per + g->lin[i].n * 4.0;
    for (int i = 0; i < g->ngn; i++) b += g->gn[i].c * 8.0;
    for (int i = 0; i < g->nln; i++) b += g->ln[i].c * 8.0;
    return b;
}

void print_unet_header(const Graph *g, const RunOptions *opt, const RunResult *r) {
    char line[512];
    printf("unetrun %s  |  ", UNETRUN_VERSION);
    if (r->on_gpu) printf("%s, %d SMs, sm_%d%d\n", r->device_name, r->num_sms, r->cc_major, r->cc_minor);
    else printf("%s\n", r->device_name);
    unet_config_line(g, line, sizeof line);
    printf("unet     %s\n", line);
    printf("graph    %d blocks, %d nodes, %d tensors\n", g->nblocks, g->nn, g->nt);
    if (opt->weights_path) printf("weights  %s\n", r->weights_source);
    else printf("weights  random (seed %llu), PyTorch default init; inputs ~ N(0,1) stored as FP16\n",
                (unsigned long long)g->cfg.seed);
    double all = 0;
    for (int i = 0; i < g->nt; i++) all += g->t[i].numel * 2.0;
    printf("memory   weights %.1f MiB FP16%s; activations %.1f MiB FP16 in all, %.1f MiB live at the peak "
           "(skip tensors live until their up block)%s\n", weight_bytes(g, 2) / 1048576.0,
           opt->ref != REF_NONE ? " (+ FP32 reference copies)" : "", all / 1048576.0, unet_live_bytes(g) / 1048576.0,
           g->share_activations ? "; arena by liveness" : "");
    print_peaks_line(r);
    printf("timing   %d warm-up + %d iterations per node (%s), median; reference %s\n\n", opt->warmup, opt->iters,
           node_clock_name(opt, r),
           r->ref == REF_NONE ? "none (--ref none)" : r->ref == REF_GPU ? "FP32 on GPU" : "FP32 on CPU");
}

static void node_row(const Graph *g, const Node *n) {
    char b1[32], b2[32], b3[32], shape[48];
    const Tensor *t = &g->t[n->out];
    snprintf(shape, sizeof shape, "%dx%dx%dx%d", t->n, t->h, t->w, t->c);
    printf("  %-17s %-31s %-16s %9s %6s %8s %8s %8s\n", n->name, n->kernel, shape, ftime(n->time.median, b1, sizeof b1),
           "", n->layer_err.valid ? ferr(n->layer_err.rel_l2, b2, sizeof b2) : "-",
           n->chain_err.valid ? ferr(n->chain_err.rel_l2, b3, sizeof b3) : "-", "");
}

void print_unet_body(const Graph *g, const RunOptions *opt, const RunResult *r) {
    char b1[32], b2[32], b3[32], b4[32], shape[48];
    printf("%-30s %-12s %5s  %-16s %9s %6s %8s %8s %8s\n", "block", "kind", "nodes", "output (NHWC)", "median",
           "step%", "layer*", "chain", "maxabs");
    for (int b = 0; b < g->nblocks; b++) {
        const GraphBlock *bk = &g->blocks[b];
        UnetBlockStats s;
        unet_block_stats(g, r, b, &s);
        const Tensor *t = &g->t[bk->out];
        snprintf(shape, sizeof shape, "%dx%dx%dx%d", t->n, t->h, t->w, t->c);
        char nodes[16];
        snprintf(nodes, sizeof nodes, "%d", bk->count);
        printf("%-30s %-12s %5s  %-16s %9s %5.1f%% %8s %8s %8s%s\n", bk->name, bk->kind, nodes, shape,
               ftime(s.time, b1, sizeof b1), r->sum_nodes > 0 ? 100.0 * s.time / r->sum_nodes : 0.0,
               r->checked ? ferr(s.layer_worst, b2, sizeof b2) : "-",
               s.chain.valid ? ferr(s.chain.rel_l2, b3, sizeof b3) : "-",
               s.chain.valid ? ferr(s.chain.max_abs, b4, sizeof b4) : "-", s.pass ? "" : "  FAIL");
        if (opt->nodes)
            for (int i = bk->first; i < bk->first + bk->count; i++) node_row(g, &g->nodes[i]);
    }
    printf("(layer*: the worst layer error of the block's nodes, each fed the fast path's own inputs; chain: the "
           "block output vs the FP32 chain)\n\n");
    printf("sum of blocks         %s\n", ftime(r->sum_nodes, b1, sizeof b1));
    if (r->on_gpu)
        printf("step (graph replay)   %s  (one CUDA graph of the whole UNet; median of %d, p90 %s)\n",
               ftime(r->block.median, b1, sizeof b1), r->block.n, ftime(r->block.p90, b2, sizeof b2));
    else
        printf("step (CPU chain)      %s  (median of %d)\n", ftime(r->block.median, b1, sizeof b1), r->block.n);
    if (r->checked) printf("FP32 reference (%s)  %s\n", r->ref_on_gpu ? "GPU" : "CPU", ftime(r->ref_time, b1, sizeof b1));
    const Node *last = &g->nodes[g->nn - 1];
    if (!r->checked) {
        printf("verdict  NOT CHECKED (--ref none)\n");
        return;
    }
    int bad = 0;
    for (int i = 0; i < g->nn; i++) bad += !node_pass(&g->nodes[i], node_tol(&g->nodes[i], r));
    char tol8[96];
    verdict_int8_note(g, r, tol8, sizeof tol8);
    if (r->pass)
        printf("verdict  PASS: every node within relative L2 %.0e (layer and chain%s%s), no NaN/Inf%s; output chain "
               "relL2 %s\n", r->tol, tol8[0] ? "; " : "", tol8, r->on_gpu ? ", graph replay bit-identical" : "",
               ferr(last->chain_err.rel_l2, b1, sizeof b1));
    else
        printf("verdict  FAIL: %d node(s) beyond relative L2 %.0e%s%s%s or non-finite%s; output chain relL2 %s\n", bad,
               r->tol, tol8[0] ? " (" : "", tol8, tol8[0] ? ")" : "",
               (r->on_gpu && !r->replay_identical) ? "; graph replay differs from the eager run" : "",
               ferr(last->chain_err.rel_l2, b1, sizeof b1));
}

// The report's JSON with a "unet" object: layout and one entry per block.
int write_unet_json(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    cJSON *root = report_json(g, opt, r);
    cJSON *u = cJSON_AddObjectToObject(root, "unet");
    char line[512];
    unet_config_line(g, line, sizeof line);
    cJSON_AddStringToObject(u, "description", line);
    cJSON_AddNumberToObject(u, "step_us", r->block.median * 1e6);
    cJSON_AddNumberToObject(u, "sum_of_blocks_us", r->sum_nodes * 1e6);
    cJSON_AddNumberToObject(u, "reference_us", r->ref_time * 1e6);
    cJSON_AddNumberToObject(u, "live_activation_bytes", (double)unet_live_bytes(g));
    cJSON *arr = cJSON_AddArrayToObject(u, "blocks");
    for (int b = 0; b < g->nblocks; b++) {
        const GraphBlock *bk = &g->blocks[b];
        UnetBlockStats s;
        unet_block_stats(g, r, b, &s);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", bk->name);
        cJSON_AddStringToObject(o, "kind", bk->kind);
        cJSON_AddNumberToObject(o, "first_node", bk->first);
        cJSON_AddNumberToObject(o, "nodes", bk->count);
        const Tensor *t = &g->t[bk->out];
        int shape[4] = {t->n, t->h, t->w, t->c};
        cJSON_AddItemToObject(o, "output_nhwc", cJSON_CreateIntArray(shape, 4));
        cJSON_AddNumberToObject(o, "time_us", s.time * 1e6);
        cJSON_AddNumberToObject(o, "flops", s.flops);
        if (r->checked) {
            if (!isnan(s.layer_worst)) cJSON_AddNumberToObject(o, "layer_rel_l2_worst", s.layer_worst);
            if (s.chain.valid && !isnan(s.chain.rel_l2)) cJSON_AddNumberToObject(o, "chain_rel_l2", s.chain.rel_l2);
            cJSON_AddBoolToObject(o, "pass", s.pass);
        }
        cJSON_AddItemToArray(arr, o);
    }
    int rc = write_json_file(root, path);
    cJSON_Delete(root);
    return rc;
}

// CSV: one row per block, or with --nodes one per node with its block.
int write_unet_csv(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    OutFile o;
    FILE *f = outfile_open(&o, path);
    if (!f) return -1;
    if (opt->nodes) {
        fprintf(f, "block,%s\n", csv_node_header());
        for (int b = 0; b < g->nblocks; b++) {
            Graph one = *g;  // the block's nodes as a graph view for csv_node_rows
            one.nodes = g->nodes + g->blocks[b].first;
            one.nn = g->blocks[b].count;
            char *buf = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&buf, &len);
            csv_node_rows(m, &one, r);
            fclose(m);
            for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
                csv_str(f, g->blocks[b].name);
                fprintf(f, ",%s\n", line);
            }
            free(buf);
        }
    } else {
        fprintf(f, "block,kind,nodes,time_us,step_pct,flops,layer_rel_l2_worst,chain_rel_l2,chain_max_abs,pass\n");
        for (int b = 0; b < g->nblocks; b++) {
            UnetBlockStats s;
            unet_block_stats(g, r, b, &s);
            csv_str(f, g->blocks[b].name);
            fprintf(f, ",%s,%d,%.3f,%.2f,%.6g,", g->blocks[b].kind, g->blocks[b].count, s.time * 1e6,
                    r->sum_nodes > 0 ? 100.0 * s.time / r->sum_nodes : 0.0, s.flops);
            if (r->checked) fprintf(f, "%.6g,%.6g,%.6g,%d\n", s.layer_worst, s.chain.rel_l2, s.chain.max_abs, s.pass);
            else fprintf(f, ",,,\n");
        }
    }
    return outfile_close(&o);
}

// The timing chart grouped by block: a view of the graph with one node per
// block (its nodes' summed medians, FLOPs, bytes and roofline bounds).
int write_unet_png(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    Graph view = *g;
    view.nodes = xcalloc((size_t)g->nblocks, sizeof(Node));
    view.nn = g->nblocks;
    for (int b = 0; b < g->nblocks; b++) {
        const GraphBlock *bk = &g->blocks[b];
        Node *v = &view.nodes[b];
        *v = g->nodes[bk->first];
        snprintf(v->name, sizeof v->name, "%.31s", bk->name);  // block names fit (longest: 28)
        snprintf(v->kernel, sizeof v->kernel, "%s, %d nodes", bk->kind, bk->count);
        v->time.median = v->time.p90 = v->flops = v->bytes = v->bound_time = 0;
        v->has_vendor = 0;
        for (int i = bk->first; i < bk->first + bk->count; i++) {
            v->time.median += g->nodes[i].time.median;
            v->time.p90 += g->nodes[i].time.p90;
            v->flops += g->nodes[i].flops;
            v->bytes += g->nodes[i].bytes;
            v->bound_time += g->nodes[i].bound_time;
        }
        v->out = bk->out;
    }
    int rc = write_timing_png(&view, opt, r, path);
    free(view.nodes);
    return rc;
}
