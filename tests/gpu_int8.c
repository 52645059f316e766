// gpu_int8.c: gemm_int8 (kernels/gemm_int8.cu) against its C model
// gemm_int8_model (bit for bit) and against an FP32 reference.
//
// - Small and awkward shapes (M = 1, 2, 7, 77, odd; K not a multiple of 32
//   or of BK; N not a multiple of the tile), every epilogue (none, bias,
//   bias + residual, GEGLU), SiLU on A: every tile and split candidate, the
//   whole output compared with the model bit for bit (GEGLU within 1 FP16
//   ulp, SiLU within a derived bound: device expf/erff may differ from the
//   host's in the last bit; see src/layers/quant.c).
// - Every linear of the SD1.5 and SDXL transformer blocks at batch 1 and 2
//   (qkv, to_out + residual, ff.net.0.proj + GEGLU, ff.net.2 + residual,
//   attn2 to_k/to_v over the 77-token context, time_emb_proj with SiLU) with
//   the heuristic config: the first and the last row tile against the model
//   bit for bit, the whole output against linear_ref_f32 (relative L2 <= 3e-2,
//   the design's online-INT8 tolerance).
// - Normal data vs data with one large value per row (the per-tile scale's
//   weakness: the outlier's tile loses resolution); the measured relative L2
//   is part of the test name.
// - All-zero A (y == bias exactly), invalid arguments, NaN/Inf checks; the
//   output is poisoned with 0xFFFF (FP16 NaN) before every launch.
//
// - gpu_suite_int8_rows: the same for --int8-scales row (gemm_int8_rows,
//   quantize_rows_int8 against gemm_int8_rows_model / quant_rows_int8_model).
//
// Built with -DGPU_INT8_STANDALONE it has its own main() that runs the suite
// and prints effective TFLOP/s of gemm_int8 vs gemm_fp16 (see the end).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../common/common.h"
#include "../src/layers/quant.h"
#include "harness.h"

static int g_i8_sms = 132;

static const uint16_t kI8Poison = 0xFFFF;  // FP16 NaN

static uint64_t i8_mix(uint64_t seed, size_t i) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ull + i + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
// Uniform in (0, 1].
static double i8_u01(uint64_t seed, size_t i) { return ((double)(i8_mix(seed, i) >> 11) + 1.0) * (1.0 / 9007199254740992.0); }
// N(0, 1) by Box-Muller.
static float i8_normal(uint64_t seed, size_t i) {
    double u = i8_u01(seed, 2 * i), v = i8_u01(seed, 2 * i + 1);
    return (float)(sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v));
}

static void *i8_dalloc(size_t bytes) {
    void *p = NULL;
    cudaCheck(cudaMalloc(&p, bytes ? bytes : 16));
    return p;
}
// Bytes that differ between a and b (n bytes each).
static size_t count_diff_bytes(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    size_t d = 0;
    for (size_t i = 0; i < n; i++) d += x[i] != y[i];
    return d;
}
static uint16_t *i8_upload16(const float *h, size_t n) {
    uint16_t *t = xmalloc(n * 2);
    for (size_t i = 0; i < n; i++) t[i] = f32_to_f16(h[i]);
    uint16_t *d = i8_dalloc(n * 2);
    copy_to_device(d, t, n * 2, 0);
    free(t);
    return d;
}
static float *i8_upload32(const float *h, size_t n) {
    float *d = i8_dalloc(n * 4);
    copy_to_device(d, h, n * 4, 0);
    return d;
}

typedef enum { EPI_NONE, EPI_BIAS, EPI_BIAS_RES, EPI_GEGLU } EpiKind;
static const char *epi_name(EpiKind e) {
    static const char *n[] = {"none", "bias", "bias+residual", "geglu"};
    return n[e];
}

// One GEMM problem: host data (FP16 values as float) and device copies.
typedef struct {
    int M, N, K, silu;
    EpiKind epi;
    int nout;
    float *a, *w, *wk, *bias, *bk, *res;  // host: w checkpoint order, wk/bk kernel order (GEGLU interleaved)
    uint16_t *d_a, *d_w, *d_res, *d_y;
    float *d_bias;
} I8Case;

// outlier > 0: one element per row of A is set to +-outlier.
// tiny != 0: the first half of the A rows and W rows scaled by `tiny`, so their
// tiles (127 / amax above the FP16 range) take the FP32 quantizer.
static I8Case i8_case_make_t(int M, int N, int K, EpiKind epi, int silu, float outlier, uint64_t seed, float tiny) {
    I8Case c;
    memset(&c, 0, sizeof c);
    c.M = M, c.N = N, c.K = K, c.epi = epi, c.silu = silu;
    c.nout = epi == EPI_GEGLU ? N / 2 : N;
    size_t na = (size_t)M * K, nw = (size_t)N * K;
    c.a = xmalloc(na * 4);
    c.w = xmalloc(nw * 4);
    for (size_t i = 0; i < na; i++) c.a[i] = round_f16(i8_normal(seed, i));
    if (outlier > 0)
        for (int m = 0; m < M; m++) {
            size_t col = i8_mix(seed + 7, m) % (uint64_t)K;
            c.a[(size_t)m * K + col] = round_f16((m & 1) ? -outlier : outlier);
        }
    const float ws = 1.0f / sqrtf((float)K);
    for (size_t i = 0; i < nw; i++) c.w[i] = round_f16(ws * (float)(2.0 * i8_u01(seed + 1, i) - 1.0));
    if (epi != EPI_NONE) {
        c.bias = xmalloc(N * 4);
        for (int i = 0; i < N; i++) c.bias[i] = (float)(i8_u01(seed + 2, i) - 0.5);
    }
    if (epi == EPI_BIAS_RES) {
        c.res = xmalloc((size_t)M * N * 4);
        for (size_t i = 0; i < (size_t)M * N; i++) c.res[i] = round_f16(i8_normal(seed + 3, i));
    }
    if (tiny != 0.0f) {
        for (size_t i = 0; i < (size_t)(M / 2) * K; i++) c.a[i] = round_f16(c.a[i] * tiny);
        for (size_t i = 0; i < (size_t)(N / 2) * K; i++) c.w[i] = round_f16(c.w[i] * tiny);
    }
    c.wk = c.w;
    c.bk = c.bias;
    if (epi == EPI_GEGLU) {
        c.wk = xmalloc(nw * 4);
        geglu_interleave_rows(c.w, c.wk, N / 2, K);
        c.bk = xmalloc(N * 4);
        geglu_interleave_rows(c.bias, c.bk, N / 2, 1);
    }
    c.d_a = i8_upload16(c.a, na);
    c.d_w = i8_upload16(c.wk, nw);
    c.d_bias = c.bk ? i8_upload32(c.bk, N) : NULL;
    c.d_res = c.res ? i8_upload16(c.res, (size_t)M * N) : NULL;
    c.d_y = i8_dalloc((size_t)M * c.nout * 2);
    return c;
}

static I8Case i8_case_make(int M, int N, int K, EpiKind epi, int silu, float outlier, uint64_t seed) {
    return i8_case_make_t(M, N, K, epi, silu, outlier, seed, 0.0f);
}

static void i8_case_free(I8Case *c) {
    if (c->wk != c->w) free(c->wk);
    if (c->bk != c->bias) free(c->bk);
    free(c->a), free(c->w), free(c->bias), free(c->res);
    cudaCheck(cudaFree(c->d_a));
    cudaCheck(cudaFree(c->d_w));
    if (c->d_bias) cudaCheck(cudaFree(c->d_bias));
    if (c->d_res) cudaCheck(cudaFree(c->d_res));
    cudaCheck(cudaFree(c->d_y));
}

static cudaError_t i8_case_run(const I8Case *c, TileConfig cfg, float *ws) {
    return gemm_int8(c->M, c->N, c->K, cfg, c->d_a, c->d_w, c->d_bias, c->d_res, c->d_y,
                     c->epi == EPI_GEGLU ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, c->silu, ws, 0);
}

// Poison, launch, download the FP16 bits.
static uint16_t *i8_case_launch(const I8Case *c, TileConfig cfg, float *ws) {
    size_t ny = (size_t)c->M * c->nout;
    cudaCheck(fill_u16_dev(c->d_y, kI8Poison, ny, 0));
    cudaCheck(i8_case_run(c, cfg, ws));
    cudaCheck(cudaDeviceSynchronize());
    uint16_t *h = xmalloc(ny * 2);
    copy_to_host(h, c->d_y, ny * 2, 0);
    return h;
}

static double fp16_ulp(double v) {
    v = fabs(v);
    if (v < 6.103515625e-05) return 5.960464477539063e-08;
    return ldexp(1.0, (int)floor(log2(v)) - 10);
}

// Compares rows [r0, r1) of the kernel output with the model. Returns the
// number of mismatches; *nan counts NaN/Inf outputs. Exactness: bit for bit,
// except GEGLU (<= 1 FP16 ulp) and SiLU (<= tol_silu[m * nout + n]).
static size_t i8_compare_model(const I8Case *c, const uint16_t *y, const float *ym, int r0, int r1,
                               const float *tol_silu, size_t *nan, double *worst_ulp) {
    size_t bad = 0;
    for (int m = r0; m < r1; m++)
        for (int n = 0; n < c->nout; n++) {
            size_t i = (size_t)m * c->nout + n;
            float v = f16_to_f32(y[i]);
            if (!isfinite(v)) {
                (*nan)++;
                bad++;
                continue;
            }
            double d = fabs((double)v - ym[i]);
            double u = d / fp16_ulp(ym[i]);
            if (u > *worst_ulp) *worst_ulp = u;
            if (tol_silu) bad += d > tol_silu[i];
            else if (c->epi == EPI_GEGLU) bad += u > 1.0;
            else bad += y[i] != f32_to_f16(ym[i]);
        }
    return bad;
}

