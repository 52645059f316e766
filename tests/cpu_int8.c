// cpu_int8.c: the per-tile INT8 quantizer and the C model of gemm_int8
// (src/layers/quant.c) against hand-computed values and a double-precision
// GEMM within a derived error bound; the per-row scheme (--int8-scales row:
// quant_rows_int8_model, gemm_int8_rows_model) against an independent
// reimplementation bit for bit, its edge cases (all-zero rows, outliers,
// saturation), its error beside the per-tile model's, the CPU path's
// per-row nodes and the command line.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/layers/quant.h"
#include "harness.h"

// Uniform in [-1, 1) from a hash of (seed, i).
static float i8_hash_unit(uint64_t seed, size_t i) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ull + i + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (float)((double)(z >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0);
}

static void test_quantizer(void) {
    result(quant_scale(127.0f) == 1.0f && quant_inv_scale(127.0f) == 1.0f,
           "quant amax=127: scale=1 inv=1 (got %g %g)", quant_scale(127.0f), quant_inv_scale(127.0f));
    result(quant_scale(0.0f) == 0.0f && quant_inv_scale(0.0f) == 0.0f && quant_round(0.0f, 0.0f) == 0,
           "quant all-zero tile amax=0: scale=0 inv=0 q(0)=0, no NaN");
    result(quant_scale(1.0f) == 1.0f / 127.0f && quant_inv_scale(1.0f) == 127.0f,
           "quant amax=1: scale=1/127 inv=127");
    // round half to even on exact halves (inv = 1)
    static const float xs[] = {0.5f, 1.5f, 2.5f, 3.5f, -0.5f, -1.5f, -2.5f, -3.5f, 126.5f, -126.5f, 0.49f, 2.51f};
    static const int qs[] = {0, 2, 2, 4, 0, -2, -2, -4, 126, -126, 0, 3};
    for (unsigned i = 0; i < sizeof(xs) / sizeof(xs[0]); i++)
        result(quant_round(xs[i], 1.0f) == qs[i], "quant round x=%g inv=1 -> %d (round half even; got %d)", xs[i],
               qs[i], quant_round(xs[i], 1.0f));
    // x * inv rounded once: 0.5 * 127 = 63.5 -> 64, 1.5/127-step values
    result(quant_round(0.5f, 127.0f) == 64, "quant round x=0.5 inv=127 -> 64 (63.5 half even; got %d)",
           quant_round(0.5f, 127.0f));
    result(quant_round(-0.5f, 127.0f) == -64, "quant round x=-0.5 inv=127 -> -64 (got %d)", quant_round(-0.5f, 127.0f));
    result(quant_round(1.0f, 127.0f) == 127 && quant_round(-1.0f, 127.0f) == -127,
           "quant round x=+-amax=1 inv=127 -> +-127");
    // saturation at +-127 (symmetric: -128 never produced)
    static const float sx[] = {127.4f, 127.5f, 128.0f, 200.0f, 1e30f, -127.4f, -127.6f, -128.0f, -1e30f};
    static const int sq[] = {127, 127, 127, 127, 127, -127, -127, -127, -127};
    for (unsigned i = 0; i < sizeof(sx) / sizeof(sx[0]); i++)
        result(quant_round(sx[i], 1.0f) == sq[i], "quant saturate x=%g inv=1 -> %d (got %d)", sx[i], sq[i],
               quant_round(sx[i], 1.0f));
    // the kernel relies on |x| <= amax never needing the clamp: fma(amax, inv, M) - M <= 127
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        float amax = round_f16(ldexpf(fabsf(i8_hash_unit(77, i)) + 1e-3f, (i % 39) - 24));
        if (amax == 0.0f || isinf(amax)) continue;
        float inv = quant_inv_scale(amax);
        float v = fmaf(amax, inv, 12582912.0f) - 12582912.0f;
        if (v != 127.0f || quant_round(amax, inv) != 127 || quant_round(-amax, inv) != -127) bad++;
    }
    result(bad == 0, "quant x=+-amax for 200000 FP16 amax in 2^-24..2^15 -> exactly +-127 without clamping (%d bad)",
           bad);
    float t[6] = {0.25f, -3.0f, 2.0f, 0.0f, -0.5f, 2.75f};
    result(quant_tile_maxabs(t, 2, 3, 3) == 3.0f && quant_tile_maxabs(t, 2, 2, 3) == 3.0f &&
               quant_tile_maxabs(t + 2, 2, 1, 3) == 2.75f,
           "quant tile max-abs 2x3 / 2x2 / 2x1 sub-tiles (stride 3) = 3, 3, 2.75");
    result(quant_dequant_acc(1.0f, 127 * 127, 1.0f / 127.0f, 1.0f / 127.0f) ==
               fmaf(16129.0f, (1.0f / 127.0f) * (1.0f / 127.0f), 1.0f),
           "quant dequant acc=1 isum=16129 sa=sb=1/127 = fma(16129, sa*sb, 1)");
    // the FP16 quantizer: inv = fp16(127 / amax), scale = 1 / inv
    QuantTileParams tp = quant_tile_params(1.0f, 1);
    result(tp.half_path && tp.inv == 127.0f && tp.scale == 1.0f / 127.0f,
           "quant params amax=1 fp16 path: inv=127 scale=1/127 (got path %d inv %g)", tp.half_path, tp.inv);
    tp = quant_tile_params(3.0f, 1);  // 127/3 = 42.3333 -> fp16 42.34375 (spacing 1/32)
    result(tp.half_path && tp.inv == 42.34375f && tp.scale == 1.0f / 42.34375f && quant_round_half(3.0f, tp.inv) == 127 &&
               quant_round_half(-3.0f, tp.inv) == -127,
           "quant params amax=3 fp16 path: inv=42.34375 scale=1/42.34375, q(+-3)=+-127 (127.03 rounds down; got inv %g)",
           tp.inv);
    // 1.5 * 42.34375 = 63.515625 -> 64; 0.75 * 42.34375 = 31.7578 -> 32; 1/42.34375*... round half even:
    // x = 0.75/42.34375 is not an FP16 value, so use inv = 2: 0.25*2 = 0.5 -> 0, 0.75*2 = 1.5 -> 2
    result(quant_round_half(1.5f, 42.34375f) == 64 && quant_round_half(0.25f, 2.0f) == 0 &&
               quant_round_half(0.75f, 2.0f) == 2 && quant_round_half(-1.25f, 2.0f) == -2,
           "quant fp16 round: 1.5*42.34375 -> 64, 0.5 -> 0, 1.5 -> 2, -2.5 -> -2 (half even)");
    tp = quant_tile_params(1e-3f, 1);  // 127/0.001 = 127000 > 65504: FP32 path
    result(!tp.half_path && tp.inv == 127.0f / 1e-3f && tp.scale == 1e-3f / 127.0f,
           "quant params amax=1e-3: 127/amax = 127000 above fp16 range -> fp32 path inv=127/amax scale=amax/127");
    tp = quant_tile_params(2.0f, 0);
    result(!tp.half_path && tp.inv == 63.5f && tp.scale == 2.0f / 127.0f,
           "quant params amax=2 fp16 not allowed (SiLU on A) -> fp32 path inv=63.5 scale=2/127");
    tp = quant_tile_params(0.0f, 1);
    result(!tp.half_path && tp.inv == 0.0f && tp.scale == 0.0f, "quant params amax=0 (all-zero tile): inv=0 scale=0");
    bad = 0;
    for (int i = 0; i < 200000; i++) {
        float amax = round_f16(ldexpf(fabsf(i8_hash_unit(78, i)) + 1e-3f, (i % 26) - 10));
        if (amax == 0.0f || isinf(amax)) continue;
        QuantTileParams p = quant_tile_params(amax, 1);
        if (!p.half_path) continue;
        if (nearbyint((double)amax * p.inv) != 127.0 || nearbyint(-(double)amax * p.inv) != -127.0) bad++;
    }
    result(bad == 0, "quant fp16 path x=+-amax for 200000 FP16 amax in 2^-10..2^15 -> exactly +-127 without clamping "
                     "(%d bad)", bad);
}

