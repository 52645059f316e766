// golden.c: unetrun against tensors written by diffusers itself.
//
// tests/golden/make_golden.py builds diffusers' ResnetBlock2D and
// Transformer2DModel, runs them in float64 and writes, per case, the block's
// weights (diffusers names), its inputs and the expected output, plus a
// manifest cases.txt ("<case>\t<unetrun arguments>\t<xcheck or ->\t<weights
// stem>"; the last two fields are optional). This suite runs each case
// through the unetrun binary
//
//   unetrun --device D --weights <weights stem>.weights.safetensors
//           --input <case>.inputs.safetensors --save-output TMP <arguments>
//
// and compares the saved `output` (fast path) and `reference` (FP32 chain)
// with the float64 `output` of the expected file: relative L2 within the
// suite's tolerances, no NaN/Inf. No code of unetrun computes the expected
// values, so a data-path fault shared by the fast path and the FP32
// reference (the failure mode an internal --check cannot see) fails here.
//
// On the GPU the suite also checks that the same command twice writes
// bit-identical files (with the kernels fixed by --kernel-select heuristic), and (xcheck cases) that the GPU and CPU FP32
// references of the same files agree to 1e-5.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/safetensors.h"
#include "harness.h"

// ||a - e|| / ||e|| in double; INFINITY when a holds a NaN or Inf.
static double rel_l2(const float *a, const double *e, size_t n) {
    double num = 0.0, den = 0.0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i])) return INFINITY;
        double d = (double)a[i] - e[i];
        num += d * d;
        den += e[i] * e[i];
    }
    return den > 0.0 ? sqrt(num / den) : sqrt(num);
}

static double rel_l2_f(const float *a, const float *b, size_t n) {
    double num = 0.0, den = 0.0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i]) || !isfinite(b[i])) return INFINITY;
        double d = (double)a[i] - b[i];
        num += d * d;
        den += (double)b[i] * b[i];
    }
    return den > 0.0 ? sqrt(num / den) : sqrt(num);
}

// `output` of an expected file: F64 (the float64 forward) or F32. NULL on failure.
static double *load_expected(const char *path, size_t *n) {
    StFile f;
    StError e;
    if (st_open(path, &f, &e)) return NULL;
    const StTensor *t = st_find(&f, "output");
    double *v = NULL;
    if (t && (t->dtype == ST_F64 || t->dtype == ST_F32)) {
        *n = t->numel;
        v = xmalloc(t->numel * sizeof(double));
        const uint8_t *p = f.data + t->begin;
        for (uint64_t i = 0; i < t->numel; i++) {
            if (t->dtype == ST_F64) memcpy(&v[i], p + 8 * i, 8);
            else {
                float x;
                memcpy(&x, p + 4 * i, 4);
                v[i] = x;
            }
        }
    }
    st_close(&f);
    return v;
}

// A tensor of a --save-output file as FP32 (free it); NULL when missing.
static float *load_saved(const char *path, const char *name, size_t *n) {
    StFile f;
    StError e;
    if (st_open(path, &f, &e)) return NULL;
    const StTensor *t = st_find(&f, name);
    float *v = NULL;
    if (t) {
        *n = t->numel;
        if (st_load_f32(&f, name, -1, NULL, &v, &e)) v = NULL;
    }
    st_close(&f);
    return v;
}

// One run of a case on `device`; the saved file goes to `out`. 0 on success.
typedef struct {
    const char *name, *args, *weights;  // case, unetrun arguments, weights file stem
    int xcheck;
} GoldenCase;

// `extra`: more arguments ("" for none).
static int run_case(const char *bin, const char *dir, const GoldenCase *c, const char *device, const char *out,
                    const char *extra) {
    char cli[4096], args[2048];
    size_t o = 0;  // the arguments with {dir} replaced by the case folder (a --config beside the weights)
    for (const char *p = c->args; *p && o + 1 < sizeof args; p++) {
        if (!strncmp(p, "{dir}", 5)) {
            o += (size_t)snprintf(args + o, sizeof args - o, "%s", dir);
            p += 4;
        } else {
            args[o++] = *p;
        }
    }
    args[o < sizeof args ? o : sizeof args - 1] = '\0';
    snprintf(cli, sizeof cli,
             "--device %s --weights '%s/%s.weights.safetensors' --input '%s/%s.inputs.safetensors' "
             "--save-output '%s' %s --iters 1 --warmup 0 %s",
             device, dir, c->weights, dir, c->name, out, args, extra);
    Cmd r = run_cli(bin, cli);
    int ok = r.rc == 0 && r.sig == 0;
    if (!ok) printf("  unetrun %s\n  exit %d signal %d:\n%s\n", cli, r.rc, r.sig, r.out);
    free(r.out);
    return ok ? 0 : -1;
}

