// ktrace_report.c: the timeline report of tools/ktrace.c (ktrace_report.h).
#include "ktrace_report.h"

#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
static int cmp_i64(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}
static int cmp_rec_start(const void *a, const void *b) {
    const kt_rec *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}
static int cmp_rec_corr(const void *a, const void *b) {
    const kt_rec *x = a, *y = b;
    if (x->corr != y->corr) return x->corr < y->corr ? -1 : 1;
    return cmp_rec_start(a, b);
}
// The upper median (v[n / 2] in order); v is sorted in place.
static uint64_t median_u64(uint64_t *v, size_t n) {
    qsort(v, n, sizeof *v, cmp_u64);
    return n ? v[n / 2] : 0;
}
static int64_t median_i64(int64_t *v, size_t n) {  // steps can be negative
    qsort(v, n, sizeof *v, cmp_i64);
    return n ? v[n / 2] : 0;
}

typedef struct {
    uint32_t graph;
    uint64_t node;
} kt_gn;
static int cmp_gn(const void *a, const void *b) {
    const kt_gn *x = a, *y = b;
    if (x->graph != y->graph) return x->graph < y->graph ? -1 : 1;
    return x->node < y->node ? -1 : x->node > y->node;
}
// The graph with the most distinct nodes (want != 0: that graph) and its node count.
static uint32_t kt_pick_graph(const kt_rec *rec, size_t n, uint32_t want, size_t *nodes_out) {
    *nodes_out = 0;
    kt_gn *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) return 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (rec[i].graph && (!want || rec[i].graph == want)) v[m].graph = rec[i].graph, v[m++].node = rec[i].node;
    qsort(v, m, sizeof *v, cmp_gn);
    uint32_t best = 0;
    size_t best_nodes = 0;
    for (size_t i = 0; i < m;) {
        size_t j = i, nodes = 0;
        for (; j < m && v[j].graph == v[i].graph; j++) nodes += (j == i || v[j].node != v[j - 1].node);
        if (nodes > best_nodes) best = v[i].graph, best_nodes = nodes;
        i = j;
    }
    free(v);
    *nodes_out = best_nodes;
    return best;
}

// Per-replay offsets of every node: st / en (replays x nodes) from each replay's first start.
typedef struct {
    size_t nodes, replays, whole;
    uint64_t *node_id;  // (nodes) in the order they first start
    kt_rec *proto;      // (nodes) each node's first record (its name, grid, block)
    uint64_t *st, *en;  // (whole replays, nodes)
    uint64_t *span;     // (whole replays)
} kt_replays;

// Counts a replay (at[slot] = its record + 1) and keeps it if it has every node: offsets from its first start.
static void kt_keep(const kt_rec *g, const size_t *at, size_t filled, kt_replays *R) {
    R->replays++;
    if (filled != R->nodes) return;
    const size_t nodes = R->nodes;
    uint64_t t0 = UINT64_MAX, t1 = 0;
    for (size_t q = 0; q < nodes; q++)
        if (g[at[q] - 1].start < t0) t0 = g[at[q] - 1].start;
    for (size_t q = 0; q < nodes; q++) {
        const kt_rec *r = &g[at[q] - 1];
        R->st[R->whole * nodes + q] = r->start - t0, R->en[R->whole * nodes + q] = r->end - t0;
        if (r->end - t0 > t1) t1 = r->end - t0;
    }
    R->span[R->whole++] = t1;
}

// Cuts the graph's records into replays and keeps the whole ones. The slots are the graph's distinct node
// ids in the order they first start. By correlation id first (g sorted by it, then by start): a group is a
// replay, and a node seen twice in one leaves the group out. Where no group is whole, by start order: a
// replay ends before a node it already has.
static int kt_cut(kt_rec *g, size_t n, size_t nodes, kt_replays *R) {
    memset(R, 0, sizeof *R);
    R->nodes = nodes;
    const size_t cap = n / nodes + 1;
    R->node_id = calloc(nodes, sizeof *R->node_id), R->proto = calloc(nodes, sizeof *R->proto);
    R->st = calloc(cap * nodes, sizeof *R->st), R->en = calloc(cap * nodes, sizeof *R->en);
    R->span = calloc(cap, sizeof *R->span);
    size_t *at = calloc(nodes, sizeof *at);  // the current replay's record of each slot, + 1 (0: none yet)
    if (!R->node_id || !R->proto || !R->st || !R->en || !R->span || !at) {
        free(at);
        return 0;
    }
    qsort(g, n, sizeof *g, cmp_rec_start);
    for (size_t j = 0, k = 0; j < n && k < nodes; j++) {
        size_t s = 0;
        while (s < k && R->node_id[s] != g[j].node) s++;
        if (s == k) R->node_id[k] = g[j].node, R->proto[k++] = g[j];
    }
    for (int by_corr = 1; by_corr >= 0; by_corr--) {
        qsort(g, n, sizeof *g, by_corr ? cmp_rec_corr : cmp_rec_start);
        R->replays = R->whole = 0;
        size_t filled = 0, i0 = 0;
        int twice = 0;
        memset(at, 0, nodes * sizeof *at);
        for (size_t j = 0; j <= n; j++) {
            size_t s = 0;
            if (j < n)
                while (s < nodes && R->node_id[s] != g[j].node) s++;
            const int end = j == n || (by_corr ? g[j].corr != g[i0].corr : at[s] != 0);
            if (end) {
                if (j > i0) kt_keep(g, at, twice ? 0 : filled, R);
                memset(at, 0, nodes * sizeof *at), filled = 0, twice = 0, i0 = j;
            }
            if (j < n) {
                twice |= at[s] != 0;
                at[s] = j + 1, filled += !twice;
            }
        }
        if (R->whole) break;
    }
    free(at);
    return 1;
}

