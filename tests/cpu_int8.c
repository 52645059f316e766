// cpu_int8.c: the per-tile INT8 quantizer and the C model of gemm_int8
// (src/layers/quant.c) against hand-computed values and a double-precision
// GEMM within a derived error bound.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/common.h"
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

void cpu_suite_int8(void) {
    test_quantizer();
    test_model_hand();
    test_model_vs_double(37, 24, 200, 32, 16, 64, 1, 1, 1, 0.f);
    test_model_vs_double(37, 24, 200, 32, 16, 64, 3, 1, 1, 0.f);
    test_model_vs_double(5, 40, 72, 64, 64, 32, 2, 0, 0, 0.f);
    test_model_vs_double(130, 16, 1288, 128, 128, 128, 4, 1, 0, 0.f);
    test_model_vs_double(20, 16, 256, 16, 16, 128, 1, 0, 1, 60.f);  // one outlier per row
    test_model_splits(100, 48, 520, 128);
}
