// errors.c: error metrics, timing statistics and the pass/fail rule of a node.
//
// Relative L2 ||fast - ref|| / ||ref||, max |fast - ref| and cosine
// similarity, accumulated in double. Any NaN or Inf in the fast output is
// counted and fails the node regardless of the other metrics.
#include <math.h>
#include <stdlib.h>

#include "graph.h"

ErrMetrics compare_outputs(const float *fast, const float *ref, size_t n) {
    ErrMetrics e = {0};
    double d2 = 0.0, r2 = 0.0, f2 = 0.0, dot = 0.0, maxabs = 0.0;
    for (size_t i = 0; i < n; i++) {
        double f = fast[i], r = ref[i];
        if (!isfinite(f) || !isfinite(r)) {
            e.nonfinite++;
            continue;
        }
        double d = f - r;
        d2 += d * d;
        r2 += r * r;
        f2 += f * f;
        dot += f * r;
        if (fabs(d) > maxabs) maxabs = fabs(d);
    }
    e.rel_l2 = r2 > 0.0 ? sqrt(d2 / r2) : sqrt(d2);
    e.max_abs = maxabs;
    e.cosine = (r2 > 0.0 && f2 > 0.0) ? dot / sqrt(r2 * f2) : (d2 == 0.0 ? 1.0 : 0.0);
    if (e.nonfinite) {
        e.rel_l2 = NAN;
        e.max_abs = NAN;
        e.cosine = NAN;
    }
    e.valid = 1;
    return e;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// Nearest-rank percentiles on the sorted samples.
static double pct(const double *s, int n, double p) {
    int idx = (int)ceil(p * n) - 1;
    if (idx < 0) idx = 0;
    if (idx >= n) idx = n - 1;
    return s[idx];
}

void time_stats(double *samples, int n, TimeStats *out) {
    TimeStats t = {0};
    if (n <= 0) {
        *out = t;
        return;
    }
    qsort(samples, (size_t)n, sizeof(double), cmp_double);
    double sum = 0.0;
    for (int i = 0; i < n; i++) sum += samples[i];
    t.n = n;
    t.min = samples[0];
    t.mean = sum / n;
    t.median = (n % 2) ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    t.p10 = pct(samples, n, 0.10);
    t.p90 = pct(samples, n, 0.90);
    *out = t;
}

void run_result_free(RunResult *r) {
    free(r->h_out_fast);
    free(r->h_out_ref);
    r->h_out_fast = r->h_out_ref = NULL;
}

// The pass/fail rule of a node, applied by both executors.
double node_tol(const Node *n, const RunResult *r) { return n->tol > 0 ? n->tol : r->tol; }

// tol: the node's (node_tol); the layer error of an FP16 node downstream of
// an INT8 one is held to its own Node.layer_tol (--tol-fp16).
int node_pass(const Node *n, double tol) {
    const double ltol = n->layer_tol > 0 ? n->layer_tol : tol;
    return !n->layer_err.nonfinite && !n->chain_err.nonfinite && n->layer_err.rel_l2 <= ltol &&
           n->chain_err.rel_l2 <= tol;
}
