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
// 1 if the i-th variant for d is a stream-K kernel (" sk"), else 0.
int attention_wgmma_streamk(int d, int i);
// 1 if the i-th variant for d is a key-split kernel (" ksplit"), else 0.
int attention_wgmma_ksplit(int d, int i);
int attention_wgmma_keys(int d, int i);
// Runs the i-th variant for s->d; the caller has checked the shape, the
// alignment and the scale (attention_fp16).
cudaError_t attention_wgmma_launch(int i, const AttnShape *s, const uint16_t *q, const uint16_t *k,
                                   const uint16_t *v, uint16_t *o, float scale_log2, void *workspace,
                                   cudaStream_t stream);
// 0 if the i-th variant for s->d has no key split; else the CTAs per work
// item it would run with at shape s (1: the shape gives it nothing to
// split). A stream-K variant: 2 where it shares work items between CTAs
// (the items do not fill whole waves of one CTA per SM), else 1.
int attention_wgmma_split_ways(int i, const AttnShape *s);
// The most workspace any variant for s->d needs at shape s (the stream-K
// ones' partials and flags; 0 where the engine is not usable).
size_t attention_wgmma_workspace_bytes(const AttnShape *s);
// Timing probes, never offered as configurations (their output is wrong by
// design): d = 40 kernels with Q K^T cut to 2 k16 steps (the Q K^T tensor
// work of d = 32 instead of the padded 48), to measure the padding's cost.
// C linkage: bench_attention (tests/gpu_attention.c) declares them itself.
extern "C" {
int attention_wgmma_num_probes(void);  // 0 where the engine is not usable
const char *attention_wgmma_probe_name(int i);
cudaError_t attention_wgmma_probe_launch(int i, const AttnShape *s, const uint16_t *q, const uint16_t *k,
                                         const uint16_t *v, uint16_t *o, float scale_log2, cudaStream_t stream);
}

#endif