// y (1, 1): K = 8, one tile; a and w with amax 127 quantize exactly.
static void test_model_hand(void) {
    float a[8] = {127, -64, 3, 0, 0, 0, 0, 1}, w[8] = {1, 1, 1, 1, 1, 1, 1, 127}, y = -1;
    float bias = 0.5f;
    gemm_int8_model(1, 8 / 8, 8, 64, 64, 32, 1, a, w, &bias, NULL, &y, GEMM_EPI_NONE, 0);
    result(y == 193.5f, "model M=1 N=1 K=8 bm=64 bn=64 bk=32 exact scales: 127-64+3+127 + bias 0.5 = 193.5 (got %g)", y);

    // round half in the GEMM: a = [1, 0.5] -> q = [127, 64], w = [1, 1] -> [127, 127]
    float a2[8] = {1, 0.5f, 0, 0, 0, 0, 0, 0}, w2[8] = {1, 1, 0, 0, 0, 0, 0, 0};
    gemm_int8_model(1, 1, 8, 16, 16, 32, 1, a2, w2, NULL, NULL, &y, GEMM_EPI_NONE, 0);
    // 127 * 191 * (1/127)^2 = 191/127 = 1.503937 -> FP16 1.50390625 (true 1.5)
    result(y == 1.50390625f, "model M=1 N=1 K=8 a=[1,0.5] w=[1,1]: 191/127 -> fp16 1.50390625 (got %.9g)", y);

    // K tail: K = 40, bk = 32: tile 0 all ones (32 * 127^2 / 127^2 = 32), tile 1 of
    // 8 elements a = [2, 1, 0..] (amax 2: q = [127, 64]), w = [1, 1, 0..]:
    // 127 * 191 * (2/127)(1/127) = 382/127 = 3.007874; total 35.007874 -> fp16 35.0
    float a3[40], w3[40];
    for (int i = 0; i < 40; i++) a3[i] = w3[i] = i < 32 ? 1.0f : 0.0f;
    a3[32] = 2, a3[33] = 1, w3[32] = 1, w3[33] = 1;
    float acc0 = fmaf((float)(32 * 16129), (1.0f / 127.0f) * (1.0f / 127.0f), 0.0f);
    float acc1 = fmaf((float)(127 * 191), (1.0f / 63.5f) * (1.0f / 127.0f), acc0);  // amax 2: inv 63.5, scale 1/63.5
    for (int sp = 1; sp <= 3; sp++) {
        gemm_int8_model(1, 1, 40, 64, 64, 32, sp, a3, w3, NULL, NULL, &y, GEMM_EPI_NONE, 0);
        result(y == round_f16(acc1) && fabsf(y - 35.007874f) < 0.02f,
               "model M=1 N=1 K=40 bk=32 splits=%d K tail of 8: 32 + 382/127 = 35.0079 -> %g (got %g)", sp,
               round_f16(acc1), y);
    }
    // 16 outputs over 8 rows N=8? N must be a multiple of 8: M=2, N=8, K=8 with
    // an all-zero A row tile vs a nonzero one (bm = 1 would be unusual; use bm=16:
    // both rows share the tile) -> all-zero A: y = bias exactly, no NaN
    float az[64] = {0}, wz[64], bz[8], yz[16];
    for (int i = 0; i < 64; i++) wz[i] = round_f16(i8_hash_unit(3, i));
    for (int i = 0; i < 8; i++) bz[i] = round_f16(0.25f * (i - 4));
    gemm_int8_model(2, 8, 8, 16, 16, 32, 1, az, wz, bz, NULL, yz, GEMM_EPI_NONE, 0);
    int ok = 1;
    for (int i = 0; i < 16; i++) ok &= yz[i] == bz[i % 8];
    result(ok, "model M=2 N=8 K=8 all-zero A tile: y == bias exactly, no NaN");
    gemm_int8_model(2, 8, 8, 16, 16, 32, 1, wz, az, NULL, NULL, yz, GEMM_EPI_NONE, 0);
    ok = 1;
    for (int i = 0; i < 16; i++) ok &= yz[i] == 0.0f;
    result(ok, "model M=2 N=8 K=8 all-zero W tile, no bias: y == 0 exactly, no NaN");

    // GEGLU, N = 16 interleaved: rows 0..7 are a, 8..15 are g; w[c][0] = c - 8,
    // w[0][1] = 127 pins the W amax at 127 (sb = 1); a = [1, 0, ..] (sa = 1/127):
    // acc[c] ~ c - 8, y[oc] = (oc - 8) * gelu(oc)
    float ag[8] = {1, 0, 0, 0, 0, 0, 0, 0}, wg[16 * 8] = {0}, yg[8];
    for (int c = 0; c < 16; c++) wg[c * 8] = (float)(c - 8);
    wg[1] = 127;
    gemm_int8_model(1, 16, 8, 16, 16, 32, 1, ag, wg, NULL, NULL, yg, GEMM_EPI_GEGLU, 0);
    static const double gelu_int[8] = {0.0, 0.8413447460685429, 1.9544997361036416, 2.9959502040261192,
                                       3.9998733934990743, 4.9999992866796971, 5.9999999940797939, 7.0};
    ok = 1;
    double worst = 0;
    for (int oc = 0; oc < 8; oc++) {
        double want = (oc - 8) * gelu_int[oc];
        double tol = ldexp(1.0, (int)floor(log2(fabs(want) + 1e-30)) - 10) + 1e-6;  // 1 fp16 ulp
        worst = fmax(worst, fabs(yg[oc] - want) / tol);
        ok &= fabs(yg[oc] - want) <= tol;
    }
    result(ok, "model M=1 N=16 K=8 GEGLU: y[oc] = (oc-8)*gelu(oc) within 1 fp16 ulp (worst %.2f ulp)", worst);

    // SiLU on A: a = [2, 0..] -> silu(2) = 1.7615942, alone in its tile -> q = 127
    float as[8] = {2, 0, 0, 0, 0, 0, 0, 0}, ws[8] = {127, 0, 0, 0, 0, 0, 0, 0};
    // w amax 127 -> sb = 1, qw = 127: y = 127 * 127 * silu(2) / 127 = 223.7225 -> fp16 223.75
    gemm_int8_model(1, 1, 8, 16, 16, 32, 1, as, ws, NULL, NULL, &y, GEMM_EPI_NONE, 1);
    result(y == 223.75f, "model M=1 N=1 K=8 silu_a a=2 w=127: 127 * silu(2) = 223.7225 -> fp16 223.75 (got %g)", y);
}

