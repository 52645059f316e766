// random.h: deterministic random tensors from cuRAND.
//
// Every tensor draws from its own Philox stream, seeded by the run's seed
// mixed with a hash of the tensor's checkpoint name (e.g. "conv1.weight"),
// so a tensor's values depend only on (seed, name, size), never on which
// other tensors exist or the order they are made in. The GPU path uses the
// cuRAND device generator, the CPU path the cuRAND host generator with the
// same settings; the transform to the target range is done without FMA
// contraction on both sides so the values are identical. Normal values (the
// block inputs) come from the host generator on both paths, because the
// device generator's Box-Muller rounds differently in the last bits.
#ifndef UNETRUN_RANDOM_H
#define UNETRUN_RANDOM_H

#include <stddef.h>
#include <stdint.h>

uint64_t random_stream_seed(uint64_t seed, const char *name);

// dst[i] = center + scale * (2u - 1), u uniform in (0, 1].
// on_device: dst is a device pointer (device generator) or host pointer.
void random_uniform(const char *name, uint64_t seed, float *dst, size_t n, float center, float scale,
                    int on_device);
// dst[i] ~ N(0, 1), host memory. Normals come from the host generator only:
// cuRAND's device Box-Muller differs from the host one in the last bits
// (measured on an H100: ~80% of values, max 1.9e-6), and the GPU and CPU
// paths must see identical inputs (the GPU executor uploads these values).
void random_normal(const char *name, uint64_t seed, float *dst, size_t n);

#endif
