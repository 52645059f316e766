// unetinfo.h: a whole UNet2DConditionModel's layout: the stock SD1.5 /
// SD2.1 / SDXL layouts, the layout a checkpoint's tensors imply (levels,
// channels, resnets per block, which levels have attention, transformer
// depth, context width, linear or conv projection, time and added
// embeddings), the head counts and scalars of a diffusers config.json (checked
// against the tensors), and whole-UNet tensors loaded by their diffusers keys
// in either naming.
#ifndef UNETRUN_UNETINFO_H
#define UNETRUN_UNETINFO_H
#include <stddef.h>
#include <stdint.h>

#include "blockinfo.h"

#define UNET_MAX_LEVELS 4
#define UNET_MAX_RES 4    // resnets per down block (layers_per_block)

typedef struct UnetSpec {
    WeightsFamily family;         // FAMILY_UNKNOWN for a layout that is none of the three
    int nlevels;
    int ch[UNET_MAX_LEVELS];      // block_out_channels
    int depth[UNET_MAX_LEVELS];   // transformer_layers_per_block per level, 0 = no attention
    int heads[UNET_MAX_LEVELS];   // attention heads per level (mid block: the last level's)
    int mid_depth;                // 0 = no mid attention
    int nres;                     // layers_per_block (up blocks have nres + 1 resnets)
    int in_ch, out_ch;            // latent channels in and out (4)
    int tproj_dim, temb_dim;      // time_proj width (block_out_channels[0]) and time embedding (4x)
    int context_dim, proj_linear;
    int adm_in;                   // add_embedding input width (SDXL 2816); 0 = no added embedding
    int addtime_dim;              // addition_time_embed_dim (SDXL 256): sinusoids per time id
    int groups;                   // norm_num_groups (32)
    double eps;                   // norm_eps (1e-5): ResBlocks and conv_norm_out
    int flip_sin_to_cos;          // diffusers' time_proj settings (SD: 1, 0)
    double freq_shift;
    char source[64];              // "sd15 (stock layout)", "checkpoint tensors", "... + config.json"
} UnetSpec;

// The stock layout of a family (0 ok, -1 unknown).
int unet_spec_family(WeightsFamily f, UnetSpec *u);
// The layout the tensors of a whole-UNet file imply; heads from the family
// defaults (SD1.x 8 heads, SD2.x/SDXL head_dim 64; otherwise 8 heads with a
// conv projection and head_dim 64 with a linear one, 1 head when that does
// not divide). Errors: not a whole UNet, missing or misshapen tensors that
// the layout itself needs.
int unet_spec_from_file(const WeightsFile *w, UnetSpec *u, StError *e);
// Heads and scalars from a diffusers config.json; every field it states that
// the tensors also state must agree. Errors name the field and both values.
int unet_spec_apply_config(UnetSpec *u, const char *path, StError *e);
// The file key of a whole-UNet diffusers key ("down_blocks.0.resnets.0.conv1.weight",
// "conv_in.weight"); 0 ok, -1 no such key in the file's naming.
int unet_file_key(const WeightsFile *w, const UnetSpec *u, const char *key, char *buf, size_t n);
// Loads a whole-UNet tensor as FP32 (shape checked, NaN/Inf rejected); every
// problem is one error line (die_user).
float *unet_tensor_or_die(const WeightsFile *w, const UnetSpec *u, const char *key, int ndim, const int64_t *shape);
// "320, 640, 1280" etc.
void unet_ints_str(const int *v, int n, char *buf, size_t len);
#endif
