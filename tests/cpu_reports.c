// cpu_reports.c: the report outputs on the CPU path: roofline math on
// hand-computed nodes, the JSON report checked field by field against
// docs/report-schema.md, the CSV's shape, the PNG files, the SD1.5 sweep
// (complete and interrupted with SIGINT), and bad report flags.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <stb/stb_image.h>

#include "../common/common.h"
#include "../src/report/report.h"
#include "harness.h"

static int close_rel(double a, double b, double rel) { return fabs(a - b) <= rel * fmax(fabs(a), fabs(b)) + 1e-300; }

// --- roofline on hand-computed nodes -----------------------------------------
// The calibration's plausibility floor (peaks_tflops_floor): a quarter of the dense FP16 rate by compute
// capability, SMs and clock. An H200 (132 SMs, 1980 MHz) measured 20 TFLOP/s under compute-sanitizer once
// (bench/results/2026-11-28-h200-int8-group-pass/job3-final) and about 730-770 alone.
static void test_peaks_floor(void) {
    const double h200 = peaks_tflops_floor(9, 0, 132, 1980000.0);
    result(fabs(h200 - 0.25 * 4096 * 132 * 1.98e9 / 1e12) < 1e-6 && 20 < h200 && h200 < 730,
           "peaks floor H200 (cc 9.0, 132 SMs, 1980 MHz): %.1f TFLOP/s, above the 20 measured under a sanitizer and "
           "below the 730 measured alone", h200);
    const double a100 = peaks_tflops_floor(8, 0, 108, 1410000.0), t4 = peaks_tflops_floor(7, 5, 40, 1590000.0);
    result(fabs(a100 - 312 / 4.0) < 1.0 && fabs(t4 - 65 / 4.0) < 0.5,
           "peaks floor A100 %.1f (a quarter of 312), T4 %.1f (a quarter of 65)", a100, t4);
    result(peaks_tflops_floor(12, 0, 100, 2e6) == 0 && peaks_tflops_floor(9, 0, 0, 2e6) == 0 &&
               peaks_tflops_floor(9, 0, 132, 0) == 0,
           "peaks floor: unknown capability, no SMs or no clock: 0 (no check)");
}

