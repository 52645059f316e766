// params.h: where a layer's parameters come from.
//
// Every layer fills its weights through param_fill() with the parameter's
// block-relative diffusers name ("conv1.weight",
// "transformer_blocks.0.attn1.to_q.weight") and its PyTorch shape. Without a
// checkpoint the values are seeded random (random_uniform with the same
// name, so they do not depend on which other tensors exist); with
// --weights FILE --prefix P they are that block's tensors of the file, in
// either naming scheme, shape-checked, converted from F32/F16/BF16 to FP32,
// and rejected with one clear line when missing, misshapen or non-finite.
#ifndef UNETRUN_PARAMS_H
#define UNETRUN_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "blockinfo.h"

// Where a graph's parameters come from: one block of an open checkpoint
// (--weights FILE --prefix P). A NULL ParamSource means seeded random values.
// The pointers must stay valid while layers are initialized.
// A whole UNet (--unet --weights FILE): block NULL, unet its layout, and
// parameter names are whole-UNet diffusers keys ("down_blocks.0.resnets.0.conv1.weight").
struct UnetSpec;
typedef struct ParamSource {
    const WeightsFile *file;
    const BlockInfo *block;
    const struct UnetSpec *unet;
} ParamSource;

// dst (n floats, host or device memory) = the parameter `name` of shape
// (ndim, shape), whose element count must be n: from the checkpoint block of
// src, or (src NULL) center + scale * U(-1, 1) seeded by (seed, name).
void param_fill(const ParamSource *src, const char *name, int ndim, const int64_t *shape, uint64_t seed, float *dst,
                size_t n, float center, float scale, int on_device);

#endif
