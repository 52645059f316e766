// io.c: block inputs from and outputs to safetensors files (--input,
// --save-output), in PyTorch's layouts: images NCHW, token tensors
// (B, L, D), vectors (B, C). The executor keeps NHWC; conversion happens
// here, once, on the host.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../weights/safetensors.h"
#include "../../common/common.h"
#include "blockkinds.h"
#include "graph.h"

// Spatial blocks keep their activations as images; the token-level blocks
// (attention, gemm) and the context are (B, L, D); vectors are (B, C).
static int is_image_block(const Graph *g) { return block_kind(g->cfg.kind)->image; }

int io_file_shape(const Graph *g, const Tensor *t, int64_t shape[4]) {
    if (t->h == 1 && t->w == 1 && strcmp(t->name, "x") != 0) {
        shape[0] = t->n, shape[1] = t->c;
        return 2;
    }
    if (!is_image_block(g) || !strcmp(t->name, "context") || !strcmp(t->name, "encoder_hidden_states")) {
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
                     block_kind_name(g->cfg.kind), nd == 4 ? "it as NCHW" : "it");
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

// A new array with src (NHWC values of t) in the file layout of t; fills
// the descriptor's dtype, rank and shape.
static float *file_layout(const Graph *g, const Tensor *t, const float *src, const char *name, StWriteTensor *wt) {
    memset(wt, 0, sizeof *wt);
    int64_t shape[4];
    int nd = io_file_shape(g, t, shape);
    float *dst = xmalloc(t->numel * sizeof(float));
    if (nd == 4) nhwc_to_nchw(src, dst, t->n, t->h, t->w, t->c);
    else memcpy(dst, src, t->numel * sizeof(float));
    wt->name = name;
    wt->dtype = ST_F32;
    wt->ndim = nd;
    memcpy(wt->shape, shape, sizeof(int64_t) * nd);
    wt->data = dst;
    return dst;
}

// Writes the n tensors and frees their data.
static int write_and_free(const char *path, int n, StWriteTensor *wt, char *err, size_t errn) {
    StError e;
    int rc = safetensors_write(path, n, wt, &e);
    if (rc) snprintf(err, errn, "%s", e.msg);
    for (int k = 0; k < n; k++) free((void *)wt[k].data);
    return rc ? -1 : 0;
}

int io_save_outputs(const Graph *g, const RunResult *r, const char *path, char *err, size_t errn) {
    const Tensor *t = &g->t[g->out];
    if (!r->h_out_fast) {
        snprintf(err, errn, "no block output to save");
        return -1;
    }
    StWriteTensor wt[2];
    file_layout(g, t, r->h_out_fast, "output", &wt[0]);
    if (r->h_out_ref) file_layout(g, t, r->h_out_ref, "reference", &wt[1]);
    return write_and_free(path, r->h_out_ref ? 2 : 1, wt, err, errn);
}

int io_save_inputs(const Graph *g, const char *path, char *err, size_t errn) {
    StWriteTensor *wt = xcalloc((size_t)g->nt, sizeof(StWriteTensor));
    int n = 0;
    for (int i = 0; i < g->nt; i++) {
        const Tensor *t = &g->t[i];
        if (!t->is_input) continue;
        float *v = xmalloc(t->numel * sizeof(float));
        graph_input_values(g, t, v);
        if (t->exact) memcpy(v, t->h_init, t->numel * sizeof(float));  // the timestep sinusoids, unrounded
        file_layout(g, t, v, t->name, &wt[n++]);
        free(v);
    }
    int rc = -1;
    if (n == 0) snprintf(err, errn, "--block %s has no input tensors", block_kind_name(g->cfg.kind));
    else rc = write_and_free(path, n, wt, err, errn);
    free(wt);
    return rc;
}
