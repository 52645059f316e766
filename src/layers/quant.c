// quant.c: INT8 quantization and the C models of gemm_int8 (per-tile scales)
// and gemm_int8_rows (per-row A / per-output-channel W scales, --int8-scales
// row); see quant.h.
//
// Bit exactness with kernels/gemm_int8.cu. Both sides compute, in FP32 with
// the same operations and order (no FMA contraction here: -ffp-contract=off;
// the fused operations below are explicit fmaf() calls, one correctly rounded
// operation on the host and on the device):
//   amax  = max |x| over the tile (exact),
//   inv32 = amax > 0 ? 127 / amax : 0 (IEEE division),
//   FP16 path (the default; not for A with SiLU, and only if inv32 <= 65504):
//           inv = fp16(inv32), scale = 1 / inv, q = round_to_nearest_even(x * inv)
//           (the kernel: HFMA2 fma(x, inv, 1536) in FP16, one rounding of the
//           exact product onto the integers of [1024, 2048); here: rint of the
//           exact double product),
//   FP32 path: inv = inv32, scale = amax / 127, q = round_to_nearest_even(x * inv)
//           (kernel: low byte of fma(x, inv, 1.5 * 2^23); here the same fmaf),
//   isum  = exact INT32 sum of q_a * q_w over the K-tile,
//   acc   = fma((float)isum, sa * sb, acc),
//   split-K partials summed in split order, then + bias, + residual, one
//   rounding to FP16 (round to nearest even on both).
// Saturation: |x| <= amax, so |x * inv| <= 127 (1 + 2^-11 + 2^-24) < 127.5 on
// either path and q never leaves [-127, 127]; the clamps below are for
// callers that pass other scales.
// gemm_int8_rows uses the FP32 path for every row of A and of W (one scale
// per row, no FP16 quantizer), sums q_a * q_w over the whole K in INT32 and
// dequantizes once: float(isum) * (sa * sw), a plain multiply (no fma, no
// accumulation across K-tiles), then + bias, + residual, one FP16 rounding.
// Not bit exact: SiLU on A uses expf and GELU uses erff, whose host (glibc)
// and device (CUDA libdevice, <= 2 ulp) results may differ in the last bit.
// A SiLU difference can move one quantized A value by one step (or the tile
// scale by an ulp); a GELU difference moves an FP32 output by an ulp, which
// can change its FP16 rounding by one FP16 ulp. The GPU tests bound both.
#include "quant.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/common.h"

static const float kMagic = 12582912.0f;  // 1.5 * 2^23

float quant_scale(float amax) { return amax / 127.0f; }

float quant_inv_scale(float amax) { return amax > 0.0f ? 127.0f / amax : 0.0f; }

int quant_round(float x, float inv) {
    double p = (double)x * (double)inv;  // exact (24 x 24 bit product)
    if (p >= 127.0) return 127;
    if (p <= -127.0) return -127;
    if (p != p) return 0;
    // |p| < 127: fma rounds the exact product once onto the integer grid of [2^23, 2^24)
    return (int)(fmaf(x, inv, kMagic) - kMagic);
}

int quant_round_half(float x, float inv_h) {
    double p = (double)x * (double)inv_h;  // exact (11 x 24 bit product)
    if (p >= 127.0) return 127;
    if (p <= -127.0) return -127;
    if (p != p) return 0;
    return (int)nearbyint(p);  // round to nearest even (default rounding mode)
}

QuantTileParams quant_tile_params(float amax, int allow_half) {
    QuantTileParams t;
    float inv = quant_inv_scale(amax);
    t.half_path = allow_half && amax > 0.0f && inv <= 65504.0f;
    if (t.half_path) {
        t.inv = round_f16(inv);
        t.scale = 1.0f / t.inv;
    } else {
        t.inv = inv;
        t.scale = quant_scale(amax);
    }
    return t;
}

