// cpu_ktrace.c: the in-place timeline report (tools/ktrace_report.c) on
// records made up here, the numbers known in advance:
//   - the graph with the most nodes is reported, not the one with the most
//     records, and KTRACE_GRAPH's choice is honoured;
//   - replays are cut at a node id seen again, a replay missing a node (the
//     first, as a tracer that starts late sees it) is left out, and parallel
//     branches that start in another order in one replay still map by id;
//   - per node the medians of start, end, busy and step, and the span;
//   - no graph at all gives one line saying so.
#include "harness.h"
#include "../tools/ktrace_report.h"

#include <stdlib.h>
#include <string.h>

static kt_rec rec_make(uint32_t graph, uint32_t corr, uint64_t node, uint64_t start, uint64_t end, const char *name) {
    kt_rec r;
    memset(&r, 0, sizeof r);
    r.graph = graph, r.corr = corr, r.node = node, r.start = start, r.end = end, r.grid = 132, r.block = 384;
    snprintf(r.name, sizeof r.name, "%s", name);
    return r;
}

// The report of rec as text (malloc'd).
static char *report_text(kt_rec *rec, size_t n, uint32_t graph) {
    FILE *f = tmpfile();
    if (!f) return NULL;
    kt_report(f, rec, n, 0, graph);
    const long len = ftell(f);
    char *s = malloc((size_t)len + 1);
    rewind(f);
    const size_t got = s ? fread(s, 1, (size_t)len, f) : 0;
    if (s) s[got] = 0;
    fclose(f);
    return s;
}

// The row of node `name` in the report: start, end, busy, step (us); 0 if absent.
static int report_row(const char *text, const char *name, double v[4]) {
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        int idx, grid, block;
        char nm[KT_NAME_CHARS];
        if (sscanf(l, "%d %lf %lf %lf %lf %d %d %71s", &idx, &v[0], &v[1], &v[2], &v[3], &grid, &block, nm) == 8 &&
            !strcmp(nm, name))
            return 1;
    }
    return 0;
}

static int near(double a, double b) { return a > b - 1e-6 && a < b + 1e-6; }

