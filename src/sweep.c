// sweep.c: --sweep sd15|sd21|sdxl: every distinct ResBlock and spatial
// transformer shape of one SD UNet, one block after another, in one table.
//
// Shapes: the family's stock UNet layout (weights/names.c, the same table the
// checkpoint code and mkcheckpoint use; docs/sd-reference.md), each distinct
// ResBlock (cin -> cout) and transformer (channels, depth) once, at its
// level's latent size, in order of first appearance.
//   SD1.5: 512 px image, 64x64 latents, levels 64/32/16/8; transformers 8 heads
//          (head_dim 40/80/160), context 77 x 768, proj 1x1 conv, depth 1.
//   SD2.1: 768 px image, 96x96 latents, levels 96/48/24/12; same channels;
//          head_dim 64, context 77 x 1024, proj linear, depth 1.
//   SDXL:  1024 px image, 128x128 latents, levels 128/64/32; channels
//          320/640/1280; head_dim 64, context 77 x 2048, proj linear,
//          transformer depth 2 (640) and 10 (1280); no attention at level 0.
// Up-path ResBlocks take the concatenated skip connection, hence inputs such
// as 2560 or 1920 channels.
//
// Ctrl-C stops the sweep after the block that is running (a second Ctrl-C
// exits at once); the table and --json/--csv then hold the finished blocks.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../common/outfile.h"
#include "../common/progress.h"
#include "../weights/names.h"
#include "report/report.h"
#include "report/report_json.h"
#include "run.h"
#include "sweep.h"

typedef struct {
    int tf;          // 0 = ResBlock, 1 = transformer
    int cin, cout;   // ResBlock channels; transformer: cin = channels
    int hw;          // latent height = width at this level (before --hw-scale)
    int head_dim, depth;
    const char *where;  // where it occurs in the UNet
} SweepBlock;

typedef struct {
    char name[8];  // sd15, sd21, sdxl
    int context_dim, proj_linear;
    SweepBlock blocks[NAMES_MAX_BLOCKS];
    char where[NAMES_MAX_BLOCKS][64];
    int n;
} SweepModel;

// The distinct ResBlock and transformer shapes of a family's stock UNet
// (weights/names.c layout), in execution order of first appearance,
// ResBlocks first; `where` lists every position a shape occurs at.
static int layout_sweep_blocks(WeightsFamily fam, SweepBlock *out, char (*where)[64], int *context_dim,
                               int *proj_linear) {
    UnetLayout L;
    if (names_layout(fam, &L)) return 0;
    LayoutBlock lb[NAMES_MAX_BLOCKS];
    const int nb = names_layout_blocks(&L, lb), latent = names_native_latent(fam);
    *context_dim = L.context_dim;
    *proj_linear = L.proj_linear;
    int n = 0;
    for (int tf = 0; tf <= 1; tf++)
        for (int i = 0; i < nb; i++) {
            const BlockId *id = &lb[i].id;
            if ((id->kind == UNET_TRANSFORMER) != tf) continue;
            SweepBlock b = {tf, tf ? lb[i].c : lb[i].cin, tf ? lb[i].c : lb[i].cout,
                            latent >> names_block_level(id, L.nlevels), 0, tf ? lb[i].depth : 0, NULL};
            if (tf) b.head_dim = fam == FAMILY_SD1 ? b.cin / 8 : 64;
            char pos[16];
            if (id->part == PART_MID) snprintf(pos, sizeof pos, "mid");
            else snprintf(pos, sizeof pos, "%s %d", id->part == PART_DOWN ? "down" : "up", id->level);
            int k = 0;
            while (k < n && !(out[k].tf == b.tf && out[k].cin == b.cin && out[k].cout == b.cout && out[k].hw == b.hw &&
                              out[k].depth == b.depth))
                k++;
            if (k == n) {
                out[n] = b;
                snprintf(where[n], sizeof where[n], "%s", pos);
                out[n].where = where[n];
                n++;
            } else {
                // positions come in execution order: a repeat is the same as the last one listed
                const char *last = strrchr(where[k], ',');
                last = last ? last + 2 : where[k];
                if (strcmp(last, pos)) {
                    size_t len = strlen(where[k]);
                    snprintf(where[k] + len, sizeof where[k] - len, ", %s", pos);
                }
            }
        }
    return n;
}