// SiLU bound: device and host expf may differ by an ulp, so a quantized A
// value may move by one step (sa) and the A scale by an ulp. Per output:
// sum_k sa(tile of k) * |w[n, k]| * 1.01 (the 1% absorbs the scale's ulp
// changes over sum |qa qw| sa sb) + 1 FP16 ulp of the output.
static float *i8_silu_tolerance(const I8Case *c, int bm, int bk, const float *ym) {
    float *tol = xmalloc((size_t)c->M * c->nout * 4);
    int nkt = (c->K + bk - 1) / bk;
    float *s = xmalloc((size_t)c->M * c->K * 4), *sa = xmalloc((size_t)((c->M + bm - 1) / bm) * nkt * 4);
    for (size_t i = 0; i < (size_t)c->M * c->K; i++) s[i] = quant_silu(c->a[i]);
    for (int mt = 0; mt * bm < c->M; mt++)
        for (int t = 0; t < nkt; t++) {
            int rows = (mt + 1) * bm <= c->M ? bm : c->M - mt * bm, cols = (t + 1) * bk <= c->K ? bk : c->K - t * bk;
            sa[mt * nkt + t] = quant_scale(quant_tile_maxabs(s + (size_t)mt * bm * c->K + t * bk, rows, cols, c->K));
        }
    for (int m = 0; m < c->M; m++)
        for (int n = 0; n < c->nout; n++) {
            double b = 0;
            for (int k = 0; k < c->K; k++) b += sa[(m / bm) * nkt + k / bk] * fabs(c->wk[(size_t)n * c->K + k]);
            tol[(size_t)m * c->nout + n] = (float)(1.01 * b + fp16_ulp(ym[(size_t)m * c->nout + n]));
        }
    free(s), free(sa);
    return tol;
}

// FP32 reference on the GPU (checkpoint row order), returned on the host.
static float *i8_reference(const I8Case *c) {
    size_t na = (size_t)c->M * c->K;
    float *a = xmalloc(na * 4);
    for (size_t i = 0; i < na; i++) a[i] = c->silu ? c->a[i] / (1.0f + expf(-c->a[i])) : c->a[i];
    float *d_a = i8_upload32(a, na), *d_w = i8_upload32(c->w, (size_t)c->N * c->K);
    float *d_b = c->bias ? i8_upload32(c->bias, c->N) : NULL, *d_r = c->res ? i8_upload32(c->res, (size_t)c->M * c->N) : NULL;
    float *d_full = i8_dalloc((size_t)c->M * c->N * 4), *d_y = d_full;
    cudaCheck(linear_ref_f32(d_a, d_w, d_b, d_r, d_full, c->M, c->K, c->N, 0));
    if (c->epi == EPI_GEGLU) {
        d_y = i8_dalloc((size_t)c->M * c->nout * 4);
        cudaCheck(geglu_ref_f32(d_full, d_y, c->M, c->N / 2, 0));
    }
    cudaCheck(cudaDeviceSynchronize());
    float *h = host_copy_f32(d_y, (size_t)c->M * c->nout);
    cudaCheck(cudaFree(d_a));
    cudaCheck(cudaFree(d_w));
    if (d_b) cudaCheck(cudaFree(d_b));
    if (d_r) cudaCheck(cudaFree(d_r));
    if (d_y != d_full) cudaCheck(cudaFree(d_y));
    cudaCheck(cudaFree(d_full));
    free(a);
    return h;
}

static double i8_rel_l2(const uint16_t *y, const float *ref, size_t n, size_t *nonfinite) {
    double e = 0, r = 0;
    for (size_t i = 0; i < n; i++) {
        double v = f16_to_f32(y[i]);
        if (!isfinite(v)) {
            (*nonfinite)++;
            continue;
        }
        e += (v - ref[i]) * (v - ref[i]);
        r += (double)ref[i] * ref[i];
    }
    return sqrt(e / (r > 0 ? r : 1e-300));
}

static float *i8_workspace(int M, int N, int K, const TileConfig *cand, int nc) {
    size_t b = 0;
    for (int i = 0; i < nc; i++) {
        size_t s = gemm_int8_workspace_bytes(M, N, K, cand[i]);
        if (s > b) b = s;
    }
    return b ? i8_dalloc(b) : NULL;
}

// Every candidate config against the full model output.
static void test_all_configs_t(int M, int N, int K, EpiKind epi, int silu, float tiny) {
    I8Case c = i8_case_make_t(M, N, K, epi, silu, 0, (uint64_t)M * 131 + N * 7 + K + epi * 1000 + silu, tiny);
    TileConfig cand[64];
    int nc = gemm_int8_candidates(M, N, K, g_i8_sms, cand, 62);  // + heuristic + clamped split
    cand[nc++] = gemm_int8_heuristic(M, N, K, g_i8_sms);
    // one split count above what the candidates try, to cover clamping to the K-tile count
    cand[nc] = (TileConfig){cand[nc - 1].tile, 5};
    nc++;
    float *ws = i8_workspace(M, N, K, cand, nc);
    float *ref = i8_reference(&c);
    size_t ny = (size_t)M * c.nout;
    float *ym = xmalloc(ny * 4);
    for (int i = 0; i < nc; i++) {
        int bm, bn, bk;
        gemm_int8_tile_dims(cand[i].tile, &bm, &bn, &bk);
        gemm_int8_model(M, N, K, bm, bn, bk, cand[i].splits, c.a, c.wk, c.bk, c.res, ym,
                        epi == EPI_GEGLU ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, silu);
        float *tol = silu ? i8_silu_tolerance(&c, bm, bk, ym) : NULL;
        uint16_t *y = i8_case_launch(&c, cand[i], ws);
        size_t nan = 0, nf = 0;
        double worst = 0;
        size_t bad = i8_compare_model(&c, y, ym, 0, M, tol, &nan, &worst);
        double l2 = i8_rel_l2(y, ref, ny, &nf);
        const char *exact = silu ? "within the SiLU bound" : (epi == EPI_GEGLU ? "within 1 fp16 ulp" : "bit for bit");
        result(bad == 0 && nan == 0 && l2 <= 3e-2,
               "gemm_int8 M=%d N=%d K=%d epi=%s silu_a=%d tiny=%g %s splits=%d: == model %s (%zu mismatches, %zu "
               "NaN/Inf, worst %.2f ulp), rel L2 vs FP32 %.2e <= 3e-2",
               M, N, K, epi_name(epi), silu, tiny, gemm_int8_tile_name(cand[i].tile), cand[i].splits, exact, bad, nan,
               worst, l2);
        free(y), free(tol);
    }
    free(ym), free(ref);
    if (ws) cudaCheck(cudaFree(ws));
    i8_case_free(&c);
}

static void test_all_configs(int M, int N, int K, EpiKind epi, int silu) { test_all_configs_t(M, N, K, epi, silu, 0.0f); }

// Heuristic config; model on the first and last row tiles; FP32 reference on
// everything. outlier > 0: one +-outlier per row of A (rel L2 reported).
static void test_shape(const char *what, int M, int N, int K, EpiKind epi, int silu, float outlier) {
    I8Case c = i8_case_make(M, N, K, epi, silu, outlier, (uint64_t)M * 31 + N * 17 + K * 3 + epi + (outlier > 0));
    TileConfig cfg = gemm_int8_heuristic(M, N, K, g_i8_sms);
    float *ws = i8_workspace(M, N, K, &cfg, 1);
    float *ref = i8_reference(&c);
    size_t ny = (size_t)M * c.nout;
    uint16_t *y = i8_case_launch(&c, cfg, ws);
    int bm, bn, bk;
    gemm_int8_tile_dims(cfg.tile, &bm, &bn, &bk);
    float *ym = xmalloc(ny * 4);
    GemmEpilogue ge = epi == EPI_GEGLU ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
    int last = (M - 1) / bm * bm;
    gemm_int8_model_rows(M, N, K, bm, bn, bk, cfg.splits, c.a, c.wk, c.bk, c.res, ym, ge, silu, 0, bm);
    if (last > 0) gemm_int8_model_rows(M, N, K, bm, bn, bk, cfg.splits, c.a, c.wk, c.bk, c.res, ym, ge, silu, last, M);
    float *tol = NULL;
    if (silu) tol = i8_silu_tolerance(&c, bm, bk, ym);  // small M only (time embedding)
    size_t nan = 0, nf = 0, bad = 0;
    double worst = 0;
    bad += i8_compare_model(&c, y, ym, 0, M < bm ? M : bm, tol, &nan, &worst);
    if (last > 0) bad += i8_compare_model(&c, y, ym, last, M, tol, &nan, &worst);
    double l2 = i8_rel_l2(y, ref, ny, &nf);
    double lim = outlier > 0 ? 0.25 : 3e-2;
    result(bad == 0 && nan == 0 && nf == 0 && l2 <= lim,
           "gemm_int8 %s M=%d N=%d K=%d epi=%s silu_a=%d%s%s %s splits=%d: row tiles 0 and last == model (%zu "
           "mismatches, %zu NaN), no NaN/Inf in %zu outputs (%zu), rel L2 vs FP32 %.2e <= %g",
           what, M, N, K, epi_name(epi), silu, outlier > 0 ? " outlier=" : "", outlier > 0 ? "1/row" : "",
           gemm_int8_tile_name(cfg.tile), cfg.splits, bad, nan, ny, nf, l2, lim);
    if (outlier > 0) printf("  gemm_int8 M=%d N=%d K=%d one outlier of %g per A row: rel L2 vs FP32 %.3e\n", M, N, K,
                            outlier, l2);
    free(y), free(ym), free(ref), free(tol);
    if (ws) cudaCheck(cudaFree(ws));
    i8_case_free(&c);
}