// Graph 7: nodes 1 (a), 2 (b, starts under a's tail as with PDL), 3 (c) and 4 (d, a parallel branch
// that starts with b); five replays 100 us apart whose c takes 10, 20, 30, 40, 50 us. The replay before
// them (after them, with per_kernel_corr) lacks node 1, and in replay 3 d starts before b. Graph
// 9: one node, 40 records. per_kernel_corr: every record its own correlation id (the cut by start order).
static void test_report_timeline(int per_kernel_corr) {
    kt_rec rec[64];
    size_t n = 0;
    uint32_t id = 100;
    // a partial replay (b, c, d only): first by correlation id, last by start order (records dropped at the
    // end; a replay cut by start order ends before a node it has, so a partial first one would run into the next)
    const uint64_t tp = per_kernel_corr ? 700000 : 0;
    rec[n++] = rec_make(7, id, 2, tp + 100, tp + 2000, "b");
    rec[n++] = rec_make(7, id + per_kernel_corr, 3, tp + 2000, tp + 3000, "c");
    rec[n++] = rec_make(7, id + 2 * per_kernel_corr, 4, tp + 150, tp + 500, "d");
    for (int r = 0; r < 5; r++) {
        const uint64_t t = 100000 + (uint64_t)r * 100000;  // ns
        id = per_kernel_corr ? id + 3 : id + 1;
        rec[n++] = rec_make(7, id, 1, t, t + 5000, "a");
        rec[n++] = rec_make(7, id + per_kernel_corr, 2, t + 4000, t + 12000, "b");
        rec[n++] = rec_make(7, id + 2 * per_kernel_corr, 3, t + 12000, t + 12000 + 10000 * (uint64_t)(r + 1), "c");
        rec[n++] = rec_make(7, id + 3 * per_kernel_corr, 4, r == 3 ? t + 3000 : t + 4500, t + 6000, "d");
        id += 3 * per_kernel_corr;
    }
    for (int i = 0; i < 40; i++)
        rec[n++] = rec_make(9, 1000 + (uint32_t)i, 1, 900000 + (uint64_t)i * 1000, 900500 + (uint64_t)i * 1000, "solo");
    kt_rec copy[64];
    memcpy(copy, rec, sizeof rec);
    char *t = report_text(rec, n, 0);
    double a[4], b[4], c[4], d[4];
    const int rows = t && report_row(t, "a", a) && report_row(t, "b", b) && report_row(t, "c", c) && report_row(t, "d", d);
    const int head = t && strstr(t, "graph 7, 4 nodes, 6 replays (5 whole)") != NULL;
    // medians over the 5 whole replays (upper median), in us: a 0-5; b 4-12; d starts at 4.5 (3.0 in one
    // replay), ends at 6; c 12-42, busy 30. In the order of the median start a, b, d, c, the steps are
    // a 5, b 12 - 5 = 7, d 6 - 12 = -6, c 42 - 6 = 36; the span 42
    const int vals = rows && near(a[0], 0) && near(a[1], 5) && near(a[2], 5) && near(a[3], 5) && near(b[0], 4) &&
               near(b[1], 12) && near(b[2], 8) && near(b[3], 7) && near(d[0], 4.5) && near(d[1], 6) &&
               near(d[2], 1.5) && near(d[3], -6) && near(c[0], 12) && near(c[1], 42) && near(c[2], 30) &&
               near(c[3], 36);
    const int span = t && strstr(t, "median of 5 replays: 42.00 us") != NULL;
    const char *pa = t ? strstr(t, "  a\n") : NULL, *pb = t ? strstr(t, "  b\n") : NULL;
    const char *pd = t ? strstr(t, "  d\n") : NULL, *pc = t ? strstr(t, "  c\n") : NULL;
    const int order = pa && pb && pd && pc && pa < pb && pb < pd && pd < pc;
    result(head && vals && span && order,
           "ktrace report (%s): graph of 4 nodes, not the 1-node graph of 40 records; 6 replays, the partial "
           "one not whole; a parallel branch early in one replay; medians of start / end / busy / step and span",
           per_kernel_corr ? "correlation id per kernel: cut by start order" : "replays by correlation id");
    if (!(head && vals && span && order) && t) fprintf(stderr, "%s", t);
    free(t);
    if (per_kernel_corr) return;
    // KTRACE_GRAPH = 9: that graph instead
    t = report_text(copy, n, 9);
    double s[4];
    const int ok9 = t && strstr(t, "graph 9, 1 nodes, 40 replays (40 whole)") && report_row(t, "solo", s) &&
                    near(s[2], 0.5) && strstr(t, "median of 40 replays: 0.50 us");
    result(ok9, "ktrace report: graph 9 asked: 40 one-node replays of 0.5 us");
    if (!ok9 && t) fprintf(stderr, "%s", t);
    free(t);
}

static void test_report_no_graph(void) {
    kt_rec rec[3] = {rec_make(0, 1, 0, 0, 10, "eager"), rec_make(0, 2, 0, 20, 30, "eager"), rec_make(0, 3, 0, 40, 50, "x")};
    char *t = report_text(rec, 3, 0);
    result(t && strstr(t, "ktrace: 3 records") && strstr(t, "no graph with 1 to 512 nodes"),
           "ktrace report: kernels launched outside graphs only: one line says there is no graph");
    free(t);
    t = report_text(rec, 0, 5);
    result(t && strstr(t, "no records of graph 5"), "ktrace report: an absent graph asked: one line says so");
    free(t);
}

void cpu_suite_ktrace(void) {
    test_report_timeline(0);
    test_report_timeline(1);
    test_report_no_graph();
}