// Random GEMM against double precision. Error bound per output (derived in
// the comment of check_bound), per K-tile t with scales sa, sb:
//   |a w - sa sb qa qw| <= |a| sb/2 + |w| sa/2 + 3/4 sa sb   per product,
//   plus FP32 rounding of the dequantized accumulation (3 roundings per tile
//   and one per split, each <= 2^-24 of a partial sum bounded by S = sum |a||w|
//   + quantization slack), plus bias/residual adds and the FP16 output rounding.
static void test_model_vs_double(int M, int N, int K, int bm, int bn, int bk, int splits, int use_bias, int use_res,
                                 float outlier) {
    size_t na = (size_t)M * K, nw = (size_t)N * K, ny = (size_t)M * N;
    float *a = xmalloc(na * 4), *w = xmalloc(nw * 4), *b = xmalloc(N * 4), *r = xmalloc(ny * 4), *y = xmalloc(ny * 4);
    for (size_t i = 0; i < na; i++) a[i] = round_f16(i8_hash_unit(11, i) * 2.0f);
    if (outlier != 0.0f)
        for (int m = 0; m < M; m++) a[(size_t)m * K + (m * 37) % K] = round_f16(outlier);
    for (size_t i = 0; i < nw; i++) w[i] = round_f16(i8_hash_unit(12, i) * 0.1f);
    for (int i = 0; i < N; i++) b[i] = i8_hash_unit(13, i);
    for (size_t i = 0; i < ny; i++) r[i] = round_f16(i8_hash_unit(14, i));
    gemm_int8_model(M, N, K, bm, bn, bk, splits, a, w, use_bias ? b : NULL, use_res ? r : NULL, y, GEMM_EPI_NONE, 0);
    const int nkt = (K + bk - 1) / bk;
    double worst = 0, l2e = 0, l2r = 0;
    int ok = 1;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double exact = 0, qbound = 0, S = 0;
            for (int t = 0; t < nkt; t++) {
                int kb = t * bk, ke = kb + bk < K ? kb + bk : K;
                int mb = m / bm * bm, nb = n / bn * bn;
                int mr = mb + bm < M ? bm : M - mb, nr = nb + bn < N ? bn : N - nb;
                // the grid step of the tile's quantizer (1/inv; its FP32 rounding is absorbed by the 1e-5)
                double sa = 1.00001 * quant_tile_params(quant_tile_maxabs(a + (size_t)mb * K + kb, mr, ke - kb, K), 1).scale;
                double sb = 1.00001 * quant_tile_params(quant_tile_maxabs(w + (size_t)nb * K + kb, nr, ke - kb, K), 1).scale;
                for (int k = kb; k < ke; k++) {
                    double av = a[(size_t)m * K + k], wv = w[(size_t)n * K + k];
                    exact += av * wv;
                    qbound += fabs(av) * sb / 2 + fabs(wv) * sa / 2 + 0.75 * sa * sb;
                    S += (fabs(av) + sa / 2) * (fabs(wv) + sb / 2);
                }
            }
            double v = exact + (use_bias ? b[n] : 0) + (use_res ? r[(size_t)m * N + n] : 0);
            double fbound = (3.0 * nkt + splits + 2) * ldexp(1.0, -24) * (S + fabs(v) + 1.0);
            double bound = qbound + fbound + ldexp(fabs(v) + qbound + fbound, -11) + ldexp(1.0, -24);
            double e = fabs(y[(size_t)m * N + n] - v);
            worst = fmax(worst, e / bound);
            ok &= e <= bound;
            l2e += e * e;
            l2r += v * v;
        }
    result(ok, "model vs double M=%d N=%d K=%d bm=%d bn=%d bk=%d splits=%d bias=%d residual=%d outlier=%g: "
               "within derived bound (worst %.3f of bound, rel L2 %.2e)",
           M, N, K, bm, bn, bk, splits, use_bias, use_res, outlier, worst, sqrt(l2e / (l2r + 1e-300)));
    free(a), free(w), free(b), free(r), free(y);
}

// Splitting K changes only the FP32 summation order of whole tiles.
static void test_model_splits(int M, int N, int K, int bk) {
    size_t na = (size_t)M * K, nw = (size_t)N * K, ny = (size_t)M * N;
    float *a = xmalloc(na * 4), *w = xmalloc(nw * 4), *y1 = xmalloc(ny * 4), *y2 = xmalloc(ny * 4);
    for (size_t i = 0; i < na; i++) a[i] = round_f16(i8_hash_unit(21, i));
    for (size_t i = 0; i < nw; i++) w[i] = round_f16(i8_hash_unit(22, i));
    int nkt = (K + bk - 1) / bk;
    gemm_int8_model(M, N, K, 64, 64, bk, 1, a, w, NULL, NULL, y1, GEMM_EPI_NONE, 0);
    gemm_int8_model(M, N, K, 64, 64, bk, nkt, a, w, NULL, NULL, y2, GEMM_EPI_NONE, 0);
    double d = 0;
    for (size_t i = 0; i < ny; i++) d = fmax(d, fabs(y1[i] - y2[i]) / (fabs(y1[i]) + 1));
    result(d < 1e-2, "model M=%d N=%d K=%d bk=%d splits=1 vs splits=%d: same quantization, rel diff %.2e", M, N, K, bk,
           nkt, d);
    // rows subset equals the full model
    gemm_int8_model_rows(M, N, K, 64, 64, bk, 2, a, w, NULL, NULL, y1, GEMM_EPI_NONE, 0, 0, M);
    memcpy(y2, y1, ny * 4);
    for (size_t i = 0; i < ny; i++) y2[i] = -12345.f;
    gemm_int8_model_rows(M, N, K, 64, 64, bk, 2, a, w, NULL, NULL, y2, GEMM_EPI_NONE, 0, 64, M);
    int same = 1;
    for (size_t i = (size_t)64 * N; i < ny; i++) same &= y1[i] == y2[i];
    result(same, "model rows [64, %d) of M=%d N=%d K=%d == full model", M, M, N, K);
    free(a), free(w), free(y1), free(y2);
}

// ---------------------------------------------------------------------------
// per-row / per-output-channel scales (--int8-scales row)
// ---------------------------------------------------------------------------

// N(0, 1) from two hashes (Box-Muller).
static float i8_hash_normal(uint64_t seed, size_t i) {
    double u1 = 0.5 * (1.0 - (double)i8_hash_unit(seed, 2 * i));  // (0, 1]
    double u2 = 0.5 * (1.0 + (double)i8_hash_unit(seed, 2 * i + 1));
    return (float)(sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2));
}

// The row quantizer written out from its definition (independent of quant.c):
// v = silu ? x / (1 + exp(-x)) : x, amax, inv = 127 / amax, q = the fma
// rounding onto the integers, scale = amax / 127.
static void rows_ref_quant(const float *x, int k, int silu, int *q, float *scale) {
    float amax = 0.0f;
    for (int i = 0; i < k; i++) {
        float v = silu ? x[i] / (1.0f + expf(-x[i])) : x[i];
        amax = fmaxf(amax, fabsf(v));
    }
    const float inv = amax > 0.0f ? 127.0f / amax : 0.0f;
    for (int i = 0; i < k; i++) {
        float v = silu ? x[i] / (1.0f + expf(-x[i])) : x[i];
        q[i] = (int)(fmaf(v, inv, 12582912.0f) - 12582912.0f);
    }
    *scale = amax / 127.0f;
}

// One output row from its pre-rounding values v (N): fp16(v), or with GEGLU over the interleaved 16-column
// blocks fp16(a * 0.5 g (1 + erf(g / sqrt 2))) into yr (N / 2).
static void ref_store_row(const float *v, int N, int geglu, float *yr) {
    if (!geglu) {
        for (int n = 0; n < N; n++) yr[n] = round_f16(v[n]);
        return;
    }
    for (int oc = 0; oc < N / 2; oc++) {
        float av = v[oc / 8 * 16 + oc % 8], g = v[oc / 8 * 16 + oc % 8 + 8];
        float e = erff(g * 0.70710678118654752f), h = 0.5f * g;
        yr[oc] = round_f16(av * (h * (1.0f + e)));
    }
}

// y = epi(float(isum) * (sa sw) + bias + residual) written out (isum in int64;
// GEGLU over the interleaved 16-column blocks, y = fp16(a * 0.5 g (1 + erf(g / sqrt 2)))).
static void rows_ref_gemm(int M, int N, int K, const float *a, const float *w, const float *bias, const float *res,
                          float *y, int geglu, int silu_a) {
    int *qa = xmalloc((size_t)M * K * sizeof(int)), *qw = xmalloc((size_t)N * K * sizeof(int));  // (M, K), (N, K)
    float *sa = xmalloc((size_t)M * sizeof(float)), *sw = xmalloc((size_t)N * sizeof(float));  // (M), (N)
    float *v = xmalloc((size_t)N * sizeof(float));  // (N) one row before the epilogue's rounding
    for (int m = 0; m < M; m++) rows_ref_quant(a + (size_t)m * K, K, silu_a, qa + (size_t)m * K, &sa[m]);
    for (int n = 0; n < N; n++) rows_ref_quant(w + (size_t)n * K, K, 0, qw + (size_t)n * K, &sw[n]);
    for (int m = 0; m < M; m++) {
        for (int n = 0; n < N; n++) {
            long long isum = 0;
            for (int k = 0; k < K; k++) isum += (long long)qa[(size_t)m * K + k] * qw[(size_t)n * K + k];
            float s = sa[m] * sw[n];
            float t = (float)isum * s;
            if (bias) t = t + bias[n];
            if (res && !geglu) t = t + res[(size_t)m * N + n];
            v[n] = t;
        }
        ref_store_row(v, N, geglu, y + (size_t)m * (geglu ? N / 2 : N));
    }
    free(qa), free(qw), free(sa), free(sw), free(v);
}

