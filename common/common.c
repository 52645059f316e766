// common.c: error handling, FP16 conversion and small utilities.
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void cuda_check_impl(cudaError_t err, const char *stmt, const char *file, int line) {
    if (err == cudaSuccess) return;
    fprintf(stderr, "unetrun: CUDA error at %s:%d: %s: %s (%s)\n", file, line, stmt,
            cudaGetErrorString(err), cudaGetErrorName(err));
    exit(1);
}

void die_user(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("unetrun: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

void die_internal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("unetrun: internal error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static const char *g_oom_hint = "free memory or use smaller sizes";

void set_oom_hint(const char *hint) { g_oom_hint = hint ? hint : "free memory or use smaller sizes"; }

void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) die_user("out of host memory allocating %zu bytes; %s", n, g_oom_hint);
    return p;
}

void *xcalloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) die_user("out of host memory allocating %zu x %zu bytes; %s", n, sz, g_oom_hint);
    return p;
}

void copy_to_device(void *dst, const void *src, size_t bytes, cudaStream_t st) {
    if (bytes == 0) return;
    cudaCheck(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, st));
    cudaCheck(cudaStreamSynchronize(st));
}

void copy_to_host(void *dst, const void *src, size_t bytes, cudaStream_t st) {
    if (bytes == 0) return;
    cudaCheck(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, st));
    cudaCheck(cudaStreamSynchronize(st));
}

float *host_copy_f32(const float *dev, size_t n) {
    float *h = xmalloc(n * sizeof(float));
    copy_to_host(h, dev, n * sizeof(float), 0);
    return h;
}

// Round-to-nearest-even float -> binary16, with subnormals, overflow to inf
// and NaN preserved (quiet).
uint16_t f32_to_f16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) {  // inf or nan
        return (uint16_t)(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u));
    }
    if (absx >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);  // rounds to >= 65520 -> inf
    if (absx < 0x38800000u) {                                     // below 2^-14: subnormal or zero
        if (absx < 0x33000000u) return (uint16_t)sign;            // < 2^-25 rounds to 0
        uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
        int e = (int)(absx >> 23);                                // 102..112
        int shift = 126 - e;                                      // 14..24
        uint32_t r = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1u);
        uint32_t half = 1u << (shift - 1);
        if (rem > half || (rem == half && (r & 1u))) r++;
        return (uint16_t)(sign | r);
    }
    uint32_t e = (absx >> 23) - 112u;  // rebias 127 -> 15
    uint32_t mant = absx & 0x7fffffu;
    uint32_t r = (e << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u))) r++;  // may carry into exponent: correct
    return (uint16_t)(sign | r);
}

float f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t x;
    if (e == 0) {
        if (mant == 0) {
            x = sign;
        } else {  // subnormal: normalize
            int shift = 0;
            while (!(mant & 0x400u)) { mant <<= 1; shift++; }
            mant &= 0x3ffu;
            x = sign | ((uint32_t)(113 - shift) << 23) | (mant << 13);
        }
    } else if (e == 31) {
        x = sign | 0x7f800000u | (mant << 13);
    } else {
        x = sign | ((e + 112u) << 23) | (mant << 13);
    }
    float f;
    memcpy(&f, &x, 4);
    return f;
}

double wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

uint64_t fnv1a64(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}
