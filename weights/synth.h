// synth.h: synthetic SD UNet checkpoints (tools/mkcheckpoint, tests).
//
// Writes the tensors of an SD1.5, SD2.1 or SDXL UNet (the whole UNet, or the
// listed resnet/attention blocks) in diffusers or LDM naming, filled from
// the same per-tensor random streams as the random-weight path: each tensor
// is random_uniform(name, seed) on the host, name being its block-relative
// diffusers name ("conv1.weight", "transformer_blocks.0.attn1.to_q.weight"),
// with PyTorch-default ranges:
//   conv / linear weight and bias   uniform +-1/sqrt(fan_in)
//                                   (fan_in = cin*k*k, or in_features)
//   GroupNorm / LayerNorm weight    1 +- 0.25
//   GroupNorm / LayerNorm bias      0 +- 0.25
// so an F32 checkpoint of a block holds exactly the values a run with
// random weights and the same seed uses. Tensors outside the blocks
// (conv_in, time_embedding, ...) use their full diffusers name.
#ifndef UNETRUN_SYNTH_H
#define UNETRUN_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "names.h"
#include "safetensors.h"

#define SYNTH_MAX_BLOCK_TENSORS (8 + 20 * 64)

typedef struct {
    WeightsFamily family;
    NameScheme naming;
    int ldm_root;                      // LDM keys carry "model.diffusion_model."
    StDtype dtype;                     // ST_F16, ST_F32 or ST_BF16
    uint64_t seed;
    int nblocks;                       // 0: the whole UNet
    const BlockId *blocks;             // the blocks to write (any order, no repeats)
    int channels[NAMES_MAX_LEVELS];    // channels per level; 0: the family's
    int full_name_streams;             // random stream per full key instead of block-relative name
} SynthOptions;

// One tensor of a block: block-relative diffusers name, PyTorch shape, and
// the range it is drawn from: center + scale * (2u - 1).
typedef struct {
    char name[96];
    int ndim;
    int64_t shape[4];
    float center, scale;
} SynthTensor;

// random_uniform(name, seed, dst, n, center, scale, on_device = 0), bit for
// bit, without cuRAND's per-call set-up cost (see synth.c).
void synth_uniform(const char *name, uint64_t seed, float *dst, size_t n, float center, float scale);

// The family layout with opts' channel override applied (0 ok, or an
// ST_ERR_ARG for a bad family or channel list).
int synth_layout(const SynthOptions *o, UnetLayout *L, StError *e);
// Tensors of one block of layout L; returns the count (<= SYNTH_MAX_BLOCK_TENSORS).
int synth_block_tensors(const UnetLayout *L, const LayoutBlock *b, SynthTensor *out);
// Size of the file synth_checkpoint would write (0 ok or an error code).
int synth_plan(const SynthOptions *o, long long *ntensors, long long *bytes, StError *e);
// Write the checkpoint. Errors: bad options, block not in the family's UNet,
// I/O (the partial file is removed).
int synth_checkpoint(const char *path, const SynthOptions *o, long long *ntensors, long long *bytes, StError *e);

#endif