// FP16 operands: A rows N(0,1) scaled by 2^(m % 7 - 3) (rows of different
// scales), W N(0,1) * 0.05, bias and residual N(0,1).
static void rows_data(int M, int N, int K, float *a, float *w, float *b, float *r, uint64_t seed) {
    for (int m = 0; m < M; m++)
        for (int k = 0; k < K; k++)
            a[(size_t)m * K + k] = round_f16(ldexpf(i8_hash_normal(seed, (size_t)m * K + k), m % 7 - 3));
    for (size_t i = 0; i < (size_t)N * K; i++) w[i] = round_f16(0.05f * i8_hash_normal(seed + 1, i));
    for (int i = 0; i < N; i++) b[i] = i8_hash_normal(seed + 2, i);
    for (size_t i = 0; i < (size_t)M * N; i++) r[i] = round_f16(i8_hash_normal(seed + 3, i));
}

static void test_rows_vs_ref(int M, int N, int K, int use_bias, int use_res, int geglu, int silu_a) {
    const int nout = geglu ? N / 2 : N;
    float *a = xmalloc((size_t)M * K * 4), *w = xmalloc((size_t)N * K * 4), *b = xmalloc((size_t)N * 4),
          *r = xmalloc((size_t)M * N * 4), *y = xmalloc((size_t)M * nout * 4), *yr = xmalloc((size_t)M * nout * 4);
    rows_data(M, N, K, a, w, b, r, 31 + (uint64_t)M * 7 + N + K);
    gemm_int8_rows_model(M, N, K, a, w, use_bias ? b : NULL, use_res ? r : NULL, y,
                         geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, silu_a);
    rows_ref_gemm(M, N, K, a, w, use_bias ? b : NULL, use_res ? r : NULL, yr, geglu, silu_a);
    int diff = 0, finite = 1;
    for (size_t i = 0; i < (size_t)M * nout; i++) {
        diff += memcmp(&y[i], &yr[i], sizeof(float)) != 0;
        finite &= isfinite(y[i]);
    }
    // the quantizer alone, q and scale, against the written-out one
    int8_t *q = xmalloc((size_t)M * K);
    float *sc = xmalloc((size_t)M * 4), sr;
    int *qr = xmalloc((size_t)K * sizeof(int)), qdiff = 0;
    quant_rows_int8_model(a, M, K, silu_a, q, sc);
    for (int m = 0; m < M; m++) {
        rows_ref_quant(a + (size_t)m * K, K, silu_a, qr, &sr);
        qdiff += memcmp(&sr, &sc[m], sizeof(float)) != 0;
        for (int k = 0; k < K; k++) qdiff += q[(size_t)m * K + k] != qr[k];
    }
    result(diff == 0 && qdiff == 0 && finite,
           "rows model M=%d N=%d K=%d bias=%d residual=%d %s silu_a=%d: q, scales and y == the written-out "
           "per-row GEMM bit for bit (%d of %d outputs differ, %d q/scale differ)",
           M, N, K, use_bias, use_res, geglu ? "geglu" : "none", silu_a, diff, M * nout, qdiff);
    free(a), free(w), free(b), free(r), free(y), free(yr), free(q), free(sc), free(qr);
}

// All-zero rows of A and of W, one huge outlier, FP16 subnormal rows and
// saturation over many magnitudes.
static void test_rows_edges(void) {
    enum { M = 4, N = 16, K = 64 };
    float a[M * K], w[N * K], b[N], y[M * N];
    for (int i = 0; i < M * K; i++) a[i] = round_f16(i8_hash_normal(41, i));
    for (int i = 0; i < N * K; i++) w[i] = round_f16(0.1f * i8_hash_normal(42, i));
    for (int i = 0; i < N; i++) b[i] = 0.25f * (i - 8);  // FP16 exact
    for (int k = 0; k < K; k++) a[1 * K + k] = a[3 * K + k] = 0.0f, w[5 * K + k] = 0.0f;
    int8_t q[M * K];
    float s[M];
    quant_rows_int8_model(a, M, K, 0, q, s);
    int ok = s[1] == 0.0f && s[3] == 0.0f && s[0] > 0.0f && s[2] > 0.0f;
    for (int k = 0; k < K; k++) ok &= q[1 * K + k] == 0 && q[3 * K + k] == 0;
    result(ok, "rows quantizer K=%d all-zero rows 1 and 3: q = 0 and scale = 0 exactly (scales %g %g %g %g)", K, s[0],
           s[1], s[2], s[3]);
    gemm_int8_rows_model(M, N, K, a, w, b, NULL, y, GEMM_EPI_NONE, 0);
    ok = 1;
    for (int n = 0; n < N; n++) ok &= y[1 * N + n] == b[n] && y[3 * N + n] == b[n];
    for (int m = 0; m < M; m++) ok &= y[m * N + 5] == b[5];
    for (int i = 0; i < M * N; i++) ok &= isfinite(y[i]);
    result(ok, "rows model M=%d N=%d K=%d all-zero A rows 1, 3 and W row 5: those outputs == bias exactly, no NaN",
           M, N, K);
    gemm_int8_rows_model(M, N, K, a, w, NULL, NULL, y, GEMM_EPI_NONE, 0);
    ok = 1;
    for (int n = 0; n < N; n++) ok &= y[1 * N + n] == 0.0f && y[3 * N + n] == 0.0f;
    for (int m = 0; m < M; m++) ok &= y[m * N + 5] == 0.0f;
    result(ok, "rows model M=%d N=%d K=%d all-zero rows, no bias: those outputs == 0 exactly", M, N, K);

    // one huge outlier: it takes +-127, the row's other values collapse to a few levels
    float o[K];
    for (int k = 0; k < K; k++) o[k] = round_f16(i8_hash_normal(43, k));
    o[17] = 60000.0f;  // FP16 exact
    o[40] = -65504.0f;  // FP16 max: the row's amax
    int8_t qo[K];
    float so;
    quant_rows_int8_model(o, 1, K, 0, qo, &so);
    int others = 0;
    for (int k = 0; k < K; k++)
        if (k != 17 && k != 40) others |= qo[k] != 0;
    result(qo[40] == -127 && qo[17] == 116 && so == 65504.0f / 127.0f && !others,
           "rows quantizer K=%d outliers -65504 and 60000 among N(0,1): q = -127 and 116 (60000 * 127 / 65504 = "
           "116.3), scale 65504/127, the N(0,1) values -> 0 (got %d %d, scale %g)", K, qo[40], qo[17], so);
    // a row of FP16 subnormals (2^-24 .. 2^-15): finite scales, q up to +-127
    for (int k = 0; k < K; k++) o[k] = ldexpf((float)(k % 11) - 5.0f, -24 + k % 9);
    quant_rows_int8_model(o, 1, K, 0, qo, &so);
    int qmax = 0;
    for (int k = 0; k < K; k++) qmax = abs(qo[k]) > qmax ? abs(qo[k]) : qmax;
    result(qmax == 127 && so > 0.0f && isfinite(so),
           "rows quantizer K=%d FP16 subnormal row (|x| <= 5 * 2^-16): max |q| = 127, scale %g finite (got %d)", K, so,
           qmax);

    // saturation: 20000 rows of 24 values with amax 2^-24 .. 2^15, with and without SiLU
    for (int silu = 0; silu < 2; silu++) {
        enum { R = 20000, KK = 24 };
        float *x = xmalloc((size_t)R * KK * 4), *sc = xmalloc(R * 4);
        int8_t *qq = xmalloc((size_t)R * KK);
        for (int r = 0; r < R; r++)
            for (int k = 0; k < KK; k++)
                x[(size_t)r * KK + k] = round_f16(ldexpf(i8_hash_unit(44 + silu, (size_t)r * KK + k), r % 40 - 24));
        quant_rows_int8_model(x, R, KK, silu, qq, sc);
        int bad = 0, over = 0;
        // |q scale - v| in units of scale / 2: <= 1 (rounding), plus |v| inv vs |v| / scale, which differ by the
        // FP32 roundings of inv and scale (<= 127 * 2^-23 of a step, 3e-5 of scale / 2)
        double worst = 0;
        for (int r = 0; r < R; r++) {
            int rmax = 0;
            for (int k = 0; k < KK; k++) {
                int v = qq[(size_t)r * KK + k];
                over += v > 127 || v < -127;
                rmax = abs(v) > rmax ? abs(v) : rmax;
                float xv = x[(size_t)r * KK + k], vv = silu ? quant_silu(xv) : xv;
                if (sc[r] > 0) worst = fmax(worst, fabs((double)v * sc[r] - vv) / (0.5 * sc[r]));
            }
            bad += sc[r] > 0 ? rmax != 127 : rmax != 0;
        }
        result(over == 0 && bad == 0 && worst <= 1.0 + 4e-5,
               "rows quantizer %d rows K=%d amax 2^-24..2^15 silu=%d: |q| <= 127 everywhere, each row's max |q| "
               "== 127 exactly, |q scale - v| <= scale/2 (worst %.6f of scale/2; %d beyond 127, %d rows off)", R, KK,
               silu, worst, over, bad);
        free(x), free(sc), free(qq);
    }
}

