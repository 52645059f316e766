// gpu_int8_cli.c: the INT8 GEMM through the CLI on the GPU.
//
//   - `--device cpu` (the bit-exact C model at the tiles gemm_int8_heuristic
//     picks for 132 SMs) and `--device cuda --kernel-select heuristic` on a
//     132-SM GPU (H100 SXM) give the same block output (--save-output), bit
//     for bit for the plain, bias, residual and 1x1-conv GEMMs, within one
//     FP16 ulp where the device's erff/expf may round differently (GEGLU,
//     SiLU on the time embedding); with --ref cpu both report the same layer
//     error, and the kernel column names the same tile and split-K;
//   - SD1.5 transformer blocks with --linear int8 pass --check (chain
//     relative L2 <= 3e-2) and report the FP16 GEMM's error beside each
//     INT8 node.
// On a GPU with another SM count the heuristic picks other tiles, so the
// equality tests are skipped (the transformer checks still run).
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/safetensors.h"
#include "harness.h"

// The "output" tensor of a --save-output file (FP32); NULL on failure.
static float *load_output(const char *path, size_t *n) {
    StFile f;
    StError e;
    if (st_open(path, &f, &e)) return NULL;
    const StTensor *t = st_find(&f, "output");
    float *v = NULL;
    if (t) {
        v = xmalloc((size_t)t->numel * sizeof(float));
        if (st_read_f32(&f, t, v, 0, &e)) {
            free(v);
            v = NULL;
        } else {
            *n = (size_t)t->numel;
        }
    }
    st_close(&f);
    return v;
}

static const cJSON *node_named(const cJSON *j, const char *name) {
    const cJSON *o, *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes");
    cJSON_ArrayForEach(o, nodes) {
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(o, "name");
        if (cJSON_IsString(nm) && !strcmp(nm->valuestring, name)) return o;
    }
    return NULL;
}

static double err_of(const cJSON *node, const char *which, const char *field) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(node, which), field);
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

// The kernel column without its first word ("gemm-i8" on the GPU, "cpu" on the CPU path) and without the
// "ln-quant + " of a LayerNorm that quantizes the GEMM's rows (before the GPU's first word, after the CPU's).
static const char *tile_part(const cJSON *node) {
    static const char lnq[] = "ln-quant + ";
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(node, "kernel");
    if (!cJSON_IsString(k)) return "";
    const char *s = k->valuestring;
    if (!strncmp(s, lnq, sizeof lnq - 1)) s += sizeof lnq - 1;
    const char *sp = strchr(s, ' ');
    if (!sp) return "";
    return strncmp(sp + 1, lnq, sizeof lnq - 1) ? sp + 1 : sp + sizeof lnq;
}

// The GPU and CPU rows name the same INT8 tile and split-K: "i8 <tile>[ splitk=S]"
// (the GPU row may go on with " geglu" / " silu-in").
static int same_tile(const cJSON *gn, const cJSON *cn) {
    if (!gn || !cn) return 0;
    const char *g = tile_part(gn), *c = tile_part(cn);
    if (!strncmp(c, "i8r ", 4)) return !strncmp(g, "i8r ", 4);  // row scales: the result does not depend on the tile
    size_t n = strlen(c);
    return !strncmp(c, "i8 ", 3) && !strncmp(g, c, n) && (g[n] == 0 || !strncmp(g + n, " geglu", 6) ||
                                                          !strncmp(g + n, " silu-in", 8));
}

// One FP16 ulp at |x| (2^-24 below the normal range).
static double ulp16(double x) {
    x = fabs(x);
    if (x < 6.103515625e-05) return 5.960464477539063e-08;
    return ldexp(1.0, (int)floor(log2(x)) - 10);
}

typedef struct {
    int rc;
    cJSON *json;
    float *out;
    size_t n;
} Run;