float quant_tile_maxabs(const float *x, int rows, int cols, size_t ld) {
    float m = 0.0f;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) m = fmaxf(m, fabsf(x[r * ld + c]));
    return m;
}

float quant_dequant_acc(float acc, int isum, float sa, float sb) {
    float sab = sa * sb;
    return fmaf((float)isum, sab, acc);
}

float quant_silu(float x) {
    float d = 1.0f + expf(-x);
    return x / d;
}

float quant_gelu(float g) {
    float e = erff(g * 0.70710678118654752f);
    float h = 0.5f * g;
    return h * (1.0f + e);
}

// One output row of both models from its FP32 sums s (N): + bias, + the
// residual row, one rounding to FP16 into yr (N); or GEGLU over the
// interleaved 16-column blocks (8 a-, then 8 g-channels) into yr (N / 2).
static void quant_epilogue_row(const float *s, int n, const float *bias, const float *residual_row, float *yr,
                               int geglu) {
    if (!geglu) {
        for (int c = 0; c < n; c++) {
            float v = s[c];
            if (bias) v = v + bias[c];
            if (residual_row) v = v + residual_row[c];
            yr[c] = round_f16(v);
        }
        return;
    }
    for (int oc = 0; oc < n / 2; oc++) {
        int c = (oc / 8) * 16 + oc % 8;  // a channel in the interleaved order; g is c + 8
        float av = s[c], gv = s[c + 8];
        if (bias) {
            av = av + bias[c];
            gv = gv + bias[c + 8];
        }
        yr[oc] = round_f16(av * quant_gelu(gv));
    }
}

// Quantizes the rows [r0, r1) of x (rows, K) tile by tile: q (rows, K) int8,
// scales s[(r / bt) * nkt + t]. Rows r0, r1 are tile-aligned (r1 clipped to rows).
static void quantize_rows(const float *x, int rows, int K, int bt, int bk, int r0, int r1, int allow_half, int8_t *q,
                          float *s) {
    const int nkt = (K + bk - 1) / bk;
    for (int rt = r0 / bt; rt * bt < r1; rt++) {
        int rb = rt * bt, re = rb + bt < rows ? rb + bt : rows;
        for (int t = 0; t < nkt; t++) {
            int kb = t * bk, ke = kb + bk < K ? kb + bk : K;
            float amax = quant_tile_maxabs(x + (size_t)rb * K + kb, re - rb, ke - kb, (size_t)K);
            QuantTileParams tp = quant_tile_params(amax, allow_half);
            s[(size_t)rt * nkt + t] = tp.scale;
            for (int r = rb; r < re; r++)
                for (int c = kb; c < ke; c++) {
                    float v = x[(size_t)r * K + c];
                    q[(size_t)r * K + c] = (int8_t)(tp.half_path ? quant_round_half(v, tp.inv) : quant_round(v, tp.inv));
                }
        }
    }
}

