// cpu_graphcheck.c: the helpers of graphcheck.h (no suite of their own).
#include "graphcheck.h"

#include <stdlib.h>
#include <string.h>

#include "../common/common.h"

void graph_node_names(const Graph *g, char *buf, size_t len) {
    buf[0] = 0;
    for (int i = 0; i < g->nn; i++) {
        strncat(buf, g->nodes[i].name, len - strlen(buf) - 2);
        if (i + 1 < g->nn) strncat(buf, ",", len - strlen(buf) - 1);
    }
}

int graph_blocks_tile(const Graph *g) {
    int tiled = 1, next = 0;
    for (int k = 0; k < g->nblocks; k++) {
        tiled &= g->blocks[k].first == next;
        next += g->blocks[k].count;
        for (int i = g->blocks[k].first; i < g->blocks[k].first + g->blocks[k].count; i++)
            tiled &= g->nodes[i].block == k;
    }
    return tiled && next == g->nn;
}

int graph_arena_clashes(const Graph *g, int (*uses)(const Node *n, int *t)) {
    size_t *off = xcalloc((size_t)g->nt, sizeof(size_t));
    graph_live_offsets(g, off);
    int clash = 0;
    for (int i = 0; i < g->nn; i++) {
        int use[16];
        const int nu = uses(&g->nodes[i], use);
        for (int p = 0; p < nu; p++)
            for (int q = p + 1; q < nu; q++) {
                const int s = use[p], t = use[q];
                if (s < 0 || t < 0 || s == t) continue;
                clash += off[s] < off[t] + g->t[t].numel * 2 && off[t] < off[s] + g->t[s].numel * 2;
            }
    }
    free(off);
    return clash;
}