static Run run_one(const char *bin, const char *args, const char *device_args) {
    Run r = {-1, NULL, NULL, 0};
    char jp[512], op[512], full[1536];
    if (!make_tmp_file(jp, sizeof jp, "gpu_int8_json") || !make_tmp_file(op, sizeof op, "gpu_int8_out")) return r;
    snprintf(full, sizeof full, "%s %s --json '%s' --save-output '%s'", args, device_args, jp, op);
    Cmd c = run_cli(bin, full);
    r.rc = c.sig ? -c.sig : c.rc;
    if (r.rc != 0) printf("  unetrun %s: exit %d\n%s\n", full, r.rc, c.out);
    free(c.out);
    r.json = read_json_file(jp);
    r.out = load_output(op, &r.n);
    unlink(jp);
    unlink(op);
    return r;
}

// exact: bitwise equal outputs and equal layer errors; else within one FP16 ulp.
static void cpu_gpu_equal(const char *bin, const char *args, const char *node, int exact) {
    static const char *gpu = "--device cuda --kernel-select heuristic --ref cpu --warmup 0 --iters 1 "
                             "--peak-tflops 990 --peak-gbps 3350";
    Run g = run_one(bin, args, gpu), c = run_one(bin, args, "--device cpu");
    const cJSON *gn = g.json ? node_named(g.json, node) : NULL, *cn = c.json ? node_named(c.json, node) : NULL;
    size_t diff = 0, over = 0;
    double worst = 0;
    int same_len = g.out && c.out && g.n == c.n && g.n > 0;
    for (size_t i = 0; same_len && i < g.n; i++) {
        double a = g.out[i], b = c.out[i];
        if (a != b || isnan(a) != isnan(b)) diff++;
        double u = fabs(a - b) / ulp16(fmax(fabs(a), fabs(b)));
        if (!(u <= 1.0)) over++;
        if (u > worst) worst = u;
    }
    double gl = err_of(gn, "layer_error", "rel_l2"), cl = err_of(cn, "layer_error", "rel_l2");
    double gm = err_of(gn, "layer_error", "max_abs"), cm = err_of(cn, "layer_error", "max_abs");
    int tiles = same_tile(gn, cn);
    int ok = g.rc == 0 && c.rc == 0 && same_len && tiles && gl > 0;
    if (exact)
        ok = ok && diff == 0 && gl == cl && gm == cm;
    else
        ok = ok && over == 0 && fabs(gl - cl) <= 1e-3 * cl;
    result(ok, "unetrun %s: --device cuda --kernel-select heuristic (132 SMs) == --device cpu, %s: %zu of %zu outputs "
           "differ (worst %.2f FP16 ulp), node %s tile '%s' vs '%s', layer rel_l2 %.9e vs %.9e (exit %d, %d)", args,
           exact ? "bitwise" : "within 1 FP16 ulp", diff, g.n, worst, node, gn ? tile_part(gn) : "?",
           cn ? tile_part(cn) : "?", gl, cl, g.rc, c.rc);
    cJSON_Delete(g.json);
    cJSON_Delete(c.json);
    free(g.out);
    free(c.out);
}

