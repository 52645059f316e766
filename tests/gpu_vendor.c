// gpu_vendor.c: the --vs cudnn baseline agrees with the FP32 reference.
//
// Runs unetrun --vs cudnn --json and reads the report: every node with a
// vendor op has a finite vendor error within FP16 tolerance of the FP32
// reference fed the same inputs, the vendor block output is within
// tolerance of the FP32 reference chain, and the timings are positive. A
// misconfigured baseline (wrong weight layout, GEGLU halves, strides) shows
// up as a large error here.
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../kernels/kernels.h"
#include "harness.h"

static const double kTol = 5e-3;  // relative L2, as the fast path's --tol-fp16 default

static double num(const cJSON *o, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b) x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsNumber(x) ? x->valuedouble : -1.0;
}

// want_vendor: node names that must carry a vendor result (NULL-terminated).
static void check_vendor(const char *bin, const char *block_args, const char *const *want_vendor) {
    char path[64], args[512];
    snprintf(path, sizeof path, "/tmp/unetrun_vendor_%d.json", (int)getpid());
    snprintf(args, sizeof args, "%s --vs cudnn --iters 5 --warmup 2 --json %s", block_args, path);
    Cmd c = run_cli(bin, args);
    cJSON *j = c.rc == 0 ? read_json_file(path) : NULL;
    result(j != NULL, "--vs cudnn %s runs (exit %d)%s%.300s", block_args, c.rc, c.rc ? ": " : "", c.rc ? c.out : "");
    if (!j) {
        free(c.out);
        unlink(path);
        return;
    }
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes"), *n;
    int nv = 0;
    cJSON_ArrayForEach(n, nodes) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(n, "name");
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(n, "vendor");
        const char *nm = cJSON_IsString(name) ? name->valuestring : "?";
        int wanted = 0;
        for (const char *const *w = want_vendor; *w; w++) {  // also a fused row, e.g. "norm1+silu+conv1"
            const size_t ln = strlen(nm), lw = strlen(*w);
            wanted |= !strcmp(*w, nm) || (ln > lw && nm[ln - lw - 1] == '+' && !strcmp(nm + ln - lw, *w));
        }
        if (!v) {
            if (wanted) result(0, "--vs cudnn %s: node %s has no vendor result", block_args, nm);
            continue;
        }
        nv++;
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(v, "error");
        double rel = num(e, "rel_l2", NULL), nonfinite = num(e, "nonfinite", NULL), t = num(v, "time_us", "median");
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(v, "kernel");
        result(rel >= 0 && rel <= kTol && nonfinite == 0 && t > 0,
               "--vs cudnn %s: node %s (%s) vendor relL2 %.2e <= %.0e, finite, time %.1f us", block_args, nm,
               cJSON_IsString(k) ? k->valuestring : "?", rel, kTol, t);
    }
    int want = 0;
    for (const char *const *w = want_vendor; *w; w++) want++;
    result(nv >= want, "--vs cudnn %s: %d nodes with a vendor result (want >= %d)", block_args, nv, want);
    const cJSON *bv = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "block"), "vendor");
    double crel = num(cJSON_GetObjectItemCaseSensitive(bv, "chain_error"), "rel_l2", NULL);
    double bt = num(bv, "graph_replay_us", "median");
    result(crel >= 0 && crel <= kTol && bt > 0, "--vs cudnn %s: vendor block relL2 %.2e <= %.0e vs FP32 chain, %.1f us",
           block_args, crel, kTol, bt);
    cJSON_Delete(j);
    free(c.out);
    unlink(path);
}

void gpu_suite_vendor(const char *bin) {
    static const char *const res[] = {"time_emb_proj", "conv1", "conv2", NULL};
    static const char *const res_sc[] = {"time_emb_proj", "conv1", "conv_shortcut", "conv2", NULL};
    static const char *const res_fused[] = {"time_emb_proj", "conv1", "conv2+conv_shortcut", NULL};
    static const char *const tf[] = {"proj_in", "qkv", "attn1", "out1+res", "q2", "kv2(ctx)", "attn2",
                                     "out2+res", "ff1+geglu", "ff2+res", "proj_out+res", NULL};
    static const char *const self[] = {"attn(self)", NULL};
    static const char *const cross[] = {"attn(cross)", NULL};
    check_vendor(bin, "--block resblock --c 320 --hw 32", res);
    check_vendor(bin, "--block resblock --c 320 --cout 640 --hw 16 --batch 2 --fuse-shortcut off", res_sc);
    // the fused row's vendor column is the shortcut conv + conv2 reading it (where the Hopper engine fuses them)
    check_vendor(bin, "--block resblock --c 320 --cout 640 --hw 16 --batch 2",
                 conv2d_hopper_usable() ? res_fused : res_sc);
    check_vendor(bin, "--block transformer --c 320 --hw 32", tf);                  // SD1: 1x1 conv proj
    check_vendor(bin, "--block transformer --c 640 --hw 16 --head-dim 64 --proj linear --context-dim 1024 --batch 2",
                 tf);                                                              // SD2: linear proj
    check_vendor(bin, "--block attention --kind self --seq 1024 --heads 8 --head-dim 40 --batch 2", self);
    check_vendor(bin, "--block attention --kind cross --seq 1024 --kv 77 --heads 8 --head-dim 40 --batch 2", cross);
}
