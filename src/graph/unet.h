// unet.h: the whole UNet2DConditionModel forward as one graph (unet.c).
//
//   t_sin = timestep sinusoids (B, tproj)          host, FP32 (diffusers' time_proj)
//   emb   = linear_2( silu( linear_1(t_sin) ) )   time_embedding, (B, temb)
//   SDXL: emb += add_embedding.linear_2( silu( add_embedding.linear_1(
//            [sinusoids(time_ids) (B, 6 x 256), text_embeds (B, 1280)] ) ) )
//   h = conv_in(sample); skips = [h]
//   down_blocks.i: (resnet, [attention]) x nres, each pushed to skips;
//                  downsamplers.0 (3x3 stride-2 conv) except the last level, pushed
//   mid_block: resnets.0, attentions.0, resnets.1
//   up_blocks.i: (resnet over cat(h, skips.pop()), [attention]) x (nres + 1);
//                upsamplers.0 (nearest 2x folded into the 3x3 conv's gather) except the last
//   out = conv_out( silu( conv_norm_out(h) ) )
// The concatenation is never materialized: norm1 and conv_shortcut of an up
// resnet read the two tensors (Node.in2).
#ifndef UNETRUN_UNET_H
#define UNETRUN_UNET_H

#include "../../weights/unetinfo.h"
#include "graph.h"

// Builds the graph of spec u at cfg's batch, h, w and context_len.
void build_unet(Graph *g, const UnetSpec *u, const BlockConfig *cfg);
// Timestep sinusoids exactly as diffusers' get_timestep_embedding (FP32
// arithmetic): dim values for timestep t into out.
void unet_timestep_sinusoids(float t, int dim, int flip_sin_to_cos, double freq_shift, float *out);
// The graph's input values: sample, encoder_hidden_states (and SDXL
// text_embeds) seeded N(0, 1) unless --input gives them; t_sin from
// `timestep` (or the file's timestep), SDXL add_in from time_ids (the file's,
// else (8H, 8W, 0, 0, 8H, 8W)) and text_embeds. path may be NULL.
void unet_stage_inputs(Graph *g, const char *path, double timestep);
// Bytes of the largest set of activations live at once (skip tensors live
// until their up block): the arena a liveness plan needs, FP16.
size_t unet_live_bytes(const Graph *g);
#endif
