// options.h: the unetrun command line as data. One table (src/options.c)
// holds every option: long name, argument name, default as --help shows it,
// range or choices, help text, the block kinds it applies to and its --help
// section. The getopt array, the parsing and range checks, --help and the
// "does not apply to --block" / "does not combine with --sweep" errors are
// made from it. A new option is an OptId value here and a row there.
#ifndef UNETRUN_OPTIONS_H
#define UNETRUN_OPTIONS_H

#include <stdio.h>

#include "graph/graph.h"

// In --help order (sections block, run, sweep, checkpoints and files, other).
typedef enum {
    OPT_BLOCK, OPT_C, OPT_COUT, OPT_HW, OPT_H, OPT_W, OPT_BATCH, OPT_TEMB_DIM, OPT_GROUPS, OPT_EPS, OPT_KSIZE,
    OPT_STRIDE, OPT_HEADS, OPT_HEAD_DIM, OPT_CONTEXT_LEN, OPT_CONTEXT_DIM, OPT_PROJ, OPT_DEPTH, OPT_KIND, OPT_SEQ,
    OPT_KV, OPT_M, OPT_N, OPT_K, OPT_EPILOGUE, OPT_SEED,
    OPT_DEVICE, OPT_GPU, OPT_REF, OPT_WARMUP, OPT_ITERS, OPT_KERNEL_SELECT, OPT_CONV_SELECT, OPT_TUNE_REPS, OPT_PDL,
    OPT_NODE_TIMING,    OPT_ENGINE, OPT_TILE_WALK, OPT_GROUPNORM, OPT_FUSE_NORM, OPT_GN_STATS, OPT_FUSE_SHORTCUT, OPT_FUSE_LN, OPT_FUSE_QUANT, OPT_LINEAR,
    OPT_CONV1X1, OPT_INT8_SCALES, OPT_TOL_FP16, OPT_TOL_INT8, OPT_CHECK, OPT_JSON, OPT_CSV, OPT_PNG, OPT_ERROR_PNG,
    OPT_PEAK_TFLOPS, OPT_PEAK_GBPS, OPT_NVTX, OPT_VS,
    OPT_SWEEP, OPT_HW_SCALE, OPT_VERBOSE,
    OPT_UNET, OPT_LATENT, OPT_TIMESTEP, OPT_NODES, OPT_CONFIG,
    OPT_WEIGHTS, OPT_PREFIX, OPT_LIST_WEIGHTS, OPT_INPUT, OPT_SAVE_OUTPUT, OPT_SAVE_INPUTS,
    OPT_LIST, OPT_HELP, OPT_VERSION,
    OPT_COUNT
} OptId;

// The parsed command line.
typedef struct Cli {
    BlockConfig cfg;          // cfg.kind is set from block_name by config_build (src/config.c)
    RunOptions opt;
    const char *block_name;   // --block as given [resblock]
    int hw;                   // --hw (-1: not given)
    const char *list_weights; // --list-weights FILE
    const char *sweep_model;  // --sweep M
    int hw_scale;             // --hw-scale (0: not given)
    int unet;                 // --unet: the whole UNet step
    const char *unet_model;   // --unet M (sd15, sd21, sdxl); NULL with --weights
    int latent;               // --latent N (-1: not given)
    const char *config_path;  // --config FILE (diffusers config.json of --unet --weights)
    int given[OPT_COUNT];     // 0: not given; else where it was last given (1 = first option)
    int nopts;                // options given, repeats counted
} Cli;

// Parses argv into cli (defaults first), checks every value against its
// row, the options that do not combine with --sweep and the files of the
// command line (common/outfile.h). Returns -1 to go on, or the exit status
// after --help, --list or --version. Errors exit 2 (die_user).
int cli_parse(int argc, char **argv, Cli *cli);

static inline int cli_given(const Cli *cli, OptId id) { return cli->given[id] != 0; }

// The options given that do not apply to block kind k: one error naming
// them and the kinds they apply to.
void cli_check_applies(const Cli *cli, BlockKind k);

// --help.
void cli_print_help(FILE *f);

#endif