// Relative L2 of the per-row and the per-tile (128x128x64, one split)
// models against the double GEMM of the same FP16 operands: A (M, K) N(0,1)
// (plus one outlier per row when outlier != 0), W (N, K) N(0,1).
static void test_rows_error(int M, int N, int K, float outlier, double bound_row, double bound_tile) {
    float *a = xmalloc((size_t)M * K * 4), *w = xmalloc((size_t)N * K * 4), *yr = xmalloc((size_t)M * N * 4),
          *yt = xmalloc((size_t)M * N * 4);
    for (size_t i = 0; i < (size_t)M * K; i++) a[i] = round_f16(i8_hash_normal(51, i));
    if (outlier != 0.0f)
        for (int m = 0; m < M; m++) a[(size_t)m * K + (m * 37) % K] = round_f16(outlier);
    for (size_t i = 0; i < (size_t)N * K; i++) w[i] = round_f16(i8_hash_normal(52, i));
    gemm_int8_rows_model(M, N, K, a, w, NULL, NULL, yr, GEMM_EPI_NONE, 0);
    gemm_int8_model(M, N, K, 128, 128, 64, 1, a, w, NULL, NULL, yt, GEMM_EPI_NONE, 0);
    double er = 0, et = 0, ref = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double v = 0;
            for (int k = 0; k < K; k++) v += (double)a[(size_t)m * K + k] * w[(size_t)n * K + k];
            er += (yr[(size_t)m * N + n] - v) * (yr[(size_t)m * N + n] - v);
            et += (yt[(size_t)m * N + n] - v) * (yt[(size_t)m * N + n] - v);
            ref += v * v;
        }
    er = sqrt(er / ref), et = sqrt(et / ref);
    printf("  int8 rel L2 vs FP32 GEMM, M=%d N=%d K=%d N(0,1)%s: per-row %.3e, per-tile 128x128x64 %.3e\n", M, N, K,
           outlier != 0.0f ? " + one outlier per A row" : "", er, et);
    result(er < bound_row && et < bound_tile,
           "rows model vs FP32 GEMM M=%d N=%d K=%d N(0,1) outlier=%g: rel L2 per-row %.3e < %.0e, per-tile "
           "(128x128x64, splits 1) %.3e < %.0e", M, N, K, outlier, er, bound_row, et, bound_tile);
    free(a), free(w), free(yr), free(yt);
}

// --int8-scales group written out from its definition (independent of quant.c): per row and 128-K group,
// amax; the FP16 path where amax > 0 and 127 / amax fits FP16: inv = fp16(127 / amax), q = round half even
// of x * inv (exact in double), scale = 1 / inv; else inv = 127 / amax (0 for amax 0), q by the FP32 fma
// onto the integers, scale = amax / 127. W per row as rows_ref_quant. acc = fma(float(isum_g), sa_g, acc)
// over the groups from 0; v = acc * sw + bias + residual; GEGLU as rows_ref_gemm.
static void group_ref_gemm(int M, int N, int K, const float *a, const float *w, const float *bias, const float *res,
                           float *y, int geglu) {
    const int G = 128, ng = (K + G - 1) / G;
    int *qa = xmalloc((size_t)M * K * sizeof(int)), *qw = xmalloc((size_t)N * K * sizeof(int));  // (M, K), (N, K)
    float *sa = xmalloc((size_t)M * ng * sizeof(float)), *sw = xmalloc((size_t)N * sizeof(float));  // (M, G), (N)
    float *v = xmalloc((size_t)N * sizeof(float));
    for (int m = 0; m < M; m++)
        for (int g = 0; g < ng; g++) {
            const int k0 = g * G, k1 = k0 + G < K ? k0 + G : K;
            float amax = 0.0f;
            for (int k = k0; k < k1; k++) amax = fmaxf(amax, fabsf(a[(size_t)m * K + k]));
            const float inv = amax > 0.0f ? 127.0f / amax : 0.0f;
            const int half = amax > 0.0f && inv <= 65504.0f;
            const float invh = half ? round_f16(inv) : inv;
            for (int k = k0; k < k1; k++) {
                const float x = a[(size_t)m * K + k];
                qa[(size_t)m * K + k] = half ? (int)nearbyint((double)x * invh)
                                             : (int)(fmaf(x, inv, 12582912.0f) - 12582912.0f);
            }
            sa[(size_t)m * ng + g] = half ? 1.0f / invh : amax / 127.0f;
        }
    for (int n = 0; n < N; n++) rows_ref_quant(w + (size_t)n * K, K, 0, qw + (size_t)n * K, &sw[n]);
    for (int m = 0; m < M; m++) {
        for (int n = 0; n < N; n++) {
            float acc = 0.0f;
            for (int g = 0; g < ng; g++) {
                long long isum = 0;
                for (int k = g * G; k < K && k < (g + 1) * G; k++)
                    isum += (long long)qa[(size_t)m * K + k] * qw[(size_t)n * K + k];
                acc = fmaf((float)isum, sa[(size_t)m * ng + g], acc);
            }
            float t = acc * sw[n];
            if (bias) t = t + bias[n];
            if (res && !geglu) t = t + res[(size_t)m * N + n];
            v[n] = t;
        }
        ref_store_row(v, N, geglu, y + (size_t)m * (geglu ? N / 2 : N));
    }
    free(qa), free(qw), free(sa), free(sw), free(v);
}

// gemm_int8_group_model == group_ref_gemm bit for bit; A rows of 2^-3 .. 2^3 (rows_data) and, with tiny, the
// first rows scaled by 1e-5 (their groups on the FP32 quantizer), one all-zero row.
static void test_group_vs_ref(int M, int N, int K, int use_bias, int use_res, int geglu, int tiny) {
    const int nout = geglu ? N / 2 : N;
    float *a = xmalloc((size_t)M * K * 4), *w = xmalloc((size_t)N * K * 4), *b = xmalloc((size_t)N * 4),
          *r = xmalloc((size_t)M * N * 4), *y = xmalloc((size_t)M * nout * 4), *yr = xmalloc((size_t)M * nout * 4);
    rows_data(M, N, K, a, w, b, r, 77 + (uint64_t)M * 5 + N + K);
    if (tiny) {
        for (size_t i = 0; i < (size_t)(M / 2) * K; i++) a[i] = round_f16(a[i] * 1e-5f);
        for (int k = 0; k < K; k++) a[(size_t)(M - 1) * K + k] = 0.0f;
    }
    gemm_int8_group_model(M, N, K, a, w, use_bias ? b : NULL, use_res ? r : NULL, y, geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE);
    group_ref_gemm(M, N, K, a, w, use_bias ? b : NULL, use_res ? r : NULL, yr, geglu);
    int diff = 0, finite = 1;
    for (size_t i = 0; i < (size_t)M * nout; i++) {
        diff += memcmp(&y[i], &yr[i], sizeof(float)) != 0;
        finite &= isfinite(y[i]);
    }
    result(diff == 0 && finite,
           "group model M=%d N=%d K=%d bias=%d residual=%d %s tiny=%d: y == the written-out per-(row, 128-K group) "
           "GEMM bit for bit (%d of %d outputs differ), no NaN/Inf", M, N, K, use_bias, use_res,
           geglu ? "geglu" : "none", tiny, diff, M * nout);
    free(a), free(w), free(b), free(r), free(y), free(yr);
}

