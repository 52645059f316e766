// calib.c: roofline peaks of this GPU, measured once and cached.
//
// DRAM bandwidth: a 512 MiB device-to-device cudaMemcpyAsync, best of 10
//   timed copies after 2 warm-ups; a copy reads and writes every byte, so
//   GB/s = 2 x bytes / time.
// Tensor-core FLOP/s: cublasGemmEx 8192 x 8192 x 8192, FP16 A/B/C, FP32
//   compute (CUBLAS_COMPUTE_32F), tensor-op algorithm, on uniform random
//   inputs; best of 10 timed GEMMs after 3 warm-ups; FLOPs = 2 M N K.
// Cache: $XDG_CACHE_HOME/unetrun/peaks.json (else ~/.cache/unetrun/...),
//   {"version": 1, "gpus": {"GPU-<uuid>": {"name", "tflops", "gbps", "date"}}}.
//   An entry is used only when both the UUID and the name match. A corrupt or
//   unwritable cache prints one note and the run goes on.
#define _POSIX_C_SOURCE 200809L
#include <cublas_v2.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../kernels/kernels.h"
#include "../../weights/random.h"
#include "../../common/common.h"
#include "../../common/outfile.h"
#include "report.h"
#include "report_json.h"

#define cublasCheck(stmt) cublas_check_impl((stmt), #stmt, __FILE__, __LINE__)
static void cublas_check_impl(cublasStatus_t s, const char *stmt, const char *file, int line) {
    if (s == CUBLAS_STATUS_SUCCESS) return;
    fprintf(stderr, "unetrun: cuBLAS error at %s:%d: %s: status %d\n", file, line, stmt, (int)s);
    exit(1);
}

void peaks_cache_path(char *buf, size_t n) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0])
        snprintf(buf, n, "%s/unetrun/peaks.json", xdg);
    else if (home && home[0])
        snprintf(buf, n, "%s/.cache/unetrun/peaks.json", home);
    else if (n)
        buf[0] = '\0';
}

static void gpu_key(const struct cudaDeviceProp *p, char *buf, size_t n) {
    const unsigned char *u = (const unsigned char *)p->uuid.bytes;
    snprintf(buf, n, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2],
             u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
}

static char *read_text(const char *path) {
    char kind[4400];
    if (input_file_check(path, kind, sizeof kind)) return NULL;  // never block on a FIFO
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 8192;
            if (cap > (1u << 20)) break;  // a peaks cache is tiny; refuse huge files
            char *nb = realloc(buf, cap);
            if (!nb) break;
            buf = nb;
        }
        size_t got = fread(buf + len, 1, 4096, f);
        len += got;
        if (got < 4096) break;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[len] = '\0';
    return buf;
}

static int mkdir_parents(const char *file) {
    char dir[512];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash) return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(dir, 0755) && errno != EEXIST) return -1;
        *p = '/';
    }
    if (mkdir(dir, 0755) && errno != EEXIST) return -1;
    return 0;
}

// Bandwidth of a device-to-device copy, GB/s (2 x bytes per copy).
static double measure_gbps(cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1) {
    size_t bytes = (size_t)512 << 20;
    size_t freeb = 0, totalb = 0;
    cudaCheck(cudaMemGetInfo(&freeb, &totalb));
    while (bytes > ((size_t)16 << 20) && 2 * bytes > freeb / 2) bytes /= 2;
    void *a = NULL, *b = NULL;
    cudaCheck(cudaMalloc(&a, bytes));
    cudaCheck(cudaMalloc(&b, bytes));
    cudaCheck(cudaMemsetAsync(a, 1, bytes, st));
    double best = 1e30;
    for (int it = 0; it < 12; it++) {
        cudaCheck(cudaEventRecord(e0, st));
        cudaCheck(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, st));
        cudaCheck(cudaEventRecord(e1, st));
        cudaCheck(cudaEventSynchronize(e1));
        float ms = 0.f;
        cudaCheck(cudaEventElapsedTime(&ms, e0, e1));
        if (it >= 2 && ms * 1e-3 < best) best = ms * 1e-3;
    }
    cudaCheck(cudaFree(a));
    cudaCheck(cudaFree(b));
    return 2.0 * (double)bytes / best * 1e-9;
}