static void test_zero_and_invalid(void) {
    // all-zero A: every tile scale 0 -> y == bias exactly, no NaN
    I8Case c = i8_case_make(77, 64, 200, EPI_BIAS, 0, 0, 5);
    cudaCheck(cudaMemset(c.d_a, 0, (size_t)c.M * c.K * 2));
    int nt = gemm_int8_num_tiles();
    for (int t = 0; t < nt; t++) {
        TileConfig cfg = {t, 1};
        // a tile this device or build cannot run (the sm_90a wgmma tiles elsewhere) is refused, never offered
        cudaError_t e = i8_case_run(&c, cfg, NULL);
        if (e == cudaErrorNotSupported) {
            (void)cudaGetLastError();
            TileConfig cand[64];
            int nc = gemm_int8_candidates(c.M, c.N, c.K, g_i8_sms, cand, 64), offered = 0;
            for (int i = 0; i < nc; i++) offered |= cand[i].tile == t;
            result(!offered, "gemm_int8 %s: not supported here -> cudaErrorNotSupported and not a candidate",
                   gemm_int8_tile_name(t));
            continue;
        }
        cudaCheck(e);
        uint16_t *y = i8_case_launch(&c, cfg, NULL);
        int ok = 1;
        for (int m = 0; m < c.M; m++)
            for (int n = 0; n < c.N; n++) ok &= y[(size_t)m * c.N + n] == f32_to_f16(c.bias[n]);
        result(ok, "gemm_int8 all-zero A M=77 N=64 K=200 %s: y == bias exactly, no NaN", gemm_int8_tile_name(t));
        free(y);
    }
    TileConfig cfg = {0, 1};
    result(gemm_int8(4, 12, 16, cfg, c.d_a, c.d_w, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0, NULL, 0) == cudaErrorInvalidValue,
           "gemm_int8 N=12 (not a multiple of 8) -> cudaErrorInvalidValue");
    result(gemm_int8(4, 16, 12, cfg, c.d_a, c.d_w, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0, NULL, 0) == cudaErrorInvalidValue,
           "gemm_int8 K=12 (not a multiple of 8) -> cudaErrorInvalidValue");
    result(gemm_int8(4, 16, 16, cfg, c.d_a, c.d_w, NULL, c.d_y, c.d_y, GEMM_EPI_GEGLU, 0, NULL, 0) == cudaErrorInvalidValue,
           "gemm_int8 GEGLU with residual -> cudaErrorInvalidValue");
    result(gemm_int8(4, 16, 256, (TileConfig){0, 2}, c.d_a, c.d_w, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0, NULL, 0) ==
               cudaErrorInvalidValue,
           "gemm_int8 splits=2 without workspace -> cudaErrorInvalidValue");
    result(gemm_int8(4, 16, 16, (TileConfig){nt, 1}, c.d_a, c.d_w, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0, NULL, 0) ==
               cudaErrorInvalidValue,
           "gemm_int8 tile=%d (out of range) -> cudaErrorInvalidValue", nt);
    (void)cudaGetLastError();
    i8_case_free(&c);
}

// The SD1.5 / SDXL transformer blocks whose linears both suites run: C, tokens, context dim.
static const int kTfShapes[][3] = {{320, 4096, 768}, {640, 1024, 768},  {1280, 256, 768},
                                   {1280, 64, 768},  {640, 1024, 2048}, {1280, 256, 2048}};

// --- --int8-scales row: gemm_int8_rows and quantize_rows_int8 ---------------------
// W quantized per row on the device (quantize_rows_int8, once), A per row,
// then every tile of gemm_int8_rows (the TMA tiles where they run, and the
// portable kernel always) against gemm_int8_rows_model: the quantized rows
// and scales bit for bit, y bit for bit (GEGLU within 1 FP16 ulp; with SiLU
// on A the device's expf may move a quantized value by one step, so y within
// a relative L2 of 1e-3 of the model); the FP32 reference's relative L2
// printed beside the per-tile kernel's on the same data.
static void test_rows_case(const char *what, int M, int N, int K, EpiKind epi, int silu, float outlier, int all_tiles) {
    I8Case c = i8_case_make(M, N, K, epi, silu, outlier, (uint64_t)M * 37 + N * 11 + K * 5 + epi * 100 + silu);
    const GemmEpilogue ge = epi == EPI_GEGLU ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
    int8_t *d_qa = i8_dalloc((size_t)M * K), *d_qw = i8_dalloc((size_t)N * K);
    float *d_sa = i8_dalloc((size_t)M * 4), *d_sw = i8_dalloc((size_t)N * 4);
    cudaCheck(cudaMemset(d_qa, 0x55, (size_t)M * K));  // poison: the quantizer must write every byte
    cudaCheck(cudaMemset(d_qw, 0x55, (size_t)N * K));
    cudaCheck(quantize_rows_int8(c.d_w, N, K, 0, d_qw, d_sw, 0));
    cudaCheck(quantize_rows_int8(c.d_a, M, K, silu, d_qa, d_sa, 0));
    cudaCheck(cudaDeviceSynchronize());
    // the quantizers against the model (A without SiLU: bit for bit; with it, q within one step)
    int8_t *hq = xmalloc((size_t)(M > N ? M : N) * K), *mq = xmalloc((size_t)(M > N ? M : N) * K);
    float *hs = xmalloc((size_t)(M > N ? M : N) * 4), *ms = xmalloc((size_t)(M > N ? M : N) * 4);
    size_t qbad = 0;
    for (int which = 0; which < 2; which++) {
        const int rows = which ? M : N;
        quant_rows_int8_model(which ? c.a : c.wk, rows, K, which ? silu : 0, mq, ms);
        copy_to_host(hq, which ? d_qa : d_qw, (size_t)rows * K, 0);
        copy_to_host(hs, which ? d_sa : d_sw, (size_t)rows * 4, 0);
        for (size_t i = 0; i < (size_t)rows * K; i++)
            qbad += (which && silu) ? abs(hq[i] - mq[i]) > 1 : hq[i] != mq[i];
        for (int r = 0; r < rows; r++)
            qbad += (which && silu) ? fabsf(hs[r] - ms[r]) > 1e-6f * ms[r] : memcmp(&hs[r], &ms[r], 4) != 0;
    }
    float *ref = i8_reference(&c);
    const size_t ny = (size_t)M * c.nout;
    float *ym = xmalloc(ny * 4);
    gemm_int8_rows_model(M, N, K, c.a, c.wk, c.bk, c.res, ym, ge, silu);
    // every tile (with the qa tiles, which quantize the FP16 A themselves, where A has no SiLU), or the
    // heuristic's picks with and without them
    TileConfig cand[96];
    const int a16 = !silu;
    int nc = all_tiles ? gemm_int8_rows_candidates(M, N, K, a16, g_i8_sms, cand, 48) : 0;
    if (all_tiles) {
        cand[nc++] = (TileConfig){gemm_int8_rows_portable_tile(), 1};
        // every cluster split-K tile at 2, 3, 5 and 8 splits (as many as the K stages allow), whatever the
        // candidates' fill rule takes: uneven K ranges, the K tail in the last split, M / N tails
        static const int ks[] = {2, 3, 5, 8};
        for (int t = 0; gemm_int8_rows_ck_tile(t) >= 0 && (K % 16) == 0; t++)
            for (unsigned j = 0; j < sizeof(ks) / sizeof(ks[0]); j++)
                if (ks[j] <= (K + 127) / 128) cand[nc++] = (TileConfig){gemm_int8_rows_ck_tile(t), ks[j]};
    } else {
        cand[nc++] = gemm_int8_rows_heuristic(M, N, K, ge, 0, g_i8_sms);
        const TileConfig h = gemm_int8_rows_heuristic(M, N, K, ge, a16, g_i8_sms);
        if (h.tile != cand[0].tile) cand[nc++] = h;
    }
    double l2 = 0;
    for (int i = 0; i < nc; i++) {
        cudaCheck(fill_u16_dev(c.d_y, kI8Poison, ny, 0));
        if (gemm_int8_rows_tile_a16(cand[i].tile))
            cudaCheck(gemm_int8_rows_a16(M, N, K, cand[i], c.d_a, d_qw, d_sw, c.d_bias, c.d_res, c.d_y, ge, 0));
        else
            cudaCheck(gemm_int8_rows(M, N, K, cand[i], d_qa, d_sa, d_qw, d_sw, c.d_bias, c.d_res, c.d_y, ge, 0));
        cudaCheck(cudaDeviceSynchronize());
        uint16_t *y = xmalloc(ny * 2);
        copy_to_host(y, c.d_y, ny * 2, 0);
        size_t nan = 0, nf = 0, bad = 0;
        double worst = 0, em = 0, rm = 0;
        if (silu) {
            for (size_t j = 0; j < ny; j++) {
                const double v = f16_to_f32(y[j]);
                if (!isfinite(v)) nan++;
                else em += (v - ym[j]) * (v - ym[j]), rm += (double)ym[j] * ym[j];
            }
            bad = nan + (sqrt(em / (rm > 0 ? rm : 1e-300)) > 1e-3);
        } else {
            bad = i8_compare_model(&c, y, ym, 0, M, NULL, &nan, &worst);
        }
        l2 = i8_rel_l2(y, ref, ny, &nf);
        const double lim = outlier > 0 ? 0.25 : 3e-2;
        result(qbad == 0 && bad == 0 && nan == 0 && nf == 0 && l2 <= lim,
               "gemm_int8_rows %s M=%d N=%d K=%d epi=%s silu_a=%d outlier=%g %s splits=%d: quantized rows and scales "
               "== model (%zu differ), y == model %s (%zu mismatches, %zu NaN/Inf, worst %.2f ulp), rel L2 vs FP32 "
               "%.2e <= %g",
               what, M, N, K, epi_name(epi), silu, outlier, gemm_int8_rows_tile_name(cand[i].tile), cand[i].splits, qbad,
               silu ? "within rel L2 1e-3" : (epi == EPI_GEGLU ? "within 1 fp16 ulp" : "bit for bit"), bad, nan,
               worst, l2, lim);
        free(y);
    }
    if (outlier > 0 || !strcmp(what, "normal")) {  // the per-tile kernel on the same data, for the error report
        TileConfig tc = gemm_int8_heuristic(M, N, K, g_i8_sms);
        float *ws = i8_workspace(M, N, K, &tc, 1);
        uint16_t *yt = i8_case_launch(&c, tc, ws);
        size_t nf = 0;
        printf("  int8 error M=%d N=%d K=%d %s (outlier %g per A row): rel L2 vs FP32 per-row scales %.3e, per-tile "
               "scales %.3e\n", M, N, K, what, outlier, l2, i8_rel_l2(yt, ref, ny, &nf));
        free(yt);
        if (ws) cudaCheck(cudaFree(ws));
    }
    free(hq), free(mq), free(hs), free(ms), free(ym), free(ref);
    cudaCheck(cudaFree(d_qa));
    cudaCheck(cudaFree(d_qw));
    cudaCheck(cudaFree(d_sa));
    cudaCheck(cudaFree(d_sw));
    i8_case_free(&c);
}