static void test_roofline_math(void) {
    // 2 TFLOP at 1000 TFLOP/s = 2 ms; 1 GB at 2000 GB/s = 0.5 ms: compute bound, 2 ms; median 4 ms -> 50%.
    Roofline r = roofline_eval(2e12, 1e9, 4e-3, 1000.0, 2000.0);
    result(r.valid && r.compute && close_rel(r.t_compute, 2e-3, 1e-12) && close_rel(r.t_memory, 0.5e-3, 1e-12) &&
               close_rel(r.bound, 2e-3, 1e-12) && close_rel(r.pct, 50.0, 1e-12),
           "roofline 2 TFLOP, 1 GB at 1000 TFLOP/s, 2000 GB/s: compute bound 2 ms, 50%% of a 4 ms median "
           "(got %s %.6g s %.6g%%)", r.compute ? "compute" : "memory", r.bound, r.pct);
    // GroupNorm-like: 1 MFLOP, 3 GB at 500 TFLOP/s, 3000 GB/s: memory bound 1 ms; median 1.25 ms -> 80%.
    r = roofline_eval(1e6, 3e9, 1.25e-3, 500.0, 3000.0);
    result(r.valid && !r.compute && close_rel(r.t_memory, 1e-3, 1e-12) && close_rel(r.t_compute, 2e-9, 1e-12) &&
               close_rel(r.bound, 1e-3, 1e-12) && close_rel(r.pct, 80.0, 1e-12),
           "roofline 1 MFLOP, 3 GB at 500 TFLOP/s, 3000 GB/s: memory bound 1 ms, 80%% of 1.25 ms (got %s %.6g s %.6g%%)",
           r.compute ? "compute" : "memory", r.bound, r.pct);
    // SD1.5 conv1 320->320 at 64x64, batch 1: 2 x 4096 x 320 x (9 x 320) FLOPs = 7.5497472e9; at 750 TFLOP/s
    // 10.066 us. Bytes: input 4096 x 320 x 2 + weights 2880 x 320 x 2 + output 4096 x 320 x 2 = 7.0861e6;
    // at 3000 GB/s 2.362 us. Compute bound; median 20 us -> 50.33%.
    double flops = 2.0 * 4096 * 320 * 2880, bytes = 2.0 * (4096.0 * 320 * 2 + 2880.0 * 320);
    r = roofline_eval(flops, bytes, 20e-6, 750.0, 3000.0);
    result(r.valid && r.compute && close_rel(r.bound, 10.0663296e-6, 1e-9) && close_rel(r.t_memory, 2.3620267e-6, 1e-6) &&
               close_rel(r.pct, 50.331648, 1e-9),
           "roofline SD1.5 conv1 320->320 @64: compute bound 10.066 us, 50.33%% of 20 us (got %.6g us %.6g%%)",
           r.bound * 1e6, r.pct);
    // Exactly balanced: compute wins the tie (documented).
    r = roofline_eval(1e12, 1e9, 2e-3, 1000.0, 1000.0);
    result(r.valid && r.compute && close_rel(r.bound, 1e-3, 1e-12), "roofline tie (1 ms both ways) is reported as compute bound");
    // No peaks (CPU path without --peak-*): no roofline.
    r = roofline_eval(1e9, 1e9, 1e-3, 0.0, 0.0);
    result(!r.valid && r.bound == 0.0, "roofline without peaks is not valid");
    r = roofline_eval(1e9, 1e9, 1e-3, 100.0, 0.0);
    result(!r.valid, "roofline with one missing peak is not valid");
    // Median 0 (node not timed): bound still computed, percentage 0.
    r = roofline_eval(1e9, 1e6, 0.0, 100.0, 100.0);
    result(r.valid && close_rel(r.bound, 1e-5, 1e-12) && r.pct == 0.0, "roofline with a zero median: bound 10 us, 0%%");
}

// --- files -----------------------------------------------------------------------
static cJSON *get(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }
static int is_num(const cJSON *o, const char *k) { return cJSON_IsNumber(get(o, k)); }
static int is_str(const cJSON *o, const char *k) { return cJSON_IsString(get(o, k)); }
static int is_obj(const cJSON *o, const char *k) { return cJSON_IsObject(get(o, k)); }
static int is_bool(const cJSON *o, const char *k) { return cJSON_IsBool(get(o, k)); }

// CSV fields of one line (RFC 4180 quoting, no newlines inside fields).
static int csv_fields(const char *line, size_t len, char fields[][128], int maxf) {
    int nf = 0;
    size_t i = 0;
    for (;;) {
        char buf[128];
        size_t bl = 0;
        if (i < len && line[i] == '"') {
            i++;
            while (i < len) {
                if (line[i] == '"' && i + 1 < len && line[i + 1] == '"') {
                    if (bl < sizeof buf - 1) buf[bl++] = '"';
                    i += 2;
                } else if (line[i] == '"') {
                    i++;
                    break;
                } else {
                    if (bl < sizeof buf - 1) buf[bl++] = line[i];
                    i++;
                }
            }
        } else {
            while (i < len && line[i] != ',') {
                if (bl < sizeof buf - 1) buf[bl++] = line[i];
                i++;
            }
        }
        buf[bl] = 0;
        if (nf < maxf) snprintf(fields[nf], 128, "%s", buf);
        nf++;
        if (i >= len || line[i] != ',') break;
        i++;
    }
    return nf;
}

