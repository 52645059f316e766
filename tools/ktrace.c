// ktrace.c: a kernel timeline of a whole graph replay, taken by CUPTI's
// activity API from outside the program (a CUDA injection library: no line
// of unetrun changes, and the same library traces cuDNN's or anyone's
// kernels).
//
//   make build/libktrace.so
//   CUDA_INJECTION64_PATH=$PWD/build/libktrace.so KTRACE_REPORT=t.txt
//       build/unetrun --block transformer --c 320 --hw 64 --ref none
//
// What it reports. Every kernel the process runs is a CUPTI "concurrent
// kernel" record: start and end on the GPU's clock, and for a kernel that a
// CUDA graph launched, the graph's id and the node's id. At exit the library
// picks the graph with the most kernel nodes (a block's graph: unetrun
// replays it 10 + 100 times for the block's latency), cuts its records into
// replays (a replay ends where a node id comes again), and prints, per node
// in the order of its start, the median over the replays of:
//   start, end      ns from the replay's first kernel start;
//   busy            end - start of the kernel (with programmatic dependent
//                   launch a kernel starts before its predecessor ends and
//                   waits in griddepcontrol.wait, so this holds that wait);
//   step            its end minus the previous node's end: the time the node
//                   adds to the chain, which is what a block's latency sums.
// and the replay's span (the last end minus the first start). Per-node times
// taken by one-node replays each carry a launch and a graph's fixed cost;
// these are the kernels in place, in the chain, with their neighbours.
//
// Memset and memcpy nodes are traced and reported as nodes too.
// Environment: KTRACE_REPORT (the report's file; stderr without it),
// KTRACE_RAW (a file for every record: graph, node, start, end, grid, block,
// name), KTRACE_GRAPH (a graph id to report instead of the largest).
// Limits: one device; records kept up to KT_MAX_RECORDS (later ones are
// counted and dropped, and the report says how many).
#define _GNU_SOURCE
#include <cupti.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KT_MAX_RECORDS (1 << 20)
#define KT_BUF_BYTES (8 << 20)
#define KT_NAME_CHARS 72

typedef struct {
    uint64_t start, end, node;
    uint32_t graph;
    int grid, block;
    char name[KT_NAME_CHARS];
} kt_rec;

static kt_rec *g_rec;
static size_t g_n, g_dropped;
static int g_ok;

// __cxa_demangle from libstdc++ (declared here: this file is C).
extern char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

#define CUPTI_CHECK(call)                                                                    \
    do {                                                                                     \
        CUptiResult r_ = (call);                                                             \
        if (r_ != CUPTI_SUCCESS) {                                                           \
            const char *s_ = "?";                                                            \
            cuptiGetResultString(r_, &s_);                                                   \
            fprintf(stderr, "ktrace: %s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, s_); \
            return 1;                                                                        \
        }                                                                                    \
    } while (0)

// The kernel's name without its parameter list, at most KT_NAME_CHARS - 1 chars.
static void kt_name(const char *mangled, char *out) {
    int st = -1;
    char *d = mangled ? __cxa_demangle(mangled, NULL, NULL, &st) : NULL;
    const char *s = (st == 0 && d) ? d : (mangled ? mangled : "?");
    if (!strncmp(s, "void ", 5)) s += 5;
    if (!strncmp(s, "(anonymous namespace)::", 23)) s += 23;
    size_t n = strlen(s);
    // drop the parameter list: the last '(' at template depth 0
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '<') depth++;
        else if (s[i] == '>') depth--;
        else if (s[i] == '(' && depth == 0) { n = i; break; }
    }
    if (n > KT_NAME_CHARS - 1) n = KT_NAME_CHARS - 1;
    memcpy(out, s, n);
    out[n] = 0;
    free(d);
}

static void CUPTIAPI kt_buffer_requested(uint8_t **buf, size_t *size, size_t *max_records) {
    *buf = aligned_alloc(8, KT_BUF_BYTES);
    *size = *buf ? KT_BUF_BYTES : 0;
    *max_records = 0;
}

static void CUPTIAPI kt_buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buf, size_t size, size_t valid) {
    (void)ctx, (void)stream, (void)size;
    CUpti_Activity *a = NULL;
    while (cuptiActivityGetNextRecord(buf, valid, &a) == CUPTI_SUCCESS) {
        const int kernel = a->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || a->kind == CUPTI_ACTIVITY_KIND_KERNEL;
        if (!kernel && a->kind != CUPTI_ACTIVITY_KIND_MEMSET && a->kind != CUPTI_ACTIVITY_KIND_MEMCPY) continue;
        if (!g_rec || g_n == KT_MAX_RECORDS) {
            g_dropped++;
            continue;
        }
        kt_rec *r = &g_rec[g_n++];
        if (kernel) {
            const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)a;
            r->start = k->start, r->end = k->end, r->node = k->graphNodeId, r->graph = k->graphId;
            r->grid = k->gridX * k->gridY * k->gridZ, r->block = k->blockX * k->blockY * k->blockZ;
            kt_name(k->name, r->name);
        } else if (a->kind == CUPTI_ACTIVITY_KIND_MEMSET) {  // memset and memcpy nodes are nodes too
            const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)a;
            r->start = m->start, r->end = m->end, r->node = m->graphNodeId, r->graph = m->graphId;
            r->grid = r->block = 0;
            snprintf(r->name, sizeof r->name, "[memset %llu bytes]", (unsigned long long)m->bytes);
        } else {
            const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)a;
            r->start = m->start, r->end = m->end, r->node = m->graphNodeId, r->graph = m->graphId;
            r->grid = r->block = 0;
            snprintf(r->name, sizeof r->name, "[memcpy %llu bytes]", (unsigned long long)m->bytes);
        }
    }
    free(buf);
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
static int cmp_rec_start(const void *a, const void *b) {
    const kt_rec *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}