static int files_identical(const char *a, const char *b) {
    size_t na = 0, nb = 0;
    char *x = read_whole_file(a, &na), *y = read_whole_file(b, &nb);
    int same = x && y && na == nb && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

static void golden_case(const char *bin, const char *dir, const GoldenCase *c, const GoldenOptions *o) {
    const char *name = c->name, *args = c->args;
    char expected[1024], out[512], again[512], cpu[512];
    snprintf(expected, sizeof expected, "%s/%s.expected.safetensors", dir, name);
    if (!make_tmp_file(out, sizeof out, "golden_out") || !make_tmp_file(again, sizeof again, "golden_again") ||
        !make_tmp_file(cpu, sizeof cpu, "golden_cpu")) {
        result(0, "golden %s device=%s: temporary files", name, o->device);
        return;
    }
    size_t ne = 0, nf = 0, nr = 0;
    double *want = load_expected(expected, &ne);
    const char *extra = o->extra ? o->extra : "";
    char dev[128];  // the device and the extra arguments, as the results name them
    snprintf(dev, sizeof dev, "%s%s%s", o->device, extra[0] ? " " : "", extra);
    int ran = want && run_case(bin, dir, c, o->device, out, extra) == 0;
    float *fast = ran ? load_saved(out, "output", &nf) : NULL;
    float *ref = ran ? load_saved(out, "reference", &nr) : NULL;
    int shapes = fast && ref && nf == ne && nr == ne;
    double ef = shapes ? rel_l2(fast, want, ne) : INFINITY, er = shapes ? rel_l2(ref, want, ne) : INFINITY;
    result(shapes && ef <= o->tol_fast, "golden %s %s device=%s fast path vs diffusers float64: rel_l2 %.2e <= %.0e%s",
           name, args, dev, ef, o->tol_fast, want ? (ran ? (shapes ? "" : " (sizes differ)") : " (run failed)")
                                                  : " (expected file unreadable)");
    result(shapes && er <= o->tol_ref, "golden %s %s device=%s FP32 reference vs diffusers float64: rel_l2 %.2e <= %.0e",
           name, args, dev, er, o->tol_ref);
    // Bit-identical repeats need the same kernels: --kernel-select tune
    // times the candidates on every run, and two near-equal ones (a split-K
    // of 2 or 3, two attention tilings) can swap places between runs, each
    // with its own summation order. The repeat pair fixes the pick with
    // --kernel-select heuristic; a race or an unwritten buffer still shows.
    if (ran && o->repeat) {
        char fixed[256];
        snprintf(fixed, sizeof fixed, "--kernel-select heuristic %s", extra);
        result(run_case(bin, dir, c, o->device, out, fixed) == 0 && run_case(bin, dir, c, o->device, again, fixed) == 0 &&
                   files_identical(out, again),
               "golden %s device=%s --kernel-select heuristic: the same command twice writes bit-identical "
               "--save-output files", name, dev);
    }
    double ex = NAN;
    if (ran && o->xcheck && c->xcheck) {
        size_t nc = 0;
        float *cref = run_case(bin, dir, c, "cpu", cpu, "") == 0 ? load_saved(cpu, "reference", &nc) : NULL;
        ex = cref && ref && nc == nr ? rel_l2_f(ref, cref, nr) : INFINITY;
        result(ex <= 1e-5, "golden %s: device=%s FP32 reference vs device=cpu FP32 reference: rel_l2 %.2e <= 1e-05",
               name, dev, ex);
        free(cref);
    }
    // One line per case whatever the verdicts: the golden error table.
    char xc[32] = "-";
    if (!isnan(ex)) snprintf(xc, sizeof xc, "%.2e", ex);
    printf("golden %-44s fast %.2e  ref %.2e  gpu-vs-cpu ref %s%s%s\n", name, ef, er, xc, extra[0] ? "  " : "", extra);
    free(want);
    free(fast);
    free(ref);
    unlink(out);
    unlink(again);
    unlink(cpu);
}

// Shard k of n: only the manifest's cases whose index is k mod n run (the
// full-shape sets take minutes; n processes can run them side by side).
static int g_shard_k = 0, g_shard_n = 1;
void golden_set_shard(int k, int n) {
    g_shard_k = k;
    g_shard_n = n;
}

void suite_golden(const char *bin, const char *dir, const GoldenOptions *o) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, o->manifest ? o->manifest : "cases.txt");
    char *text = read_whole_file(path, NULL);
    if (!text) {
        result(0, "golden cases %s: readable (run tests/golden/make_golden.py)", path);
        return;
    }
    int ncases = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0]) continue;
        char *field[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4 && field[k - 1]; k++) {
            char *tab = strchr(field[k - 1], '\t');
            if (tab) *tab = 0, field[k] = tab + 1;
        }
        if (!field[1]) {
            result(0, "golden cases %s: line '%s' has a name and arguments", path, line);
            continue;
        }
        GoldenCase c = {field[0], field[1], field[3] ? field[3] : field[0], field[2] && !strcmp(field[2], "xcheck")};
        if (ncases++ % g_shard_n == g_shard_k) golden_case(bin, dir, &c, o);
    }
    result(ncases > 0, "golden cases %s: %d cases", path, ncases);
    free(text);
}