// Rows of a CSV file: *ncols = header columns; returns data rows, -1 if a row has another count.
static int csv_check(const char *path, int *ncols, char names[][128], int maxn, int name_col) {
    size_t len = 0;
    char *t = read_whole_file(path, &len);
    if (!t) return -2;
    int rows = -1, bad = 0;
    *ncols = 0;
    static char f[80][128];
    for (char *line = t; *line;) {
        char *nl = strchr(line, '\n');
        size_t ll = nl ? (size_t)(nl - line) : strlen(line);
        int nf = csv_fields(line, ll, f, 80);
        if (rows < 0)
            *ncols = nf;
        else {
            if (nf != *ncols) bad = 1;
            if (names && rows < maxn && name_col < 80) snprintf(names[rows], 128, "%s", f[name_col]);
        }
        rows++;
        if (!nl) break;
        line = nl + 1;
    }
    free(t);
    return bad ? -1 : rows;
}

// PNG: signature and IHDR (width, height at bytes 16..23, big endian); decoded
// pixels must hold more than one distinct value.
static void check_png(const char *path, const char *what, int want_w, int want_h) {
    size_t len = 0;
    unsigned char *b = (unsigned char *)read_whole_file(path, &len);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    int ok = b && len > 33 && !memcmp(b, sig, 8) && !memcmp(b + 12, "IHDR", 4);
    unsigned w = 0, h = 0;
    if (ok) {
        w = (unsigned)b[16] << 24 | (unsigned)b[17] << 16 | (unsigned)b[18] << 8 | b[19];
        h = (unsigned)b[20] << 24 | (unsigned)b[21] << 16 | (unsigned)b[22] << 8 | b[23];
    }
    result(ok && (want_w <= 0 || (int)w == want_w) && (want_h <= 0 || (int)h == want_h),
           "%s %s: PNG signature and IHDR, %u x %u (want %d x %d; <= 0 = any)", what, path, w, h, want_w, want_h);
    int dw = 0, dh = 0, ch = 0, distinct = 0, decoded = 0;
    unsigned char *px = ok ? stbi_load_from_memory(b, (int)len, &dw, &dh, &ch, 3) : NULL;
    if (px) {
        // count distinct colors up to a few
        unsigned seen[8];
        int ns = 0;
        for (size_t i = 0; i < (size_t)dw * dh && ns < 8; i++) {
            unsigned v = (unsigned)px[3 * i] << 16 | (unsigned)px[3 * i + 1] << 8 | px[3 * i + 2];
            int found = 0;
            for (int k = 0; k < ns; k++) found |= seen[k] == v;
            if (!found) seen[ns++] = v;
        }
        distinct = ns;
        decoded = 1;
        stbi_image_free(px);
    }
    result(decoded && dw == (int)w && dh == (int)h, "%s decodes (stb_image) as %u x %u (got %d x %d)", what, w, h,
           dw, dh);
    result(dw == (int)w && dh == (int)h && distinct > 2, "%s is not blank (%d+ distinct colors)", what, distinct);
    free(b);
}

static void tmpdir(char *buf, size_t n) {
    const char *base = getenv("TMPDIR");
    snprintf(buf, n, "%s/unetrun-reports-XXXXXX", base && base[0] ? base : "/tmp");
    if (!mkdtemp(buf)) die_internal("mkdtemp failed");
}

static void rm_dir(const char *dir) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "note: could not remove %s\n", dir);
}

// One error-metrics object: rel_l2, max_abs, cosine, nonfinite numbers.
static int err_ok(const cJSON *e) {
    return cJSON_IsObject(e) && is_num(e, "rel_l2") && is_num(e, "max_abs") && is_num(e, "cosine") &&
           is_num(e, "nonfinite");
}
static int time_ok(const cJSON *t) {
    return cJSON_IsObject(t) && is_num(t, "median") && is_num(t, "p10") && is_num(t, "p90") && is_num(t, "min") &&
           is_num(t, "mean") && is_num(t, "n") && get(t, "p10")->valuedouble <= get(t, "p90")->valuedouble + 1e-9 &&
           get(t, "min")->valuedouble <= get(t, "median")->valuedouble + 1e-9;
}

