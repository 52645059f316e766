// test_cpu.c: CPU tests (make test; runs on machines without a GPU).
//
//   - FP16 conversion: exact bit patterns (rounding ties, subnormals,
//     overflow, NaN, inf) and a round trip of all 65536 half values
//   - CPU reference ops (GroupNorm, SiLU, conv2d, linear) on small cases
//     whose expected values are worked out by hand in the comments
//   - error metrics (compare_outputs) and timing statistics (time_stats)
//   - the host random generator: determinism, independence, range, moments
//   - the graph builder: node lists, tensor wiring, FLOP counts
//   - whole ResBlocks on the CPU path (run_cpu) against an independent
//     naive NCHW composition with PyTorch-layout weights
//   - the command line (the binary given as argv[1]): bad command lines exit
//     2 with one "unetrun: error: " line; good ones run, report and write
//     JSON that parses
//
// Every test name spells out its parameters. Failed tests are always
// printed, passed ones only with VERBOSE set. Last line: "N passed, N failed".
//
// usage: test_cpu [path/to/unetrun]
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kernels/kernels.h"
#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/layers/conv2d.h"
#include "../src/layers/groupnorm.h"
#include "../src/layers/linear.h"
#include "../weights/random.h"

#include "harness.h"



// Largest |a - b|; infinity if either side has a NaN or Inf.
static double max_abs_diff(const float *a, const float *b, size_t n) {
    double m = 0.0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i]) || !isfinite(b[i])) return INFINITY;
        double d = fabs((double)a[i] - (double)b[i]);
        if (d > m) m = d;
    }
    return m;
}

static float *poisoned(size_t n) {
    float *p = xmalloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) p[i] = NAN;
    return p;
}

// ---------------------------------------------------------------------------
// FP16 conversion
// ---------------------------------------------------------------------------
static int half_is_nan(uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; }

static void check_f32_to_f16(float f, uint16_t want, const char *what) {
    uint16_t got = f32_to_f16(f);
    result(got == want, "f32_to_f16(%s = %.9g) = 0x%04x (want 0x%04x)", what, f, got, want);
}

static void check_f16_to_f32(uint16_t h, float want, const char *what) {
    float got = f16_to_f32(h);
    int ok = memcmp(&got, &want, sizeof(float)) == 0;  // bitwise: keeps the sign of zero
    result(ok, "f16_to_f32(0x%04x) = %.9g (want %s = %.9g)", h, got, what, want);
}

static void test_fp16(void) {
    const float ulp1 = ldexpf(1.0f, -10);  // FP16 spacing in [1, 2)
    check_f32_to_f16(1.0f, 0x3c00, "1");
    check_f32_to_f16(-2.0f, 0xc000, "-2");
    check_f32_to_f16(0.5f, 0x3800, "0.5");
    check_f32_to_f16(0.0f, 0x0000, "+0");
    check_f32_to_f16(-0.0f, 0x8000, "-0");
    check_f32_to_f16(65504.0f, 0x7bff, "65504 (largest half)");
    check_f32_to_f16(65519.0f, 0x7bff, "65519 (below the 65520 midpoint)");
    check_f32_to_f16(65520.0f, 0x7c00, "65520 (midpoint to 2^16: rounds to inf)");
    check_f32_to_f16(-65520.0f, 0xfc00, "-65520");
    check_f32_to_f16(1e10f, 0x7c00, "1e10");
    check_f32_to_f16(ldexpf(1.0f, -14), 0x0400, "2^-14 (smallest normal)");
    check_f32_to_f16(ldexpf(1.0f, -24), 0x0001, "2^-24 (smallest subnormal)");
    check_f32_to_f16(ldexpf(1.0f, -25), 0x0000, "2^-25 (tie between 0 and 2^-24: even is 0)");
    check_f32_to_f16(-ldexpf(1.0f, -25), 0x8000, "-2^-25 (tie: -0)");
    check_f32_to_f16(ldexpf(1.0f, -25) * 1.0001f, 0x0001, "2^-25 * 1.0001 (above the tie)");
    check_f32_to_f16(ldexpf(3.0f, -25), 0x0002, "3*2^-25 (tie between 1 and 2 subnormal ulps: even is 2)");
    check_f32_to_f16(ldexpf(5.0f, -25), 0x0002, "5*2^-25 (tie between 2 and 3 ulps: even is 2)");
    check_f32_to_f16(ldexpf(1023.5f, -24), 0x0400, "1023.5*2^-24 (tie, largest subnormal carries to 2^-14)");
    check_f32_to_f16(1.0f + ulp1 / 2, 0x3c00, "1 + 2^-11 (tie: even mantissa 0x000)");
    check_f32_to_f16(1.0f + 3 * ulp1 / 2, 0x3c02, "1 + 3*2^-11 (tie: even mantissa 0x002)");
    check_f32_to_f16(1.0f + ulp1 / 4, 0x3c00, "1 + 2^-12 (below the tie)");
    check_f32_to_f16(1.0f + 3 * ulp1 / 4, 0x3c01, "1 + 3*2^-12 (above the tie)");
    check_f32_to_f16(2.0f - ulp1 / 2, 0x4000, "2 - 2^-11 (tie, mantissa carries into the exponent)");
    check_f32_to_f16(1.0f / 3.0f, 0x3555, "1/3");
    check_f32_to_f16(0.1f, 0x2e66, "0.1");
    check_f32_to_f16(INFINITY, 0x7c00, "+inf");
    check_f32_to_f16(-INFINITY, 0xfc00, "-inf");
    {
        uint16_t h = f32_to_f16(NAN), hn = f32_to_f16(-NAN);
        result(half_is_nan(h) && half_is_nan(hn), "f32_to_f16(NaN) = 0x%04x, f32_to_f16(-NaN) = 0x%04x stay NaN", h,
               hn);
    }
    check_f16_to_f32(0x3c00, 1.0f, "1");
    check_f16_to_f32(0xc000, -2.0f, "-2");
    check_f16_to_f32(0x8000, -0.0f, "-0");
    check_f16_to_f32(0x7bff, 65504.0f, "65504");
    check_f16_to_f32(0x0001, ldexpf(1.0f, -24), "2^-24");
    check_f16_to_f32(0x03ff, ldexpf(1023.0f, -24), "1023*2^-24");
    check_f16_to_f32(0x0400, ldexpf(1.0f, -14), "2^-14");
    check_f16_to_f32(0x3555, 0.333251953125f, "0.333251953125");
    check_f16_to_f32(0x7c00, INFINITY, "+inf");
    check_f16_to_f32(0xfc00, -INFINITY, "-inf");
    result(isnan(f16_to_f32(0x7e00)) && isnan(f16_to_f32(0xfc01)), "f16_to_f32(0x7e00, 0xfc01) are NaN");
    result(round_f16(1.0f + ulp1 / 4) == 1.0f && round_f16(65520.0f) == INFINITY,
           "round_f16(1 + 2^-12) = 1 and round_f16(65520) = inf");

    // Every half bit pattern survives f16 -> f32 -> f16 (NaNs stay NaN), and
    // the positive finite values increase strictly with their bit pattern.
    int bad = 0, first_bad = -1, nonmono = 0;
    float prev = -1.0f;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = f16_to_f32((uint16_t)h);
        uint16_t back = f32_to_f16(f);
        int ok = half_is_nan((uint16_t)h) ? (isnan(f) && half_is_nan(back)) : back == h;
        if (!ok && bad++ == 0) first_bad = (int)h;
        if (h <= 0x7c00) {
            if (!(f > prev) && h > 0) nonmono++;
            prev = f;
        }
    }
    result(bad == 0, "fp16 round trip f16_to_f32 -> f32_to_f16, all 65536 bit patterns (%d differ, first 0x%04x)", bad,
           first_bad < 0 ? 0 : first_bad);
    result(nonmono == 0, "f16_to_f32 strictly increasing over 0x0000..0x7c00 (%d violations)", nonmono);
}