// All-zero A rows (scale 0: y == bias exactly) and refused arguments.
static void test_rows_zero_and_invalid(void) {
    const int M = 64, N = 128, K = 256;
    I8Case c = i8_case_make(M, N, K, EPI_BIAS, 0, 0, 99);
    cudaCheck(cudaMemset(c.d_a, 0, (size_t)M * K * 2));
    int8_t *qa = i8_dalloc((size_t)M * K), *qw = i8_dalloc((size_t)N * K);
    float *sa = i8_dalloc(M * 4), *sw = i8_dalloc(N * 4);
    cudaCheck(quantize_rows_int8(c.d_w, N, K, 0, qw, sw, 0));
    cudaCheck(quantize_rows_int8(c.d_a, M, K, 0, qa, sa, 0));
    TileConfig cfg = gemm_int8_rows_heuristic(M, N, K, GEMM_EPI_NONE, 0, g_i8_sms);
    // the qa tiles' pick (the others' where the GPU has none)
    const TileConfig cfq = gemm_int8_rows_heuristic(M, N, K, GEMM_EPI_NONE, 2, g_i8_sms);
    uint16_t *y = xmalloc((size_t)M * N * 2);
    for (int pass = 0; pass < 2; pass++) {
        const TileConfig t = pass ? cfq : cfg;
        cudaCheck(fill_u16_dev(c.d_y, kI8Poison, (size_t)M * N, 0));
        if (gemm_int8_rows_tile_a16(t.tile))
            cudaCheck(gemm_int8_rows_a16(M, N, K, t, c.d_a, qw, sw, c.d_bias, NULL, c.d_y, GEMM_EPI_NONE, 0));
        else
            cudaCheck(gemm_int8_rows(M, N, K, t, qa, sa, qw, sw, c.d_bias, NULL, c.d_y, GEMM_EPI_NONE, 0));
        cudaCheck(cudaDeviceSynchronize());
        copy_to_host(y, c.d_y, (size_t)M * N * 2, 0);
        size_t bad = 0;
        for (int m = 0; m < M; m++)
            for (int n = 0; n < N; n++) bad += y[(size_t)m * N + n] != f32_to_f16(c.bias[n]);
        result(bad == 0, "gemm_int8_rows M=%d N=%d K=%d all-zero A %s: y == bias exactly (%zu differ)", M, N, K,
               gemm_int8_rows_tile_name(t.tile), bad);
    }
    if (gemm_int8_rows_tile_a16(cfq.tile)) {  // the qa tiles' refusals
        const TileConfig plain = {0, 1};
        const int qref = gemm_int8_rows(M, N, K, cfq, qa, sa, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) != cudaSuccess &&
                         gemm_int8_rows_a16(M, N, K, plain, c.d_a, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) != cudaSuccess &&
                         gemm_int8_rows_a16(M, N, 1296, cfq, c.d_a, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) != cudaSuccess &&
                         gemm_int8_rows_a16(M, N, K - 8, cfq, c.d_a + 8, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) !=
                             cudaSuccess &&
                         gemm_int8_rows_a16(M, N, K, cfq, c.d_a + 1, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) !=
                             cudaSuccess;
        (void)cudaGetLastError();
        result(qref, "gemm_int8_rows_a16 / %s: a qa tile through gemm_int8_rows, another tile through _a16, K > %d, "
                     "K %% 16 != 0, A not 16-byte aligned: refused", gemm_int8_rows_tile_name(cfq.tile), 1280);
    }
    const int refused = gemm_int8_rows(M, 12, K, cfg, qa, sa, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) != cudaSuccess &&
                        gemm_int8_rows(M, N, 12, cfg, qa, sa, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE, 0) != cudaSuccess &&
                        gemm_int8_rows(M, 24, K, cfg, qa, sa, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_GEGLU, 0) != cudaSuccess &&
                        gemm_int8_rows(M, N, K, (TileConfig){gemm_int8_rows_portable_tile() + 1, 1}, qa, sa, qw, sw, NULL, NULL,
                                       c.d_y, GEMM_EPI_NONE, 0) !=
                            cudaSuccess &&
                        gemm_int8_rows(M, N, 200, (TileConfig){0, 1}, qa, sa, qw, sw, NULL, NULL, c.d_y, GEMM_EPI_NONE,
                                       0) != cudaSuccess &&
                        quantize_rows_int8(c.d_a, M, 12, 0, qa, sa, 0) != cudaSuccess;
    (void)cudaGetLastError();
    result(refused, "gemm_int8_rows / quantize_rows_int8: N or K not a multiple of 8, GEGLU N %% 16, unknown tile, "
                    "a TMA tile at K %% 16 != 0: refused");
    free(y);
    cudaCheck(cudaFree(qa));
    cudaCheck(cudaFree(qw));
    cudaCheck(cudaFree(sa));
    cudaCheck(cudaFree(sw));
    i8_case_free(&c);
}

// The heuristic's qa rule on the H100's 132 SMs: at 8192 rows (SD1.5 320 @64 b2) a node with FP16 A
// and no GEGLU takes a qa tile; GEGLU keeps the pass and the three-consumer tile (at 8192 x 2560 x 320
// its qa pick took 51.3-51.7 against 43.2-43.3 us) unless --fuse-quant on (a16 2); 4096 rows take none.
// Where the qa tile of the best fill does not take K (8192 x 10240 x 1280: 64 x 256), auto keeps the pass
// and the rule's tile, and on takes the widest narrower qa tile that does (64 x 160). Row blocks in a
// part-filled second wave take none (SD2.1 320 @96: 9216 and 18432 rows, 144 and 288 blocks for 132 SMs),
// whole waves do (16896 rows: 264 blocks); a GPU of 114 SMs takes none at 8192 rows (128 blocks).
static void test_rows_heuristic_qa(void) {
    if (gemm_int8_rows_heuristic(8192, 2560, 320, GEMM_EPI_NONE, 0, 132).tile == gemm_int8_rows_portable_tile())
        return;  // no Hopper TMA tiles on this GPU / engine: every pick is the portable kernel
    const int none = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(8192, 2560, 320, GEMM_EPI_NONE, 1, 132).tile),
              res = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(8192, 320, 1280, GEMM_EPI_NONE, 1, 132).tile),
              geglu = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(8192, 2560, 320, GEMM_EPI_GEGLU, 1, 132).tile),
              forced = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(8192, 2560, 320, GEMM_EPI_GEGLU, 2, 132).tile),
              small = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(4096, 320, 1280, GEMM_EPI_NONE, 1, 132).tile),
              wave2 = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(9216, 320, 1280, GEMM_EPI_NONE, 1, 132).tile),
              wave3 = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(18432, 320, 320, GEMM_EPI_NONE, 1, 132).tile),
              whole2 = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(16896, 320, 320, GEMM_EPI_NONE, 1, 132).tile),
              sms114 = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(8192, 320, 1280, GEMM_EPI_NONE, 1, 114).tile),
              wave2_on = gemm_int8_rows_tile_a16(gemm_int8_rows_heuristic(9216, 320, 1280, GEMM_EPI_NONE, 2, 132).tile);
    const TileConfig wide = gemm_int8_rows_heuristic(8192, 10240, 1280, GEMM_EPI_NONE, 1, 132),
                     wide_on = gemm_int8_rows_heuristic(8192, 10240, 1280, GEMM_EPI_NONE, 2, 132);
    const char *wide_on_name = gemm_int8_rows_tile_name(wide_on.tile);
    const int wide_ok = !gemm_int8_rows_tile_a16(wide.tile) && gemm_int8_rows_tile_a16(wide_on.tile) &&
                        strstr(wide_on_name, "64x160") != NULL;
    result(none && res && !geglu && forced && !small && wide_ok,
           "gemm_int8_rows_heuristic 132 SMs, FP16 A: qa tile at 8192x2560x320 none (%d), 8192x320x1280 (%d); "
           "not at 8192x2560x320 GEGLU (%d) unless forced (%d), not at 4096x320x1280 (%d); 8192x10240x1280: "
           "auto %s, on %s",
           none, res, geglu, forced, small, gemm_int8_rows_tile_name(wide.tile), wide_on_name);
    result(!wave2 && !wave3 && whole2 && !sms114 && wave2_on,
           "gemm_int8_rows_heuristic, FP16 A, row blocks in waves: no qa tile at 9216x320x1280 (%d) or "
           "18432x320x320 (%d) on 132 SMs, one at 16896x320x320 (%d); none at 8192x320x1280 on 114 SMs (%d); "
           "forced at 9216x320x1280 (%d)",
           wave2, wave3, whole2, sms114, wave2_on);
}