void gemm_int8_model_rows(int m, int n, int k, int bm, int bn, int bk, int splits, const float *a, const float *w,
                          const float *bias, const float *residual, float *y, GemmEpilogue epi, int silu_a,
                          int row0, int row1) {
    const int nkt = (k + bk - 1) / bk;
    if (splits > nkt) splits = nkt;
    if (splits < 1) splits = 1;
    if (row1 > m) row1 = m;
    row0 = row0 / bm * bm;
    const int mt = (m + bm - 1) / bm, ntl = (n + bn - 1) / bn;
    const int geglu = epi == GEMM_EPI_GEGLU;
    int8_t *qa = xmalloc((size_t)m * k), *qw = xmalloc((size_t)n * k);
    float *sa = xmalloc((size_t)mt * nkt * sizeof(float)), *sb = xmalloc((size_t)ntl * nkt * sizeof(float));
    const float *asrc = a;
    float *as = NULL;
    int q_r1 = (row1 + bm - 1) / bm * bm;  // whole A tiles
    if (q_r1 > m) q_r1 = m;
    if (silu_a) {
        as = xmalloc((size_t)m * k * sizeof(float));
        for (size_t i = (size_t)row0 * k; i < (size_t)q_r1 * k; i++) as[i] = quant_silu(a[i]);
        asrc = as;
    }
    quantize_rows(asrc, m, k, bm, bk, row0, q_r1, !silu_a, qa, sa);
    quantize_rows(w, n, k, bn, bk, 0, n, 1, qw, sb);

    const int nout = geglu ? n / 2 : n;
#pragma omp parallel
    {
        float *s = xmalloc((size_t)n * sizeof(float));  // this row's reduced sums
#pragma omp for schedule(dynamic, 1)
        for (int r = row0; r < row1; r++) {
            const int8_t *qr = qa + (size_t)r * k;
            const float *sar = sa + (size_t)(r / bm) * nkt;
            for (int c = 0; c < n; c++) {
                const int8_t *qc = qw + (size_t)c * k;
                const float *sbc = sb + (size_t)(c / bn) * nkt;
                float sum = 0.0f;
                for (int z = 0; z < splits; z++) {
                    int t0 = (int)((long long)z * nkt / splits), t1 = (int)((long long)(z + 1) * nkt / splits);
                    float acc = 0.0f;
                    for (int t = t0; t < t1; t++) {
                        int kb = t * bk, ke = kb + bk < k ? kb + bk : k;
                        int isum = 0;
                        for (int i = kb; i < ke; i++) isum += (int)qr[i] * (int)qc[i];
                        acc = quant_dequant_acc(acc, isum, sar[t], sbc[t]);
                    }
                    sum = z == 0 ? acc : sum + acc;
                }
                s[c] = sum;
            }
            quant_epilogue_row(s, n, bias, residual ? residual + (size_t)r * n : NULL, y + (size_t)r * nout, geglu);
        }
        free(s);
    }
    free(qa), free(qw), free(sa), free(sb), free(as);
}

void gemm_int8_model(int m, int n, int k, int bm, int bn, int bk, int splits, const float *a, const float *w,
                     const float *bias, const float *residual, float *y, GemmEpilogue epi, int silu_a) {
    gemm_int8_model_rows(m, n, k, bm, bn, bk, splits, a, w, bias, residual, y, epi, silu_a, 0, m);
}

void quant_rows_int8_model(const float *x, int rows, int k, int silu, int8_t *q, float *scale) {
#pragma omp parallel
    {
        float *v = silu ? xmalloc((size_t)k * sizeof(float)) : NULL;  // (K) this row after SiLU
#pragma omp for schedule(static)
        for (int r = 0; r < rows; r++) {
            const float *xr = x + (size_t)r * k;
            if (silu) {
                for (int i = 0; i < k; i++) v[i] = quant_silu(xr[i]);
                xr = v;
            }
            const float amax = quant_tile_maxabs(xr, 1, k, (size_t)k);
            const float inv = quant_inv_scale(amax);
            int8_t *qr = q + (size_t)r * k;
            for (int i = 0; i < k; i++) qr[i] = (int8_t)quant_round(xr[i], inv);
            scale[r] = quant_scale(amax);
        }
        free(v);
    }
}

