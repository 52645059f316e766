// run.c: check memory, then run one block (run.h).
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "run.h"

static const char *no_gpu_reason(cudaError_t e) {
    if (e == cudaErrorInsufficientDriver) return "no NVIDIA driver is loaded";
    if (e == cudaErrorNoDevice) return "no CUDA-capable device";
    return cudaGetErrorString(e);
}

// --device auto or cuda: the GPU of --gpu, or (auto) the CPU path with a note.
static int find_gpu(const RunOptions *opt) {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        if (opt->device == DEVICE_CUDA)
            die_user("--device cuda but no CUDA GPU is available (%s); use --device cpu",
                     e != cudaSuccess ? no_gpu_reason(e) : "0 devices");
        if (opt->ref == REF_GPU) die_user("--ref gpu needs a CUDA GPU, and none is available; use --ref cpu");
        if (opt->vs) die_user("--vs cudnn needs a CUDA GPU, and none is available (%s)",
                              e != cudaSuccess ? no_gpu_reason(e) : "0 devices");
        fprintf(stderr, "unetrun: no CUDA GPU available (%s); running the CPU path\n",
                no_gpu_reason(e != cudaSuccess ? e : cudaErrorNoDevice));
        (void)cudaGetLastError();
        return 0;
    }
    if (opt->gpu >= count) die_user("--gpu %d: only %d CUDA device(s) present (0..%d)", opt->gpu, count, count - 1);
    cudaCheck(cudaSetDevice(opt->gpu));
    return 1;
}

int run_choose_device(RunOptions *opt) {
    if (opt->vs && opt->device == DEVICE_CPU) die_user("--vs cudnn runs cuDNN and cuBLAS on the GPU; drop --device cpu");
    int on_gpu = 0;
    if (opt->device != DEVICE_CPU)
        on_gpu = find_gpu(opt);
    else if (opt->ref == REF_GPU)
        die_user("--ref gpu needs --device cuda; the CPU path uses --ref cpu or none");
    if (opt->ref == REF_DEFAULT) opt->ref = on_gpu ? REF_GPU : REF_CPU;
    if (opt->check && opt->ref == REF_NONE) die_user("--check needs a reference; drop --ref none");
    if (opt->warmup < 0) opt->warmup = on_gpu ? 10 : 0;
    if (opt->iters < 0) opt->iters = on_gpu ? 100 : 1;
    if (opt->nvtx && !on_gpu) die_user("--nvtx marks GPU kernel launches; it needs the CUDA path (drop --nvtx or --device cpu)");
    return on_gpu;
}

// GPU: the arena (and FP32 reference buffers with --ref gpu) against the
// current device's free memory.
static int gpu_fits(const Graph *g, const RunOptions *opt, MemShortfall *lack) {
    struct cudaDeviceProp prop;
    int dev = 0;
    cudaCheck(cudaGetDevice(&dev));
    cudaCheck(cudaGetDeviceProperties(&prop, dev));
    size_t freeb = 0, totalb = 0;
    cudaCheck(cudaMemGetInfo(&freeb, &totalb));
    size_t need = graph_gpu_bytes(g, prop.multiProcessorCount, opt->ref == REF_GPU,
                                  opt->ref == REF_GPU || opt->vs != VS_NONE);
    lack->need = (double)need;
    lack->have = (double)freeb;
    snprintf(lack->device, sizeof lack->device, "%s", prop.name);
    return need <= freeb;
}

// CPU: at most 80% of the physical memory (unknown size: no limit).
static int cpu_fits(const Graph *g, MemShortfall *lack) {
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    double have = (pages > 0 && psize > 0) ? (double)pages * psize : 0.0;
    double need = (double)graph_cpu_bytes(g);
    lack->need = need;
    lack->have = have;
    lack->device[0] = '\0';
    return !(have > 0 && need > 0.8 * have);
}

int run_block(Graph *g, const RunOptions *opt, int on_gpu, BeforeRunFn before_run, void *ctx, RunResult *res,
              MemShortfall *lack) {
    memset(res, 0, sizeof *res);
    if (!(on_gpu ? gpu_fits(g, opt, lack) : cpu_fits(g, lack))) return 1;
    if (before_run) before_run(g, ctx);
    if (on_gpu)
        run_gpu(g, opt, res);
    else
        run_cpu(g, opt, res);
    return 0;
}