// ---------------------------------------------------------------------------
// GroupNorm and SiLU references
// ---------------------------------------------------------------------------
// x is NHWC with B=1, HW=2, C=4, G=2: group 0 = channels 0,1; group 1 = 2,3.
//   pixel 0: [3, 7, 4, 0]      pixel 1: [7, 3, 0, 0]
// group 0 values {3, 7, 7, 3}: mean 5, deviations -2, 2, 2, -2, var 4,
//   rstd (eps 0) 1/2 -> normalized p0 [-1, 1], p1 [1, -1]
// group 1 values {4, 0, 0, 0}: mean 1, deviations 3, -1, -1, -1, var 3,
//   rstd 1/sqrt(3) -> normalized p0 [sqrt(3), -1/sqrt(3)], p1 [-1/sqrt(3), -1/sqrt(3)]
static void test_groupnorm_ref(void) {
    const float x[8] = {3, 7, 4, 0, 7, 3, 0, 0};
    const float r3 = sqrtf(3.0f), ir3 = 1.0f / sqrtf(3.0f);
    float y[16];
    {  // identity affine
        const float gamma[4] = {1, 1, 1, 1}, beta[4] = {0, 0, 0, 0};
        const float want[8] = {-1, 1, r3, -ir3, 1, -1, -ir3, -ir3};
        groupnorm_ref_cpu(x, y, gamma, beta, 1, 2, 4, 2, 0.0f);
        double d = max_abs_diff(y, want, 8);
        result(d <= 1e-6, "groupnorm_ref_cpu B=1 HW=2 C=4 G=2 eps=0 gamma=1 beta=0 hand case (max err %.1e)", d);
    }
    {  // gamma = [2, 0.5, 1, -1], beta = [0.5, -1, 0, 3]: y = normalized * gamma + beta
        //   p0: [-1*2+0.5, 1*0.5-1, sqrt(3)*1+0, -1/sqrt(3)*-1+3] = [-1.5, -0.5, sqrt(3), 3+1/sqrt(3)]
        //   p1: [ 1*2+0.5, -1*0.5-1, -1/sqrt(3), 3+1/sqrt(3)]      = [2.5, -1.5, -1/sqrt(3), 3+1/sqrt(3)]
        const float gamma[4] = {2, 0.5f, 1, -1}, beta[4] = {0.5f, -1, 0, 3};
        const float want[8] = {-1.5f, -0.5f, r3, 3 + ir3, 2.5f, -1.5f, -ir3, 3 + ir3};
        groupnorm_ref_cpu(x, y, gamma, beta, 1, 2, 4, 2, 0.0f);
        double d = max_abs_diff(y, want, 8);
        result(d <= 1e-6,
               "groupnorm_ref_cpu B=1 HW=2 C=4 G=2 eps=0 gamma=[2,0.5,1,-1] beta=[0.5,-1,0,3] hand case (max err %.1e)",
               d);
    }
    {  // B=2: sample 1 = 10 * sample 0 + 100 normalizes to the same values
        //     (GroupNorm is per sample and invariant to a positive affine map)
        float x2[16];
        for (int i = 0; i < 8; i++) x2[i] = x[i], x2[8 + i] = 10 * x[i] + 100;
        const float gamma[4] = {1, 1, 1, 1}, beta[4] = {0, 0, 0, 0};
        const float want[8] = {-1, 1, r3, -ir3, 1, -1, -ir3, -ir3};
        groupnorm_ref_cpu(x2, y, gamma, beta, 2, 2, 4, 2, 0.0f);
        double d = fmax(max_abs_diff(y, want, 8), max_abs_diff(y + 8, want, 8));
        result(d <= 1e-5, "groupnorm_ref_cpu B=2 HW=2 C=4 G=2 eps=0 sample1=10*sample0+100 same output (max err %.1e)",
               d);
    }
    {  // eps enters as 1/sqrt(var + eps). eps = 3:
        //   group 0 {1, -1, -1, 1}: mean 0, var 1, rstd 1/sqrt(1+3) = 1/2 -> +-0.5,
        //     then * gamma [2, 4] + beta [1, -1]: p0 [0.5*2+1, -0.5*4-1] = [2, -3], p1 [-0.5*2+1, 0.5*4-1] = [0, 1]
        //   group 1 {5, 5, 5, 5}: constant, var 0 -> normalized 0 -> output = beta [0.25, -0.75]
        const float xe[8] = {1, -1, 5, 5, -1, 1, 5, 5};
        const float gamma[4] = {2, 4, 3, 3}, beta[4] = {1, -1, 0.25f, -0.75f};
        const float want[8] = {2, -3, 0.25f, -0.75f, 0, 1, 0.25f, -0.75f};
        groupnorm_ref_cpu(xe, y, gamma, beta, 1, 2, 4, 2, 3.0f);
        double d = max_abs_diff(y, want, 8);
        result(d <= 1e-6, "groupnorm_ref_cpu B=1 HW=2 C=4 G=2 eps=3 hand case (max err %.1e)", d);
        // tiny eps on a constant group: still finite, exactly beta
        const float xc[8] = {2, 2, 2, 2, 2, 2, 2, 2};
        groupnorm_ref_cpu(xc, y, gamma, beta, 1, 2, 4, 2, 1e-5f);
        int ok = 1;
        for (int i = 0; i < 8; i++) ok &= y[i] == beta[i % 4];
        result(ok, "groupnorm_ref_cpu B=1 HW=2 C=4 G=2 eps=1e-5 constant input -> output == beta exactly");
    }
}

static void test_silu_ref(void) {
    const float x[7] = {0.0f, 1.0f, -1.0f, 20.0f, -20.0f, 100.0f, -100.0f};
    float y[7];
    silu_ref_cpu(x, y, 7);
    result(y[0] == 0.0f, "silu_ref_cpu(0) = %g (want 0)", y[0]);
    result(fabs(y[1] - 0.7310585786) <= 1e-6, "silu_ref_cpu(1) = %.8f (want 1/(1+e^-1) = 0.73105858)", y[1]);
    result(fabs(y[2] + 0.2689414214) <= 1e-6, "silu_ref_cpu(-1) = %.8f (want -1/(1+e^1) = -0.26894142)", y[2]);
    result(fabs(y[3] - 20.0f) <= 1e-5, "silu_ref_cpu(20) = %.8g (want ~20)", y[3]);
    result(y[4] <= 0.0f && fabs(y[4]) <= 1e-6, "silu_ref_cpu(-20) = %.3g (want ~ -4.1e-8)", y[4]);
    result(y[5] == 100.0f, "silu_ref_cpu(100) = %.8g (want 100)", y[5]);
    result(isfinite(y[6]) && fabs(y[6]) <= 1e-30, "silu_ref_cpu(-100) = %.3g (want ~0, finite)", y[6]);
    float z[7];
    memcpy(z, x, sizeof(z));
    silu_ref_cpu(z, z, 7);  // in place, as the executor uses it
    result(memcmp(z, y, sizeof(z)) == 0, "silu_ref_cpu in place == out of place");
}

// ---------------------------------------------------------------------------
// conv2d reference. Activations NHWC, weights (k, k, Cin, Cout).
// ---------------------------------------------------------------------------
static size_t widx(int kh, int kw, int ci, int co, int k, int cin, int cout) {
    return (((size_t)kh * k + kw) * cin + ci) * cout + co;
}
static size_t aidx(int b, int h, int w, int c, int H, int W, int C) {
    return (((size_t)b * H + h) * W + w) * C + c;
}

static int make_shape(ConvShape *s, int B, int H, int W, int cin, int cout, int k, int stride) {
    ConvShape t = {B, H, W, cin, cout, k, stride, k / 2, 0, 0, 0, 0, 0, 0, 0};
    *s = t;
    return conv2d_shape_init(s) == 0;
}

// Small integers so every sum is exact in FP32.
static void fill_int(float *x, size_t n, int mod, int offset) {
    for (size_t i = 0; i < n; i++) x[i] = (float)((int)((i * 7 + 3) % (size_t)mod) - offset);
}

// A single weight tap (kh, kw) passing input channel ci to output channel 2*ci+1.
// Output pixel (h, w) reads input (h + kh - 1, w + kw - 1); outside the image
// it reads zero padding, and even output channels are always zero.
static void test_conv_delta(int B, int H, int W, int kh, int kw) {
    const int cin = 8, cout = 16, k = 3;
    ConvShape s;
    if (!make_shape(&s, B, H, W, cin, cout, k, 1)) {
        result(0, "conv2d_shape_init B=%d H=%d W=%d cin=%d cout=%d k=3 stride=1", B, H, W, cin, cout);
        return;
    }
    size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * H * W * cout;
    float *x = xmalloc(nx * 4), *w = xcalloc((size_t)k * k * cin * cout, 4), *y = poisoned(ny);
    fill_int(x, nx, 19, 9);
    for (int ci = 0; ci < cin; ci++) w[widx(kh, kw, ci, 2 * ci + 1, k, cin, cout)] = 1.0f;
    conv2d_ref_cpu(&s, x, w, NULL, NULL, NULL, y);
    int bad_inside = 0, bad_border = 0, n_border = 0;
    for (int b = 0; b < B; b++)
        for (int h = 0; h < H; h++)
            for (int ww = 0; ww < W; ww++) {
                int ih = h + kh - 1, iw = ww + kw - 1;
                int inside = ih >= 0 && ih < H && iw >= 0 && iw < W;
                n_border += !inside;
                for (int co = 0; co < cout; co++) {
                    float want = (inside && (co & 1)) ? x[aidx(b, ih, iw, co / 2, H, W, cin)] : 0.0f;
                    float got = y[aidx(b, h, ww, co, H, W, cout)];
                    if (got != want) {
                        if (inside) bad_inside++;
                        else bad_border++;
                    }
                }
            }
    if (kh == 1 && kw == 1)
        result(bad_inside == 0 && n_border == 0,
               "conv2d_ref_cpu delta tap (1,1) B=%d H=%d W=%d cin=8 cout=16 ci->2ci+1 reproduces the input (%d wrong)",
               B, H, W, bad_inside);
    else {
        result(bad_inside == 0,
               "conv2d_ref_cpu delta tap (%d,%d) B=%d H=%d W=%d cin=8 cout=16 ci->2ci+1 shifts by (%d,%d) (%d wrong)",
               kh, kw, B, H, W, kh - 1, kw - 1, bad_inside);
        result(bad_border == 0 && n_border > 0,
               "conv2d_ref_cpu delta tap (%d,%d) B=%d H=%d W=%d: %d border pixels read zero padding (%d wrong)", kh, kw,
               B, H, W, n_border, bad_border);
    }
    free(x), free(w), free(y);
}