// A node's layer error on the GPU (--ref cpu) equals the CPU path's (same
// inputs: block inputs, and the kernel equals the model): exactly, or within
// rel of it (rel 1e-3 where expf differs; 1e-2 where the GPU's LayerNorm,
// rsqrtf, and the CPU's round some values apart and move a few quantized bytes).
static void cpu_gpu_layer_close(const char *bin, const char *args, const char *node, int exact, double rel) {
    static const char *gpu = "--device cuda --kernel-select heuristic --ref cpu --warmup 0 --iters 1 "
                             "--peak-tflops 990 --peak-gbps 3350";
    Run g = run_one(bin, args, gpu), c = run_one(bin, args, "--device cpu");
    const cJSON *gn = g.json ? node_named(g.json, node) : NULL, *cn = c.json ? node_named(c.json, node) : NULL;
    double gl = err_of(gn, "layer_error", "rel_l2"), cl = err_of(cn, "layer_error", "rel_l2");
    int tiles = same_tile(gn, cn);
    int ok = g.rc == 0 && c.rc == 0 && tiles && gl > 0 && (exact ? gl == cl : fabs(gl - cl) <= rel * cl);
    char how[32] = "==";
    if (!exact) snprintf(how, sizeof how, "within %g of", rel);
    result(ok, "unetrun %s: node %s layer rel_l2 on the GPU (heuristic, --ref cpu) %.9e %s CPU path %.9e, tile '%s' "
           "vs '%s' (exit %d, %d)", args, node, gl, how, cl, gn ? tile_part(gn) : "?", cn ? tile_part(cn) : "?", g.rc,
           c.rc);
    cJSON_Delete(g.json);
    cJSON_Delete(c.json);
    free(g.out);
    free(c.out);
}
static void cpu_gpu_layer_equal(const char *bin, const char *args, const char *node, int exact) {
    cpu_gpu_layer_close(bin, args, node, exact, 1e-3);
}

// --int8-scales row: the LayerNorm passes that quantize their rows (--fuse-ln auto: "ln1+qkv", ...) give
// the block the same output, bit for bit, as separate LayerNorms and row quantizers (--fuse-ln off).
static void lnquant_equal(const char *bin, const char *args) {
    static const char *dev = "--device cuda --kernel-select heuristic --ref none --warmup 0 --iters 1 "
                             "--peak-tflops 990 --peak-gbps 3350";
    char fused[1024], sep[1024];
    snprintf(fused, sizeof fused, "%s --fuse-ln auto", dev);
    snprintf(sep, sizeof sep, "%s --fuse-ln off", dev);
    Run a = run_one(bin, args, fused), b = run_one(bin, args, sep);
    const cJSON *n = a.json ? node_named(a.json, "ln1+qkv") : NULL;
    const cJSON *k = n ? cJSON_GetObjectItemCaseSensitive(n, "kernel") : NULL;
    size_t diff = 0;
    const int same_len = a.out && b.out && a.n == b.n && a.n > 0;
    for (size_t i = 0; same_len && i < a.n; i++) diff += memcmp(&a.out[i], &b.out[i], sizeof(float)) != 0;
    const int lnq = cJSON_IsString(k) && strstr(k->valuestring, "ln-quant + gemm-i8r") != NULL;
    result(a.rc == 0 && b.rc == 0 && same_len && diff == 0 && lnq && !node_named(b.json, "ln1+qkv"),
           "unetrun %s --int8-scales row on the GPU: --fuse-ln auto (node ln1+qkv, kernel '%s') == --fuse-ln off "
           "(separate LayerNorm and row quantizer), %zu of %zu outputs differ (exit %d, %d)", args,
           cJSON_IsString(k) ? k->valuestring : "?", diff, a.n, a.rc, b.rc);
    cJSON_Delete(a.json);
    cJSON_Delete(b.json);
    free(a.out);
    free(b.out);
}

