// blockkinds.h: the table of block kinds (--block NAME): name, builder, the
// options each takes, its --list entry (src/graph/blockkinds.c). A new block
// kind is a BlockKind value (graph.h), a builder in blocks.c and a row here;
// the options that apply to it name it in src/options.c.
#ifndef UNETRUN_BLOCKKINDS_H
#define UNETRUN_BLOCKKINDS_H

#include <stdio.h>

#include "graph.h"

typedef struct {
    const char *name;                                 // --block NAME
    void (*build)(Graph *g, const BlockConfig *cfg);  // tensors and nodes (blocks.c)
    int image;               // activations are NCHW images (x (B, C, H, W)); else token rows (B, L, D)
    const char *size_hint;   // what to shrink when the block does not fit (block_size_hint)
    const char *not_taken;   // the error when it is given the image-size options it does not take
                             // (--c --cout --hw --h --w, --batch); NULL: it takes them
    const char *about;       // --list: what it is (lines, each ending in \n)
    const char *options;     // --list: the options it takes (after "flags: ")
} BlockKindInfo;

// The row of kind k (dies on a value outside the enum).
const BlockKindInfo *block_kind(BlockKind k);
const char *block_kind_name(BlockKind k);
// The kind called name; -1 when there is none.
int block_kind_find(const char *name);
// --list: every kind's entry.
void block_kinds_list(FILE *f);

// Builders (blocks.c); shapes were validated by the command line.
void build_resblock(Graph *g, const BlockConfig *c);
void build_conv(Graph *g, const BlockConfig *c);
void build_transformer(Graph *g, const BlockConfig *c);
void build_attention(Graph *g, const BlockConfig *c);
void build_gemm(Graph *g, const BlockConfig *c);

#endif