// Error against the FP32 GEMM beside per-row scales, on N(0,1) data and with one outlier per A row: the
// group scheme confines an outlier to its 128-K group.
static void test_group_error(int M, int N, int K, float outlier, double bound) {
    float *a = xmalloc((size_t)M * K * 4), *w = xmalloc((size_t)N * K * 4), *yg = xmalloc((size_t)M * N * 4),
          *yr = xmalloc((size_t)M * N * 4);
    for (size_t i = 0; i < (size_t)M * K; i++) a[i] = round_f16(i8_hash_normal(61, i));
    if (outlier != 0.0f)
        for (int m = 0; m < M; m++) a[(size_t)m * K + (m * 37) % K] = round_f16(outlier);
    for (size_t i = 0; i < (size_t)N * K; i++) w[i] = round_f16(i8_hash_normal(62, i));
    gemm_int8_group_model(M, N, K, a, w, NULL, NULL, yg, GEMM_EPI_NONE);
    gemm_int8_rows_model(M, N, K, a, w, NULL, NULL, yr, GEMM_EPI_NONE, 0);
    double eg = 0, er = 0, ref = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double v = 0;
            for (int k = 0; k < K; k++) v += (double)a[(size_t)m * K + k] * w[(size_t)n * K + k];
            eg += (yg[(size_t)m * N + n] - v) * (yg[(size_t)m * N + n] - v);
            er += (yr[(size_t)m * N + n] - v) * (yr[(size_t)m * N + n] - v);
            ref += v * v;
        }
    eg = sqrt(eg / ref), er = sqrt(er / ref);
    printf("  int8 rel L2 vs FP32 GEMM, M=%d N=%d K=%d N(0,1)%s: per-(row, 128-K group) %.3e, per-row %.3e\n", M,
           N, K, outlier != 0.0f ? " + one outlier per A row" : "", eg, er);
    result(eg < bound && eg < er, "group model vs FP32 GEMM M=%d N=%d K=%d outlier=%g: rel L2 %.3e < %.0e and below "
           "per-row scales' %.3e", M, N, K, outlier, eg, bound, er);
    free(a), free(w), free(yg), free(yr);
}

// run_cpu with int8_rows: every INT8 node is gemm_int8_rows_model on the
// node's inputs (GEGLU rows and bias interleaved; 1x1 conv weight as (Cout,
// Cin); time_emb_proj with SiLU on A), kernel "cpu i8r rows".
static float *rows_interleaved(const float *src, int f, int k) {
    float *d = xmalloc((size_t)2 * f * k * sizeof(float));
    geglu_interleave_rows(src, d, f, k);
    return d;
}

static void test_rows_run_cpu_gemm(int m, int n, int k, GemmBlockEpilogue epi) {
    static const char *en[] = {"none", "bias", "geglu", "residual"};
    BlockConfig c = {.kind = BLOCK_GEMM, .m = m, .n = n, .k = k, .epilogue = epi, .batch = 1, .seed = 6};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3,
                      .tol_int8 = 3e-2, .linear_prec = PREC_INT8, .int8_rows = 1};
    RunResult res;
    run_cpu(&g, &opt, &res);
    const Node *nd = &g.nodes[0];
    const LinearLayer *L = nd->lin;
    const int geglu = epi == GEMM_BLOCK_GEGLU, out_n = geglu ? n / 2 : n;
    float *w = geglu ? rows_interleaved(L->h_w_fast, n / 2, k) : NULL, *b = NULL;
    if (geglu && L->h_bias) b = rows_interleaved(L->h_bias, n / 2, 1);
    float *y = xmalloc((size_t)m * out_n * sizeof(float));
    gemm_int8_rows_model(m, n, k, g.t[nd->in].h_fast, w ? w : L->h_w_fast, b ? b : L->h_bias,
                         nd->res >= 0 ? g.t[nd->res].h_fast : NULL, y, geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, 0);
    int same = memcmp(y, g.t[g.out].h_fast, (size_t)m * out_n * sizeof(float)) == 0;
    result(same && nd->prec == PREC_INT8 && nd->i8_rows && !strcmp(nd->kernel, "cpu i8r rows") && res.checked &&
               nd->has_fp16_err && nd->fp16_err.rel_l2 < nd->layer_err.rel_l2 && nd->layer_err.rel_l2 > 0 &&
               nd->layer_err.rel_l2 <= 3e-2 && res.pass,
           "run_cpu gemm M=%d N=%d K=%d epilogue %s --linear int8 --int8-scales row: output == gemm_int8_rows_model "
           "bitwise, kernel '%s', layer error %.2e in (0, 3e-2], FP16 GEMM error %.2e below it, pass", m, n, k,
           en[epi], nd->kernel, nd->layer_err.rel_l2, nd->fp16_err.rel_l2);
    free(w), free(b), free(y);
    run_result_free(&res);
    graph_free(&g);
}

static int rows_node(const Graph *g, const char *name) {
    for (int i = 0; i < g->nn; i++)
        if (!strcmp(g->nodes[i].name, name)) return i;
    return -1;
}

// ResBlock cin 16 -> cout 32: time_emb_proj (OP_LINEAR, SiLU on A, rows =
// batch) and conv_shortcut (1x1 conv, (Cout, Cin) weight) per row.
static void test_rows_run_cpu_resblock(void) {
    BlockConfig c = {.kind = BLOCK_RESBLOCK, .c = 16, .cout = 32, .h = 3, .w = 2, .batch = 2, .temb_dim = 64,
                     .groups = 8, .eps = 1e-5, .ksize = 3, .stride = 1, .seed = 7};
    Graph g;
    build_block(&g, &c);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3,
                      .tol_int8 = 3e-2, .linear_prec = PREC_INT8, .conv1x1_prec = PREC_INT8, .int8_rows = 1};
    RunResult res;
    run_cpu(&g, &opt, &res);
    const int tp = rows_node(&g, "time_emb_proj"), sc = rows_node(&g, "conv_shortcut"), c1 = rows_node(&g, "conv1");
    int ok = tp >= 0 && sc >= 0 && c1 >= 0;
    int same_tp = 0, same_sc = 0;
    if (ok) {
        const Node *t = &g.nodes[tp], *s = &g.nodes[sc];
        const LinearLayer *L = t->lin;
        float *y = xmalloc((size_t)2 * L->n * sizeof(float));  // (B, Cout)
        gemm_int8_rows_model(2, L->n, L->k, g.t[t->in].h_fast, L->h_w_fast, L->h_bias, NULL, y, GEMM_EPI_NONE, 1);
        same_tp = memcmp(y, g.t[t->out].h_fast, (size_t)2 * L->n * sizeof(float)) == 0;
        free(y);
        const Conv2dLayer *C = s->conv;
        const int m = 2 * 3 * 2, n = 32, k = 16;
        float *w = xmalloc((size_t)n * k * sizeof(float)), *ys = xmalloc((size_t)m * n * sizeof(float));
        for (int ci = 0; ci < k; ci++)
            for (int co = 0; co < n; co++) w[(size_t)co * k + ci] = C->h_w_fast[(size_t)ci * n + co];
        gemm_int8_rows_model(m, n, k, g.t[s->in].h_fast, w, C->h_bias, s->res >= 0 ? g.t[s->res].h_fast : NULL, ys,
                             GEMM_EPI_NONE, 0);
        same_sc = memcmp(ys, g.t[s->out].h_fast, (size_t)m * n * sizeof(float)) == 0;
        free(w), free(ys);
        ok = same_tp && same_sc && t->i8_rows && s->i8_rows && !g.nodes[c1].i8_rows &&
             !strcmp(t->kernel, "cpu i8r rows") && !strcmp(s->kernel, "cpu i8r rows") && t->has_fp16_err &&
             s->has_fp16_err && t->layer_err.rel_l2 <= 3e-2 && s->layer_err.rel_l2 <= 3e-2 && res.pass;
    }
    result(ok, "run_cpu resblock B=2 3x2 cin 16 -> cout 32 temb 64 --linear int8 --conv1x1 int8 --int8-scales row: "
           "time_emb_proj (SiLU on A) and conv_shortcut ((Cout, Cin) weight) == gemm_int8_rows_model bitwise "
           "(%d, %d), kernel 'cpu i8r rows', conv1 not INT8, layer errors <= 3e-2, pass", same_tp, same_sc);
    run_result_free(&res);
    graph_free(&g);

    // graph_set_precision: i8_rows only on INT8 nodes, and only with int8_rows
    build_block(&g, &c);
    opt = (RunOptions){.tol_fp16 = 5e-3, .tol_int8 = 3e-2, .linear_prec = PREC_INT8, .conv1x1_prec = PREC_FP16,
                       .int8_rows = 1};
    graph_set_precision(&g, &opt, 1);
    ok = 1;
    for (int i = 0; i < g.nn; i++) ok &= g.nodes[i].i8_rows == (g.nodes[i].prec == PREC_INT8);
    ok &= g.nodes[rows_node(&g, "time_emb_proj")].i8_rows && !g.nodes[rows_node(&g, "conv_shortcut")].i8_rows;
    opt.int8_rows = 0;
    graph_set_precision(&g, &opt, 1);
    for (int i = 0; i < g.nn; i++) ok &= !g.nodes[i].i8_rows;
    result(ok, "graph_set_precision resblock --linear int8 --conv1x1 fp16: int8_rows 1 marks time_emb_proj alone "
           "i8_rows; int8_rows 0 marks none");
    graph_free(&g);
}