// The sweep of a model flag (sd15, sd21, sdxl); NULL for an unknown one.
static const SweepModel *find_model(const char *name) {
    static SweepModel m;
    WeightsFamily fam;
    if (names_family_parse(name, &fam)) return NULL;
    snprintf(m.name, sizeof m.name, "%s", name);
    m.n = layout_sweep_blocks(fam, m.blocks, m.where, &m.context_dim, &m.proj_linear);
    return m.n > 0 ? &m : NULL;
}

int sweep_model_known(const char *model) { return find_model(model) != NULL; }

static volatile sig_atomic_t g_stop = 0;

static void on_sigint(int sig) {
    (void)sig;
    if (g_stop) {
        static const char msg[] = "\nunetrun: interrupted again; exiting now\n";
        ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)w;
        outfile_remove_pending();  // no half-written output stays behind
        _exit(130);
    }
    g_stop = 1;
    static const char msg[] = "\nunetrun: interrupted; stopping after the current block (Ctrl-C again to exit now)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
}

typedef struct {
    char name[64];  // table row, e.g. "res 320->640 @32x32"
    char tag[48];   // file-name part, e.g. "res320-640-32"
    const char *where;
    int ran, skipped, checked, pass, vendor;
    double latency, vendor_latency, sum_nodes, worst;  // seconds; worst chain relative L2 (NaN = non-finite)
    char skip_reason[160];
} SweepRow;

static void block_config(const SweepModel *m, const SweepBlock *b, const BlockConfig *base, int hw_scale,
                         BlockConfig *cfg, SweepRow *row) {
    *cfg = *base;
    int hw = b->hw / hw_scale;
    if (hw < 1) hw = 1;
    cfg->h = cfg->w = hw;
    cfg->c = b->cin;
    cfg->cout = b->tf ? b->cin : b->cout;
    cfg->groups = 32;
    cfg->temb_dim = 1280;
    if (b->tf) {
        cfg->kind = BLOCK_TRANSFORMER;
        cfg->eps = 1e-6;
        cfg->head_dim = b->head_dim;
        cfg->heads = b->cin / b->head_dim;
        cfg->context_len = 77;
        cfg->context_dim = m->context_dim;
        cfg->proj_linear = m->proj_linear;
        cfg->depth = b->depth;
        snprintf(row->name, sizeof row->name, "tf %d @%dx%d %dx%d d%d", b->cin, hw, hw, cfg->heads, b->head_dim,
                 b->depth);
        snprintf(row->tag, sizeof row->tag, "tf%d-%d-d%d", b->cin, hw, b->depth);
    } else {
        cfg->kind = BLOCK_RESBLOCK;
        cfg->eps = 1e-5;
        snprintf(row->name, sizeof row->name, "res %d->%d @%dx%d", b->cin, b->cout, hw, hw);
        snprintf(row->tag, sizeof row->tag, "res%d-%d-%d", b->cin, b->cout, hw);
    }
    row->where = b->where;
}

// "dir/chart.png" + "res320-320-64" -> "dir/chart-res320-320-64.png"
static void per_block_path(const char *path, const char *tag, char *out, size_t n) {
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    if (dot && (!slash || dot > slash) && dot != path && (!slash || dot > slash + 1))
        snprintf(out, n, "%.*s-%s%s", (int)(dot - path), path, tag, dot);
    else
        snprintf(out, n, "%s-%s.png", path, tag);
}

static void fmt_ms(double s, char *buf, size_t n) {
    if (!(s > 0))
        snprintf(buf, n, "-");
    else if (s < 1e-3)
        snprintf(buf, n, "%.1f us", s * 1e6);
    else if (s < 1.0)
        snprintf(buf, n, "%.2f ms", s * 1e3);
    else
        snprintf(buf, n, "%.2f s", s);
}

static const char *verdict(const SweepRow *r) {
    if (r->skipped) return "skipped";
    if (!r->checked) return "not checked";
    return r->pass ? "PASS" : "FAIL";
}

