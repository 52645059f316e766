// blockinfo.h: UNet checkpoints as blocks. Opens a .safetensors UNet in
// diffusers or LDM naming, finds its resnet and attention blocks, describes
// a block from its tensors' shapes, and loads a block's tensors by their
// diffusers block-relative names as FP32 with their shapes checked.
//
// Block description (everything comes from the tensors):
//   ResBlock:    cin, cout from conv1.weight [cout, cin, 3, 3]; temb_dim from
//                time_emb_proj.weight [cout, temb_dim]; has_shortcut from the
//                presence of conv_shortcut.weight [cout, cin, 1, 1].
//   transformer: C from norm.weight; proj conv (proj_in.weight [C, C, 1, 1])
//                or linear ([C, C]); context_dim from attn2.to_k.weight
//                [C, context_dim]; ff_inner from ff.net.2.weight [C, ff_inner];
//                depth = number of transformer_blocks.N present (0..N-1, no
//                gaps); heads by family: SD1.x 8 heads, SD2.x/SDXL head_dim 64
//                (unknown family: 8 heads with a conv projection, head_dim 64
//                with a linear one; 1 head when that does not divide C).
// Every tensor of the block is checked to be present, F32/F16/BF16 and of
// the shape these numbers imply.
//
// Family of the file: context 768 -> SD1.x, 1024 -> SD2.x, 2048 -> SDXL
// (first transformer in execution order); without a known context, SDXL
// when level 0 has resnets but no attention while level 1 has attention.
#ifndef UNETRUN_BLOCKINFO_H
#define UNETRUN_BLOCKINFO_H

#include <stdint.h>
#include <stdio.h>

#include "names.h"
#include "safetensors.h"

typedef enum { PROJ_CONV = 0, PROJ_LINEAR = 1 } ProjKind;

typedef struct {
    StFile st;
    NameScheme scheme;     // naming of the file
    const char *root;      // "" or "model.diffusion_model." before LDM block names
    WeightsFamily family;  // detected
    int context_dim;       // of the first transformer block (0: none in the file)
    int nblocks;           // blocks found by name (before validation)
    BlockId blocks[NAMES_MAX_BLOCKS];  // in execution order
} WeightsFile;

typedef struct {
    BlockId id;
    UnetBlockKind kind;
    char diffusers[48];  // "down_blocks.1.attentions.0"
    char ldm[48];        // "input_blocks.4.1" (without model.diffusion_model.)
    StDtype dtype;       // of conv1.weight / proj_in.weight
    WeightsFamily family;
    // ResBlock
    int cin, cout, has_shortcut, temb_dim;
    // transformer
    int c, context_dim, depth, heads, head_dim, ff_inner;
    ProjKind proj;
} BlockInfo;

// Open a UNet checkpoint (st_open + naming and family detection). Fails with
// ST_ERR_BLOCK when the file holds no UNet resnet or attention tensors.
int weights_open(const char *path, WeightsFile *w, StError *e);
// weights_open, or die_user with the message (exit 2).
void weights_open_or_die(const char *path, WeightsFile *w);
// Same on an already parsed file; takes ownership of *st (closed on error).
int weights_init(WeightsFile *w, StFile *st, StError *e);
void weights_close(WeightsFile *w);

// Describe the block at prefix (either naming scheme, for either file).
// Errors: not a block prefix, block not in the file, missing tensor, wrong
// shape ("expected [..], found [..]"), dtype that cannot be loaded.
int weights_describe(const WeightsFile *w, const char *prefix, BlockInfo *b, StError *e);
void weights_describe_or_die(const WeightsFile *w, const char *prefix, BlockInfo *b);

// The file's key of a block-relative diffusers name ("conv1.weight" ->
// "model.diffusion_model.input_blocks.1.0.in_layers.2.weight" in LDM files).
// 0 ok, -1 unknown ResBlock part.
int weights_key(const WeightsFile *w, const BlockInfo *b, const char *inner, char *buf, size_t n);
// Load the block's tensor with block-relative diffusers name inner (e.g.
// "conv1.weight", "transformer_blocks.0.attn1.to_q.weight") as FP32 into a
// new array (*out, free() it), shape checked against ndim/shape (message
// "expected [320, 320, 3, 3], found [..]"), NaN/Inf rejected.
int weights_tensor(const WeightsFile *w, const BlockInfo *b, const char *inner, int ndim, const int64_t *shape,
                   float **out, StError *e);
float *weights_tensor_or_die(const WeightsFile *w, const BlockInfo *b, const char *inner, int ndim,
                             const int64_t *shape);

// Describe every block found in the file, in execution order. out holds
// NAMES_MAX_BLOCKS entries; blocks that fail to describe are left out and,
// when skipped is not NULL (NAMES_MAX_BLOCKS entries), their errors are
// stored there with their count in *nskipped. Returns the number described.
int weights_blocks(const WeightsFile *w, BlockInfo *out, StError *skipped, int *nskipped);

// Print the file, its naming and family, and one row per block (prefix in
// both schemes, kind, channels, heads x head_dim, context, depth, notes).
// Returns the number of blocks printed.
int weights_print_blocks(const WeightsFile *w, FILE *out);
// Open path (die_user on a bad file), print its blocks, close it.
int weights_list(const char *path, FILE *out);

#endif