// All-ones 3x3 kernel (scaled by 1/Cin) on an all-ones image: each output
// counts the taps inside the image. stride 1, H=4, W=5:
//   4 6 6 6 4
//   6 9 9 9 6
//   6 9 9 9 6
//   4 6 6 6 4
// stride 2, H=5, W=7 -> Ho = (5+2-3)/2+1 = 3, Wo = (7+2-3)/2+1 = 4; output
// row i reads input rows 2i-1..2i+1 (2, 3, 2 of them inside), column j reads
// 2j-1..2j+1 (2, 3, 3, 2 inside): products
//   4 6 6 4
//   6 9 9 6
//   4 6 6 4
static void test_conv_ones(int H, int W, int stride, int Ho, int Wo, const float *want) {
    const int B = 2, cin = 8, cout = 8, k = 3;
    ConvShape s;
    if (!make_shape(&s, B, H, W, cin, cout, k, stride) || s.ho != Ho || s.wo != Wo) {
        result(0, "conv2d_shape_init B=%d H=%d W=%d k=3 stride=%d -> Ho=%d Wo=%d (want %dx%d)", B, H, W, stride, s.ho,
               s.wo, Ho, Wo);
        return;
    }
    size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * Ho * Wo * cout, nw = (size_t)k * k * cin * cout;
    float *x = xmalloc(nx * 4), *w = xmalloc(nw * 4), *y = poisoned(ny);
    for (size_t i = 0; i < nx; i++) x[i] = 1.0f;
    for (size_t i = 0; i < nw; i++) w[i] = 1.0f / cin;
    conv2d_ref_cpu(&s, x, w, NULL, NULL, NULL, y);
    int bad = 0;
    for (int b = 0; b < B; b++)
        for (int i = 0; i < Ho; i++)
            for (int j = 0; j < Wo; j++)
                for (int co = 0; co < cout; co++) bad += y[aidx(b, i, j, co, Ho, Wo, cout)] != want[i * Wo + j];
    result(bad == 0, "conv2d_ref_cpu all-ones 3x3 kernel on all-ones image B=%d H=%d W=%d cin=8 cout=8 stride=%d: "
           "Ho=%d Wo=%d, corner/edge/inside counts (%d wrong)", B, H, W, stride, Ho, Wo, bad);
    free(x), free(w), free(y);
}

// Stride 2 with the centre tap: y[i][j] = x[2i][2j].
static void test_conv_stride2_delta(int H, int W) {
    const int B = 1, cin = 8, cout = 8, k = 3;
    ConvShape s;
    if (!make_shape(&s, B, H, W, cin, cout, k, 2)) {
        result(0, "conv2d_shape_init B=1 H=%d W=%d k=3 stride=2", H, W);
        return;
    }
    int Ho = (H - 1) / 2 + 1, Wo = (W - 1) / 2 + 1;  // ceil(H/2) with pad 1
    size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * s.ho * s.wo * cout;
    float *x = xmalloc(nx * 4), *w = xcalloc((size_t)k * k * cin * cout, 4), *y = poisoned(ny);
    fill_int(x, nx, 23, 11);
    for (int c = 0; c < cin; c++) w[widx(1, 1, c, c, k, cin, cout)] = 1.0f;
    conv2d_ref_cpu(&s, x, w, NULL, NULL, NULL, y);
    int bad = 0;
    if (s.ho == Ho && s.wo == Wo)
        for (int i = 0; i < Ho; i++)
            for (int j = 0; j < Wo; j++)
                for (int c = 0; c < cout; c++)
                    bad += y[aidx(0, i, j, c, Ho, Wo, cout)] != x[aidx(0, 2 * i, 2 * j, c, H, W, cin)];
    result(s.ho == Ho && s.wo == Wo && bad == 0,
           "conv2d_ref_cpu stride=2 centre tap B=1 H=%d W=%d cin=8 cout=8: Ho=%d Wo=%d (want %dx%d), "
           "y[i][j] = x[2i][2j] (%d wrong)", H, W, s.ho, s.wo, Ho, Wo, bad);
    free(x), free(w), free(y);
}

// 1x1 conv = per-pixel matrix multiply y[p][co] = sum_ci x[p][ci] w[ci][co].
static void test_conv_1x1(void) {
    const int B = 2, H = 3, W = 2, cin = 8, cout = 16;
    ConvShape s;
    if (!make_shape(&s, B, H, W, cin, cout, 1, 1) || s.ho != H || s.wo != W || s.pad != 0) {
        result(0, "conv2d_shape_init B=2 H=3 W=2 cin=8 cout=16 k=1 stride=1 pad=0");
        return;
    }
    size_t P = (size_t)B * H * W;
    float *x = xmalloc(P * cin * 4), *w = xmalloc((size_t)cin * cout * 4), *y = poisoned(P * cout),
          *want = xmalloc(P * cout * 4);
    fill_int(x, P * cin, 7, 3);
    for (int ci = 0; ci < cin; ci++)
        for (int co = 0; co < cout; co++) w[(size_t)ci * cout + co] = (float)((ci * 3 + co * 5) % 5 - 2);
    for (size_t p = 0; p < P; p++)
        for (int co = 0; co < cout; co++) {
            double a = 0;
            for (int ci = 0; ci < cin; ci++) a += (double)x[p * cin + ci] * w[(size_t)ci * cout + co];
            want[p * cout + co] = (float)a;
        }
    conv2d_ref_cpu(&s, x, w, NULL, NULL, NULL, y);
    double d = max_abs_diff(y, want, P * cout);
    result(d == 0.0, "conv2d_ref_cpu k=1 B=2 H=3 W=2 cin=8 cout=16 == per-pixel matmul (max err %g)", d);
    free(x), free(w), free(y), free(want);
}

// Epilogue: centre-tap identity weights, so y = x + bias[co] + temb[b, co] + res.
static void test_conv_epilogue(int use_bias, int use_temb, int use_res) {
    const int B = 2, H = 2, W = 3, C = 8, k = 3;
    ConvShape s;
    make_shape(&s, B, H, W, C, C, k, 1);
    size_t n = (size_t)B * H * W * C;
    float *x = xmalloc(n * 4), *w = xcalloc((size_t)k * k * C * C, 4), *y = poisoned(n), *res = xmalloc(n * 4);
    float bias[8], temb[16];
    fill_int(x, n, 11, 5);
    for (int c = 0; c < C; c++) w[widx(1, 1, c, c, k, C, C)] = 1.0f;
    for (int c = 0; c < C; c++) bias[c] = 0.5f * c;                         // 0, 0.5, ..., 3.5
    for (int i = 0; i < B * C; i++) temb[i] = 100.0f * (i / C + 1) + i % C;  // sample 0: 100+co, sample 1: 200+co
    for (size_t i = 0; i < n; i++) res[i] = 1000.0f + (float)i;
    conv2d_ref_cpu(&s, x, w, use_bias ? bias : NULL, use_temb ? temb : NULL, use_res ? res : NULL, y);
    int bad = 0;
    for (int b = 0; b < B; b++)
        for (int p = 0; p < H * W; p++)
            for (int c = 0; c < C; c++) {
                size_t i = ((size_t)b * H * W + p) * C + c;
                float want = x[i] + (use_bias ? bias[c] : 0.0f) + (use_temb ? temb[b * C + c] : 0.0f) +
                             (use_res ? res[i] : 0.0f);
                bad += y[i] != want;
            }
    result(bad == 0,
           "conv2d_ref_cpu epilogue B=2 H=2 W=3 C=8 bias=%d temb(b,cout)=%d residual=%d: y = x + adds (%d wrong)",
           use_bias, use_temb, use_res, bad);
    free(x), free(w), free(y), free(res);
}

static void test_conv_shapes(void) {
    // (H, W, k, stride) -> (Ho, Wo); pad = k/2
    static const int cases[][6] = {{5, 7, 3, 2, 3, 4}, {6, 8, 3, 2, 3, 4}, {1, 1, 3, 2, 1, 1}, {2, 3, 3, 2, 1, 2},
                                   {5, 7, 3, 1, 5, 7}, {5, 7, 1, 1, 5, 7}, {1, 1, 3, 1, 1, 1}};
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const int *c = cases[i];
        ConvShape s;
        int ok = make_shape(&s, 1, c[0], c[1], 8, 8, c[2], c[3]);
        result(ok && s.ho == c[4] && s.wo == c[5],
               "conv2d_shape_init H=%d W=%d k=%d stride=%d pad=%d -> %dx%d (want %dx%d)",
               c[0], c[1], c[2], c[3], c[2] / 2, s.ho, s.wo, c[4], c[5]);
    }
    ConvShape s;
    result(!make_shape(&s, 1, 4, 4, 12, 8, 3, 1), "conv2d_shape_init rejects cin=12 (not a multiple of 8)");
}

static void test_conv_ref(void) {
    test_conv_shapes();
    test_conv_delta(2, 4, 5, 1, 1);
    test_conv_delta(2, 4, 5, 0, 0);
    test_conv_delta(1, 4, 5, 2, 2);
    test_conv_delta(1, 3, 6, 0, 2);
    test_conv_delta(1, 5, 3, 1, 0);
    static const float ones_s1[20] = {4, 6, 6, 6, 4, 6, 9, 9, 9, 6, 6, 9, 9, 9, 6, 4, 6, 6, 6, 4};
    static const float ones_s2[12] = {4, 6, 6, 4, 6, 9, 9, 6, 4, 6, 6, 4};
    test_conv_ones(4, 5, 1, 4, 5, ones_s1);
    test_conv_ones(5, 7, 2, 3, 4, ones_s2);
    test_conv_stride2_delta(5, 7);
    test_conv_stride2_delta(6, 8);
    test_conv_1x1();
    test_conv_epilogue(1, 0, 0);
    test_conv_epilogue(0, 1, 0);
    test_conv_epilogue(0, 0, 1);
    test_conv_epilogue(1, 1, 1);
}