// layernorm_quant_rows_int8 against layernorm_fp16 then quantize_rows_int8 on the same rows: the same
// bytes and scales (rows of N(shift, 1) with gamma, beta near 1 and 0; the last row constant: beta only).
static void test_ln_quant_case(int M, int C, float shift) {
    float *x = xmalloc((size_t)M * C * 4), *gam = xmalloc((size_t)C * 4), *bet = xmalloc((size_t)C * 4);
    for (size_t i = 0; i < (size_t)M * C; i++) x[i] = shift + i8_normal(71 + C, i);
    for (int c = 0; c < C; c++) x[(size_t)(M - 1) * C + c] = shift;
    for (int c = 0; c < C; c++) gam[c] = 1.0f + 0.25f * i8_normal(72, c), bet[c] = 0.25f * i8_normal(73, c);
    uint16_t *d_x = i8_upload16(x, (size_t)M * C), *d_y = i8_dalloc((size_t)M * C * 2);
    float *d_g = i8_upload32(gam, C), *d_b = i8_upload32(bet, C), *d_s = i8_dalloc((size_t)M * 4);
    float *d_s2 = i8_dalloc((size_t)M * 4);
    int8_t *d_q = i8_dalloc((size_t)M * C), *d_q2 = i8_dalloc((size_t)M * C);
    cudaCheck(cudaMemset(d_q, 0x55, (size_t)M * C));  // poison: the pass must write every byte
    cudaCheck(cudaMemset(d_s, 0x55, (size_t)M * 4));
    cudaCheck(layernorm_quant_rows_int8(d_x, d_g, d_b, M, C, 1e-5f, d_q, d_s, 0));
    cudaCheck(layernorm_fp16(d_x, d_y, d_g, d_b, M, C, 1e-5f, 0));
    cudaCheck(quantize_rows_int8(d_y, M, C, 0, d_q2, d_s2, 0));
    cudaCheck(cudaDeviceSynchronize());
    int8_t *q = xmalloc((size_t)M * C), *q2 = xmalloc((size_t)M * C);
    float *s = xmalloc((size_t)M * 4), *s2 = xmalloc((size_t)M * 4);
    copy_to_host(q, d_q, (size_t)M * C, 0);
    copy_to_host(q2, d_q2, (size_t)M * C, 0);
    copy_to_host(s, d_s, (size_t)M * 4, 0);
    copy_to_host(s2, d_s2, (size_t)M * 4, 0);
    size_t qd = 0, sd = 0, zero = 0;
    for (size_t i = 0; i < (size_t)M * C; i++) qd += q[i] != q2[i], zero += q[i] == 0;
    for (int m = 0; m < M; m++) sd += memcmp(&s[m], &s2[m], 4) != 0 || !(s[m] > 0);
    result(qd == 0 && sd == 0 && zero < (size_t)M * C / 4,
           "layernorm_quant_rows_int8 M=%d C=%d rows N(%g, 1): q and scale == layernorm_fp16 then quantize_rows_int8 "
           "(%zu bytes, %zu scales differ or are not > 0; %zu zero bytes)", M, C, shift, qd, sd, zero);
    // gamma and beta 4 bytes past 16-byte alignment (the scalar loads of ln_chunk): the same bytes and scales
    float *gam1 = xmalloc((size_t)(C + 1) * 4), *bet1 = xmalloc((size_t)(C + 1) * 4);
    gam1[0] = bet1[0] = 0.0f;
    memcpy(gam1 + 1, gam, (size_t)C * 4), memcpy(bet1 + 1, bet, (size_t)C * 4);
    float *d_g1 = i8_upload32(gam1, C + 1), *d_b1 = i8_upload32(bet1, C + 1);
    cudaCheck(cudaMemset(d_q2, 0x55, (size_t)M * C));
    cudaCheck(cudaMemset(d_s2, 0x55, (size_t)M * 4));
    cudaCheck(layernorm_quant_rows_int8(d_x, d_g1 + 1, d_b1 + 1, M, C, 1e-5f, d_q2, d_s2, 0));
    cudaCheck(cudaDeviceSynchronize());
    copy_to_host(q2, d_q2, (size_t)M * C, 0);
    copy_to_host(s2, d_s2, (size_t)M * 4, 0);
    size_t ud = 0;
    for (size_t i = 0; i < (size_t)M * C; i++) ud += q[i] != q2[i];
    for (int m = 0; m < M; m++) ud += memcmp(&s[m], &s2[m], 4) != 0;
    result(ud == 0, "layernorm_quant_rows_int8 M=%d C=%d gamma, beta not 16-byte aligned: q and scale == the aligned "
           "call's (%zu differ)", M, C, ud);
    free(gam1), free(bet1);
    cudaCheck(cudaFree(d_g1));
    cudaCheck(cudaFree(d_b1));
    const int refused = layernorm_quant_rows_int8(d_x, d_g, d_b, M, 12, 1e-5f, d_q, d_s, 0) != cudaSuccess &&
                        layernorm_quant_rows_int8(d_x, d_g, d_b, M, 4104, 1e-5f, d_q, d_s, 0) != cudaSuccess;
    (void)cudaGetLastError();
    if (C == 8) result(refused, "layernorm_quant_rows_int8: C %% 8 != 0 or C > 4096 refused");
    free(x), free(gam), free(bet), free(q), free(q2), free(s), free(s2);
    void *dp[] = {d_x, d_y, d_g, d_b, d_s, d_s2, d_q, d_q2};
    for (unsigned i = 0; i < sizeof(dp) / sizeof(dp[0]); i++) cudaCheck(cudaFree(dp[i]));
}

// linear_rows_int8 (quantization and GEMV in one kernel) against quantize_rows_int8 then gemm_int8_rows on the
// GPU (the same functions: bit for bit, SiLU included) and against the C model (bit for bit without SiLU, within
// rel L2 1e-3 with it: the GPU's expf); optional bias and residual.
static void test_gemv_case(int rows, int N, int K, int silu, int bias, int res) {
    const uint64_t seed = (uint64_t)rows * 7 + N * 3 + K + silu * 11 + bias * 13 + res * 17;
    float *x = xmalloc((size_t)rows * K * 4), *w = xmalloc((size_t)N * K * 4), *bk = xmalloc((size_t)N * 4);
    float *r = xmalloc((size_t)rows * N * 4);
    for (size_t i = 0; i < (size_t)rows * K; i++) x[i] = 2.0f * i8_normal(seed + 1, i);
    for (size_t i = 0; i < (size_t)N * K; i++) w[i] = 0.05f * i8_normal(seed + 2, i);
    for (int i = 0; i < N; i++) bk[i] = 0.1f * i8_normal(seed + 3, i);
    for (size_t i = 0; i < (size_t)rows * N; i++) r[i] = f16_to_f32(f32_to_f16(i8_normal(seed + 4, i)));
    for (size_t i = 0; i < (size_t)rows * K; i++) x[i] = f16_to_f32(f32_to_f16(x[i]));  // the FP16 inputs exactly
    for (size_t i = 0; i < (size_t)N * K; i++) w[i] = f16_to_f32(f32_to_f16(w[i]));
    uint16_t *d_x = i8_upload16(x, (size_t)rows * K), *d_w = i8_upload16(w, (size_t)N * K);
    uint16_t *d_r = res ? i8_upload16(r, (size_t)rows * N) : NULL;
    float *d_b = bias ? i8_upload32(bk, N) : NULL, *d_sw = i8_dalloc((size_t)N * 4), *d_sa = i8_dalloc((size_t)rows * 4);
    int8_t *d_qw = i8_dalloc((size_t)N * K), *d_qa = i8_dalloc((size_t)rows * K);
    uint16_t *d_y = i8_dalloc((size_t)rows * N * 2), *d_y2 = i8_dalloc((size_t)rows * N * 2);
    cudaCheck(quantize_rows_int8(d_w, N, K, 0, d_qw, d_sw, 0));
    cudaCheck(fill_u16_dev(d_y, kI8Poison, (size_t)rows * N, 0));
    cudaCheck(fill_u16_dev(d_y2, kI8Poison, (size_t)rows * N, 0));
    cudaCheck(linear_rows_int8(d_x, rows, K, N, silu, d_qw, d_sw, d_b, d_r, d_y, 0));
    cudaCheck(quantize_rows_int8(d_x, rows, K, silu, d_qa, d_sa, 0));
    cudaCheck(gemm_int8_rows(rows, N, K, gemm_int8_rows_heuristic(rows, N, K, GEMM_EPI_NONE, 0, g_i8_sms), d_qa, d_sa, d_qw,
                             d_sw, d_b, d_r, d_y2, GEMM_EPI_NONE, 0));
    cudaCheck(cudaDeviceSynchronize());
    uint16_t *y = xmalloc((size_t)rows * N * 2), *y2 = xmalloc((size_t)rows * N * 2);
    copy_to_host(y, d_y, (size_t)rows * N * 2, 0);
    copy_to_host(y2, d_y2, (size_t)rows * N * 2, 0);
    float *ym = xmalloc((size_t)rows * N * 4);
    gemm_int8_rows_model(rows, N, K, x, w, bias ? bk : NULL, res ? r : NULL, ym, GEMM_EPI_NONE, silu);
    size_t diff = 0, mbad = 0, nan = 0;
    double em = 0, rm = 0;
    for (size_t i = 0; i < (size_t)rows * N; i++) {
        const float v = f16_to_f32(y[i]);
        diff += y[i] != y2[i];
        nan += !isfinite(v);
        mbad += !silu && y[i] != f32_to_f16(ym[i]);
        em += ((double)v - ym[i]) * ((double)v - ym[i]), rm += (double)ym[i] * ym[i];
    }
    const double rel = sqrt(em / (rm > 0 ? rm : 1e-300));
    result(diff == 0 && nan == 0 && mbad == 0 && rel <= 1e-3,
           "linear_rows_int8 rows=%d N=%d K=%d silu_a=%d bias=%d residual=%d: y == quantize_rows_int8 + gemm_int8_rows "
           "bit for bit (%zu differ), == model %s (%zu differ, rel L2 %.1e), %zu NaN/Inf", rows, N, K, silu, bias, res,
           diff, silu ? "within rel L2 1e-3" : "bit for bit", mbad, rel, nan);
    free(x), free(w), free(bk), free(r), free(y), free(y2), free(ym);
    void *dp[] = {d_x, d_w, d_r, d_b, d_sw, d_sa, d_qw, d_qa, d_y, d_y2};
    for (unsigned i = 0; i < sizeof(dp) / sizeof(dp[0]); i++)
        if (dp[i]) cudaCheck(cudaFree(dp[i]));
}

