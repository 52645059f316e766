// attention_wgmma.cuh: what attention.cu's dispatcher needs from the Hopper
// attention engine (attention_wgmma.cu). C++ only, not part of kernels.h.
#ifndef UNETRUN_ATTENTION_WGMMA_CUH
#define UNETRUN_ATTENTION_WGMMA_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "kernels.h"

// The sm_90a image is in this build (ATTENTION_WGMMA_SM90A), the device is
// cc 9.0, the driver has the tensor-map encoder and kernels_engine() is
// KERNEL_ENGINE_AUTO.
int attention_wgmma_usable(void);
// Compiled variants for head dim d (0 if none).
int attention_wgmma_num_variants(int d);
// Name of the i-th variant for d ("?" if none), its query rows per CTA and keys per tile.
const char *attention_wgmma_name(int d, int i);
int attention_wgmma_rows(int d, int i);
int attention_wgmma_keys(int d, int i);
// Runs the i-th variant for s->d; the caller has checked the shape, the
// alignment and the scale (attention_fp16).
cudaError_t attention_wgmma_launch(int i, const AttnShape *s, const uint16_t *q, const uint16_t *k,
                                   const uint16_t *v, uint16_t *o, float scale_log2, cudaStream_t stream);

#endif
