// io.c: block inputs from and outputs to safetensors files (--input,
// --save-output), in PyTorch's layouts: images NCHW, token tensors
// (B, L, D), vectors (B, C). The executor keeps NHWC; conversion happens
// here, once, on the host.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/safetensors.h"
#include "../../common/common.h"
#include "graph.h"

// Spatial blocks keep their activations as images; the token-level blocks
// (attention, gemm) and the context are (B, L, D); vectors are (B, C).
static int is_image_block(const Graph *g) {
    const char *b = g->cfg.block;
    return !strcmp(b, "resblock") || !strcmp(b, "conv") || !strcmp(b, "transformer");
}

int io_file_shape(const Graph *g, const Tensor *t, int64_t shape[4]) {
    if (t->h == 1 && t->w == 1 && strcmp(t->name, "x") != 0) {
        shape[0] = t->n, shape[1] = t->c;
        return 2;
    }
    if (!is_image_block(g) || !strcmp(t->name, "context")) {
        shape[0] = t->n, shape[1] = (int64_t)t->h * t->w, shape[2] = t->c;
        return 3;
    }
    shape[0] = t->n, shape[1] = t->c, shape[2] = t->h, shape[3] = t->w;
    return 4;
}

void io_load_inputs(Graph *g, const char *path) {
    StFile f;
    st_open_or_die(path, &f);
    for (int i = 0; i < g->nt; i++) {
        Tensor *t = &g->t[i];
        if (!t->is_input) continue;
        int64_t shape[4];
        int nd = io_file_shape(g, t, shape);
        if (!st_find(&f, t->name)) {
            char s[96];
            st_shape_str(nd, shape, s, sizeof s);
            st_close(&f);
            die_user("%s: input tensor '%s' %s is missing; --block %s reads %s from --input", path, t->name, s,
                     g->cfg.block, nd == 4 ? "it as NCHW" : "it");
        }
        // Shape, dtype and finiteness are checked by the loader (one line each).
        float *v = st_load_f32_or_die(&f, t->name, nd, shape);
        free(t->h_init);
        if (nd == 4) {
            t->h_init = xmalloc(t->numel * sizeof(float));
            nchw_to_nhwc(v, t->h_init, t->n, t->c, t->h, t->w);
            free(v);
        } else {
            t->h_init = v;  // (B, L, D) and (B, C) are already the executor's layout
        }
    }
    st_close(&f);
}

int io_save_outputs(const Graph *g, const RunResult *r, const char *path, char *err, size_t errn) {
    const Tensor *t = &g->t[g->out];
    if (!r->h_out_fast) {
        snprintf(err, errn, "no block output to save");
        return -1;
    }
    int64_t shape[4];
    int nd = io_file_shape(g, t, shape);
    float *fast = xmalloc(t->numel * sizeof(float)), *ref = NULL;
    const float *src[2] = {r->h_out_fast, r->h_out_ref};
    float *dst[2] = {fast, NULL};
    if (r->h_out_ref) dst[1] = ref = xmalloc(t->numel * sizeof(float));
    for (int k = 0; k < 2; k++) {
        if (!dst[k]) continue;
        if (nd == 4) nhwc_to_nchw(src[k], dst[k], t->n, t->h, t->w, t->c);
        else memcpy(dst[k], src[k], t->numel * sizeof(float));
    }
    StWriteTensor wt[2];
    memset(wt, 0, sizeof wt);
    wt[0].name = "output";
    wt[1].name = "reference";
    for (int k = 0; k < 2; k++) {
        wt[k].dtype = ST_F32;
        wt[k].ndim = nd;
        memcpy(wt[k].shape, shape, sizeof(int64_t) * nd);
        wt[k].data = dst[k];
    }
    StError e;
    int rc = safetensors_write(path, ref ? 2 : 1, wt, &e);
    if (rc) snprintf(err, errn, "%s", e.msg);
    free(fast);
    free(ref);
    return rc ? -1 : 0;
}