// --int8-scales group: gemm_int8_group with every tile against gemm_int8_group_model (bit for bit; GEGLU
// within one FP16 ulp), no NaN/Inf, the relative L2 against FP32 (3e-2; 0.25 with outliers). tiny != 0: the
// first half of the A rows scaled by it, so their groups take the FP32 quantizer (127 / amax past FP16).
// The per-row kernel's error on the same data is printed beside it.
static void test_group_case(const char *what, int M, int N, int K, EpiKind epi, float outlier, float tiny) {
    I8Case c = i8_case_make_t(M, N, K, epi, 0, outlier, (uint64_t)M * 41 + N * 13 + K * 7 + epi * 100, tiny);
    const GemmEpilogue ge = epi == EPI_GEGLU ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
    const int ng = (K + 127) / 128;
    int8_t *d_qw = i8_dalloc((size_t)N * K), *d_qa = i8_dalloc((size_t)M * K);
    float *d_sw = i8_dalloc((size_t)N * 4), *d_sa = i8_dalloc((size_t)M * ng * 4);  // (M, G); (M) for rows
    cudaCheck(quantize_rows_int8(c.d_w, N, K, 0, d_qw, d_sw, 0));
    // the group quantizer's bytes and scales against quant_groups_int8_model, bit for bit (poisoned first)
    cudaCheck(cudaMemset(d_qa, 0x7f, (size_t)M * K)), cudaCheck(cudaMemset(d_sa, 0xff, (size_t)M * ng * 4));
    cudaCheck(quantize_groups_int8(c.d_a, M, K, d_qa, d_sa, 0));
    {
        int8_t *q = xmalloc((size_t)M * K), *qm = xmalloc((size_t)M * K);
        float *s = xmalloc((size_t)M * ng * 4), *sm = xmalloc((size_t)M * ng * 4);
        copy_to_host(q, d_qa, (size_t)M * K, 0);
        copy_to_host(s, d_sa, (size_t)M * ng * 4, 0);
        quant_groups_int8_model(c.a, M, K, qm, sm);
        const size_t qbad = count_diff_bytes(q, qm, (size_t)M * K), sbad = count_diff_bytes(s, sm, (size_t)M * ng * 4);
        result(qbad == 0 && sbad == 0,
               "quantize_groups_int8 %s rows=%d K=%d outlier=%g tiny=%g: bytes and group scales == model bit for bit "
               "(%zu bytes, %zu scale bytes differ)", what, M, K, outlier, tiny, qbad, sbad);
        free(q), free(qm), free(s), free(sm);
    }
    float *ref = i8_reference(&c);
    const size_t ny = (size_t)M * c.nout;
    float *ym = xmalloc(ny * 4);
    gemm_int8_group_model(M, N, K, c.a, c.wk, c.bk, c.res, ym, ge);
    TileConfig cand[8];
    const int nc = gemm_int8_group_candidates(M, N, K, cand, 8);
    result(nc > 0, "gemm_int8_group M=%d N=%d K=%d: tiles offered (%d)", M, N, K, nc);
    uint16_t *y = xmalloc(ny * 2);
    double l2 = 0;
    for (int i = 0; i < nc; i++) {
        cudaCheck(fill_u16_dev(c.d_y, kI8Poison, ny, 0));
        cudaCheck(gemm_int8_group(M, N, K, cand[i], d_qa, d_sa, d_qw, d_sw, c.d_bias, c.d_res, c.d_y, ge, 0));
        cudaCheck(cudaDeviceSynchronize());
        copy_to_host(y, c.d_y, ny * 2, 0);
        size_t nan = 0, nf = 0;
        double worst = 0;
        const size_t bad = i8_compare_model(&c, y, ym, 0, M, NULL, &nan, &worst);
        l2 = i8_rel_l2(y, ref, ny, &nf);
        const double lim = outlier > 0 ? 0.25 : 3e-2;
        result(bad == 0 && nan == 0 && nf == 0 && l2 <= lim,
               "gemm_int8_group %s M=%d N=%d K=%d epi=%s outlier=%g tiny=%g %s: y == model %s (%zu mismatches, "
               "%zu NaN/Inf, worst %.2f ulp), rel L2 vs FP32 %.2e <= %g",
               what, M, N, K, epi_name(epi), outlier, tiny, gemm_int8_group_tile_name(cand[i].tile),
               epi == EPI_GEGLU ? "within 1 fp16 ulp" : "bit for bit", bad, nan, worst, l2, lim);
        if (!strcmp(what, "awkward")) {  // weight scales 4 bytes off 8-byte alignment: the slab epilogue
            float *d_swu = i8_dalloc((size_t)N * 4 + 8);
            uint16_t *yu = xmalloc(ny * 2);
            cudaCheck(cudaMemcpy(d_swu + 1, d_sw, (size_t)N * 4, cudaMemcpyDeviceToDevice));
            cudaCheck(fill_u16_dev(c.d_y, kI8Poison, ny, 0));
            cudaCheck(gemm_int8_group(M, N, K, cand[i], d_qa, d_sa, d_qw, d_swu + 1, c.d_bias, c.d_res, c.d_y, ge, 0));
            cudaCheck(cudaDeviceSynchronize());
            copy_to_host(yu, c.d_y, ny * 2, 0);
            const size_t ud = count_diff_bytes(yu, y, ny * 2);
            result(ud == 0,
                   "gemm_int8_group %s M=%d N=%d K=%d epi=%s %s sw_4_bytes_off_8: slab epilogue == TS epilogue bit "
                   "for bit (%zu bytes differ)", what, M, N, K, epi_name(epi), gemm_int8_group_tile_name(cand[i].tile),
                   ud);
            free(yu);
            cudaCheck(cudaFree(d_swu));
        }
    }
    if (outlier > 0 || !strcmp(what, "normal")) {  // per-row scales on the same data, for the error report
        const TileConfig rc = gemm_int8_rows_heuristic(M, N, K, ge, 0, g_i8_sms);
        cudaCheck(quantize_rows_int8(c.d_a, M, K, 0, d_qa, d_sa, 0));
        cudaCheck(gemm_int8_rows(M, N, K, rc, d_qa, d_sa, d_qw, d_sw, c.d_bias, c.d_res, c.d_y, ge, 0));
        copy_to_host(y, c.d_y, ny * 2, 0);
        size_t nf = 0;
        printf("  int8 error M=%d N=%d K=%d %s (outlier %g per A row): rel L2 vs FP32 per-(row, 128-K group) scales "
               "%.3e, per-row scales %.3e\n", M, N, K, what, outlier, l2, i8_rel_l2(y, ref, ny, &nf));
    }
    free(y), free(ym), free(ref);
    cudaCheck(cudaFree(d_qw)), cudaCheck(cudaFree(d_sw)), cudaCheck(cudaFree(d_qa)), cudaCheck(cudaFree(d_sa));
    i8_case_free(&c);
}

// gemm_int8_group refuses K % 16 != 0, tile ids past its list, split-K, GEGLU with a residual, missing
// group scales and y not 16-byte aligned; quantize_groups_int8 refuses K % 8 != 0.
static void test_group_invalid(void) {
    uint16_t *a = i8_dalloc(64 * 272 * 2), *y = i8_dalloc(64 * 64 * 2), *r = i8_dalloc(64 * 64 * 2);
    int8_t *q = i8_dalloc(64 * 272), *qa = i8_dalloc(64 * 272);
    float *s = i8_dalloc(64 * 4), *sg = i8_dalloc(64 * 3 * 4);
    const TileConfig ok = gemm_int8_group_heuristic(64, 64, 272);
    const int refused =
        gemm_int8_group(64, 64, 264, ok, qa, sg, q, s, NULL, NULL, y, GEMM_EPI_NONE, 0) != cudaSuccess &&
        gemm_int8_group(64, 64, 272, (TileConfig){99, 1}, qa, sg, q, s, NULL, NULL, y, GEMM_EPI_NONE, 0) !=
            cudaSuccess &&
        gemm_int8_group(64, 64, 272, (TileConfig){ok.tile, 2}, qa, sg, q, s, NULL, NULL, y, GEMM_EPI_NONE, 0) !=
            cudaSuccess &&
        gemm_int8_group(64, 64, 272, ok, qa, sg, q, s, NULL, r, y, GEMM_EPI_GEGLU, 0) != cudaSuccess &&
        gemm_int8_group(64, 64, 272, ok, qa, NULL, q, s, NULL, NULL, y, GEMM_EPI_NONE, 0) != cudaSuccess &&
        gemm_int8_group(64, 64, 272, ok, qa, sg, q, s, NULL, NULL, y + 4, GEMM_EPI_NONE, 0) != cudaSuccess &&
        quantize_groups_int8(a, 64, 268, qa, sg, 0) != cudaSuccess;
    (void)cudaGetLastError();
    result(refused, "gemm_int8_group: K %% 16 != 0, an unknown tile, split-K, GEGLU with a residual, no group "
                    "scales, y not 16-byte aligned refused; quantize_groups_int8: K %% 8 != 0 refused");
    cudaCheck(cudaFree(qa)), cudaCheck(cudaFree(sg));
    cudaCheck(cudaFree(a)), cudaCheck(cudaFree(y)), cudaCheck(cudaFree(r)), cudaCheck(cudaFree(q)), cudaCheck(cudaFree(s));
}

