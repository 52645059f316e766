// config.h: the block config of a run from the parsed command line (src/config.c):
// kind and shapes of a --weights block, sizes of an --input file, the block
// kind's defaults and the checks of its shapes.
#ifndef UNETRUN_CONFIG_H
#define UNETRUN_CONFIG_H

#include "../weights/blockinfo.h"
#include "../weights/unetinfo.h"
#include "options.h"

// The --weights checkpoint and its --prefix block (open when opt.weights_path is set).
typedef struct {
    WeightsFile file;
    BlockInfo info;
} Checkpoint;

// Completes cli->cfg (kind from --block or the checkpoint, shapes from the
// checkpoint and --input, defaults) and checks it; opens the checkpoint into
// ck. Every problem is one error line and exit 2 (die_user).
void config_build(Cli *cli, Checkpoint *ck);
// --unet (src/unet_config.c): the layout into *u (the --weights file opened
// into ck->file), batch, latent size and context length into cli->cfg.
void config_build_unet(Cli *cli, Checkpoint *ck, UnetSpec *u);

#endif
