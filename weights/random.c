// random.c: deterministic random tensors from cuRAND (see random.h).
#include "random.h"

#include <curand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../common/common.h"

#define curandCheck(stmt) curand_check_impl((stmt), #stmt, __FILE__, __LINE__)
static void curand_check_impl(curandStatus_t st, const char *stmt, const char *file, int line) {
    if (st == CURAND_STATUS_SUCCESS) return;
    fprintf(stderr, "unetrun: cuRAND error at %s:%d: %s: status %d\n", file, line, stmt, (int)st);
    exit(1);
}

uint64_t random_stream_seed(uint64_t seed, const char *name) {
    uint64_t h = fnv1a64(name) ^ (seed * 0x9E3779B97F4A7C15ull);
    // splitmix64 finalizer
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 31;
    return h;
}

static curandGenerator_t make_gen(const char *name, uint64_t seed, int on_device) {
    curandGenerator_t g;
    if (on_device)
        curandCheck(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    else
        curandCheck(curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    curandCheck(curandSetPseudoRandomGeneratorSeed(g, random_stream_seed(seed, name)));
    curandCheck(curandSetGeneratorOffset(g, 0));
    return g;
}

void random_uniform(const char *name, uint64_t seed, float *dst, size_t n, float center, float scale,
                    int on_device) {
    if (n == 0) return;
    curandGenerator_t g = make_gen(name, seed, on_device);
    curandCheck(curandGenerateUniform(g, dst, n));
    if (on_device) {
        cudaCheck(uniform_to_range_dev(dst, n, center, scale, 0));
        cudaCheck(cudaDeviceSynchronize());
    } else {
        // Same operation order as uniform_to_range_kernel; host C is built
        // with -ffp-contract=off so no FMA is formed.
        for (size_t i = 0; i < n; i++) dst[i] = center + scale * (2.0f * dst[i] - 1.0f);
    }
    curandCheck(curandDestroyGenerator(g));
}

void random_normal(const char *name, uint64_t seed, float *dst, size_t n) {
    if (n == 0) return;
    // cuRAND draws normals in pairs, so an even count is generated.
    size_t n2 = (n + 1) & ~(size_t)1;
    float *buf = n2 == n ? dst : xmalloc(n2 * sizeof(float));
    curandGenerator_t g = make_gen(name, seed, 0);
    curandCheck(curandGenerateNormal(g, buf, n2, 0.0f, 1.0f));
    curandCheck(curandDestroyGenerator(g));
    if (buf != dst) {
        memcpy(dst, buf, n * sizeof(float));
        free(buf);
    }
}