// y[b, n] = sum_k x[b, k] w[n, k] + bias[n], rows=2 K=3 N=2:
//   x = [[1, 2, 3], [-1, 0, 2]], w = [[1, 0, -1], [2, 1, 0.5]], bias = [0.5, -1]
//   y[0] = [1 - 3 + 0.5, 2 + 2 + 1.5 - 1] = [-1.5, 4.5]
//   y[1] = [-1 - 2 + 0.5, -2 + 0 + 1 - 1] = [-2.5, -2]
static void test_linear_ref(void) {
    const float x[6] = {1, 2, 3, -1, 0, 2}, w[6] = {1, 0, -1, 2, 1, 0.5f}, bias[2] = {0.5f, -1};
    float y[4];
    const float want[4] = {-1.5f, 4.5f, -2.5f, -2.0f}, want_nb[4] = {-2.0f, 5.5f, -3.0f, -1.0f};
    linear_ref_cpu(x, w, bias, NULL, y, 2, 3, 2);
    result(max_abs_diff(y, want, 4) == 0.0, "linear_ref_cpu rows=2 K=3 N=2 bias hand case = [%g %g; %g %g]", y[0], y[1],
           y[2], y[3]);
    linear_ref_cpu(x, w, NULL, NULL, y, 2, 3, 2);
    result(max_abs_diff(y, want_nb, 4) == 0.0, "linear_ref_cpu rows=2 K=3 N=2 bias=NULL hand case = [%g %g; %g %g]",
           y[0], y[1], y[2], y[3]);
}

// ---------------------------------------------------------------------------
// compare_outputs and time_stats
// ---------------------------------------------------------------------------
static void test_errors(void) {
    {
        const float a[3] = {1, -2, 3};
        ErrMetrics e = compare_outputs(a, a, 3);
        result(e.valid && e.rel_l2 == 0 && e.max_abs == 0 && fabs(e.cosine - 1) < 1e-15 && e.nonfinite == 0,
               "compare_outputs identical: rel_l2=0 max_abs=0 cosine=1 (got %g %g %g)", e.rel_l2, e.max_abs, e.cosine);
    }
    {  // ref [3, 4], fast [3, 0]: |d| = 4, |ref| = 5 -> rel 0.8; max 4; cos = 9 / (5 * 3) = 0.6
        const float f[2] = {3, 0}, r[2] = {3, 4};
        ErrMetrics e = compare_outputs(f, r, 2);
        result(fabs(e.rel_l2 - 0.8) < 1e-12 && e.max_abs == 4 && fabs(e.cosine - 0.6) < 1e-12 && e.nonfinite == 0,
               "compare_outputs fast=[3,0] ref=[3,4]: rel_l2=0.8 max_abs=4 cosine=0.6 (got %g %g %g)", e.rel_l2,
               e.max_abs, e.cosine);
    }
    {  // fast = -ref: rel 2, cosine -1, max 2*max|ref|
        const float f[3] = {-1, 2, -3}, r[3] = {1, -2, 3};
        ErrMetrics e = compare_outputs(f, r, 3);
        result(fabs(e.rel_l2 - 2) < 1e-12 && e.max_abs == 6 && fabs(e.cosine + 1) < 1e-12,
               "compare_outputs fast=-ref: rel_l2=2 max_abs=6 cosine=-1 (got %g %g %g)", e.rel_l2, e.max_abs, e.cosine);
    }
    {  // zero reference: relative L2 falls back to the absolute L2
        const float f[2] = {3, 4}, r[2] = {0, 0}, z[2] = {0, 0};
        ErrMetrics e = compare_outputs(f, r, 2), ez = compare_outputs(z, r, 2);
        result(fabs(e.rel_l2 - 5) < 1e-12 && ez.rel_l2 == 0 && ez.cosine == 1,
               "compare_outputs ref=0: rel_l2 = |fast| = 5, and 1 with cosine 1 when fast=0 too (got %g, %g %g)",
               e.rel_l2, ez.rel_l2, ez.cosine);
    }
    {
        const float f[4] = {1, NAN, 3, INFINITY}, r[4] = {1, 2, 3, 4};
        ErrMetrics e = compare_outputs(f, r, 4);
        result(e.nonfinite == 2 && isnan(e.rel_l2) && isnan(e.max_abs),
               "compare_outputs fast=[1,NaN,3,inf]: nonfinite=2, rel_l2 and max_abs NaN (got %zu %g %g)", e.nonfinite,
               e.rel_l2, e.max_abs);
        ErrMetrics e2 = compare_outputs(r, f, 4);
        result(e2.nonfinite == 2, "compare_outputs ref=[1,NaN,3,inf]: nonfinite=2 (got %zu)", e2.nonfinite);
    }
    {  // odd count: sorted [1, 3, 5] -> median 3, p10 1, p90 5 (nearest rank ceil(0.9*3) = 3rd)
        double s[3] = {5, 1, 3};
        TimeStats t;
        time_stats(s, 3, &t);
        result(t.n == 3 && t.median == 3 && t.min == 1 && t.mean == 3 && t.p10 == 1 && t.p90 == 5 && s[0] == 1 &&
                   s[2] == 5,
               "time_stats [5,1,3]: median=3 min=1 mean=3 p10=1 p90=5, samples sorted (got %g %g %g %g %g)", t.median,
               t.min, t.mean, t.p10, t.p90);
    }
    {  // even count: sorted [1, 2, 3, 4] -> median (2+3)/2 = 2.5, p90 = 4th (ceil 3.6)
        double s[4] = {4, 1, 3, 2};
        TimeStats t;
        time_stats(s, 4, &t);
        result(t.n == 4 && t.median == 2.5 && t.mean == 2.5 && t.p90 == 4 && t.p10 == 1,
               "time_stats [4,1,3,2]: median=2.5 mean=2.5 p10=1 p90=4 (got %g %g %g %g)", t.median, t.mean, t.p10,
               t.p90);
    }
    {  // 10 samples 1..10 shuffled: median 5.5, p90 = 9th (ceil 9), p10 = 1st
        double s[10] = {7, 2, 10, 5, 1, 9, 3, 8, 6, 4};
        TimeStats t;
        time_stats(s, 10, &t);
        result(t.median == 5.5 && t.p90 == 9 && t.p10 == 1 && t.min == 1 && t.mean == 5.5,
               "time_stats 1..10 shuffled: median=5.5 p10=1 p90=9 mean=5.5 (got %g %g %g %g)", t.median, t.p10, t.p90,
               t.mean);
    }
    {
        double s[1] = {0.25}, e[1] = {0};
        TimeStats t, tz;
        time_stats(s, 1, &t);
        time_stats(e, 0, &tz);
        result(t.n == 1 && t.median == 0.25 && t.p10 == 0.25 && t.p90 == 0.25 && tz.n == 0 && tz.median == 0,
               "time_stats n=1 -> every statistic is the sample; n=0 -> zeros");
    }
}

// ---------------------------------------------------------------------------
// host random generator
// ---------------------------------------------------------------------------
static size_t count_equal(const float *a, const float *b, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += a[i] == b[i];
    return k;
}

static void test_random(void) {
    const size_t n = 4096;
    float *a = xmalloc(n * 4), *b = xmalloc(n * 4);
    random_uniform("conv1.weight", 7, a, n, 0.0f, 0.5f, 0);
    random_uniform("conv1.weight", 7, b, n, 0.0f, 0.5f, 0);
    result(memcmp(a, b, n * 4) == 0, "random_uniform name=conv1.weight seed=7 n=%zu twice: identical", n);
    random_uniform("conv2.weight", 7, b, n, 0.0f, 0.5f, 0);
    size_t eq = count_equal(a, b, n);
    result(eq < 8, "random_uniform seed=7 n=%zu name conv1.weight vs conv2.weight: differ (%zu equal)", n, eq);
    random_uniform("conv1.weight", 8, b, n, 0.0f, 0.5f, 0);
    eq = count_equal(a, b, n);
    result(eq < 8, "random_uniform name=conv1.weight n=%zu seed 7 vs 8: differ (%zu equal)", n, eq);
    result(random_stream_seed(7, "conv1.weight") != random_stream_seed(7, "conv2.weight") &&
               random_stream_seed(7, "x") != random_stream_seed(8, "x"),
           "random_stream_seed differs by name and by seed");

    // range: center +- scale, and the values fill it
    const float center = 1.0f, scale = 0.25f;
    random_uniform("norm1.weight", 3, a, n, center, scale, 0);
    float lo = a[0], hi = a[0];
    double mean = 0;
    for (size_t i = 0; i < n; i++) {
        lo = fminf(lo, a[i]), hi = fmaxf(hi, a[i]);
        mean += a[i];
    }
    mean /= (double)n;
    result(lo >= center - scale && hi <= center + scale && lo < center - 0.95f * scale && hi > center + 0.95f * scale &&
               fabs(mean - center) < 0.02,
           "random_uniform center=1 scale=0.25 n=%zu: values in [0.75, 1.25], spread to the ends, mean ~1 "
           "(min %.4f max %.4f mean %.4f)", n, lo, hi, mean);

    // normal: same/different, odd counts, moments
    random_normal("x", 3, a, n);
    random_normal("x", 3, b, n);
    result(memcmp(a, b, n * 4) == 0, "random_normal name=x seed=3 n=%zu twice: identical", n);
    random_normal("temb", 3, b, n);
    eq = count_equal(a, b, n);
    result(eq < 8, "random_normal seed=3 n=%zu name x vs temb: differ (%zu equal)", n, eq);
    random_normal("x", 4, b, n);
    eq = count_equal(a, b, n);
    result(eq < 8, "random_normal name=x n=%zu seed 3 vs 4: differ (%zu equal)", n, eq);
    {
        float *odd = poisoned(1001);
        random_normal("x", 3, odd, 1001);
        float *even = xmalloc(1002 * 4);
        random_normal("x", 3, even, 1002);
        int all_finite = 1;
        for (int i = 0; i < 1001; i++) all_finite &= isfinite(odd[i]) != 0;
        result(all_finite && memcmp(odd, even, 1001 * 4) == 0,
               "random_normal name=x seed=3 n=1001 (odd) == first 1001 of n=1002");
        free(odd), free(even);
    }
    {
        const size_t m = 100000;
        float *v = xmalloc(m * 4);
        random_normal("x", 11, v, m);
        double s = 0, s2 = 0;
        for (size_t i = 0; i < m; i++) s += v[i];
        double mu = s / (double)m;
        for (size_t i = 0; i < m; i++) s2 += (v[i] - mu) * (v[i] - mu);
        double sd = sqrt(s2 / (double)m);
        result(fabs(mu) < 0.015 && fabs(sd - 1) < 0.015,
               "random_normal name=x seed=11 n=%zu: mean %.4f ~ 0, std %.4f ~ 1", m, mu, sd);
        free(v);
    }
    free(a), free(b);
}