// FP16 tensor-core GEMM throughput, TFLOP/s.
static double measure_tflops(cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1) {
    int n = 8192;
    size_t freeb = 0, totalb = 0;
    cudaCheck(cudaMemGetInfo(&freeb, &totalb));
    while (n > 1024 && (size_t)n * n * (3 * 2 + 4) > freeb / 2) n /= 2;
    const size_t elems = (size_t)n * n;
    uint16_t *A = NULL, *B = NULL, *C = NULL;
    float *tmp = NULL;
    cudaCheck(cudaMalloc((void **)&A, elems * 2));
    cudaCheck(cudaMalloc((void **)&B, elems * 2));
    cudaCheck(cudaMalloc((void **)&C, elems * 2));
    cudaCheck(cudaMalloc((void **)&tmp, elems * 4));
    // Random operands: zeros would draw less power and overstate the peak.
    random_uniform("calib.a", 1, tmp, elems, 0.0f, 1.0f, 1);
    cudaCheck(f32_to_f16_dev(tmp, A, elems, st));
    random_uniform("calib.b", 1, tmp, elems, 0.0f, 1.0f, 1);
    cudaCheck(f32_to_f16_dev(tmp, B, elems, st));
    cudaCheck(cudaStreamSynchronize(st));
    cudaCheck(cudaFree(tmp));

    cublasHandle_t h;
    cublasCheck(cublasCreate(&h));
    cublasCheck(cublasSetStream(h, st));
    const float alpha = 1.0f, beta = 0.0f;
    double best = 1e30;
    for (int it = 0; it < 13; it++) {
        cudaCheck(cudaEventRecord(e0, st));
        cublasCheck(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, A, CUDA_R_16F, n, B, CUDA_R_16F, n,
                                 &beta, C, CUDA_R_16F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
        cudaCheck(cudaEventRecord(e1, st));
        cudaCheck(cudaEventSynchronize(e1));
        float ms = 0.f;
        cudaCheck(cudaEventElapsedTime(&ms, e0, e1));
        if (it >= 3 && ms * 1e-3 < best) best = ms * 1e-3;
    }
    cublasCheck(cublasDestroy(h));
    cudaCheck(cudaFree(A));
    cudaCheck(cudaFree(B));
    cudaCheck(cudaFree(C));
    return 2.0 * n * (double)n * n / best * 1e-12;
}

// Looks up this GPU in the cache; 1 = found. *root_out: the parsed cache (or
// NULL when absent or corrupt), kept for merging a new entry.
static int cache_lookup(const char *path, const char *key, const char *name, Peaks *out, cJSON **root_out) {
    *root_out = NULL;
    char *text = read_text(path);
    if (!text) return 0;
    cJSON *root = cJSON_Parse(text);
    free(text);
    cJSON *gpus = root ? cJSON_GetObjectItemCaseSensitive(root, "gpus") : NULL;
    if (!root || !cJSON_IsObject(root) || !cJSON_IsObject(gpus)) {
        fprintf(stderr, "unetrun: note: ignoring the peak cache %s (not a unetrun peaks file); recalibrating\n", path);
        cJSON_Delete(root);
        return 0;
    }
    *root_out = root;
    cJSON *e = cJSON_GetObjectItemCaseSensitive(gpus, key);
    if (!e) return 0;
    cJSON *en = cJSON_GetObjectItemCaseSensitive(e, "name");
    cJSON *tf = cJSON_GetObjectItemCaseSensitive(e, "tflops");
    cJSON *bw = cJSON_GetObjectItemCaseSensitive(e, "gbps");
    if (!cJSON_IsString(en) || strcmp(en->valuestring, name) || !cJSON_IsNumber(tf) || !cJSON_IsNumber(bw) ||
        !(tf->valuedouble > 0 && tf->valuedouble < 1e6) || !(bw->valuedouble > 0 && bw->valuedouble < 1e7)) {
        fprintf(stderr, "unetrun: note: the peak cache entry for %s in %s is invalid; recalibrating\n", key, path);
        return 0;
    }
    out->tflops = tf->valuedouble;
    out->gbps = bw->valuedouble;
    return 1;
}

static void cache_store(const char *path, cJSON *root, const char *key, const char *name, const Peaks *p) {
    if (!root) root = cJSON_CreateObject();
    if (!cJSON_GetObjectItemCaseSensitive(root, "version")) cJSON_AddNumberToObject(root, "version", 1);
    cJSON *gpus = cJSON_GetObjectItemCaseSensitive(root, "gpus");
    if (!gpus) gpus = cJSON_AddObjectToObject(root, "gpus");
    cJSON_DeleteItemFromObjectCaseSensitive(gpus, key);
    cJSON *e = cJSON_AddObjectToObject(gpus, key);
    char date[32];
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    cJSON_AddStringToObject(e, "name", name);
    cJSON_AddNumberToObject(e, "tflops", p->tflops);
    cJSON_AddNumberToObject(e, "gbps", p->gbps);
    cJSON_AddStringToObject(e, "date", date);
    // write_json_file replaces the cache atomically (common/outfile.h).
    int ok = mkdir_parents(path) == 0 && write_json_file(root, path) == 0;
    if (!ok) {
        fprintf(stderr, "unetrun: note: cannot write the peak cache %s (%s); peaks will be measured again next run\n",
                path, strerror(errno));
    }
    cJSON_Delete(root);
}

double peaks_tflops_floor(int cc_major, int cc_minor, int sms, double clock_khz) {
    double per_clock = 0;  // dense FP16 tensor FLOP per SM and clock, FP32 accumulation
    if (cc_major == 7) per_clock = 1024;
    else if (cc_major == 8 && cc_minor == 0) per_clock = 2048;
    else if (cc_major == 8) per_clock = 256;
    else if (cc_major == 9 && cc_minor == 0) per_clock = 4096;
    if (per_clock == 0 || sms <= 0 || !(clock_khz > 0)) return 0;
    return 0.25 * per_clock * sms * clock_khz * 1e3 / 1e12;
}

void peaks_resolve(const RunOptions *opt, int on_gpu, Peaks *out) {
    memset(out, 0, sizeof(*out));
    if (opt->peak_tflops > 0 && opt->peak_gbps > 0) {
        out->tflops = opt->peak_tflops;
        out->gbps = opt->peak_gbps;
        snprintf(out->source, sizeof out->source, "given");
        return;
    }
    if (!on_gpu) {
        snprintf(out->source, sizeof out->source, "none");
        return;
    }
    int dev = 0;
    cudaCheck(cudaGetDevice(&dev));
    struct cudaDeviceProp prop;
    cudaCheck(cudaGetDeviceProperties(&prop, dev));
    char key[64];
    gpu_key(&prop, key, sizeof key);
    peaks_cache_path(out->cache_path, sizeof out->cache_path);
    cJSON *root = NULL;
    if (out->cache_path[0] && cache_lookup(out->cache_path, key, prop.name, out, &root)) {
        cJSON_Delete(root);
        snprintf(out->source, sizeof out->source, "cached");
        return;
    }
    cudaStream_t st;
    cudaEvent_t e0, e1;
    cudaCheck(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    cudaCheck(cudaEventCreate(&e0));
    cudaCheck(cudaEventCreate(&e1));
    out->gbps = measure_gbps(st, e0, e1);
    out->tflops = measure_tflops(st, e0, e1);
    cudaCheck(cudaEventDestroy(e0));
    cudaCheck(cudaEventDestroy(e1));
    cudaCheck(cudaStreamDestroy(st));
    snprintf(out->source, sizeof out->source, "calibrated");
    int clock_khz = 0;
    cudaCheck(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
    const double floor_tf = peaks_tflops_floor(prop.major, prop.minor, prop.multiProcessorCount, clock_khz);
    if (out->tflops < floor_tf) {  // e.g. 20 TFLOP/s on an H200 under compute-sanitizer
        fprintf(stderr,
                "unetrun: note: the calibration measured %.0f TFLOP/s, under a quarter of what %s's SM count and clock "
                "give (%.0f); the GPU looks shared or under a tool (compute-sanitizer, a profiler): the peaks are used "
                "for this run only, not cached\n",
                out->tflops, prop.name, 4 * floor_tf);
        cJSON_Delete(root);
    } else if (out->cache_path[0]) {
        cache_store(out->cache_path, root, key, prop.name, out);
    } else {
        cJSON_Delete(root);
    }
}

void peaks_to_result(const Peaks *p, RunResult *r) {
    r->peak_tflops = p->tflops;
    r->peak_gbps = p->gbps;
    snprintf(r->peak_source, sizeof r->peak_source, "%s", p->source);
}