// The two per-channel GEMMs' sums and epilogue over quantized operands: qa (M, K), qw (N, K), sw (N); A's
// scales sa per row (groups == 0: v = float(isum over K) * (sa[m] * sw[n])) or per row and QUANT_GROUP
// K-elements (groups > 0, sa (M, groups): acc = fmaf(float(isum_g), sa(m, g), acc) in group order, v = acc *
// sw[n]); then quant_epilogue_row.
static void int8_channel_gemm(int m, int n, int k, const int8_t *qa, const float *sa, int groups, const int8_t *qw,
                              const float *sw, const float *bias, const float *residual, float *y, int geglu) {
    const int nout = geglu ? n / 2 : n;
#pragma omp parallel
    {
        float *s = xmalloc((size_t)n * sizeof(float));  // (N) this row's dequantized sums
#pragma omp for schedule(dynamic, 1)
        for (int r = 0; r < m; r++) {
            const int8_t *qr = qa + (size_t)r * k;
            for (int c = 0; c < n; c++) {
                const int8_t *qc = qw + (size_t)c * k;
                if (!groups) {
                    // exact: |isum| <= 127^2 K < 2^31 for K < 133144, where the kernel's INT32 sum is exact too
                    int64_t isum = 0;
                    for (int i = 0; i < k; i++) isum += (int)qr[i] * (int)qc[i];
                    const float sc = sa[r] * sw[c];
                    s[c] = (float)isum * sc;
                    continue;
                }
                float acc = 0.0f;
                for (int g = 0; g < groups; g++) {
                    const int kb = g * QUANT_GROUP, ke = kb + QUANT_GROUP < k ? kb + QUANT_GROUP : k;
                    int isum = 0;  // exact: |isum| <= 128 * 127^2
                    for (int i = kb; i < ke; i++) isum += (int)qr[i] * (int)qc[i];
                    acc = fmaf((float)isum, sa[(size_t)r * groups + g], acc);
                }
                s[c] = acc * sw[c];
            }
            quant_epilogue_row(s, n, bias, residual ? residual + (size_t)r * n : NULL, y + (size_t)r * nout, geglu);
        }
        free(s);
    }
}

void gemm_int8_rows_model(int m, int n, int k, const float *a, const float *w, const float *bias,
                          const float *residual, float *y, GemmEpilogue epi, int silu_a) {
    int8_t *qa = xmalloc((size_t)m * k), *qw = xmalloc((size_t)n * k);  // (M, K), (N, K)
    float *sa = xmalloc((size_t)m * sizeof(float)), *sw = xmalloc((size_t)n * sizeof(float));  // (M), (N)
    quant_rows_int8_model(a, m, k, silu_a, qa, sa);
    quant_rows_int8_model(w, n, k, 0, qw, sw);  // the kernel's weights, quantized once with the layer
    int8_channel_gemm(m, n, k, qa, sa, 0, qw, sw, bias, residual, y, epi == GEMM_EPI_GEGLU);
    free(qa), free(qw), free(sa), free(sw);
}

void quant_groups_int8_model(const float *x, int rows, int k, int8_t *q, float *scale) {
    const int ng = (k + QUANT_GROUP - 1) / QUANT_GROUP;
    for (int r = 0; r < rows; r++)
        for (int g = 0; g < ng; g++) {
            const int kb = g * QUANT_GROUP, ke = kb + QUANT_GROUP < k ? kb + QUANT_GROUP : k;
            const float *xr = x + (size_t)r * k;
            const QuantTileParams tp = quant_tile_params(quant_tile_maxabs(xr + kb, 1, ke - kb, 0), 1);
            scale[(size_t)r * ng + g] = tp.scale;
            for (int c = kb; c < ke; c++)
                q[(size_t)r * k + c] = (int8_t)(tp.half_path ? quant_round_half(xr[c], tp.inv) : quant_round(xr[c], tp.inv));
        }
}

void gemm_int8_group_model(int m, int n, int k, const float *a, const float *w, const float *bias,
                           const float *residual, float *y, GemmEpilogue epi) {
    const int ng = (k + QUANT_GROUP - 1) / QUANT_GROUP;
    int8_t *qa = xmalloc((size_t)m * k), *qw = xmalloc((size_t)n * k);  // (M, K), (N, K)
    float *sa = xmalloc((size_t)m * ng * sizeof(float)), *sw = xmalloc((size_t)n * sizeof(float));  // (M, G), (N)
    quant_groups_int8_model(a, m, k, qa, sa);
    quant_rows_int8_model(w, n, k, 0, qw, sw);  // the weights as --int8-scales row makes them
    int8_channel_gemm(m, n, k, qa, sa, ng, qw, sw, bias, residual, y, epi == GEMM_EPI_GEGLU);
    free(qa), free(qw), free(sa), free(sw);
}