static uint64_t median_u64(uint64_t *v, size_t n) {
    qsort(v, n, sizeof *v, cmp_u64);
    return n ? v[n / 2] : 0;
}
static int64_t median_i64(int64_t *v, size_t n) {
    // steps can be negative (a node that ends before its predecessor)
    for (size_t i = 0; i < n; i++) v[i] += INT64_MAX / 2;
    const int64_t m = (int64_t)median_u64((uint64_t *)v, n) - INT64_MAX / 2;
    return m;
}

// The graph to report: KTRACE_GRAPH, or the one with the most distinct nodes.
typedef struct {
    uint32_t graph;
    uint64_t node;
} kt_gn;
static int cmp_gn(const void *a, const void *b) {
    const kt_gn *x = a, *y = b;
    if (x->graph != y->graph) return x->graph < y->graph ? -1 : 1;
    return x->node < y->node ? -1 : x->node > y->node;
}
static uint32_t kt_pick_graph(size_t *nodes_out) {
    const char *env = getenv("KTRACE_GRAPH");
    unsigned long want = 0;
    if (env) {
        char *end = NULL;
        errno = 0;
        want = strtoul(env, &end, 10);
        if (errno || end == env || *end) {
            fprintf(stderr, "ktrace: KTRACE_GRAPH=%s is not a graph id; reporting the largest graph\n", env);
            env = NULL;
        }
    }
    kt_gn *v = malloc((g_n ? g_n : 1) * sizeof *v);
    if (!v) return 0;
    size_t m = 0;
    for (size_t i = 0; i < g_n; i++)
        if (g_rec[i].graph && (!env || g_rec[i].graph == want)) v[m].graph = g_rec[i].graph, v[m++].node = g_rec[i].node;
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

static void kt_report(FILE *f) {
    fprintf(f, "ktrace: %zu kernel records%s", g_n, g_dropped ? "" : "\n");
    if (g_dropped) fprintf(f, ", %zu dropped past %d\n", g_dropped, KT_MAX_RECORDS);
    size_t nodes = 0;
    const uint32_t gid = kt_pick_graph(&nodes);
    if (!gid || nodes == 0 || nodes > 512) {
        fprintf(f, "ktrace: no graph with 1 to 512 kernel nodes to report\n");
        return;
    }
    // this graph's records in start order
    size_t n = 0;
    for (size_t i = 0; i < g_n; i++)
        if (g_rec[i].graph == gid) g_rec[n++] = g_rec[i];
    qsort(g_rec, n, sizeof *g_rec, cmp_rec_start);
    // node order and replay cuts: a replay is `nodes` records with distinct node ids
    const size_t replays = n / nodes;
    uint64_t *node_id = calloc(nodes, sizeof *node_id);
    uint64_t *st = calloc(replays * nodes, sizeof *st), *en = calloc(replays * nodes, sizeof *en);
    uint64_t *span = calloc(replays, sizeof *span), *tmp = calloc(replays, sizeof *tmp);
    int64_t *stp = calloc(replays, sizeof *stp);
    size_t *first = calloc(nodes, sizeof *first);  // record index of node slot s in replay 0
    if (!node_id || !st || !en || !span || !tmp || !stp || !first) {
        fprintf(f, "ktrace: out of memory\n");
        goto out;
    }
    // slots: node ids in replay 0's start order; a later replay's records map to
    // slots by node id (parallel branches may start in another order)
    for (size_t s = 0; s < nodes; s++) node_id[s] = g_rec[s].node, first[s] = s;
    size_t good = 0;
    for (size_t r = 0; r < replays; r++) {
        const kt_rec *R = g_rec + r * nodes;
        const uint64_t t0 = R[0].start;
        uint64_t t1 = 0;
        size_t seen = 0;
        for (size_t s = 0; s < nodes; s++) st[good * nodes + s] = UINT64_MAX;
        for (size_t i = 0; i < nodes; i++) {
            size_t s = 0;
            while (s < nodes && node_id[s] != R[i].node) s++;
            if (s == nodes || st[good * nodes + s] != UINT64_MAX) break;  // not this graph's replay shape
            st[good * nodes + s] = R[i].start - t0, en[good * nodes + s] = R[i].end - t0, seen++;
            if (R[i].end - t0 > t1) t1 = R[i].end - t0;
        }
        if (seen == nodes) span[good++] = t1;
    }
    fprintf(f, "ktrace: graph %u, %zu kernel nodes, %zu replays (%zu whole)\n", gid, nodes, replays, good);
    if (!good) goto out;
    fprintf(f, "%4s %10s %10s %10s %10s %7s %5s  %s\n", "node", "start_us", "end_us", "busy_us", "step_us", "grid",
            "block", "kernel");
    // per slot medians; print in the order of the median start; step = end - previous printed end
    uint64_t *mst = calloc(nodes, sizeof *mst), *men = calloc(nodes, sizeof *men), *mbusy = calloc(nodes, sizeof *mbusy);
    size_t *order = calloc(nodes, sizeof *order);
    if (!mst || !men || !mbusy || !order) {
        fprintf(f, "ktrace: out of memory\n");
        free(mst), free(men), free(mbusy), free(order);
        goto out;
    }
    for (size_t s = 0; s < nodes; s++) {
        for (size_t r = 0; r < good; r++) tmp[r] = st[r * nodes + s];
        mst[s] = median_u64(tmp, good);
        for (size_t r = 0; r < good; r++) tmp[r] = en[r * nodes + s];
        men[s] = median_u64(tmp, good);
        for (size_t r = 0; r < good; r++) tmp[r] = en[r * nodes + s] - st[r * nodes + s];
        mbusy[s] = median_u64(tmp, good);
        order[s] = s;
    }
    for (size_t i = 1; i < nodes; i++)  // insertion sort by median start
        for (size_t j = i; j > 0 && mst[order[j]] < mst[order[j - 1]]; j--) {
            const size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (size_t i = 0; i < nodes; i++) {
        const size_t s = order[i], p = i ? order[i - 1] : 0;
        for (size_t r = 0; r < good; r++)
            stp[r] = (int64_t)en[r * nodes + s] - (i ? (int64_t)en[r * nodes + p] : 0);
        const int64_t mstep = median_i64(stp, good);
        const kt_rec *R = &g_rec[first[s]];
        fprintf(f, "%4zu %10.2f %10.2f %10.2f %10.2f %7d %5d  %s\n", i, mst[s] * 1e-3, men[s] * 1e-3,
                mbusy[s] * 1e-3, mstep * 1e-3, R->grid, R->block, R->name);
    }
    fprintf(f, "span (first start to last end), median of %zu replays: %.2f us\n", good,
            median_u64(span, good) * 1e-3);
    free(mst), free(men), free(mbusy), free(order);
out:
    free(node_id), free(st), free(en), free(span), free(tmp), free(stp), free(first);
}

static void kt_at_exit(void) {
    if (!g_ok) return;
    cuptiActivityFlushAll(1);
    const char *raw = getenv("KTRACE_RAW");
    if (raw) {
        FILE *f = fopen(raw, "w");
        if (!f) fprintf(stderr, "ktrace: cannot write %s: %s\n", raw, strerror(errno));
        else {
            fprintf(f, "graph\tnode\tstart_ns\tend_ns\tgrid\tblock\tkernel\n");
            for (size_t i = 0; i < g_n; i++)
                fprintf(f, "%u\t%llu\t%llu\t%llu\t%d\t%d\t%s\n", g_rec[i].graph, (unsigned long long)g_rec[i].node,
                        (unsigned long long)g_rec[i].start, (unsigned long long)g_rec[i].end, g_rec[i].grid,
                        g_rec[i].block, g_rec[i].name);
            fclose(f);
        }
    }
    const char *rep = getenv("KTRACE_REPORT");
    FILE *f = rep ? fopen(rep, "w") : stderr;
    if (!f) {
        fprintf(stderr, "ktrace: cannot write %s: %s\n", rep, strerror(errno));
        return;
    }
    kt_report(f);
    if (f != stderr) fclose(f);
}

// Called by the CUDA driver when CUDA_INJECTION64_PATH names this library.
int InitializeInjection(void) {
    g_rec = malloc((size_t)KT_MAX_RECORDS * sizeof *g_rec);
    if (!g_rec) {
        fprintf(stderr, "ktrace: out of memory\n");
        return 1;
    }
    CUPTI_CHECK(cuptiActivityRegisterCallbacks(kt_buffer_requested, kt_buffer_completed));
    CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
    CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
    CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
    g_ok = 1;
    atexit(kt_at_exit);
    return 1;
}