static const char *rows_jstr(const cJSON *o, const char *a) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const cJSON *jnode_rows(const cJSON *j, const char *name) {
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes"), *o;
    cJSON_ArrayForEach(o, nodes) if (!strcmp(rows_jstr(o, "name"), name)) return o;
    return NULL;
}

// unetrun args --json TMP: the report (NULL on failure), exit status and output.
static cJSON *rows_run_json(const char *bin, const char *args, int *rc, char **out) {
    char path[512], full[1024];
    if (!make_tmp_file(path, sizeof path, "test_i8r")) return NULL;
    snprintf(full, sizeof full, "%s --json '%s'%s", args, path, dev_args());
    Cmd r = run_cli(bin, full);
    *rc = r.sig ? -r.sig : r.rc;
    *out = r.out;
    cJSON *j = read_json_file(path);
    unlink(path);
    return j;
}

// A bad command line: exit 2 and exactly one line of output, the error naming `want`.
static void rows_cli_bad(const char *bin, const char *args, const char *want) {
    char full[512];
    snprintf(full, sizeof full, "%s%s", args, dev_args());
    Cmd r = run_cli(bin, full);
    const char *nl = strchr(r.out, '\n');
    int one = nl && nl[1] == '\0' && !strncmp(r.out, "unetrun: error: ", 16) && strstr(r.out, want);
    result(r.sig == 0 && r.rc == 2 && one, "unetrun %s: exit 2, one error line naming \"%s\" (exit %d: %.*s)", args,
           want, r.rc, (int)strcspn(r.out, "\n"), r.out);
    free(r.out);
}

static void test_rows_cli(const char *bin) {
    const char *gemm = "--block gemm --m 100 --n 72 --k 200 --linear int8 --int8-scales row --check";
    int rc = -1;
    char *out = NULL;
    cJSON *j = rows_run_json(bin, gemm, &rc, &out);
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *o = cJSON_GetArrayItem(nodes, 0);
    double le = o ? json_num(o, "layer_error", "rel_l2") : NAN, fe = o ? json_num(o, "fp16_error", "rel_l2") : NAN;
    int ok = rc == 0 && o && cJSON_GetArraySize(nodes) == 1 && strstr(out, "verdict  PASS") && strstr(out, "i8r") &&
             !strcmp(rows_jstr(o, "kernel"), "cpu i8r rows") && !strcmp(rows_jstr(o, "precision"), "int8") &&
             !strcmp(rows_jstr(o, "int8_scales"), "row") &&
             !strcmp(rows_jstr(cJSON_GetObjectItemCaseSensitive(j, "config"), "int8_scales"), "row") && le > 0 &&
             le <= 3e-2 && fe < le;
    result(ok, "unetrun %s: exit 0, PASS, report row kernel '%s' (i8r), JSON int8_scales \"row\" (node and config), "
           "layer rel_l2 %.2e <= 3e-2, FP16 GEMM %.2e below it (exit %d)", gemm, o ? rows_jstr(o, "kernel") : "", le,
           fe, rc);
    cJSON_Delete(j);
    free(out);

    // transformer: every linear layer per row (the three after a LayerNorm take it in as a quantizing
    // LayerNorm pass: --fuse-ln auto); with --conv1x1 int8 proj_in/proj_out too
    static const char *i8[] = {"ln1+qkv", "out1+res", "ln2+q2", "kv2(ctx)", "out2+res", "ln3+ff1+geglu", "ff2+res",
                               "proj_in", "proj_out+res"};
    for (int conv = 0; conv < 2; conv++) {
        char tf[512];
        snprintf(tf, sizeof tf, "--block transformer --c 80 --heads 2 --h 3 --w 2 --context-len 5 --context-dim 24 "
                 "--groups 8 --linear int8 --int8-scales row%s --check", conv ? " --conv1x1 int8" : "");
        j = rows_run_json(bin, tf, &rc, &out);
        ok = rc == 0 && j && strstr(out, "verdict  PASS") && strstr(out, "i8r rows");
        double worst = 0;
        for (unsigned i = 0; ok && i < sizeof(i8) / sizeof(i8[0]); i++) {
            const cJSON *n = jnode_rows(j, i8[i]);
            const int want = i < 7 || conv;
            const char *k = n ? rows_jstr(n, "kernel") : "", *want_k = strncmp(i8[i], "ln", 2) ? "cpu i8r rows"
                                                                                           : "cpu ln-quant + i8r rows";
            ok = n && !strcmp(rows_jstr(n, "precision"), want ? "int8" : "fp16") && (strcmp(k, want_k) == 0) == want &&
                 json_num(n, "chain_error", "rel_l2") <= 3e-2;
            if (ok && want) {
                ok = json_num(n, "layer_error", "rel_l2") <= 3e-2;
                worst = fmax(worst, json_num(n, "layer_error", "rel_l2"));
            }
        }
        result(ok, "unetrun %s: PASS; ln1+qkv out1+res ln2+q2 kv2(ctx) out2+res ln3+ff1+geglu ff2+res%s INT8 per "
               "row (kernel 'cpu i8r rows', after a LayerNorm 'cpu ln-quant + i8r rows', worst layer error %.2e <= "
               "3e-2), chains <= 3e-2 (exit %d)", tf,
               conv ? " proj_in proj_out+res" : "", worst, rc);
        cJSON_Delete(j);
        free(out);
    }

    // --help documents it
    Cmd r = run_cli(bin, "--help");
    result(r.rc == 0 && strstr(r.out, "--int8-scales S") && strstr(r.out, "[tile]"),
           "unetrun --help documents --int8-scales S [tile]");
    free(r.out);

    rows_cli_bad(bin, "--block gemm --m 64 --n 32 --k 64 --linear int8 --int8-scales bogus",
                 "--int8-scales must be tile, row or group (got 'bogus')");
    rows_cli_bad(bin, "--block gemm --m 64 --n 32 --k 64 --int8-scales row",
                 "--int8-scales applies to INT8 GEMMs: add --linear int8 or --conv1x1 int8");
    rows_cli_bad(bin, "--block transformer --c 80 --heads 2 --hw 4 --linear fp16 --conv1x1 fp16 --int8-scales row",
                 "--int8-scales applies to INT8 GEMMs");
    rows_cli_bad(bin, "--block transformer --c 80 --heads 2 --hw 4 --linear auto --int8-scales tile",
                 "--linear auto runs its INT8 GEMMs with row scales; drop --int8-scales tile");
    rows_cli_bad(bin, "--block transformer --c 80 --heads 2 --hw 4 --linear bf16",
                 "--linear must be int8, fp16 or auto (got 'bf16')");

    // --linear auto: the three linears after a LayerNorm INT8 row (quantizing LayerNorm pass), the rest FP16
    // (A plain FP16 rows at K <= 1280: the rule); JSON config "auto"; with --int8-scales row the same
    static const char *au[] = {"ln1+qkv", "out1+res", "ln2+q2", "kv2(ctx)", "out2+res", "ln3+ff1+geglu", "ff2+res"};
    for (int rows = 0; rows < 2; rows++) {
        char tf[512];
        snprintf(tf, sizeof tf, "--block transformer --c 80 --heads 2 --h 3 --w 2 --context-len 5 --context-dim 24 "
                 "--groups 8 --linear auto%s --check", rows ? " --int8-scales row" : "");
        j = rows_run_json(bin, tf, &rc, &out);
        const cJSON *cfg = j ? cJSON_GetObjectItemCaseSensitive(j, "config") : NULL;
        ok = rc == 0 && j && strstr(out, "verdict  PASS") && cfg && !strcmp(rows_jstr(cfg, "linear_precision"), "auto");
        for (unsigned i = 0; ok && i < sizeof(au) / sizeof(au[0]); i++) {
            const cJSON *n = jnode_rows(j, au[i]);
            const int want = !strncmp(au[i], "ln", 2);
            ok = n && !strcmp(rows_jstr(n, "precision"), want ? "int8" : "fp16") &&
                 (!want || !strcmp(rows_jstr(n, "kernel"), "cpu ln-quant + i8r rows"));
        }
        result(ok, "unetrun %s: PASS, config linear_precision \"auto\", ln1+qkv ln2+q2 ln3+ff1+geglu INT8 "
               "'cpu ln-quant + i8r rows', out1 kv2 out2 ff2 FP16 (exit %d)", tf, rc);
        cJSON_Delete(j);
        free(out);
    }
}

