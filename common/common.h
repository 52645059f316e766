// common.h: shared host-side helpers for unetrun (C11).
//
// - cudaCheck(): wraps every CUDA runtime call and launch; on failure prints
//   file:line, the statement and the CUDA error string, then exits 1.
// - die_user(): a user-caused error (bad flag, bad size, no GPU, out of
//   memory): one line "unetrun: error: ..." and exit 2.
// - FP16 <-> FP32 conversion on the host (round to nearest even), used by
//   the CPU emulation of the fast path and by tests.
#ifndef UNETRUN_COMMON_H
#define UNETRUN_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#define UNETRUN_VERSION "0.1.0"

#define cudaCheck(stmt) cuda_check_impl((stmt), #stmt, __FILE__, __LINE__)
void cuda_check_impl(cudaError_t err, const char *stmt, const char *file, int line);

#if defined(__GNUC__)
#define UNETRUN_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define UNETRUN_NORETURN __attribute__((noreturn))
#else
#define UNETRUN_PRINTF(a, b)
#define UNETRUN_NORETURN
#endif

// One clear line on stderr, exit 2 (user error).
void die_user(const char *fmt, ...) UNETRUN_PRINTF(1, 2) UNETRUN_NORETURN;
// Internal failure (allocation of host memory, impossible state): exit 1.
void die_internal(const char *fmt, ...) UNETRUN_PRINTF(1, 2) UNETRUN_NORETURN;

void *xmalloc(size_t n);  // dies on failure, with the hint below
// What the out-of-memory line of xmalloc/xcalloc tells the user to do (a
// static string, e.g. block_size_hint() of the block at hand).
void set_oom_hint(const char *hint);
void *xcalloc(size_t n, size_t sz);
// Host <-> device copies. Each is issued on the stream `st` whose kernels
// produce or consume the device buffer (0 = the legacy default stream, which
// the weight initialization uses) and returns only once the copy has landed,
// so the host buffer may be reused and later work on any stream sees the
// data. A plain cudaMemcpy from pageable memory may return before its DMA
// has completed and is not ordered with a non-blocking stream: never use it
// for buffers that kernels on such a stream touch.
void copy_to_device(void *dst, const void *src, size_t bytes, cudaStream_t st);
void copy_to_host(void *dst, const void *src, size_t bytes, cudaStream_t st);
// New host array holding a copy of n floats of device memory written by work
// on the legacy default stream (weight initialization).
float *host_copy_f32(const float *dev, size_t n);

// IEEE binary16 stored as uint16_t on the host.
uint16_t f32_to_f16(float f);
float f16_to_f32(uint16_t h);
static inline float round_f16(float f) { return f16_to_f32(f32_to_f16(f)); }

// Monotonic wall clock in seconds.
double wall_seconds(void);

// 64-bit FNV-1a of a string; used to derive per-tensor random streams.
uint64_t fnv1a64(const char *s);

#endif
