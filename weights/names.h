// names.h: UNet block names in the two checkpoint naming schemes, and the
// SD1.x / SD2.x / SDXL UNet layouts.
//
// diffusers                        original LDM / single-file
//   down_blocks.i.resnets.j          input_blocks.{3i+j+1}.0
//   down_blocks.i.attentions.j       input_blocks.{3i+j+1}.1
//   mid_block.resnets.0              middle_block.0
//   mid_block.attentions.0           middle_block.1
//   mid_block.resnets.1              middle_block.2
//   up_blocks.i.resnets.j            output_blocks.{3i+j}.0
//   up_blocks.i.attentions.j         output_blocks.{3i+j}.1
// LDM names may carry the "model.diffusion_model." prefix. Inside a ResBlock
// the LDM names differ (norm1 = in_layers.0, conv1 = in_layers.2,
// time_emb_proj = emb_layers.1, norm2 = out_layers.0, conv2 = out_layers.3,
// conv_shortcut = skip_connection); inside a transformer they are the same.
#ifndef UNETRUN_NAMES_H
#define UNETRUN_NAMES_H

#include <stddef.h>

#define NAMES_LDM_ROOT "model.diffusion_model."

typedef enum { FAMILY_UNKNOWN = 0, FAMILY_SD1, FAMILY_SD2, FAMILY_SDXL } WeightsFamily;
typedef enum { UNET_RESBLOCK = 0, UNET_TRANSFORMER = 1 } UnetBlockKind;
typedef enum { PART_DOWN = 0, PART_MID = 1, PART_UP = 2 } UnetPart;
typedef enum { SCHEME_DIFFUSERS = 0, SCHEME_LDM = 1 } NameScheme;

// One resnet or attention block of a UNet.
typedef struct {
    UnetPart part;
    int level;  // i of down_blocks.i / up_blocks.i (0 for the mid block)
    UnetBlockKind kind;
    int index;  // j of resnets.j / attentions.j
} BlockId;

// Parse a block prefix in either scheme at the start of s (LDM with or
// without "model.diffusion_model."). On success returns 0, fills id, sets
// *scheme (may be NULL) and *rest (may be NULL) to what follows the prefix:
// "" or ".inner.name". Returns -1 when s does not start with a resnet or
// attention block prefix followed by '.' or the end.
int names_parse_block(const char *s, BlockId *id, NameScheme *scheme, const char **rest);
// Parse a whole block prefix given by a user (a trailing '.' is allowed).
int names_block_id(const char *prefix, BlockId *id);

// Block prefix in diffusers form ("down_blocks.1.attentions.0") and in LDM
// form without the root ("input_blocks.4.1").
void names_diffusers(const BlockId *id, char *buf, size_t n);
void names_ldm(const BlockId *id, char *buf, size_t n);
// Either scheme's prefix to the other; 0 ok, -1 not a block prefix.
int names_to_diffusers(const char *prefix, char *buf, size_t n);
int names_to_ldm(const char *prefix, char *buf, size_t n);
// Position of the block in the UNet's execution order (down, mid, up).
int names_exec_order(const BlockId *id);
int names_same_block(const BlockId *a, const BlockId *b);

// Block-relative tensor name, diffusers <-> LDM ("conv1.weight" <->
// "in_layers.2.weight" for ResBlocks; transformer names are copied).
// Returns 0, or -1 when a ResBlock name is not one of the known parts.
int names_inner_to_ldm(UnetBlockKind kind, const char *inner, char *buf, size_t n);
int names_inner_from_ldm(UnetBlockKind kind, const char *inner, char *buf, size_t n);

// --- UNet layouts ------------------------------------------------------------
#define NAMES_MAX_LEVELS 4
#define NAMES_MAX_BLOCKS 64

typedef struct {
    WeightsFamily family;
    int nlevels;                      // 4 (SD1.x, SD2.x) or 3 (SDXL)
    int ch[NAMES_MAX_LEVELS];         // channels per level
    int depth[NAMES_MAX_LEVELS];      // transformer depth per level, 0 = no attention
    int mid_depth;
    int context_dim;                  // 768, 1024, 2048
    int proj_linear;                  // proj_in/out as Linear (SD2, SDXL) or 1x1 conv (SD1)
    int temb_dim;                     // 1280
    int in_channels;                  // latent channels, 4
    int adm_in;                       // SDXL add_embedding input width (2816), 0 = none
} UnetLayout;

// Shapes of one block of a layout.
typedef struct {
    BlockId id;
    int cin, cout;  // ResBlock
    int c, depth;   // transformer
} LayoutBlock;

// The stock layout of a family (0 ok, -1 for FAMILY_UNKNOWN).
int names_layout(WeightsFamily fam, UnetLayout *L);
// Every resnet and attention block of the layout in execution order; returns
// the count (at most NAMES_MAX_BLOCKS).
int names_layout_blocks(const UnetLayout *L, LayoutBlock *out);
// The layout's block with this id: 0 found, -1 not in this UNet.
int names_layout_find(const UnetLayout *L, const BlockId *id, LayoutBlock *out);

// A whole-UNet tensor key in diffusers naming to LDM naming (without root):
// block tensors, conv_in, time_embedding, add_embedding, down/upsamplers,
// conv_norm_out, conv_out. 0 ok, -1 not a known UNet key.
int names_key_to_ldm(const UnetLayout *L, const char *key, char *buf, size_t n);

// Latent height = width at the family's native image size: SD1.x 512 px -> 64,
// SD2.x 768 px -> 96, SDXL 1024 px -> 128 (unknown: 64).
int names_native_latent(WeightsFamily f);
// The resolution level a block runs at in a UNet of nlevels levels (0 = the
// full latent, each level halves it): down_blocks.i -> i, mid -> nlevels - 1,
// up_blocks.i -> nlevels - 1 - i.
int names_block_level(const BlockId *id, int nlevels);

// "SD1.x", "SD2.x", "SDXL", "unknown"; "sd15", "sd21", "sdxl" <-> family.
const char *names_family_name(WeightsFamily f);
const char *names_family_flag(WeightsFamily f);
int names_family_parse(const char *s, WeightsFamily *f);

#endif
