// run.c: check memory, then run one block (run.h).
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "run.h"

// GPU: the arena (and FP32 reference buffers with --ref gpu) against the
// current device's free memory.
static int gpu_fits(const Graph *g, const RunOptions *opt, MemShortfall *lack) {
    struct cudaDeviceProp prop;
    int dev = 0;
    cudaCheck(cudaGetDevice(&dev));
    cudaCheck(cudaGetDeviceProperties(&prop, dev));
    size_t freeb = 0, totalb = 0;
    cudaCheck(cudaMemGetInfo(&freeb, &totalb));
    size_t need = graph_gpu_bytes(g, prop.multiProcessorCount, opt->ref == REF_GPU);
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