// --- a CPU run with every report -------------------------------------------------
static void test_reports_run(const char *bin, const char *block_args, int given_peaks, const char *tag) {
    char dir[256], args[1600], json[300], csv[300], png[300], epng[300];
    tmpdir(dir, sizeof dir);
    snprintf(json, sizeof json, "%s/r.json", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    snprintf(png, sizeof png, "%s/t.png", dir);
    snprintf(epng, sizeof epng, "%s/e.png", dir);
    snprintf(args, sizeof args, "%s%s --json %s --csv %s --png %s --error-png %s%s", block_args, dev_args(), json, csv,
             png, epng, given_peaks ? " --peak-tflops 100 --peak-gbps 50" : "");
    Cmd c = run_cli(bin, args);
    result(c.rc == 0 && c.sig == 0, "%s: unetrun %s exits 0 (exit %d signal %d)", tag, args, c.rc, c.sig);
    result(strstr(c.out, given_peaks ? "(given)" : "roofline none") != NULL,
           "%s: console names the roofline peak source (%s)", tag, given_peaks ? "given" : "none on the CPU");
    free(c.out);

    cJSON *j = read_json_file(json);
    result(j != NULL, "%s: JSON parses", tag);
    if (!j) {
        rm_dir(dir);
        return;
    }
    // top level
    result(is_str(j, "unetrun_version") && is_num(j, "schema_version") && get(j, "schema_version")->valueint == 2 &&
               is_str(j, "date") && is_str(j, "reference") && !strcmp(get(j, "reference")->valuestring, "cpu"),
           "%s: JSON top level: unetrun_version, schema_version 2, date, reference \"cpu\"", tag);
    const cJSON *dev = get(j, "device");
    result(cJSON_IsObject(dev) && is_str(dev, "path") && !strcmp(get(dev, "path")->valuestring, "cpu") &&
               is_str(dev, "name"),
           "%s: JSON device: path \"cpu\", name", tag);
    const cJSON *pk = get(j, "peaks");
    int pk_ok = cJSON_IsObject(pk) && is_str(pk, "source");
    if (pk_ok && given_peaks)
        pk_ok = !strcmp(get(pk, "source")->valuestring, "given") && is_num(pk, "tflops") &&
                get(pk, "tflops")->valuedouble == 100.0 && is_num(pk, "gbps") && get(pk, "gbps")->valuedouble == 50.0;
    else if (pk_ok)
        pk_ok = !strcmp(get(pk, "source")->valuestring, "none") && cJSON_IsNull(get(pk, "tflops")) &&
                cJSON_IsNull(get(pk, "gbps"));
    result(pk_ok, "%s: JSON peaks: source %s, tflops/gbps %s", tag, given_peaks ? "given" : "none",
           given_peaks ? "100/50" : "null");
    const cJSON *cfg = get(j, "config");
    result(cJSON_IsObject(cfg) && is_str(cfg, "block") && is_str(cfg, "description") && is_num(cfg, "c") &&
               is_num(cfg, "cout") && is_num(cfg, "h") && is_num(cfg, "w") && is_num(cfg, "batch") &&
               is_str(cfg, "linear_precision") && is_str(cfg, "conv1x1_precision"),
           "%s: JSON config: block, description, c, cout, h, w, batch, precisions", tag);
    const cJSON *w = get(j, "weights");
    result(cJSON_IsObject(w) && is_str(w, "source") && !strcmp(get(w, "source")->valuestring, "random") &&
               is_num(w, "seed") && is_str(w, "description"),
           "%s: JSON weights: source \"random\", seed, description", tag);
    const cJSON *tim = get(j, "timing");
    result(cJSON_IsObject(tim) && is_num(tim, "warmup") && is_num(tim, "iters") && is_str(tim, "clock") &&
               !strcmp(get(tim, "clock")->valuestring, "wall"),
           "%s: JSON timing: warmup, iters, clock \"wall\"", tag);

    // nodes
    const cJSON *nodes = get(j, "nodes");
    int nn = cJSON_GetArraySize(nodes), nodes_ok = cJSON_IsArray(nodes) && nn > 0, bad_node = -1;
    static char names[MAX_NODES][128];
    for (int i = 0; nodes_ok && i < nn; i++) {
        const cJSON *n = cJSON_GetArrayItem(nodes, i);
        const cJSON *shape = get(n, "output_nhwc");
        int ok = is_str(n, "name") && is_str(n, "kernel") && cJSON_IsArray(shape) && cJSON_GetArraySize(shape) == 4 &&
                 is_str(n, "precision") && is_num(n, "flops") && is_num(n, "min_bytes") &&
                 get(n, "min_bytes")->valuedouble > 0 && time_ok(get(n, "time_us")) && is_num(n, "tflops") &&
                 is_num(n, "gbps") && err_ok(get(n, "layer_error")) && err_ok(get(n, "chain_error")) &&
                 is_num(n, "tolerance_rel_l2") && get(n, "tolerance_rel_l2")->valuedouble > 0 && is_bool(n, "pass") &&
                 !get(n, "vendor");
        if (ok && get(n, "fp16_error")) ok = err_ok(get(n, "fp16_error"));
        const cJSON *rl = get(n, "roofline");
        if (ok && given_peaks) {
            ok = cJSON_IsObject(rl) && is_num(rl, "bound_us") && is_num(rl, "compute_us") && is_num(rl, "memory_us") &&
                 is_str(rl, "bound") && is_num(rl, "achieved_pct");
            if (ok) {
                double fl = get(n, "flops")->valuedouble, by = get(n, "min_bytes")->valuedouble;
                double tc = fl / 100e12 * 1e6, tm = by / 50e9 * 1e6, med = get(get(n, "time_us"), "median")->valuedouble;
                const char *b = get(rl, "bound")->valuestring;
                ok = close_rel(get(rl, "bound_us")->valuedouble, fmax(tc, tm), 1e-9) &&
                     !strcmp(b, tc >= tm ? "compute" : "memory") &&
                     (med <= 0 || close_rel(get(rl, "achieved_pct")->valuedouble, 100.0 * fmax(tc, tm) / med, 1e-6));
            }
        } else if (ok) {
            ok = cJSON_IsNull(rl);
        }
        if (!ok && bad_node < 0) bad_node = i;
        if (is_str(n, "name") && i < MAX_NODES) snprintf(names[i], 128, "%s", get(n, "name")->valuestring);
    }
    nodes_ok = nodes_ok && bad_node < 0;
    result(nodes_ok, "%s: JSON nodes (%d): every field of the schema with its type%s (first bad node %d)", tag, nn,
           given_peaks ? ", roofline = max(FLOPs/100 TFLOP/s, bytes/50 GB/s)" : ", roofline null", bad_node);
    const cJSON *blk = get(j, "block");
    result(cJSON_IsObject(blk) && is_num(blk, "sum_nodes_us") && time_ok(get(blk, "cpu_chain_us")) &&
               is_num(blk, "reference_us") && is_num(blk, "tolerance_rel_l2") && is_num(blk, "worst_chain_rel_l2") &&
               is_bool(blk, "pass") && (given_peaks ? is_num(blk, "roofline_bound_us") : !get(blk, "roofline_bound_us")),
           "%s: JSON block: sum_nodes_us, cpu_chain_us, reference_us, tolerance, worst_chain_rel_l2, pass%s", tag,
           given_peaks ? ", roofline_bound_us" : "");
    cJSON_Delete(j);

    // CSV: header + one row per node, every row with the header's column count, names in order
    int ncols = 0;
    static char cnames[MAX_NODES][128];
    int rows = csv_check(csv, &ncols, cnames, MAX_NODES, 7);
    int same = rows == nn;
    for (int i = 0; same && i < nn; i++) same = !strcmp(names[i], cnames[i]);
    result(rows == nn && ncols == 52 && same,
           "%s: CSV has a 52-column header and %d rows of 52 columns, node names in JSON order (rows %d, columns %d)",
           tag, nn, rows, ncols);

    // PNGs: the timing chart's height follows the rows; the heatmap's follows H
    check_png(png, "timing chart", -1, 150 + nn * 30 + 124);
    check_png(epng, "error heatmap", -1, -1);
    rm_dir(dir);
}

// --- the sweep ----------------------------------------------------------------
static void test_sweep(const char *bin) {
    char dir[256], args[1200], json[300], csv[300];
    tmpdir(dir, sizeof dir);
    snprintf(json, sizeof json, "%s/s.json", dir);
    snprintf(csv, sizeof csv, "%s/s.csv", dir);
    snprintf(args, sizeof args, "--sweep sd15 --hw-scale 8%s --json %s --csv %s", dev_args(), json, csv);
    double t0 = wall_seconds();
    Cmd c = run_cli(bin, args);
    double secs = wall_seconds() - t0;
    int progress = count_lines_with_prefix(c.out, "[", NULL);
    result(c.rc == 0 && c.sig == 0, "unetrun %s exits 0 in %.1f s (exit %d signal %d)", args, secs, c.rc, c.sig);
    result(progress == 18 && !strchr(c.out, '\r'),
           "sweep sd15: 18 progress lines on stderr, no carriage return when stderr is not a terminal (got %d)",
           progress);
    result(strstr(c.out, "18 of 18 blocks run") != NULL && strstr(c.out, "res 2560->1280 @1x1") != NULL &&
               strstr(c.out, "tf 1280 @2x2 8x160 d1") != NULL,
           "sweep sd15: the table lists every block (hw-scale 8: 64 -> 8, 8 -> 1)");
    free(c.out);
    cJSON *j = read_json_file(json);
    const cJSON *sw = j ? get(j, "sweep") : NULL, *blocks = j ? get(j, "blocks") : NULL;
    int ok = sw && is_str(sw, "model") && !strcmp(get(sw, "model")->valuestring, "sd15") && is_num(sw, "batch") &&
             get(sw, "hw_scale")->valueint == 8 && get(sw, "blocks_total")->valueint == 18 &&
             get(sw, "blocks_run")->valueint == 18 && cJSON_IsFalse(get(sw, "interrupted")) && is_obj(sw, "peaks") &&
             cJSON_GetArraySize(blocks) == 18;
    int bad = -1;
    for (int i = 0; ok && i < 18; i++) {
        const cJSON *b = cJSON_GetArrayItem(blocks, i);
        int bok = is_str(b, "name") && is_str(b, "tag") && is_str(b, "in_unet") && is_str(b, "verdict") &&
                  is_num(b, "latency_us") && get(b, "latency_us")->valuedouble > 0 && is_num(b, "worst_chain_rel_l2") &&
                  is_bool(b, "pass") && is_obj(b, "report") && cJSON_IsArray(get(get(b, "report"), "nodes"));
        if (!bok && bad < 0) bad = i;
    }
    result(ok && bad < 0, "sweep sd15 JSON: model, hw_scale 8, 18 of 18 blocks, each with latency, worst chain error, "
                          "verdict and its full report (first bad block %d)", bad);
    cJSON_Delete(j);
    int ncols = 0;
    int rows = csv_check(csv, &ncols, NULL, 0, 0);
    result(rows == 18 && ncols == 16, "sweep sd15 CSV: header and 18 rows of 16 columns (rows %d, columns %d)", rows,
           ncols);
    rm_dir(dir);
}

// Ctrl-C: the sweep stops after the running block, writes what finished, exits 130.
static void test_sweep_sigint(const char *bin) {
    char dir[256], json[300], errf[300];
    tmpdir(dir, sizeof dir);
    snprintf(json, sizeof json, "%s/s.json", dir);
    snprintf(errf, sizeof errf, "%s/err.txt", dir);
    pid_t pid = fork();
    if (pid < 0) die_internal("fork failed");
    if (pid == 0) {
        int fd = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int nul = open("/dev/null", O_WRONLY);
        if (fd < 0 || nul < 0) _exit(127);
        dup2(fd, 2);
        dup2(nul, 1);
        if (g_have_gpu)
            execl(bin, bin, "--sweep", "sd21", "--hw-scale", "16", "--device", "cpu", "--json", json, (char *)NULL);
        else
            execl(bin, bin, "--sweep", "sd21", "--hw-scale", "16", "--json", json, (char *)NULL);
        _exit(127);
    }
    // wait for the first finished block, then interrupt
    int seen = 0;
    for (int i = 0; i < 600 && !seen; i++) {
        char *t = read_whole_file(errf, NULL);
        seen = t && strstr(t, "[1/18]");  // printed when the first block has finished
        free(t);
        if (!seen) {
            struct timespec ts = {0, 100000000};
            nanosleep(&ts, NULL);
        }
    }
    kill(pid, SIGINT);
    int st = 0;
    waitpid(pid, &st, 0);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    cJSON *j = read_json_file(json);
    const cJSON *sw = j ? get(j, "sweep") : NULL;
    int run = sw && is_num(sw, "blocks_run") ? get(sw, "blocks_run")->valueint : -1;
    result(seen && rc == 130 && sw && cJSON_IsTrue(get(sw, "interrupted")) && run >= 1 && run < 18 &&
               cJSON_GetArraySize(get(j, "blocks")) == run,
           "sweep sd21 + SIGINT after the first block: exit 130, JSON written with interrupted true and %d finished "
           "block(s) (exit %d)", run, rc);
    cJSON_Delete(j);
    rm_dir(dir);
}

static void test_report_flags_bad(const char *bin) {
    char a[300];
    cli_bad(bin, "--sweep sd3", "--sweep must be sd15, sd21 or sdxl");
    cli_bad(bin, "--sweep sd15 --hw-scale 0", "--hw-scale must be");
    cli_bad(bin, "--sweep sd15 --hw-scale x", "--hw-scale expects an integer");
    cli_bad(bin, "--hw-scale 2", "--hw-scale applies to --sweep only");
    cli_bad(bin, "--sweep sd15 --c 320", "--c does not combine with --sweep");
    cli_bad(bin, "--sweep sd15 --block transformer", "--block does not combine with --sweep");
    cli_bad(bin, "--peak-tflops 100", "give both --peak-tflops and --peak-gbps");
    cli_bad(bin, "--peak-gbps 0 --peak-tflops 100", "--peak-gbps must be > 0");
    cli_bad(bin, "--peak-tflops abc --peak-gbps 100", "--peak-tflops expects a number");
    cli_bad(bin, "--csv ''", "--csv needs a file name");
    cli_bad(bin, "--png /nonexistent-dir/t.png --device cpu", "cannot write --png '/nonexistent-dir/t.png'");
    cli_bad(bin, "--error-png /nonexistent-dir/e.png --device cpu", "cannot write --error-png");
    cli_bad(bin, "--csv /nonexistent-dir/r.csv --device cpu", "cannot write --csv");
    snprintf(a, sizeof a, "--error-png %s/unetrun-e.png --ref none --device cpu", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    cli_bad(bin, a, "--error-png compares the block output with the FP32 reference");
    cli_bad(bin, "--nvtx --device cpu", "--nvtx marks GPU kernel launches");
}

void cpu_suite_reports(const char *bin) {
    test_peaks_floor();
    test_roofline_math();
    test_reports_run(bin, "--block resblock --c 32 --hw 8 --batch 2", 0, "resblock CPU");
    test_reports_run(bin, "--block transformer --c 64 --hw 4 --heads 1 --context-dim 64 --context-len 8", 1,
                     "transformer CPU, given peaks");
    test_report_flags_bad(bin);
    test_sweep(bin);
    test_sweep_sigint(bin);
}