static void print_table(const SweepModel *m, const BlockConfig *base, int hw_scale, const RunOptions *opt,
                        const SweepRow *rows, int nrows, int total, const char *device, const Peaks *pk, int on_gpu) {
    char b1[32], b2[32];
    printf("unetrun %s  |  sweep %s  batch %d%s  |  %s\n", UNETRUN_VERSION, m->name, base->batch,
           hw_scale > 1 ? "  (--hw-scale: activations divided)" : "", device);
    if (hw_scale > 1) printf("hw-scale %d: every height and width divided by %d (minimum 1)\n", hw_scale, hw_scale);
    if (pk->tflops > 0)
        printf("roofline %.0f TFLOP/s FP16 tensor core, %.0f GB/s DRAM (%s)\n", pk->tflops, pk->gbps, pk->source);
    printf("timing   %d warm-up + %d iterations; latency = %s\n\n", opt->warmup, opt->iters,
           on_gpu ? "CUDA-graph replay median" : "median of the CPU chain");
    int vs = 0;
    for (int i = 0; i < nrows; i++) vs |= rows[i].vendor;
    printf("%-28s %-22s %10s", "block", "in UNet", "latency");
    if (vs) printf(" %10s %8s", "vendor", "speedup");
    printf(" %12s  %s\n", "worst chain", "verdict");
    double tot = 0.0, vtot = 0.0;
    for (int i = 0; i < nrows; i++) {
        const SweepRow *r = &rows[i];
        fmt_ms(r->latency, b1, sizeof b1);
        printf("%-28s %-22s %10s", r->name, r->where, b1);
        if (vs) {
            fmt_ms(r->vendor_latency, b2, sizeof b2);
            if (r->vendor && r->latency > 0)
                printf(" %10s %7.2fx", b2, r->vendor_latency / r->latency);
            else
                printf(" %10s %8s", "-", "-");
        }
        if (r->checked && !r->skipped) {
            if (isnan(r->worst))
                printf(" %12s", "NaN/Inf");
            else
                printf(" %12.2e", r->worst);
        } else {
            printf(" %12s", "-");
        }
        printf("  %s%s%s\n", verdict(r), r->skipped ? ": " : "", r->skipped ? r->skip_reason : "");
        tot += r->latency;
        vtot += r->vendor_latency;
    }
    fmt_ms(tot, b1, sizeof b1);
    printf("\n%d of %d blocks run%s; sum of block latencies %s", nrows, total, nrows < total ? " (interrupted)" : "",
           b1);
    if (vs) {
        fmt_ms(vtot, b2, sizeof b2);
        printf(", vendor %s", b2);
    }
    printf("\n");
}

static cJSON *row_json(const SweepRow *r) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", r->name);
    cJSON_AddStringToObject(o, "tag", r->tag);
    cJSON_AddStringToObject(o, "in_unet", r->where);
    cJSON_AddStringToObject(o, "verdict", verdict(r));
    if (r->skipped) {
        cJSON_AddStringToObject(o, "skip_reason", r->skip_reason);
        return o;
    }
    cJSON_AddNumberToObject(o, "latency_us", r->latency * 1e6);
    cJSON_AddNumberToObject(o, "sum_nodes_us", r->sum_nodes * 1e6);
    if (r->vendor) {
        cJSON_AddNumberToObject(o, "vendor_latency_us", r->vendor_latency * 1e6);
        cJSON_AddNumberToObject(o, "speedup", r->latency > 0 ? r->vendor_latency / r->latency : 0.0);
    }
    if (r->checked) {
        if (isnan(r->worst))
            cJSON_AddNullToObject(o, "worst_chain_rel_l2");
        else
            cJSON_AddNumberToObject(o, "worst_chain_rel_l2", r->worst);
        cJSON_AddBoolToObject(o, "pass", r->pass);
    }
    return o;
}

static int write_sweep_csv(const char *path, const SweepModel *m, const BlockConfig *base, int hw_scale,
                           const char *device, const Peaks *pk, const SweepRow *rows, int n) {
    OutFile o;
    FILE *f = outfile_open(&o, path);
    if (!f) return -1;
    fprintf(f, "model,batch,hw_scale,device,peak_tflops,peak_gbps,peak_source,block,tag,in_unet,latency_us,"
               "sum_nodes_us,vendor_latency_us,speedup,worst_chain_rel_l2,verdict\n");
    for (int i = 0; i < n; i++) {
        const SweepRow *r = &rows[i];
        fprintf(f, "%s,%d,%d,", m->name, base->batch, hw_scale);
        csv_str(f, device);
        if (pk->tflops > 0)
            fprintf(f, ",%.6g,%.6g,%s,", pk->tflops, pk->gbps, pk->source);
        else
            fprintf(f, ",,,%s,", pk->source);
        csv_str(f, r->name);
        fprintf(f, ",%s,", r->tag);
        csv_str(f, r->where);
        if (r->skipped)
            fputs(",,,,,", f);
        else {
            fprintf(f, ",%.6g,%.6g", r->latency * 1e6, r->sum_nodes * 1e6);
            if (r->vendor)
                fprintf(f, ",%.6g,%.6g", r->vendor_latency * 1e6, r->latency > 0 ? r->vendor_latency / r->latency : 0.0);
            else
                fputs(",,", f);
            if (r->checked && !isnan(r->worst))
                fprintf(f, ",%.6g", r->worst);
            else if (r->checked)
                fputs(",nan", f);
            else
                fputc(',', f);
        }
        fprintf(f, ",%s\n", verdict(r));
    }
    return outfile_close(&o);
}