// An SD1.5 transformer block with INT8 linear layers (scales: "tile" or "row"):
// --check passes (chain <= 3e-2).
static void transformer_int8(const char *bin, int c, int hw, const char *scales) {
    char args[1024], jp[512];
    if (!make_tmp_file(jp, sizeof jp, "gpu_int8_tf")) return;
    snprintf(args, sizeof args, "--block transformer --c %d --hw %d --batch 2 --linear int8 --int8-scales %s "
             "--kernel-select heuristic --warmup 1 --iters 3 --peak-tflops 990 --peak-gbps 3350 --check --json '%s'",
             c, hw, scales, jp);
    Cmd r = run_cli(bin, args);
    cJSON *j = read_json_file(jp);
    unlink(jp);
    double worst = 0, worst16 = 0;
    int n8 = 0;
    const cJSON *o, *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL;
    cJSON_ArrayForEach(o, nodes) {
        double ce = err_of(o, "chain_error", "rel_l2");
        if (!(ce <= worst)) worst = ce;
        if (cJSON_GetObjectItemCaseSensitive(o, "fp16_error")) {
            n8++;
            double fe = err_of(o, "fp16_error", "rel_l2");
            if (!(fe <= worst16)) worst16 = fe;
        }
    }
    result(r.rc == 0 && r.sig == 0 && strstr(r.out, "verdict  PASS") && n8 == 7 && worst <= 3e-2 && worst16 < 5e-3,
           "unetrun --block transformer --c %d --hw %d --batch 2 --linear int8 --int8-scales %s --check: PASS, worst "
           "chain rel_l2 %.2e <= 3e-2, %d INT8 nodes (want 7) with the FP16 GEMM's layer error beside them (worst "
           "%.2e < 5e-3) (exit %d)",
           c, hw, scales, worst, n8, worst16, r.rc);
    cJSON_Delete(j);
    free(r.out);
}

// --linear auto on an SD1.5 transformer block (--check passes): the linears after a LayerNorm run INT8 row
// ("ln-quant + gemm-i8r"); with tuning each of the others (A plain FP16 rows) was timed in both precisions
// (verbose "auto <node> fp16|int8 <us>" lines) and runs the faster; with the heuristic they run the rule's (FP16
// at K <= 1280).
static void transformer_auto(const char *bin, const char *sel) {
    char args[1024], jp[512];
    if (!make_tmp_file(jp, sizeof jp, "gpu_int8_auto")) return;
    snprintf(args, sizeof args, "--block transformer --c 320 --hw 16 --batch 2 --linear auto --kernel-select %s "
             "--verbose --warmup 1 --iters 3 --peak-tflops 990 --peak-gbps 3350 --check --json '%s'", sel, jp);
    Cmd r = run_cli(bin, args);
    cJSON *j = read_json_file(jp);
    unlink(jp);
    static const char *ln[] = {"ln1+qkv", "ln2+q2", "ln3+ff1+geglu"}, *a16[] = {"out1+res", "kv2(ctx)", "out2+res",
                                                                                 "ff2+res"};
    const int tune = !strcmp(sel, "tune");
    int ok = r.rc == 0 && r.sig == 0 && j && strstr(r.out, "verdict  PASS");
    for (int i = 0; ok && i < 3; i++) {
        const cJSON *n = node_named(j, ln[i]);
        const cJSON *k = n ? cJSON_GetObjectItemCaseSensitive(n, "kernel") : NULL;
        ok = n && cJSON_IsString(k) && !strncmp(k->valuestring, "ln-quant + gemm-i8r", 19);
    }
    int n8 = 0;
    for (int i = 0; ok && i < 4; i++) {
        const cJSON *n = node_named(j, a16[i]);
        const cJSON *p = n ? cJSON_GetObjectItemCaseSensitive(n, "precision") : NULL;
        ok = cJSON_IsString(p);
        if (!ok) break;
        const int int8 = !strcmp(p->valuestring, "int8");
        n8 += int8;
        if (!tune) {
            ok = !int8;
            continue;
        }
        double t[2] = {-1, -1};  // fp16, int8: the last "auto" line of each
        char key[64];
        for (int q = 0; q < 2; q++) {
            snprintf(key, sizeof key, "auto %-14s %s ", a16[i], q ? "int8" : "fp16");
            for (const char *at = strstr(r.out, key); at; at = strstr(at + 1, key)) t[q] = strtod(at + strlen(key), NULL);
        }
        ok = t[0] > 0 && t[1] > 0 && int8 == (t[1] < t[0]);
    }
    result(ok, "unetrun --block transformer --c 320 --hw 16 --batch 2 --linear auto --kernel-select %s --check: PASS, "
           "ln1+qkv ln2+q2 ln3+ff1+geglu 'ln-quant + gemm-i8r', out1 kv2 out2 ff2 %s (%d of 4 INT8) (exit %d)", sel,
           tune ? "each the faster of its two timed precisions" : "FP16 (the rule at K <= 1280)", n8, r.rc);
    cJSON_Delete(j);
    free(r.out);
}