void gpu_suite_int8_group(int num_sms) {
    g_i8_sms = num_sms;
    if (!gemm_int8_group_usable(1024)) return;  // the group tiles run on the Hopper engine only
    test_group_invalid();
    // awkward shapes: M = 1, 7, 77, 129 (row tails), N tails, K = 16 .. 1296 (group tails: 16 of 128), every
    // epilogue; tiny groups on the FP32 quantizer
    static const int sh[][3] = {{1, 8, 16}, {7, 24, 48}, {77, 136, 1296}, {129, 264, 272}, {333, 384, 1024},
                                {65, 80, 144}, {4177, 1040, 320}};
    for (unsigned i = 0; i < sizeof(sh) / sizeof(sh[0]); i++)
        for (int e = 0; e < 4; e++) {
            if (e == EPI_GEGLU && sh[i][1] % 16) continue;
            test_group_case("awkward", sh[i][0], sh[i][1], sh[i][2], (EpiKind)e, 0, 0);
        }
    test_group_case("tiny", 200, 320, 640, EPI_BIAS, 0, 1e-4f);
    // every linear of the SD1.5 / SDXL transformer blocks at batch 1 and 2 (the few-row ones excepted: they
    // keep row scales), and the feed-forward GEMM shapes
    char what[64];
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(kTfShapes) / sizeof(kTfShapes[0]); i++) {
            int C = kTfShapes[i][0], M = b * kTfShapes[i][1], D = kTfShapes[i][2];
            snprintf(what, sizeof what, "B%d_C%d_T%d", b, C, kTfShapes[i][1]);
            test_group_case(what, M, 3 * C, C, EPI_NONE, 0, 0);
            test_group_case(what, M, C, C, EPI_BIAS_RES, 0, 0);
            test_group_case(what, M, 8 * C, C, EPI_GEGLU, 0, 0);
            test_group_case(what, M, C, 4 * C, EPI_BIAS_RES, 0, 0);
            test_group_case(what, b * 77, 2 * C, D, EPI_NONE, 0, 0);
        }
    test_group_case("ff", 2048, 1280, 5120, EPI_NONE, 0, 0);
    // error beside the per-row kernel: normal data and one outlier per A row
    test_group_case("normal", 1024, 1280, 1280, EPI_BIAS, 0, 0);
    test_group_case("outliers", 1024, 1280, 1280, EPI_BIAS, 30.f, 0);
    test_group_case("outliers", 1024, 1280, 1280, EPI_BIAS, 300.f, 0);
    test_group_case("normal", 2048, 320, 1280, EPI_BIAS_RES, 0, 0);
    test_group_case("outliers", 2048, 320, 1280, EPI_BIAS_RES, 100.f, 0);
}

void gpu_suite_int8_rows(int num_sms) {
    g_i8_sms = num_sms;
    // the few-row linear in one kernel: the time embedding's shapes (320 -> 1280, 1280 -> 1280 / 640 / 320 with
    // SiLU; SDXL's 2816 -> 1280 with a residual), rows 1 .. 8, K % 16 == 8
    static const int gv[][6] = {{1, 1280, 320, 0, 1, 0}, {2, 1280, 1280, 1, 1, 0}, {2, 320, 1280, 1, 1, 0},
                                {8, 640, 1280, 1, 1, 0}, {3, 1280, 2816, 0, 1, 1}, {5, 72, 200, 1, 0, 1},
                                {7, 8, 8, 0, 0, 0}};
    for (unsigned i = 0; i < sizeof(gv) / sizeof(gv[0]); i++)
        test_gemv_case(gv[i][0], gv[i][1], gv[i][2], gv[i][3], gv[i][4], gv[i][5]);
    {
        int8_t *q = i8_dalloc(64 * 16);
        float *s = i8_dalloc(64 * 4);
        uint16_t *x = i8_dalloc(16 * 64 * 2), *y = i8_dalloc(16 * 64 * 2);
        const int refused = linear_rows_int8(x, LINEAR_ROWS_INT8_MAX + 1, 16, 64, 0, q, s, NULL, NULL, y, 0) != cudaSuccess &&
                            linear_rows_int8(x, 2, 12, 64, 0, q, s, NULL, NULL, y, 0) != cudaSuccess &&
                            linear_rows_int8(x, 8, 8192, 64, 0, q, s, NULL, NULL, y, 0) != cudaSuccess;
        (void)cudaGetLastError();
        result(refused, "linear_rows_int8: rows > %d, K %% 8 != 0, rows x K past 48 KB refused", LINEAR_ROWS_INT8_MAX);
        cudaCheck(cudaFree(q)), cudaCheck(cudaFree(s)), cudaCheck(cudaFree(x)), cudaCheck(cudaFree(y));
    }
    // the LayerNorm that quantizes its rows: C = 8 .. 4096 (NCH 2, 4, 8, 16; at 8200 and 8193 rows more blocks
    // than 6 per SM hold: the 32-register NCH = 2 kernel), M tails, rows far from zero mean
    static const int lq[][2] = {{1, 8},     {77, 24},   {4096, 320}, {1030, 640}, {257, 1280},
                                {65, 2048}, {9, 4096}, {8200, 320}, {8193, 504}};
    for (unsigned i = 0; i < sizeof(lq) / sizeof(lq[0]); i++) test_ln_quant_case(lq[i][0], lq[i][1], i % 2 ? 30.f : 0.f);
    test_rows_zero_and_invalid();
    test_rows_heuristic_qa();
    // awkward shapes: M = 1, 7, 77, 129, N / K tails, K % 16 == 8 (portable only), every tile; 4177 x 1040:
    // more than two tiles per CTA of every ping-pong tile (each consumer several, the ring across tiles)
    // 8960 x 320 x 1280: more 64-row blocks (140) than SMs, so the qa tiles run in two waves. The K values
    // give the qa tiles' row quantizer every lane count per row: 1 (K 16, 40), 2 (48), 4 (136), 8 (200, 272),
    // 16 (336, 640) and 32 (1024, 1280)
    static const int sh[][3] = {{1, 8, 16},      {7, 24, 40},      {77, 136, 1288}, {129, 264, 272},
                                {100, 208, 200}, {333, 384, 1024}, {65, 80, 136},   {4177, 1040, 272},
                                {8960, 320, 1280}, {300, 96, 48},  {257, 160, 336}, {1030, 320, 640}};
    for (unsigned i = 0; i < sizeof(sh) / sizeof(sh[0]); i++)
        for (int e = 0; e < 4; e++) {
            if (e == EPI_GEGLU && sh[i][1] % 16) continue;
            test_rows_case("awkward", sh[i][0], sh[i][1], sh[i][2], (EpiKind)e, 0, 0, 1);
        }
    // the ping-pong tiles' N-fastest walk (taken by the rule where A is over half the L2: 8192 x 5120 and
    // larger, too large for the C model here), forced, every tile, at the shapes with several tiles per CTA
    kernels_set_tile_walk(1);
    test_rows_case("walk-n", 4177, 1040, 272, EPI_NONE, 0, 0, 1);
    test_rows_case("walk-n", 4177, 1040, 272, EPI_BIAS_RES, 0, 0, 1);
    test_rows_case("walk-n", 4177, 1040, 272, EPI_GEGLU, 0, 0, 1);
    test_rows_case("walk-n", 8960, 320, 1280, EPI_BIAS_RES, 0, 0, 1);
    kernels_set_tile_walk(-1);
    // the cluster split-K tiles' shapes: a few rows, a long K (SD1.5 1280 @8 ff2 at b1 / b2, the context
    // projections' K = 768 with a 77-row tail), every tile and split
    test_rows_case("ck", 64, 1280, 5120, EPI_BIAS_RES, 0, 0, 1);
    test_rows_case("ck", 128, 1280, 5120, EPI_BIAS_RES, 0, 0, 1);
    test_rows_case("ck", 154, 640, 768, EPI_NONE, 0, 0, 1);
    test_rows_case("ck", 100, 416, 1296, EPI_GEGLU, 0, 0, 1);
    test_rows_case("time_emb_proj", 2, 1280, 1280, EPI_BIAS, 1, 0, 1);  // SiLU on A
    test_rows_case("time_emb_proj", 1, 320, 1280, EPI_BIAS, 1, 0, 1);
    // a few long rows: the quantizer with 8, 4 and 2 warps per row (4, 2.5 and 2 chunks per thread), the
    // last block's other rows past M, an outlier per row, SiLU on A
    test_rows_case("split rows", 5, 24, 8192, EPI_NONE, 0, 0, 0);
    test_rows_case("split rows", 3, 40, 2568, EPI_BIAS, 0, 30.f, 0);
    test_rows_case("split rows", 7, 16, 1040, EPI_NONE, 1, 0, 0);
    // every linear of the SD1.5 / SDXL transformer blocks at batch 1 and 2, heuristic tile
    char what[64];
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(kTfShapes) / sizeof(kTfShapes[0]); i++) {
            int C = kTfShapes[i][0], M = b * kTfShapes[i][1], D = kTfShapes[i][2];
            snprintf(what, sizeof what, "B%d_C%d_T%d", b, C, kTfShapes[i][1]);
            test_rows_case(what, M, 3 * C, C, EPI_NONE, 0, 0, 0);
            test_rows_case(what, M, C, C, EPI_BIAS_RES, 0, 0, 0);
            test_rows_case(what, M, 8 * C, C, EPI_GEGLU, 0, 0, 0);
            test_rows_case(what, M, C, 4 * C, EPI_BIAS_RES, 0, 0, 0);
            test_rows_case(what, b * 77, 2 * C, D, EPI_NONE, 0, 0, 0);
        }
    // error beside the per-tile kernel: normal data and one outlier per A row
    test_rows_case("normal", 1024, 1280, 1280, EPI_BIAS, 0, 0, 1);
    test_rows_case("outliers", 1024, 1280, 1280, EPI_BIAS, 0, 30.f, 1);
    test_rows_case("outliers", 1024, 1280, 1280, EPI_BIAS, 0, 300.f, 1);
    test_rows_case("normal", 2048, 320, 1280, EPI_BIAS_RES, 0, 0, 1);
    test_rows_case("outliers", 2048, 320, 1280, EPI_BIAS_RES, 0, 100.f, 1);
    gpu_suite_int8_group(num_sms);
}