// The table row of a block that ran: latency, verdict, worst chain error.
static void row_from_result(SweepRow *row, const Graph *g, const RunResult *res) {
    row->ran = 1;
    row->latency = res->block.median;
    row->sum_nodes = res->sum_nodes;
    row->checked = res->checked;
    row->pass = res->pass;
    row->vendor = res->vendor_ran;
    row->vendor_latency = res->vendor_ran ? res->vendor_block.median : 0.0;
    row->worst = 0.0;
    for (int k = 0; k < g->nn; k++) {
        const ErrMetrics *e = &g->nodes[k].chain_err;
        if (!e->valid) continue;
        if (e->nonfinite || isnan(e->rel_l2)) {
            row->worst = NAN;
            break;
        }
        if (e->rel_l2 > row->worst) row->worst = e->rel_l2;
    }
}

// The sweep's JSON document (docs/report-schema.md); takes ownership of blocks.
static cJSON *sweep_json(const SweepModel *m, const BlockConfig *base, int hw_scale, int nrows, int interrupted,
                         const char *device, const Peaks *pk, cJSON *blocks) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "unetrun_version", UNETRUN_VERSION);
    cJSON_AddNumberToObject(root, "schema_version", 2);
    cJSON *sw = cJSON_AddObjectToObject(root, "sweep");
    cJSON_AddStringToObject(sw, "model", m->name);
    cJSON_AddNumberToObject(sw, "batch", base->batch);
    cJSON_AddNumberToObject(sw, "hw_scale", hw_scale);
    cJSON_AddNumberToObject(sw, "blocks_total", m->n);
    cJSON_AddNumberToObject(sw, "blocks_run", nrows);
    cJSON_AddBoolToObject(sw, "interrupted", interrupted);
    cJSON_AddStringToObject(sw, "device", device);
    cJSON *pj = cJSON_AddObjectToObject(sw, "peaks");
    if (pk->tflops > 0) {
        cJSON_AddNumberToObject(pj, "tflops", pk->tflops);
        cJSON_AddNumberToObject(pj, "gbps", pk->gbps);
    } else {
        cJSON_AddNullToObject(pj, "tflops");
        cJSON_AddNullToObject(pj, "gbps");
    }
    cJSON_AddStringToObject(pj, "source", pk->source);
    cJSON_AddItemToObject(root, "blocks", blocks);
    return root;
}