// ---------------------------------------------------------------------------
// graph builder
// ---------------------------------------------------------------------------
static BlockConfig resblock_cfg(int B, int H, int W, int cin, int cout, int groups, double eps, int temb_dim,
                                uint64_t seed) {
    BlockConfig c = {.kind = BLOCK_RESBLOCK, .c = cin, .cout = cout, .h = H, .w = W, .batch = B, .temb_dim = temb_dim,
                     .groups = groups, .eps = eps, .ksize = 3, .stride = 1, .seed = seed};
    return c;
}

static int find_tensor(const Graph *g, const char *name) {
    for (int i = 0; i < g->nt; i++)
        if (!strcmp(g->t[i].name, name)) return i;
    return -1;
}

static void test_graph_resblock(int B, int H, int W, int cin, int cout) {
    BlockConfig cfg = resblock_cfg(B, H, W, cin, cout, 8, 1e-5, 64, 1);
    Graph g;
    build_block(&g, &cfg);
    const int sc = cin != cout;
    static const char *names_same[] = {"time_emb_proj", "norm1+silu", "conv1", "norm2+silu", "conv2"};
    static const char *names_sc[] = {"time_emb_proj", "norm1+silu", "conv1", "norm2+silu", "conv_shortcut", "conv2"};
    const char **names = sc ? names_sc : names_same;
    const int want_nn = sc ? 6 : 5;
    int names_ok = g.nn == want_nn;
    for (int i = 0; names_ok && i < want_nn; i++) names_ok = !strcmp(g.nodes[i].name, names[i]);
    char got[256] = "";
    for (int i = 0; i < g.nn; i++) {
        strncat(got, g.nodes[i].name, sizeof(got) - strlen(got) - 2);
        if (i + 1 < g.nn) strncat(got, ",", sizeof(got) - strlen(got) - 1);
    }
    result(names_ok, "build_block resblock B=%d H=%d W=%d cin=%d cout=%d: %d nodes %s (got %d: %s)", B, H, W, cin, cout,
           want_nn, sc ? "time_emb_proj,norm1+silu,conv1,norm2+silu,conv_shortcut,conv2"
                       : "time_emb_proj,norm1+silu,conv1,norm2+silu,conv2", g.nn, got);
    if (!names_ok) return;

    const Node *tp = &g.nodes[0], *n1 = &g.nodes[1], *c1 = &g.nodes[2], *n2 = &g.nodes[3], *c2 = &g.nodes[want_nn - 1];
    int x = find_tensor(&g, "x"), temb = find_tensor(&g, "temb");
    int wiring = x >= 0 && temb >= 0 && g.t[x].is_input && g.t[temb].is_input && tp->op == OP_LINEAR &&
                 tp->in == temb && n1->op == OP_GROUPNORM && n1->in == x && c1->op == OP_CONV && c1->in == n1->out &&
                 c1->aux == tp->out && c1->res < 0 && n2->in == c1->out && c2->in == n2->out && c2->aux < 0 &&
                 c2->out == g.out && tp->lin->silu_in && n1->gn->silu && n2->gn->silu;
    result(wiring, "build_block resblock B=%d H=%d W=%d cin=%d cout=%d: wiring x -> norm1 -> conv1(+temb_proj) -> "
           "norm2 -> conv2 -> out", B, H, W, cin, cout);
    if (sc) {
        const Node *s = &g.nodes[4];
        result(s->op == OP_CONV && s->in == x && s->conv->s.ksize == 1 && s->conv->s.pad == 0 && c2->res == s->out &&
                   g.t[s->out].c == cout,
               "build_block resblock cin=%d cout=%d: conv_shortcut 1x1 on x before conv2, conv2 residual = its output",
               cin, cout);
    } else {
        result(c2->res == x, "build_block resblock cin=cout=%d: conv2 residual is x itself", cin);
    }
    const Tensor *o = &g.t[g.out];
    result(o->n == B && o->h == H && o->w == W && o->c == cout && !o->is_input,
           "build_block resblock B=%d H=%d W=%d cin=%d cout=%d: output tensor %dx%dx%dx%d", B, H, W, cin, cout, o->n,
           o->h, o->w, o->c);
    double f1 = 2.0 * B * H * W * cout * 9.0 * cin, f2 = 2.0 * B * H * W * cout * 9.0 * cout,
           ft = 2.0 * B * 64.0 * cout;
    result(c1->flops == f1 && c2->flops == f2 && tp->flops == ft,
           "build_block resblock B=%d H=%d W=%d cin=%d cout=%d temb=64: FLOPs conv1 2*B*H*W*Cout*9*Cin=%.0f conv2 %.0f "
           "time_emb_proj %.0f (got %.0f %.0f %.0f)", B, H, W, cin, cout, f1, f2, ft, c1->flops, c2->flops, tp->flops);
    if (sc) {
        double fs = 2.0 * B * H * W * cout * cin;
        result(g.nodes[4].flops == fs, "build_block resblock cin=%d cout=%d: conv_shortcut FLOPs 2*B*H*W*Cout*Cin=%.0f",
               cin, cout, fs);
    }
    // GPU memory estimate: without a GPU reference or a vendor run the FP32
    // weights are freed layer by layer at load, so only the largest conv's
    // FP32 copy (beside its PyTorch-layout one) is ever held at once
    size_t fp32 = 0, maxc = 0;
    for (int i = 0; i < g.nconv; i++) {
        const ConvShape *cs = &g.conv[i].s;
        const size_t nw = (size_t)cs->cout * cs->cin * cs->ksize * cs->ksize;
        fp32 += nw * 4;
        if (nw * 4 > maxc) maxc = nw * 4;
    }
    for (int i = 0; i < g.nlin; i++) fp32 += (size_t)g.lin[i].n * g.lin[i].k * 4;
    const size_t with_ref = graph_gpu_bytes(&g, 132, 0, 1), without = graph_gpu_bytes(&g, 132, 0, 0);
    result(with_ref - without == fp32 - maxc,
           "graph_gpu_bytes resblock B=%d H=%d W=%d cin=%d cout=%d: FP32 weights counted only with a GPU reference "
           "(difference %zu, want %zu = all FP32 weights - the largest conv's)", B, H, W, cin, cout, with_ref - without,
           fp32 - maxc);
    graph_free(&g);
}

static void test_graph_conv(int B, int H, int W, int cin, int cout, int k, int stride, int Ho, int Wo) {
    BlockConfig cfg = {.kind = BLOCK_CONV, .c = cin, .cout = cout, .h = H, .w = W, .batch = B, .temb_dim = 1280,
                       .groups = 32, .eps = 1e-5, .ksize = k, .stride = stride, .seed = 1};
    Graph g;
    build_block(&g, &cfg);
    const Tensor *o = &g.t[g.out];
    int ok = g.nn == 1 && !strcmp(g.nodes[0].name, "conv") && g.nodes[0].op == OP_CONV && g.nodes[0].aux < 0 &&
             g.nodes[0].res < 0 && g.nodes[0].conv->has_bias && o->n == B && o->h == Ho && o->w == Wo && o->c == cout;
    double f = 2.0 * B * Ho * Wo * cout * k * k * cin;
    result(ok && g.nodes[0].flops == f,
           "build_block conv B=%d H=%d W=%d cin=%d cout=%d k=%d stride=%d: 1 node 'conv', output %dx%dx%dx%d "
           "(want %dx%dx%dx%d), FLOPs %.0f", B, H, W, cin, cout, k, stride, o->n, o->h, o->w, o->c, B, Ho, Wo, cout, f);
    graph_free(&g);
}

// ---------------------------------------------------------------------------
// ResBlock end to end on the CPU path vs an independent naive NCHW composition
// ---------------------------------------------------------------------------
static float *param(const char *name, uint64_t seed, size_t n, float center, float scale) {
    float *p = xmalloc(n * sizeof(float));
    random_uniform(name, seed, p, n, center, scale, 0);
    return p;
}

static double silu_d(double v) { return v / (1.0 + exp(-v)); }