void gpu_suite_int8_cli(const char *bin) {
    struct cudaDeviceProp prop;
    cudaCheck(cudaGetDeviceProperties(&prop, 0));
    if (prop.multiProcessorCount == 132) {
        cpu_gpu_equal(bin, "--block gemm --m 1000 --n 320 --k 320 --linear int8", "gemm", 1);
        cpu_gpu_equal(bin, "--block gemm --m 64 --n 1280 --k 5120 --epilogue bias --linear int8", "gemm+bias", 1);
        cpu_gpu_equal(bin, "--block gemm --m 2048 --n 320 --k 1280 --epilogue residual --linear int8", "gemm+res", 1);
        cpu_gpu_equal(bin, "--block gemm --m 520 --n 2560 --k 320 --epilogue geglu --linear int8", "gemm+geglu", 0);
        cpu_gpu_equal(bin, "--block conv --ksize 1 --c 640 --cout 320 --hw 16 --batch 2 --conv1x1 int8", "conv", 1);
        // time_emb_proj: SiLU on A inside the GEMM; conv_shortcut reads the block input x
        const char *rb = "--block resblock --c 320 --cout 640 --hw 8 --batch 2 --linear int8 --conv1x1 int8";
        cpu_gpu_layer_equal(bin, rb, "time_emb_proj", 0);
        cpu_gpu_layer_equal(bin, rb, "conv_shortcut", 1);
    } else {
        printf("note: %s has %d SMs, not 132: the CPU path's INT8 tiles are an H100's; CPU == GPU tests skipped\n",
               prop.name, prop.multiProcessorCount);
    }
    // --int8-scales row: the result does not depend on the tile, so any GPU equals the CPU path
    cpu_gpu_equal(bin, "--block gemm --m 1000 --n 320 --k 320 --linear int8 --int8-scales row", "gemm", 1);
    cpu_gpu_equal(bin, "--block gemm --m 2048 --n 320 --k 1280 --epilogue residual --linear int8 --int8-scales row",
                  "gemm+res", 1);
    cpu_gpu_equal(bin, "--block gemm --m 520 --n 2560 --k 320 --epilogue geglu --linear int8 --int8-scales row",
                  "gemm+geglu", 0);
    cpu_gpu_equal(bin, "--block gemm --m 100 --n 72 --k 200 --epilogue bias --linear int8 --int8-scales row",
                  "gemm+bias", 1);  // K % 16 != 0: the portable kernel
    cpu_gpu_equal(bin, "--block conv --ksize 1 --c 640 --cout 320 --hw 16 --batch 2 --conv1x1 int8 --int8-scales row",
                  "conv", 1);
    const char *rbr = "--block resblock --c 320 --cout 640 --hw 8 --batch 2 --linear int8 --conv1x1 int8 "
                      "--int8-scales row";
    cpu_gpu_layer_equal(bin, rbr, "time_emb_proj", 0);
    cpu_gpu_layer_equal(bin, rbr, "conv_shortcut", 1);
    {  // --engine portable takes the TMA tiles out: the dp4a kernel, same bits as the model
        Cmd r = run_cli(bin, "--block gemm --m 300 --n 264 --k 512 --linear int8 --int8-scales row --epilogue residual "
                             "--engine portable --kernel-select heuristic --warmup 0 --iters 1 --peak-tflops 990 "
                             "--peak-gbps 3350 --check");
        result(r.rc == 0 && r.sig == 0 && strstr(r.out, "i8r portable") && strstr(r.out, "verdict  PASS"),
               "unetrun --block gemm --m 300 --n 264 --k 512 --linear int8 --int8-scales row --engine portable --check: "
               "the portable row-scale kernel runs and passes (exit %d)", r.rc);
        free(r.out);
    }
    // --linear auto: the rule's INT8 at K = 5120 with 64 x 128 tiles filling a wave (any GPU of <= 160 SMs)
    cpu_gpu_equal(bin, "--block gemm --m 1024 --n 1280 --k 5120 --epilogue residual --linear auto", "gemm+res", 1);
    transformer_auto(bin, "heuristic");
    transformer_auto(bin, "tune");
    {  // without the Hopper engine's INT8 row tiles (--engine portable) auto keeps every linear FP16
        char jp[512], args[1024];
        if (make_tmp_file(jp, sizeof jp, "gpu_int8_auto_portable")) {
            snprintf(args, sizeof args, "--block transformer --c 320 --hw 8 --linear auto --engine portable "
                     "--kernel-select heuristic --warmup 0 --iters 1 --peak-tflops 990 --peak-gbps 3350 --check "
                     "--json '%s'", jp);
            Cmd r = run_cli(bin, args);
            cJSON *j = read_json_file(jp);
            unlink(jp);
            int n8 = 0, nlin = 0;
            const cJSON *o, *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL;
            cJSON_ArrayForEach(o, nodes) {
                const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "precision");
                const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kernel");
                if (cJSON_IsString(k) && (strstr(k->valuestring, "gemm") || strstr(k->valuestring, "linear"))) nlin++;
                n8 += cJSON_IsString(p) && !strcmp(p->valuestring, "int8");
            }
            result(r.rc == 0 && r.sig == 0 && strstr(r.out, "verdict  PASS") && nlin >= 7 && n8 == 0,
                   "unetrun %s: PASS, every node FP16 (%d INT8 of %d GEMM rows) (exit %d)", args, n8, nlin, r.rc);
            cJSON_Delete(j);
            free(r.out);
        }
    }
    lnquant_equal(bin, "--block transformer --c 320 --hw 16 --batch 2 --linear int8 --int8-scales row");
    lnquant_equal(bin, "--block transformer --c 1280 --hw 8 --linear int8 --int8-scales row --context-len 7");
    lnquant_equal(bin, "--block transformer --c 24 --heads 1 --h 5 --w 7 --context-len 3 --context-dim 16 --groups 8 "
                       "--linear int8 --int8-scales row --conv1x1 int8");
    cpu_gpu_layer_close(bin, "--block transformer --c 320 --hw 8 --linear int8 --int8-scales row", "ln3+ff1+geglu", 0,
                        1e-2);
    {  // the vendor chain beside it: its own LayerNorm pass, then cuBLAS, for each quantizing LayerNorm's row
        Cmd r = run_cli(bin, "--block transformer --c 320 --hw 16 --batch 2 --linear int8 --int8-scales row --vs cudnn "
                             "--check --warmup 0 --iters 2 --peak-tflops 990 --peak-gbps 3350");
        result(r.rc == 0 && r.sig == 0 && strstr(r.out, "verdict  PASS") && strstr(r.out, "ln-quant + gemm-i8r") &&
                   strstr(r.out, "layernorm + "),
               "unetrun --block transformer --c 320 --hw 16 --batch 2 --linear int8 --int8-scales row --vs cudnn "
               "--check: PASS, the quantizing LayerNorm rows beside the vendor's LayerNorm + GEMM (exit %d)", r.rc);
        free(r.out);
    }
    static const int tf[][2] = {{320, 64}, {640, 32}, {1280, 16}, {1280, 8}};
    for (int i = 0; i < 4; i++) {
        transformer_int8(bin, tf[i][0], tf[i][1], "tile");
        transformer_int8(bin, tf[i][0], tf[i][1], "row");
    }
}