// Runs block i of m (skipped when it does not fit in memory), fills its table
// row and writes its PNGs; returns its JSON object. device takes the name of
// the device it ran on; *any_fail is set when a checked block fails.
static cJSON *sweep_block(const SweepModel *m, int i, const BlockConfig *base, int hw_scale, int on_gpu,
                          const RunOptions *opt, const Peaks *pk, SweepRow *row, char *device, size_t device_n,
                          int *any_fail) {
    BlockConfig cfg;
    block_config(m, &m->blocks[i], base, hw_scale, &cfg, row);
    const int tty = isatty(STDERR_FILENO);
    if (tty) fprintf(stderr, "[%d/%d] %s ...\r", i + 1, m->n, row->name);
    fflush(stderr);
    char where[128];  // the CPU path's progress line names the block (common/progress.h)
    snprintf(where, sizeof where, "[%d/%d] %s", i + 1, m->n, row->name);
    progress_prefix(where);
    double t0 = wall_seconds();
    Graph g;
    build_block(&g, &cfg);
    RunResult res;
    MemShortfall lack;
    const int skip = run_block(&g, opt, on_gpu, NULL, NULL, &res, &lack);
    if (skip && on_gpu)
        snprintf(row->skip_reason, sizeof row->skip_reason, "needs %.2f GiB of GPU memory, %.2f GiB free",
                 lack.need / 1073741824.0, lack.have / 1073741824.0);
    else if (skip)
        snprintf(row->skip_reason, sizeof row->skip_reason, "needs %.2f GiB of host memory, %.2f GiB present",
                 lack.need / 1073741824.0, lack.have / 1073741824.0);
    row->skipped = skip;
    cJSON *bj = row_json(row);  // replaced below when the block ran
    if (!skip) {
        snprintf(device, device_n, "%s", res.device_name);
        snprintf(res.weights_source, sizeof res.weights_source, "random (seed %llu)", (unsigned long long)cfg.seed);
        peaks_to_result(pk, &res);
        roofline_apply(&g, &res);
        row_from_result(row, &g, &res);
        if (res.checked && !res.pass) *any_fail = 1;
        cJSON_Delete(bj);
        bj = row_json(row);
        cJSON_AddItemToObject(bj, "report", report_json(&g, opt, &res));
        char path[1200];
        if (opt->png_path) {
            per_block_path(opt->png_path, row->tag, path, sizeof path);
            if (write_timing_png(&g, opt, &res, path)) fprintf(stderr, "unetrun: warning: cannot write %s\n", path);
        }
        if (opt->error_png_path && res.checked) {
            per_block_path(opt->error_png_path, row->tag, path, sizeof path);
            if (write_error_png(&g, &res, path)) fprintf(stderr, "unetrun: warning: cannot write %s\n", path);
        }
    }
    char b1[32];
    fmt_ms(row->latency, b1, sizeof b1);
    fprintf(stderr, "[%d/%d] %-28s %10s  %s  (%.1f s)%s\n", i + 1, m->n, row->name, b1, verdict(row),
            wall_seconds() - t0, tty ? "          " : "");
    fflush(stderr);
    graph_free(&g);
    run_result_free(&res);
    return bj;
}

// --json and --csv of the sweep; 0, or 2 when one cannot be written.
static int sweep_write_reports(const SweepModel *m, const BlockConfig *base, int hw_scale, const RunOptions *opt,
                               const SweepRow *rows, int nrows, const char *device, const Peaks *pk, cJSON *blocks) {
    int rc = 0;
    if (opt->json_path) {
        cJSON *root = sweep_json(m, base, hw_scale, nrows, nrows < m->n, device, pk, blocks);
        blocks = NULL;
        if (write_json_file(root, opt->json_path)) {
            fprintf(stderr, "unetrun: error: cannot write the JSON report to '%s'; check the directory is writable\n",
                    opt->json_path);
            rc = 2;
        }
        cJSON_Delete(root);
    }
    cJSON_Delete(blocks);
    if (opt->csv_path && write_sweep_csv(opt->csv_path, m, base, hw_scale, device, pk, rows, nrows)) {
        fprintf(stderr, "unetrun: error: cannot write the CSV report to '%s'; check the directory is writable\n",
                opt->csv_path);
        rc = 2;
    }
    return rc;
}

int run_sweep(const char *model, const BlockConfig *base, int hw_scale, int on_gpu, const RunOptions *opt) {
    const SweepModel *m = find_model(model);
    if (!m) die_user("--sweep must be sd15, sd21 or sdxl (got '%s')", model);
    Peaks pk;
    peaks_resolve(opt, on_gpu, &pk);

    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    g_stop = 0;

    SweepRow *rows = xcalloc((size_t)m->n, sizeof(SweepRow));
    cJSON *blocks = cJSON_CreateArray();
    int nrows = 0, any_fail = 0;
    char device[256] = CPU_DEVICE_NAME;
    for (int i = 0; i < m->n && !g_stop; i++, nrows++)
        cJSON_AddItemToArray(blocks, sweep_block(m, i, base, hw_scale, on_gpu, opt, &pk, &rows[nrows], device,
                                                 sizeof device, &any_fail));
    sigaction(SIGINT, &old, NULL);
    progress_prefix(NULL);
    const int interrupted = nrows < m->n;

    print_table(m, base, hw_scale, opt, rows, nrows, m->n, device, &pk, on_gpu);
    int rc = sweep_write_reports(m, base, hw_scale, opt, rows, nrows, device, &pk, blocks);
    free(rows);
    if (rc) return rc;
    if (interrupted) return 130;
    if (opt->check && any_fail) return 1;
    return 0;
}