// --int8-scales group on the CLI: a GEMM (kernel 'cpu i8g groups', JSON int8_scales "group"), a transformer
// (every linear per group; the LayerNorms stay their own FP16 nodes: no quantizing pass to fold), a ResBlock
// (time_emb_proj, SiLU on A, keeps row scales), and the refusal beside --linear auto.
static void test_group_cli(const char *bin) {
    const char *gemm = "--block gemm --m 100 --n 72 --k 208 --linear int8 --int8-scales group --check";
    int rc = -1;
    char *out = NULL;
    cJSON *j = rows_run_json(bin, gemm, &rc, &out);
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *o = cJSON_GetArrayItem(nodes, 0);
    double le = o ? json_num(o, "layer_error", "rel_l2") : NAN;
    int ok = rc == 0 && o && strstr(out, "verdict  PASS") && !strcmp(rows_jstr(o, "kernel"), "cpu i8g groups") &&
             !strcmp(rows_jstr(o, "int8_scales"), "group") &&
             !strcmp(rows_jstr(cJSON_GetObjectItemCaseSensitive(j, "config"), "int8_scales"), "group") && le > 0 &&
             le <= 3e-2;
    result(ok, "unetrun %s: exit 0, PASS, kernel 'cpu i8g groups', JSON int8_scales \"group\" (node and config), layer "
           "rel_l2 %.2e <= 3e-2 (exit %d)", gemm, le, rc);
    cJSON_Delete(j);
    free(out);

    static const char *gr[] = {"qkv", "out1+res", "q2", "kv2(ctx)", "out2+res", "ff1+geglu", "ff2+res"};
    const char *tf = "--block transformer --c 80 --heads 2 --h 3 --w 2 --context-len 5 --context-dim 24 --groups 8 "
                     "--linear int8 --int8-scales group --check";
    j = rows_run_json(bin, tf, &rc, &out);
    ok = rc == 0 && j && strstr(out, "verdict  PASS") && jnode_rows(j, "ln1") && jnode_rows(j, "ln3");
    for (unsigned i = 0; ok && i < sizeof(gr) / sizeof(gr[0]); i++) {
        const cJSON *n = jnode_rows(j, gr[i]);
        ok = n && !strcmp(rows_jstr(n, "int8_scales"), "group") && !strcmp(rows_jstr(n, "kernel"), "cpu i8g groups") &&
             json_num(n, "chain_error", "rel_l2") <= 3e-2;
    }
    result(ok, "unetrun %s: PASS; qkv out1+res q2 kv2(ctx) out2+res ff1+geglu ff2+res per group ('cpu i8g groups'), "
           "ln1 and ln3 their own nodes, chains <= 3e-2 (exit %d)", tf, rc);
    cJSON_Delete(j);
    free(out);

    const char *rb = "--block resblock --c 32 --hw 4 --groups 8 --temb-dim 64 --linear int8 --int8-scales group --check";
    j = rows_run_json(bin, rb, &rc, &out);
    const cJSON *te = j ? jnode_rows(j, "time_emb_proj") : NULL;
    result(rc == 0 && te && strstr(out, "verdict  PASS") && !strcmp(rows_jstr(te, "int8_scales"), "row"),
           "unetrun %s: PASS, time_emb_proj (SiLU on A, 2 rows) keeps row scales (exit %d)", rb, rc);
    cJSON_Delete(j);
    free(out);
    rows_cli_bad(bin, "--block transformer --c 80 --heads 2 --hw 4 --linear auto --int8-scales group",
                 "--linear auto runs its INT8 GEMMs with row scales; drop --int8-scales group");
}

void cpu_suite_int8(const char *bin) {
    test_quantizer();
    test_model_hand();
    test_model_vs_double(37, 24, 200, 32, 16, 64, 1, 1, 1, 0.f);
    test_model_vs_double(37, 24, 200, 32, 16, 64, 3, 1, 1, 0.f);
    test_model_vs_double(5, 40, 72, 64, 64, 32, 2, 0, 0, 0.f);
    test_model_vs_double(130, 16, 1288, 128, 128, 128, 4, 1, 0, 0.f);
    test_model_vs_double(20, 16, 256, 16, 16, 128, 1, 0, 1, 60.f);  // one outlier per row
    test_model_splits(100, 48, 520, 128);

    // per-row scales: every M x N x K of {1, 7, 100} x {8, 24, 72} x {8, 200, 320}, bias / residual / SiLU varied
    static const int ms[] = {1, 7, 100}, ns[] = {8, 24, 72}, ks[] = {8, 200, 320};
    int i = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 3; c++, i++) test_rows_vs_ref(ms[a], ns[b], ks[c], i & 1, (i >> 1) & 1, 0, i % 3 == 0);
    for (int a = 0; a < 3; a++)  // GEGLU: N multiple of 16
        for (int c = 0; c < 3; c++) test_rows_vs_ref(ms[a], a == 1 ? 16 : 48, ks[c], c != 1, 0, 1, a == 2);
    test_rows_edges();
    // measured: per-row 1.11e-2, per-tile 1.27e-2; with an outlier of 100 in every A row (every 128x64 A tile
    // holds some) the whole row's scale is amax 100: per-row 7.00e-2, per-tile 7.02e-2
    test_rows_error(256, 256, 1024, 0.0f, 2e-2, 2e-2);
    test_rows_error(256, 256, 1024, 100.0f, 1e-1, 1e-1);
    // per-(row, 128-K group) scales: K with and without a group tail, every epilogue, the FP32 quantizer
    test_group_vs_ref(7, 24, 200, 1, 1, 0, 0);
    test_group_vs_ref(100, 72, 384, 0, 0, 0, 1);
    test_group_vs_ref(33, 48, 1288, 1, 0, 1, 0);
    test_group_vs_ref(1, 8, 16, 0, 1, 0, 0);
    test_group_error(256, 256, 1024, 0.0f, 2e-2);
    test_group_error(256, 256, 1024, 100.0f, 5e-2);
    test_rows_run_cpu_gemm(100, 72, 200, GEMM_BLOCK_NONE);
    test_rows_run_cpu_gemm(70, 48, 40, GEMM_BLOCK_BIAS);
    test_rows_run_cpu_gemm(33, 64, 72, GEMM_BLOCK_GEGLU);
    test_rows_run_cpu_gemm(70, 48, 40, GEMM_BLOCK_RESIDUAL);
    test_rows_run_cpu_resblock();
    test_rows_cli(bin);
    test_group_cli(bin);
}