static void kt_replays_free(kt_replays *R) {
    free(R->node_id), free(R->proto), free(R->st), free(R->en), free(R->span);
}

void kt_report(FILE *f, kt_rec *rec, size_t n, size_t dropped, uint32_t graph) {
    fprintf(f, "ktrace: %zu records", n);
    if (dropped) fprintf(f, ", %zu dropped", dropped);
    fprintf(f, "\n");
    size_t nodes = 0;
    const uint32_t gid = kt_pick_graph(rec, n, graph, &nodes);
    if (!gid || nodes > KT_MAX_NODES) {
        if (graph) fprintf(f, "ktrace: no records of graph %u with 1 to %d nodes\n", graph, KT_MAX_NODES);
        else fprintf(f, "ktrace: no graph with 1 to %d nodes to report\n", KT_MAX_NODES);
        return;
    }
    size_t m = 0;  // this graph's records
    for (size_t i = 0; i < n; i++)
        if (rec[i].graph == gid) rec[m++] = rec[i];
    kt_replays R;
    uint64_t *tmp = calloc(m + 1, sizeof *tmp);
    int64_t *stp = calloc(m + 1, sizeof *stp);
    uint64_t *mst = calloc(nodes, sizeof *mst), *men = calloc(nodes, sizeof *men), *mbusy = calloc(nodes, sizeof *mbusy);
    size_t *order = calloc(nodes, sizeof *order);
    if (!kt_cut(rec, m, nodes, &R) || !tmp || !stp || !mst || !men || !mbusy || !order) {
        fprintf(f, "ktrace: out of memory\n");
        goto out;
    }
    fprintf(f, "ktrace: graph %u, %zu nodes, %zu replays (%zu whole)\n", gid, nodes, R.replays, R.whole);
    if (!R.whole) goto out;
    const size_t w = R.whole;
    for (size_t s = 0; s < nodes; s++) {
        for (size_t r = 0; r < w; r++) tmp[r] = R.st[r * nodes + s];
        mst[s] = median_u64(tmp, w);
        for (size_t r = 0; r < w; r++) tmp[r] = R.en[r * nodes + s];
        men[s] = median_u64(tmp, w);
        for (size_t r = 0; r < w; r++) tmp[r] = R.en[r * nodes + s] - R.st[r * nodes + s];
        mbusy[s] = median_u64(tmp, w);
        order[s] = s;
    }
    for (size_t i = 1; i < nodes; i++)  // by median start (stable: ties keep the order of the first starts)
        for (size_t j = i; j > 0 && mst[order[j]] < mst[order[j - 1]]; j--) {
            const size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    fprintf(f, "%4s %10s %10s %10s %10s %7s %5s  %s\n", "node", "start_us", "end_us", "busy_us", "step_us", "grid",
            "block", "kernel");
    for (size_t i = 0; i < nodes; i++) {
        const size_t s = order[i], p = i ? order[i - 1] : 0;
        for (size_t r = 0; r < w; r++)
            stp[r] = (int64_t)R.en[r * nodes + s] - (i ? (int64_t)R.en[r * nodes + p] : 0);
        const int64_t mstep = median_i64(stp, w);
        const kt_rec *k = &R.proto[s];
        fprintf(f, "%4zu %10.2f %10.2f %10.2f %10.2f %7d %5d  %s\n", i, mst[s] * 1e-3, men[s] * 1e-3, mbusy[s] * 1e-3,
                mstep * 1e-3, k->grid, k->block, k->name);
    }
    fprintf(f, "span (first start to last end), median of %zu replays: %.2f us\n", w, median_u64(R.span, w) * 1e-3);
out:
    kt_replays_free(&R);
    free(tmp), free(stp), free(mst), free(men), free(mbusy), free(order);
}
