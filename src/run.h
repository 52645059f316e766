// run.h: one block config from its graph to its results, for main() and the
// sweep: check that it fits in the memory of the device, then run it.
#ifndef UNETRUN_RUN_H
#define UNETRUN_RUN_H

#include "graph/graph.h"

// Chooses the device of --device (cuda when a GPU is there for auto, with a
// note on stderr when there is none) and sets the run defaults that depend
// on it (--ref, --warmup, --iters); checks the options that need a GPU or a
// reference. Returns 1 for the CUDA path, 0 for the CPU path.
int run_choose_device(RunOptions *opt);

// Why a block was not run: the bytes it needs and those the device has.
typedef struct {
    double need, have;  // bytes; GPU: free memory, CPU: physical memory
    char device[256];   // the GPU's name ("" on the CPU path)
} MemShortfall;

// Called after the memory check, right before the run (main prints the
// report's header there).
typedef void (*BeforeRunFn)(const Graph *g, void *ctx);

// Checks that g fits (GPU: the current device's free memory for the arena;
// CPU: 80% of the physical memory), then calls before_run (may be NULL) and
// runs it with run_gpu or run_cpu. Returns 0 when it ran (res filled) and 1
// when it does not fit (*lack filled, nothing ran, res zeroed).
int run_block(Graph *g, const RunOptions *opt, int on_gpu, BeforeRunFn before_run, void *ctx, RunResult *res,
              MemShortfall *lack);

// --unet: builds the whole UNet of the command line, runs it and reports
// (src/unet_run.c). Returns the exit status.
struct Cli;
int run_unet(struct Cli *cli);

#endif
