// blockkinds.c: the block kinds of --block, one row each (blockkinds.h).
#include <stdio.h>
#include <string.h>

#include "../../common/common.h"
#include "blockkinds.h"

static const BlockKindInfo kKinds[BLOCK_KIND_COUNT] = {
    [BLOCK_RESBLOCK] = {
        .name = "resblock", .build = build_resblock, .image = 1,
        .size_hint = "use a smaller --hw, --c or --batch",
        .about = "resblock  diffusers ResnetBlock2D: time_emb_proj, norm1+silu, conv1 (+bias +temb),\n"
                 "          norm2+silu, [conv_shortcut 1x1 when cin != cout], conv2 (+bias +residual)\n",
        .options = "--c --cout --hw | --h --w --batch --temb-dim --groups --eps",
    },
    [BLOCK_CONV] = {
        .name = "conv", .build = build_conv, .image = 1,
        .size_hint = "use a smaller --hw, --c or --batch",
        .about = "conv      one convolution with bias (kernel studies; --stride 2 is Downsample2D's conv)\n",
        .options = "--c --cout --hw | --h --w --batch --ksize 1|3 --stride 1|2",
    },
    [BLOCK_TRANSFORMER] = {
        .name = "transformer", .build = build_transformer, .image = 1,
        .size_hint = "use a smaller --hw, --c, --batch or --context-len",
        .about = "transformer  diffusers Transformer2DModel: norm (GroupNorm eps 1e-6), proj_in, then per\n"
                 "          BasicTransformerBlock ln1, qkv (fused GEMM), attn1, out1+res, ln2, q2,\n"
                 "          kv2(ctx) (fused GEMM over the context), attn2, out2+res, ln3, ff1+geglu,\n"
                 "          ff2+res; proj_out+res\n",
        .options = "--c --hw | --h --w --batch --heads | --head-dim --context-len\n"
                   "                 --context-dim --proj conv|linear --depth --groups --eps",
    },
    [BLOCK_ATTENTION] = {
        .name = "attention", .build = build_attention, .image = 0,
        .size_hint = "use a smaller --seq, --kv, --heads, --head-dim or --batch",
        .not_taken = "--block attention takes --seq, --kv, --heads and --head-dim, not --c/--cout/--hw/--h/--w",
        .about = "attention the attention kernel alone on random Q, K, V (self: fused QKV tensor,\n"
                 "          cross: Q and a fused KV tensor); reports attention TFLOP/s = 4 B H Sq Skv d\n",
        .options = "--kind self|cross --seq --kv --heads --head-dim --batch",
    },
    [BLOCK_GEMM] = {
        .name = "gemm", .build = build_gemm, .image = 0,
        .size_hint = "use a smaller --m, --n or --k",
        .not_taken = "--block gemm takes --m, --n, --k and --epilogue, not --c/--cout/--hw/--h/--w/--batch",
        .about = "gemm      one GEMM alone, y = a W^T (+ epilogue), on the --linear kernel; reports\n"
                 "          TFLOP/s = 2 M N K / time\n",
        .options = "--m --n --k --epilogue none|bias|geglu|residual --linear int8|fp16",
    },
};

const BlockKindInfo *block_kind(BlockKind k) {
    if ((unsigned)k >= BLOCK_KIND_COUNT) die_internal("block kind %d is not in the table", (int)k);
    return &kKinds[k];
}

const char *block_kind_name(BlockKind k) { return block_kind(k)->name; }

int block_kind_find(const char *name) {
    for (int k = 0; k < BLOCK_KIND_COUNT; k++)
        if (!strcmp(name, kKinds[k].name)) return k;
    return -1;
}

void block_kinds_list(FILE *f) {
    for (int k = 0; k < BLOCK_KIND_COUNT; k++) fprintf(f, "%s          flags: %s\n", kKinds[k].about, kKinds[k].options);
}