// GroupNorm + SiLU, NCHW, statistics per (sample, group) over (C/G, H, W).
static void naive_gn_silu(const double *x, double *y, int B, int C, int H, int W, int G, double eps,
                          const float *gamma, const float *beta) {
    const int cpg = C / G, HW = H * W;
    for (int b = 0; b < B; b++)
        for (int g = 0; g < G; g++) {
            const double *xg = x + ((size_t)b * C + (size_t)g * cpg) * HW;  // channels of a group are contiguous
            double *yg = y + ((size_t)b * C + (size_t)g * cpg) * HW;
            const size_t n = (size_t)cpg * HW;
            double mean = 0, var = 0;
            for (size_t i = 0; i < n; i++) mean += xg[i];
            mean /= (double)n;
            for (size_t i = 0; i < n; i++) var += (xg[i] - mean) * (xg[i] - mean);
            var /= (double)n;
            for (size_t i = 0; i < n; i++) {
                int c = g * cpg + (int)(i / HW);
                yg[i] = silu_d((xg[i] - mean) / sqrt(var + eps) * gamma[c] + beta[c]);
            }
        }
}

// Conv, stride 1, pad k/2, NCHW, weights (Cout, Cin, k, k) as PyTorch stores them.
static void naive_conv(const double *x, double *y, int B, int Cin, int Cout, int H, int W, int k, const float *w,
                       const float *bias) {
    const int pad = k / 2;
    for (int b = 0; b < B; b++)
        for (int co = 0; co < Cout; co++)
            for (int h = 0; h < H; h++)
                for (int ww = 0; ww < W; ww++) {
                    double a = bias[co];
                    for (int ci = 0; ci < Cin; ci++)
                        for (int kh = 0; kh < k; kh++)
                            for (int kw = 0; kw < k; kw++) {
                                int ih = h - pad + kh, iw = ww - pad + kw;
                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                a += x[(((size_t)b * Cin + ci) * H + ih) * W + iw] *
                                     (double)w[(((size_t)co * Cin + ci) * k + kh) * k + kw];
                            }
                    y[(((size_t)b * Cout + co) * H + h) * W + ww] = a;
                }
}

// Relative L2 of an NHWC float tensor against an NCHW double one; NaN if
// the tensor holds any NaN or Inf.
static double rel_l2_nchw(const float *nhwc, const double *nchw, int B, int C, int H, int W) {
    double d2 = 0, r2 = 0;
    for (int b = 0; b < B; b++)
        for (int c = 0; c < C; c++)
            for (int p = 0; p < H * W; p++) {
                double r = nchw[((size_t)b * C + c) * H * W + p];
                double f = nhwc[((size_t)b * H * W + p) * C + c];
                if (!isfinite(f)) return NAN;
                d2 += (f - r) * (f - r);
                r2 += r * r;
            }
    return sqrt(d2 / r2);
}

// The CPU fast chain emulates FP16 storage: each node is its FP32 op applied
// to the fast chain's own inputs with FP16-rounded weights, and its output
// rounded to FP16. Recompute one node that way; 1 if bitwise equal.
static int fast_node_matches(const Graph *g, const Node *n) {
    const Tensor *ti = &g->t[n->in], *to = &g->t[n->out];
    const float *aux = n->aux >= 0 ? g->t[n->aux].h_fast : NULL, *res = n->res >= 0 ? g->t[n->res].h_fast : NULL;
    float *y = poisoned(to->numel), *w16 = NULL;
    if (n->op == OP_LINEAR) {
        const LinearLayer *L = n->lin;
        size_t nw = (size_t)L->n * L->k;
        float *xs = xmalloc(ti->numel * 4);
        w16 = xmalloc(nw * 4);
        for (size_t i = 0; i < nw; i++) w16[i] = round_f16(L->h_w_ref[i]);
        if (L->silu_in) silu_ref_cpu(ti->h_fast, xs, ti->numel);
        else memcpy(xs, ti->h_fast, ti->numel * 4);
        linear_ref_cpu(xs, w16, L->h_bias, NULL, y, ti->n, L->k, L->n);
        free(xs);
    } else if (n->op == OP_GROUPNORM) {
        const GroupNormLayer *L = n->gn;
        groupnorm_ref_cpu(ti->h_fast, y, L->h_gamma, L->h_beta, ti->n, ti->h * ti->w, ti->c, L->groups, L->eps);
        if (L->silu) silu_ref_cpu(y, y, to->numel);
    } else {
        const Conv2dLayer *L = n->conv;
        size_t nw = (size_t)L->s.cout * L->s.cin * L->s.ksize * L->s.ksize;
        w16 = xmalloc(nw * 4);
        for (size_t i = 0; i < nw; i++) w16[i] = round_f16(L->h_w_ref[i]);
        conv2d_ref_cpu(&L->s, ti->h_fast, w16, L->h_bias, aux, res, y);
    }
    for (size_t i = 0; i < to->numel; i++) y[i] = round_f16(y[i]);
    int ok = memcmp(y, to->h_fast, to->numel * 4) == 0;
    free(y), free(w16);
    return ok;
}

static void test_resblock_e2e(int B, int H, int W, int cin, int cout, int G, double eps, int T, uint64_t seed) {
    char tag[160];
    snprintf(tag, sizeof tag, "resblock e2e B=%d H=%d W=%d cin=%d cout=%d groups=%d eps=%g temb_dim=%d seed=%llu", B,
             H, W, cin, cout, G, eps, T, (unsigned long long)seed);
    BlockConfig cfg = resblock_cfg(B, H, W, cin, cout, G, eps, T, seed);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_CPU, .warmup = 0, .iters = 1, .tol_fp16 = 5e-3};
    Graph g;
    RunResult res;
    build_block(&g, &cfg);
    run_cpu(&g, &opt, &res);

    // --- the naive composition (diffusers ResnetBlock2D), NCHW, double ---
    const size_t HW = (size_t)H * W, nx = (size_t)B * HW * cin, ny = (size_t)B * HW * cout;
    float *xin = xmalloc(nx * 4), *tin = xmalloc((size_t)B * T * 4);
    random_normal("x", seed, xin, nx);  // NHWC, stored as FP16
    random_normal("temb", seed, tin, (size_t)B * T);
    double *x = xmalloc(nx * 8);
    for (int b = 0; b < B; b++)
        for (size_t p = 0; p < HW; p++)
            for (int c = 0; c < cin; c++)
                x[((size_t)b * cin + c) * HW + p] = round_f16(xin[((size_t)b * HW + p) * cin + c]);

    const float b3i = 1.0f / sqrtf((float)(cin * 9)), b3o = 1.0f / sqrtf((float)(cout * 9)),
                b1i = 1.0f / sqrtf((float)cin), bt = 1.0f / sqrtf((float)T);
    float *w1 = param("conv1.weight", seed, (size_t)cout * cin * 9, 0, b3i);  // (Cout, Cin, 3, 3)
    float *bias1 = param("conv1.bias", seed, cout, 0, b3i);
    float *w2 = param("conv2.weight", seed, (size_t)cout * cout * 9, 0, b3o);
    float *bias2 = param("conv2.bias", seed, cout, 0, b3o);
    float *wt = param("time_emb_proj.weight", seed, (size_t)cout * T, 0, bt);  // (N=cout, K=temb_dim)
    float *bt_ = param("time_emb_proj.bias", seed, cout, 0, bt);
    float *g1 = param("norm1.weight", seed, cin, 1, 0.25f), *be1 = param("norm1.bias", seed, cin, 0, 0.25f);
    float *g2 = param("norm2.weight", seed, cout, 1, 0.25f), *be2 = param("norm2.bias", seed, cout, 0, 0.25f);

    // temb_proj[b, co] = silu(temb[b]) . W[co] + bias[co]
    double *tproj = xmalloc((size_t)B * cout * 8);
    for (int b = 0; b < B; b++)
        for (int co = 0; co < cout; co++) {
            double a = bt_[co];
            for (int k = 0; k < T; k++) a += silu_d(round_f16(tin[(size_t)b * T + k])) * wt[(size_t)co * T + k];
            tproj[(size_t)b * cout + co] = a;
        }
    double *n1 = xmalloc(nx * 8), *h1 = xmalloc(ny * 8), *n2 = xmalloc(ny * 8), *h2 = xmalloc(ny * 8),
           *out = xmalloc(ny * 8), *sc = NULL;
    naive_gn_silu(x, n1, B, cin, H, W, G, eps, g1, be1);
    naive_conv(n1, h1, B, cin, cout, H, W, 3, w1, bias1);
    for (int b = 0; b < B; b++)
        for (int co = 0; co < cout; co++)
            for (size_t p = 0; p < HW; p++) h1[((size_t)b * cout + co) * HW + p] += tproj[(size_t)b * cout + co];
    naive_gn_silu(h1, n2, B, cout, H, W, G, eps, g2, be2);
    naive_conv(n2, h2, B, cout, cout, H, W, 3, w2, bias2);
    const double *shortcut = x;
    if (cin != cout) {
        float *ws = param("conv_shortcut.weight", seed, (size_t)cout * cin, 0, b1i),
              *bs = param("conv_shortcut.bias", seed, cout, 0, b1i);
        sc = xmalloc(ny * 8);
        naive_conv(x, sc, B, cin, cout, H, W, 1, ws, bs);
        shortcut = sc;
        free(ws), free(bs);
    }
    for (size_t i = 0; i < ny; i++) out[i] = shortcut[i] + h2[i];

    // --- compare every stage of the graph's FP32 reference chain, then the output ---
    struct {
        const char *tensor;
        const double *naive;
        int c, h, w;
    } stages[] = {{"temb_proj", tproj, cout, 1, 1}, {"norm1_out", n1, cin, H, W},   {"conv1_out", h1, cout, H, W},
                  {"norm2_out", n2, cout, H, W},    {"shortcut_out", sc, cout, H, W}, {"out", out, cout, H, W}};
    for (unsigned i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
        int id = find_tensor(&g, stages[i].tensor);
        if (!stages[i].naive) {  // no shortcut when cin == cout
            result(id < 0, "%s: no tensor %s when cin == cout", tag, stages[i].tensor);
            continue;
        }
        double e = id < 0 ? NAN : rel_l2_nchw(g.t[id].h_ref, stages[i].naive, B, stages[i].c, stages[i].h, stages[i].w);
        result(e <= 1e-5, "%s: h_ref[%s] vs naive NCHW composition (rel_l2 %.2e <= 1e-5)", tag, stages[i].tensor, e);
    }
    double ef = rel_l2_nchw(g.t[g.out].h_fast, out, B, cout, H, W);
    result(ef <= 5e-3, "%s: h_fast[out] (FP16 emulation) vs naive NCHW composition (rel_l2 %.2e <= 5e-3)", tag, ef);
    // The fast path stores FP16: every fast-chain value is finite and exactly
    // representable in FP16, in every tensor.
    size_t not_f16 = 0, nonfinite = 0;
    for (int t = 0; t < g.nt; t++)
        for (size_t i = 0; i < g.t[t].numel; i++) {
            float v = g.t[t].h_fast[i];
            nonfinite += !isfinite(v);
            not_f16 += isfinite(v) && round_f16(v) != v;
        }
    result(nonfinite == 0 && not_f16 == 0 && ef > 0,
           "%s: every h_fast tensor finite and FP16-representable (%zu nonfinite, %zu not FP16)", tag, nonfinite,
           not_f16);
    for (int i = 0; i < g.nn; i++)
        result(fast_node_matches(&g, &g.nodes[i]),
               "%s: node %s fast output == FP32 op on its fast inputs with FP16-rounded weights, rounded to FP16 "
               "(bitwise)", tag, g.nodes[i].name);
    int nodes_ok = 1;
    for (int i = 0; i < g.nn; i++) {
        const Node *n = &g.nodes[i];
        nodes_ok &= n->layer_err.valid && n->chain_err.valid && !n->layer_err.nonfinite && !n->chain_err.nonfinite &&
                    n->layer_err.rel_l2 <= 5e-3 && n->chain_err.rel_l2 <= 5e-3 && n->time.n == 1 &&
                    !strncmp(n->kernel, "cpu ", 4);
    }
    result(res.pass && res.checked && !res.on_gpu && nodes_ok && res.block.n == 1,
           "%s: run_cpu ref=cpu tol=5e-3 -> pass=%d checked=%d, every node's layer/chain error valid and <= 5e-3", tag,
           res.pass, res.checked);

    free(xin), free(tin), free(x), free(w1), free(bias1), free(w2), free(bias2), free(wt), free(bt_);
    free(g1), free(be1), free(g2), free(be2), free(tproj), free(n1), free(h1), free(n2), free(h2), free(out), free(sc);
    graph_free(&g);
}