void gpu_suite_int8(int num_sms) {
    g_i8_sms = num_sms;
    test_zero_and_invalid();
    // awkward shapes, every candidate config: M = 1, 2, 7, 77, odd; K tails
    static const int sh[][3] = {{1, 8, 8},      {2, 16, 40},    {7, 24, 40},     {77, 136, 1288},
                                {100, 208, 72}, {333, 128, 1000}, {129, 256, 264}, {65, 80, 136}};
    for (unsigned i = 0; i < sizeof(sh) / sizeof(sh[0]); i++)
        for (int e = 0; e < 4; e++) {
            if (e == EPI_GEGLU && sh[i][1] % 16) continue;
            test_all_configs(sh[i][0], sh[i][1], sh[i][2], (EpiKind)e, 0);
        }
    test_all_configs(2, 1280, 1280, EPI_BIAS, 1);  // time_emb_proj shape, SiLU on A
    test_all_configs(1, 320, 1280, EPI_BIAS, 1);
    test_all_configs(3, 24, 72, EPI_NONE, 1);
    // half of the A and W tiles below 127/65504 in max-abs: FP32 quantizer path
    test_all_configs_t(200, 256, 520, EPI_BIAS, 0, 1e-3f);
    test_all_configs_t(77, 128, 1288, EPI_GEGLU, 0, 1e-3f);
    // every linear of the SD1.5 / SDXL transformer blocks, batch 1 and 2
    char what[64];
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(kTfShapes) / sizeof(kTfShapes[0]); i++) {
            int C = kTfShapes[i][0], M = b * kTfShapes[i][1], D = kTfShapes[i][2];
            snprintf(what, sizeof what, "B%d C%d T%d", b, C, kTfShapes[i][1]);
            test_shape(what, M, 3 * C, C, EPI_NONE, 0, 0);        // to_q/k/v fused
            test_shape(what, M, C, C, EPI_BIAS_RES, 0, 0);        // to_out.0 + residual
            test_shape(what, M, 8 * C, C, EPI_GEGLU, 0, 0);       // ff.net.0.proj + GEGLU
            test_shape(what, M, C, 4 * C, EPI_BIAS_RES, 0, 0);    // ff.net.2 + residual
            test_shape(what, b * 77, 2 * C, D, EPI_NONE, 0, 0);   // attn2 to_k/to_v over the context
            test_shape(what, b, C, 1280, EPI_BIAS, 1, 0);         // time_emb_proj(silu(temb))
        }
    // outliers: one large value per A row
    test_shape("normal", 1024, 1280, 1280, EPI_BIAS, 0, 0);
    test_shape("outliers", 1024, 1280, 1280, EPI_BIAS, 0, 30.f);
    test_shape("outliers", 1024, 1280, 1280, EPI_BIAS, 0, 300.f);
    test_shape("normal", 2048, 320, 1280, EPI_BIAS_RES, 0, 0);
    test_shape("outliers", 2048, 320, 1280, EPI_BIAS_RES, 0, 100.f);
}

#ifdef GPU_INT8_STANDALONE
// ---------------------------------------------------------------------------
// Standalone: suite, then effective TFLOP/s (2MNK / time; CUDA events, 3
// warm-up launches, median of 25) of gemm_int8 (best candidate) vs gemm_fp16
// (best of conv2d_candidates on gemm_as_conv).
// usage: gpu_int8 [test | bench | all]   (default: all)
// ---------------------------------------------------------------------------
static int i8_cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

typedef cudaError_t (*I8TimedFn)(const void *ctx, TileConfig cfg);
typedef struct {
    int M, N, K;
    const uint16_t *a, *w;
    uint16_t *y;
    float *ws;
} BenchCtx;
static cudaError_t run_i8(const void *p, TileConfig cfg) {
    const BenchCtx *c = p;
    return gemm_int8(c->M, c->N, c->K, cfg, c->a, c->w, NULL, NULL, c->y, GEMM_EPI_NONE, 0, c->ws, 0);
}
static cudaError_t run_f16(const void *p, TileConfig cfg) {
    const BenchCtx *c = p;
    return gemm_fp16(c->M, c->N, c->K, cfg, c->a, c->w, NULL, NULL, c->y, GEMM_EPI_NONE, c->ws, 0);
}

static float time_config(I8TimedFn fn, const BenchCtx *c, TileConfig cfg, cudaEvent_t e0, cudaEvent_t e1) {
    enum { WARM = 3, REPS = 25 };
    for (int i = 0; i < WARM; i++) cudaCheck(fn(c, cfg));
    float ms[REPS];
    for (int r = 0; r < REPS; r++) {
        cudaCheck(cudaEventRecord(e0, 0));
        cudaCheck(fn(c, cfg));
        cudaCheck(cudaEventRecord(e1, 0));
        cudaCheck(cudaEventSynchronize(e1));
        cudaCheck(cudaEventElapsedTime(&ms[r], e0, e1));
    }
    qsort(ms, REPS, sizeof ms[0], i8_cmp_float);
    return ms[REPS / 2];
}

static void bench_shape(int M, int N, int K, float *ws, size_t ws_bytes, uint16_t *a, uint16_t *w, uint16_t *y) {
    cudaEvent_t e0, e1;
    cudaCheck(cudaEventCreate(&e0));
    cudaCheck(cudaEventCreate(&e1));
    BenchCtx c = {M, N, K, a, w, y, ws};
    TileConfig cand[CONV2D_MAX_CANDIDATES];  // the INT8 candidates, then the FP16 ones
    int nc = gemm_int8_candidates(M, N, K, g_i8_sms, cand, 128);
    float best8 = 1e30f, best16 = 1e30f, bestm = 1e30f;  // bestm: mma.sync tiles only (no wgmma)
    TileConfig b8 = {0, 1}, b16 = {0, 1};
    for (int i = 0; i < nc; i++) {
        if (gemm_int8_workspace_bytes(M, N, K, cand[i]) > ws_bytes) continue;
        float t = time_config(run_i8, &c, cand[i], e0, e1);
        if (getenv("GPU_INT8_BENCH_TILES"))  // every candidate's rate
            printf("  %dx%dx%d %s splits=%d: %.1f TFLOP/s\n", M, N, K, gemm_int8_tile_name(cand[i].tile),
                   cand[i].splits, 2.0 * M * N * K / (t * 1e-3) * 1e-12);
        if (t < best8) best8 = t, b8 = cand[i];
        if (!strstr(gemm_int8_tile_name(cand[i].tile), "wgmma") && t < bestm) bestm = t;
    }
    ConvShape s = gemm_as_conv(M, N, K);
    cudaCheck(conv2d_shape_init(&s) ? cudaErrorInvalidValue : cudaSuccess);
    nc = conv2d_candidates(&s, g_i8_sms, cand, CONV2D_MAX_CANDIDATES);
    for (int i = 0; i < nc; i++) {
        if (conv2d_workspace_bytes(&s, cand[i]) > ws_bytes) continue;
        float t = time_config(run_f16, &c, cand[i], e0, e1);
        if (t < best16) best16 = t, b16 = cand[i];
    }
    double fl = 2.0 * M * N * K;
    TileConfig h = gemm_int8_heuristic(M, N, K, g_i8_sms);
    float th = time_config(run_i8, &c, h, e0, e1);
    printf("| %5d | %5d | %5d | %8.1f | %7.1f | %-26s %d | %7.1f | %8.1f | %7.1f | %-24s %d | %5.2fx | %7.1f |\n", M,
           N, K, best8 * 1e3, fl / (best8 * 1e-3) * 1e-12, gemm_int8_tile_name(b8.tile), b8.splits,
           fl / (bestm * 1e-3) * 1e-12, best16 * 1e3, fl / (best16 * 1e-3) * 1e-12, conv2d_tile_name(b16.tile),
           b16.splits, best16 / best8, fl / (th * 1e-3) * 1e-12);
    fflush(stdout);
    cudaCheck(cudaEventDestroy(e0));
    cudaCheck(cudaEventDestroy(e1));
}

static void bench_all(void) {
    const size_t maxe = (size_t)10240 * 8192;  // largest operand / output
    uint16_t *a = i8_dalloc(maxe * 2), *w = i8_dalloc(maxe * 2), *y = i8_dalloc(maxe * 2);
    float *tmp = i8_dalloc(maxe * 4);
    cudaCheck(fill_f32_dev(tmp, 0.f, maxe, 0));
    // random-ish operands: the same normal values on both paths
    {
        float *h = xmalloc(maxe * 4);
        for (size_t i = 0; i < maxe; i++) h[i] = (float)(2.0 * i8_u01(99, i) - 1.0);
        copy_to_device(tmp, h, maxe * 4, 0);
        cudaCheck(f32_to_f16_dev(tmp, a, maxe, 0));
        cudaCheck(f32_to_f16_dev(tmp, w, maxe, 0));
        free(h);
    }
    const size_t ws_bytes = (size_t)16 * 8192 * 10240 * 4 / 8;
    float *ws = i8_dalloc(ws_bytes);
    printf("\n| M | N | K | int8 us | int8 TFLOP/s | int8 best config | int8 mma.sync-only TFLOP/s | fp16 us | "
           "fp16 TFLOP/s | fp16 best config | int8/fp16 speed | int8 heuristic TFLOP/s |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    bench_shape(4096, 4096, 4096, ws, ws_bytes, a, w, y);
    // GPU_INT8_BENCH=ff: only the feed-forward shapes (M x 10240 x 1280, M x 1280 x 5120, M = 2048, 8192)
    const char *sel = getenv("GPU_INT8_BENCH");
    const int ff = sel && strcmp(sel, "ff") == 0;
    static const int nk[][2] = {{320, 320}, {2560, 320}, {320, 1280}, {1280, 1280}, {10240, 1280}, {1280, 5120}};
    static const int ms[] = {128, 512, 2048, 8192};
    for (unsigned j = ff ? 4 : 0; j < sizeof(nk) / sizeof(nk[0]); j++)
        for (unsigned i = ff ? 2 : 0; i < sizeof(ms) / sizeof(ms[0]); i++)
            bench_shape(ms[i], nk[j][0], nk[j][1], ws, ws_bytes, a, w, y);
    cudaCheck(cudaFree(a));
    cudaCheck(cudaFree(w));
    cudaCheck(cudaFree(y));
    cudaCheck(cudaFree(tmp));
    cudaCheck(cudaFree(ws));
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "all";
    g_verbose = getenv("VERBOSE") != NULL;
    char gpu_name[256];
    int sms = 0;
    if (!harness_gpu(gpu_name, sizeof gpu_name, &sms)) return 0;
    printf("gemm_int8 on %s (%d SMs)\n", gpu_name, sms);
    g_i8_sms = sms;
    if (strcmp(mode, "bench") != 0) {
        double t0 = wall_seconds();
        gpu_suite_int8(sms);
        printf("suite: %d passed, %d failed in %.1f s\n", g_pass, g_fail, wall_seconds() - t0);
    }
    if (strcmp(mode, "test") != 0) bench_all();
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail != 0;
}
#endif
