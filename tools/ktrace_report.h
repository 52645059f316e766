// ktrace_report.h: the report of tools/ktrace.c, apart from CUPTI so that the
// CPU tests can feed it records (tests/cpu_ktrace.c).
#ifndef UNETRUN_KTRACE_REPORT_H
#define UNETRUN_KTRACE_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KT_NAME_CHARS 72
#define KT_MAX_NODES 512  // nodes of the reported graph at most

// One kernel, memset or memcpy as the GPU ran it. graph 0: not launched by a graph.
typedef struct {
    uint64_t start, end, node;  // ns on the GPU's clock; the graph node's id
    uint32_t graph, corr;       // the graph's id; the correlation id (a graph launch's, for its nodes)
    int grid, block;  // CTAs and threads per CTA (0 for memset / memcpy)
    char name[KT_NAME_CHARS];
} kt_rec;

// Prints the timeline of graph `graph` (0: the graph with the most distinct
// nodes) to f: per node, in the order of its median start, the medians over
// the graph's whole replays of start and end (from the replay's first start),
// busy (end - start) and step (its end minus the previous node's end), then
// the median span. A replay is the records of one correlation id (CUPTI
// gives a graph launch's nodes its id); where no such group holds every node
// (ids per kernel), the records in start order up to the first node id that
// comes again. A replay without every node is left out. Reorders rec.
// dropped: records the collector could not keep (reported).
void kt_report(FILE *f, kt_rec *rec, size_t n, size_t dropped, uint32_t graph);

#endif