// --ref none: the fast chain runs and is timed, nothing is compared.
static void test_run_cpu_ref_none(void) {
    BlockConfig cfg = resblock_cfg(1, 3, 4, 16, 16, 8, 1e-5, 32, 2);
    RunOptions opt = {.device = DEVICE_CPU, .ref = REF_NONE, .warmup = 1, .iters = 3, .tol_fp16 = 5e-3};
    Graph g;
    RunResult res;
    build_block(&g, &cfg);
    run_cpu(&g, &opt, &res);
    int ok = !res.checked && res.pass && res.block.n == 3;
    for (int i = 0; i < g.nn; i++) ok &= !g.nodes[i].layer_err.valid && g.nodes[i].time.n == 3;
    int finite = 1;
    for (size_t i = 0; i < g.t[g.out].numel; i++) finite &= isfinite(g.t[g.out].h_fast[i]) != 0;
    result(ok && finite, "run_cpu resblock B=1 H=3 W=4 cin=cout=16 groups=8 ref=none warmup=1 iters=3: "
           "not checked, 3 timed runs per node, output finite");
    graph_free(&g);
}

// ---------------------------------------------------------------------------
// command line
// ---------------------------------------------------------------------------
static int count_substr(const char *s, const char *sub) {
    int n = 0;
    for (const char *p = strstr(s, sub); p; p = strstr(p + 1, sub)) n++;
    return n;
}

static void test_cli_json(const char *bin) {
    char path[512], args[1024];
    if (!make_tmp_file(path, sizeof path, "test_cpu")) {
        result(0, "cli --json: cannot create a temporary file");
        return;
    }
    // --linear fp16: every node is held to the FP16 tolerance here (INT8 runs: tests/cpu_gemm_block.c)
    snprintf(args, sizeof args, "--block resblock --c 32 --hw 8 --linear fp16 --check --json '%s'%s", path, dev_args());
    Cmd r = run_cli(bin, args);
    const char *tag = "unetrun --block resblock --c 32 --hw 8 --linear fp16 --check --json FILE";
    result(r.sig == 0 && r.rc == 0, "%s: exit 0 (exit %d signal %d)", tag, r.rc, r.sig);
    if (!g_have_gpu) {
        int notes = count_substr(r.out, "unetrun: no CUDA GPU available");
        const char *note = strstr(r.out, "unetrun: no CUDA GPU available");
        int one_line = note && strstr(note, "running the CPU path") != NULL &&
                       strstr(note, "running the CPU path") < strchr(note, '\n');
        result(notes == 1 && one_line, "%s: one note line that no GPU is present and the CPU path runs (%d found)", tag,
               notes);
    }
    result(count_lines_with_prefix(r.out, "verdict  PASS", NULL) == 1 &&
               count_lines_with_prefix(r.out, "unetrun: error", NULL) == 0,
           "%s: prints a 'verdict  PASS' line and no error", tag);
    free(r.out);

    cJSON *j = read_json_file(path);
    result(j != NULL, "%s: the JSON report parses with cJSON", tag);
    if (j) {
        const cJSON *dev = cJSON_GetObjectItemCaseSensitive(j, "device");
        const cJSON *dpath = cJSON_GetObjectItemCaseSensitive(dev, "path");
        result(cJSON_IsString(dpath) && !strcmp(dpath->valuestring, "cpu"), "%s: JSON device.path == \"cpu\"", tag);
        result(json_num(j, "config", "c") == 32 && json_num(j, "config", "cout") == 32 && json_num(j, "config", "h") == 8 &&
                   json_num(j, "config", "w") == 8 && json_num(j, "config", "batch") == 1,
               "%s: JSON config.c == 32, cout 32, h 8, w 8, batch 1", tag);
        const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes");
        static const char *names[] = {"time_emb_proj", "norm1+silu", "conv1", "norm2+silu", "conv2"};
        int n = cJSON_IsArray(nodes) ? cJSON_GetArraySize(nodes) : -1;
        result(n == 5, "%s: JSON nodes is an array of 5 (got %d)", tag, n);
        for (int i = 0; i < n && i < 5; i++) {
            const cJSON *o = cJSON_GetArrayItem(nodes, i);
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(o, "name");
            const cJSON *kernel = cJSON_GetObjectItemCaseSensitive(o, "kernel");
            const cJSON *pass = cJSON_GetObjectItemCaseSensitive(o, "pass");
            double med = json_num(o, "time_us", "median"), le = json_num(o, "layer_error", "rel_l2"),
                   ce = json_num(o, "chain_error", "rel_l2");
            int ok = cJSON_IsObject(o) && cJSON_IsString(name) && !strcmp(name->valuestring, names[i]) &&
                     cJSON_IsString(kernel) && kernel->valuestring[0] && med > 0 && le < 5e-3 && ce < 5e-3 &&
                     cJSON_IsTrue(pass);
            result(ok, "%s: JSON nodes[%d] name=%s, kernel set, time_us.median %.1f > 0, layer rel_l2 %.1e and chain "
                   "rel_l2 %.1e < 5e-3, pass", tag, i, names[i], med, le, ce);
        }
        const cJSON *blk = cJSON_GetObjectItemCaseSensitive(j, "block");
        result(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(blk, "pass")), "%s: JSON block.pass == true", tag);
        cJSON_Delete(j);
    }
    unlink(path);
}

// Same seed -> same errors (the CPU path is deterministic); another seed -> different.
static double cli_out_error(const char *bin, int seed) {
    char path[512], args[1024];
    if (!make_tmp_file(path, sizeof path, "test_cpu")) return NAN;
    snprintf(args, sizeof args, "--c 16 --cout 32 --groups 8 --temb-dim 64 --h 3 --w 5 --seed %d --json '%s'%s", seed,
             path, dev_args());
    Cmd r = run_cli(bin, args);
    free(r.out);
    double e = NAN;
    cJSON *j = read_json_file(path);
    if (j && r.rc == 0) {
        const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(j, "nodes");
        int n = cJSON_GetArraySize(nodes);
        if (n == 6) e = json_num(cJSON_GetArrayItem(nodes, n - 1), "chain_error", "rel_l2");
    }
    cJSON_Delete(j);
    unlink(path);
    return e;
}

