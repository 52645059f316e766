// params.c: parameters from a checkpoint block or seeded random values (see params.h).
#include "params.h"

#include <stdio.h>
#include <stdlib.h>

#include "../common/common.h"
#include "random.h"
#include "unetinfo.h"

void param_fill(const ParamSource *src, const char *name, int ndim, const int64_t *shape, uint64_t seed, float *dst,
                size_t n, float center, float scale, int on_device) {
    size_t want = 1;
    for (int i = 0; i < ndim; i++) want *= (size_t)shape[i];
    if (want != n) die_internal("parameter %s: shape holds %zu elements, layer expects %zu", name, want, n);
    if (!src || !src->file || (!src->block && !src->unet)) {
        random_uniform(name, seed, dst, n, center, scale, on_device);
        return;
    }
    // Shape check, dtype conversion and the finiteness check happen here;
    // each failure is one line naming the file, the key and the problem.
    float *host = src->unet ? unet_tensor_or_die(src->file, src->unet, name, ndim, shape)
                            : weights_tensor_or_die(src->file, src->block, name, ndim, shape);
    if (on_device)
        copy_to_device(dst, host, n * sizeof(float), 0);
    else
        for (size_t i = 0; i < n; i++) dst[i] = host[i];
    free(host);
}
