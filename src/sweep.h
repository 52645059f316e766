// sweep.h: the SD UNet sweep (src/sweep.c).
#ifndef UNETRUN_SWEEP_H
#define UNETRUN_SWEEP_H

#include "graph/graph.h"

// Runs every distinct ResBlock and transformer shape of an SD UNet ("sd15",
// "sd21", "sdxl") with base's batch and seed, prints one table and writes
// opt->json_path / csv_path (and one PNG per block for --png/--error-png).
// Returns the process exit status (0; 1 with --check and a failing block;
// 130 when stopped by Ctrl-C).
int run_sweep(const char *model, const BlockConfig *base, int hw_scale, int on_gpu, const RunOptions *opt);
int sweep_model_known(const char *model);

#endif