static void test_cli_good(const char *bin) {
    Cmd r = run_cli(bin, "--help");
    result(r.rc == 0 && strstr(r.out, "examples:") && strstr(r.out, "[320]") && strstr(r.out, "--block"),
           "unetrun --help: exit 0, shows 'examples:' and the default '[320]' (exit %d)", r.rc);
    free(r.out);
    r = run_cli(bin, "--version");
    result(r.rc == 0 && !strncmp(r.out, "unetrun " UNETRUN_VERSION, strlen("unetrun " UNETRUN_VERSION)),
           "unetrun --version: exit 0, prints 'unetrun %s' (exit %d: %.*s)", UNETRUN_VERSION, r.rc,
           (int)strcspn(r.out, "\n"), r.out);
    free(r.out);
    r = run_cli(bin, "--list");
    result(r.rc == 0 && count_lines_with_prefix(r.out, "resblock", NULL) == 1 &&
               count_lines_with_prefix(r.out, "conv ", NULL) == 1,
           "unetrun --list: exit 0, lists resblock and conv (exit %d)", r.rc);
    free(r.out);

    test_cli_json(bin);

    char args[512];
    snprintf(args, sizeof args, "--block conv --c 16 --cout 24 --h 7 --w 5 --stride 2 --ksize 3 --check%s", dev_args());
    r = run_cli(bin, args);
    result(r.rc == 0 && strstr(r.out, " 1x4x3x24 ") && count_lines_with_prefix(r.out, "verdict  PASS", NULL) == 1,
           "unetrun --block conv --c 16 --cout 24 --h 7 --w 5 --stride 2 --ksize 3 --check: exit 0, output 1x4x3x24, "
           "PASS (exit %d)", r.rc);
    free(r.out);

    snprintf(args, sizeof args, "--block resblock --c 16 --cout 32 --groups 8 --temb-dim 64 --h 5 --w 7 --batch 2 "
             "--check%s", dev_args());
    r = run_cli(bin, args);
    result(r.rc == 0 && count_lines_with_prefix(r.out, "conv_shortcut", NULL) == 1 &&
               count_lines_with_prefix(r.out, "verdict  PASS", NULL) == 1,
           "unetrun --block resblock --c 16 --cout 32 --groups 8 --temb-dim 64 --h 5 --w 7 --batch 2 --check: exit 0, "
           "conv_shortcut row, PASS (exit %d)", r.rc);
    free(r.out);

    snprintf(args, sizeof args, "--c 32 --hw 4 --ref none%s", dev_args());
    r = run_cli(bin, args);
    result(r.rc == 0 && count_lines_with_prefix(r.out, "verdict  NOT CHECKED", NULL) == 1,
           "unetrun --c 32 --hw 4 --ref none: exit 0, 'verdict  NOT CHECKED' (exit %d)", r.rc);
    free(r.out);

    double e1 = cli_out_error(bin, 7), e2 = cli_out_error(bin, 7), e3 = cli_out_error(bin, 8);
    result(e1 == e2 && e1 > 0 && e3 > 0 && e1 != e3,
           "unetrun --c 16 --cout 32 --h 3 --w 5 --json: conv2 chain rel_l2 same for --seed 7 twice, different for "
           "--seed 8 (%.6e %.6e %.6e)", e1, e2, e3);
}

static void test_cli_bad(const char *bin) {
    static const char *cases[][2] = {
        {"--c abc", "--c expects an integer, got 'abc'"},
        {"--c 0", "--c must be a positive integer (got 0)"},
        {"--c -8", "--c must be a positive integer (got -8)"},
        {"--c 99999999999999999999999", "--c expects an integer"},
        {"--c 12", "--c 12 must be a multiple of 8"},
        {"--c 328", "--c 328 is not divisible by --groups 32"},
        {"--cout 100", "--cout 100 must be a multiple of 8"},
        {"--c 16 --cout 24 --groups 16", "--cout 24 is not divisible by --groups 16"},
        {"--c 8200 --groups 8 --hw 1", "channels above 8192"},
        {"--hw 0", "--hw must be a positive integer (got 0)"},
        {"--hw 32 --h 16", "--hw 32 conflicts with --h 16"},
        {"--h 8", "give both --h and --w"},
        {"--batch x", "--batch expects an integer, got 'x'"},
        {"--groups 0", "--groups must be a positive integer (got 0)"},
        {"--eps 0", "--eps must be > 0"},
        {"--eps nan", "--eps expects a number, got 'nan'"},
        {"--eps 2", "--eps must be > 0 and <= 1 (got 2)"},
        {"--temb-dim 12", "--temb-dim 12 must be a multiple of 8"},
        {"--block foo", "unknown block 'foo'"},
        {"--frobnicate", "unknown option '--frobnicate'"},
        {"-x", "unknown option '-x'"},
        {"--c", "option '--c' needs a value"},
        {"--device tpu", "--device must be auto, cuda or cpu (got 'tpu')"},
        {"--engine fast", "--engine must be auto or portable (got 'fast')"},
        {"--tile-walk k", "--tile-walk must be auto, m or n (got 'k')"},
        {"--ref maybe", "--ref must be gpu, cpu or none (got 'maybe')"},
        {"--iters 0", "--iters must be a positive integer (got 0)"},
        {"--warmup -1", "--warmup must be between 0 and 1000000 (got -1)"},
        {"--tune-reps 0", "--tune-reps must be a positive integer (got 0)"},
        {"--tune-reps 2000", "--tune-reps must be between 1 and 1000 (got 2000)"},
        {"--seed -1", "--seed expects a non-negative integer, got '-1'"},
        {"--tol-fp16 0", "--tol-fp16 must be > 0"},
        {"--conv-select fastest", "--kernel-select must be tune, tune-node or heuristic (got 'fastest')"},
        {"--json ''", "--json needs a file name"},
        {"--device cpu --ref gpu", "--ref gpu needs --device cuda"},
        {"--device cpu --check --ref none --hw 4 --c 32", "--check needs a reference"},
        {"--block conv --ksize 2", "--ksize must be 1 or 3 (got 2)"},
        {"--block resblock --stride 2", "--ksize/--stride apply to --block conv only"},
        {"--block conv --groups 8", "--groups/--eps apply to --block resblock or transformer"},
        {"--block conv --c 8 --hw 4 --temb-dim 16", "--temb-dim applies to --block resblock only"},
        {"foo", "unexpected argument 'foo'"},
        {"--hw 100000 --c 8192 --batch 1000", "activation too large"},
        {"--batch 1048576 --temb-dim 4096 --c 8 --groups 8 --hw 1", "--batch x --temb-dim is too large"},
        {"--device cpu --json /nonexistent-dir/x.json --hw 4 --c 32",
         "cannot write --json '/nonexistent-dir/x.json'"},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) cli_bad(bin, cases[i][0], cases[i][1]);
    if (!g_have_gpu) {
        cli_bad(bin, "--json /nonexistent-dir/x.json --hw 4 --c 32",
                "cannot write --json '/nonexistent-dir/x.json'");
        cli_bad(bin, "--device cuda", "--device cuda but no CUDA GPU is available");
        cli_bad(bin, "--ref gpu", "--ref gpu needs a CUDA GPU");
    }
}

int main(int argc, char **argv) {
    const char *bin = argc > 1 ? argv[1] : "build/unetrun";
    g_verbose = getenv("VERBOSE") != NULL;
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    g_have_gpu = e == cudaSuccess && count > 0;
    (void)cudaGetLastError();
    printf("CPU tests, unetrun binary %s%s\n", bin, g_have_gpu ? " (a GPU is present: CLI runs use --device cpu)" : "");
    fflush(stdout);

    test_fp16();
    test_groupnorm_ref();
    test_silu_ref();
    test_conv_ref();
    test_linear_ref();
    test_errors();
    test_random();

    test_graph_resblock(2, 5, 7, 16, 32);
    test_graph_resblock(1, 4, 4, 32, 32);
    test_graph_resblock(1, 3, 2, 32, 16);
    test_graph_conv(1, 7, 5, 16, 24, 3, 2, 4, 3);
    test_graph_conv(2, 6, 6, 8, 8, 3, 1, 6, 6);
    test_graph_conv(1, 5, 3, 16, 8, 1, 1, 5, 3);

    test_resblock_e2e(2, 5, 7, 16, 32, 8, 1e-5, 64, 3);
    test_resblock_e2e(1, 4, 6, 24, 24, 8, 1e-5, 32, 5);
    test_resblock_e2e(1, 3, 3, 32, 16, 4, 1e-6, 16, 9);
    test_run_cpu_ref_none();

    test_cli_bad(bin);
    test_cli_good(bin);

    cpu_suite_attention();
    cpu_suite_transformer(bin);
    cpu_suite_weights(bin);
    cpu_suite_reports(bin);
    cpu_suite_gemm_block(bin);
    cpu_suite_vendor(bin);
    cpu_suite_checkpoint_cli(bin);
    {  // diffusers-written golden cases (tests/golden), on the CPU path
        GoldenOptions go = {"cpu", 1e-3, 1e-5, 0, 0, NULL, NULL};
        suite_golden(bin, "tests/golden", &go);
        // Whole UNets of tiny configs: FP16 storage over the whole step (about 30
        // roundings deep) costs 0.9-1.3e-3 against float64, hence 2e-3 for the fast path.
        GoldenOptions gu = {"cpu", 2e-3, 1e-5, 0, 0, "unet-cases.txt", NULL};
        suite_golden(bin, "tests/golden", &gu);
        // --linear auto: the INT8 row model at the linears after a LayerNorm (and time_emb_proj), the block
        // output against diffusers' within the INT8 tolerance
        GoldenOptions ga = {"cpu", 3e-2, 1e-5, 0, 0, NULL, "--linear auto"};
        suite_golden(bin, "tests/golden", &ga);
    }
    cpu_suite_int8(bin);
    cpu_suite_outputs(bin);
    cpu_suite_unet(bin);
    cpu_suite_fuse();
    cpu_suite_fuse_shortcut(bin);
    cpu_suite_lnfold(bin);
    cpu_suite_streamk();
    cpu_suite_pp_rule();
    cpu_suite_i8r_rule();
    cpu_suite_ts_layout();
    cpu_suite_im2col();
    cpu_suite_ktrace();
    cpu_suite_gpu_parts();

    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
