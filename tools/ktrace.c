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
// picks the graph with the most nodes (a block's graph: unetrun replays it
// 10 + 100 times for the block's latency), cuts its records into replays (by
// the graph launch's correlation id; where that does not give whole replays,
// a replay ends where a node id comes again), and prints, per node in the
// order of its start, the median over the whole replays of:
//   start, end      us from the replay's first kernel start;
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
// KTRACE_RAW (a file for every record: graph, correlation id, node, start,
// end, grid, block, name), KTRACE_GRAPH (a graph id to report instead of the largest).
// The report itself is ktrace_report.c (tested on the CPU: tests/cpu_ktrace.c).
// Limits: one device; records kept up to KT_MAX_RECORDS (later ones are
// counted and dropped, and the report says how many).
#define _GNU_SOURCE
#include "ktrace_report.h"

#include <cupti.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KT_MAX_RECORDS (1 << 20)
#define KT_BUF_BYTES (8 << 20)

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
            r->corr = k->correlationId;
            r->grid = k->gridX * k->gridY * k->gridZ, r->block = k->blockX * k->blockY * k->blockZ;
            kt_name(k->name, r->name);
        } else if (a->kind == CUPTI_ACTIVITY_KIND_MEMSET) {  // memset and memcpy nodes are nodes too
            const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)a;
            r->start = m->start, r->end = m->end, r->node = m->graphNodeId, r->graph = m->graphId;
            r->corr = m->correlationId;
            r->grid = r->block = 0;
            snprintf(r->name, sizeof r->name, "[memset %llu bytes]", (unsigned long long)m->bytes);
        } else {
            const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)a;
            r->start = m->start, r->end = m->end, r->node = m->graphNodeId, r->graph = m->graphId;
            r->corr = m->correlationId;
            r->grid = r->block = 0;
            snprintf(r->name, sizeof r->name, "[memcpy %llu bytes]", (unsigned long long)m->bytes);
        }
    }
    free(buf);
}

static void kt_at_exit(void) {
    if (!g_ok) return;
    cuptiActivityFlushAll(1);
    const char *raw = getenv("KTRACE_RAW");
    if (raw) {
        FILE *f = fopen(raw, "w");
        if (!f) fprintf(stderr, "ktrace: cannot write %s: %s\n", raw, strerror(errno));
        else {
            fprintf(f, "graph\tcorr\tnode\tstart_ns\tend_ns\tgrid\tblock\tkernel\n");
            for (size_t i = 0; i < g_n; i++)
                fprintf(f, "%u\t%u\t%llu\t%llu\t%llu\t%d\t%d\t%s\n", g_rec[i].graph, g_rec[i].corr,
                        (unsigned long long)g_rec[i].node,
                        (unsigned long long)g_rec[i].start, (unsigned long long)g_rec[i].end, g_rec[i].grid,
                        g_rec[i].block, g_rec[i].name);
            fclose(f);
        }
    }
    unsigned long want = 0;
    const char *env = getenv("KTRACE_GRAPH");
    if (env) {
        char *end = NULL;
        errno = 0;
        want = strtoul(env, &end, 10);
        if (errno || end == env || *end || want > UINT32_MAX) {
            fprintf(stderr, "ktrace: KTRACE_GRAPH=%s is not a graph id; reporting the largest graph\n", env);
            want = 0;
        }
    }
    const char *rep = getenv("KTRACE_REPORT");
    FILE *f = rep ? fopen(rep, "w") : stderr;
    if (!f) {
        fprintf(stderr, "ktrace: cannot write %s: %s\n", rep, strerror(errno));
        return;
    }
    kt_report(f, g_rec, g_n, g_dropped, (uint32_t)want);
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
