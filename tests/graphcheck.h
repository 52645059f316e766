// graphcheck.h: checks of a rewritten graph shared by the CPU tests of the
// graph rewrites (tests/cpu_fuse.c, cpu_fuse_shortcut.c, cpu_lnfold.c).
#ifndef UNETRUN_TESTS_GRAPHCHECK_H
#define UNETRUN_TESTS_GRAPHCHECK_H

#include <stddef.h>

#include "../src/graph/graph.h"

// The node names, comma-separated, into buf[len].
void graph_node_names(const Graph *g, char *buf, size_t len);
// 1 if the blocks' node ranges tile the nodes in order and every node
// names its block.
int graph_blocks_tile(const Graph *g);
// Pairs of distinct tensors that one node touches (uses(n, t) fills t[max],
// -1 where none, and returns how many it filled) whose FP16 bytes overlap
// in the liveness arena (graph_live_offsets).
int graph_arena_clashes(const Graph *g, int (*uses)(const Node *n, int *t));

#endif
