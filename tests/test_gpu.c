// test_gpu.c: GPU tests (make test-gpu). Each kernel against the FP32 GPU
// reference on random data at SD ResBlock shapes and awkward ones, the GPU
// FP32 references against the CPU references, the device random generator
// against the host one, and whole blocks end to end through the CLI.
// Outputs are poisoned (NaN) before every run. Every test name spells out
// its parameters. Last line: "N passed, N failed".
//
// usage: test_gpu [path/to/unetrun]   (the binary for the end-to-end tests)
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kernels/kernels.h"
#include "../kernels/pp_rule.h"
#include "../common/common.h"
#include "../src/graph/graph.h"
#include "../src/layers/conv2d.h"
#include "../src/layers/groupnorm.h"
#include "../src/layers/linear.h"
#include "../weights/random.h"
#include "../weights/safetensors.h"

#include "harness.h"

static int g_num_sms;


// ---- device buffer helpers ----
static void *dalloc(size_t bytes) {
    void *p = NULL;
    cudaCheck(cudaMalloc(&p, bytes ? bytes : 16));
    return p;
}
// N(0,1) values of the host generator in device memory (stream 0).
static void random_normal_dev(const char *name, uint64_t seed, float *d, size_t n) {
    float *h = xmalloc(n * sizeof(float));
    random_normal(name, seed, h, n);
    copy_to_device(d, h, n * sizeof(float), 0);
    free(h);
}
// Random N(0,1) tensor: FP16 on device and the same (rounded) values as FP32.
static void rand_act(const char *name, uint64_t seed, size_t n, uint16_t **d16, float **d32) {
    *d16 = dalloc(n * 2);
    *d32 = dalloc(n * 4);
    random_normal_dev(name, seed, *d32, n);
    cudaCheck(f32_to_f16_dev(*d32, *d16, n, 0));
    cudaCheck(f16_to_f32_dev(*d16, *d32, n, 0));
    cudaCheck(cudaDeviceSynchronize());
}
static float *download32(const float *d, size_t n) {
    float *h = xmalloc(n * 4);
    copy_to_host(h, d, n * 4, 0);
    return h;
}
static float *download16(const uint16_t *d, size_t n) {
    uint16_t *t = xmalloc(n * 2);
    copy_to_host(t, d, n * 2, 0);
    float *h = xmalloc(n * 4);
    for (size_t i = 0; i < n; i++) h[i] = f16_to_f32(t[i]);
    free(t);
    return h;
}

// --section streamk: the conv suites run only the stream-K candidates.
static int g_only_stream_k = 0;
static int keep_candidates(TileConfig *cand, int nc) {
    if (!g_only_stream_k) return nc;
    int k = 0;
    for (int i = 0; i < nc; i++)
        if (conv2d_tile_is_stream_k(cand[i].tile)) cand[k++] = cand[i];
    return k;
}
// FNV-1a over n floats' bits: the two runs of a candidate must match bit for bit.
static uint64_t hash_floats(const float *v, size_t n) {
    uint64_t h = 1469598103934665603ull;
    const unsigned char *b = (const unsigned char *)v;
    for (size_t i = 0; i < n * sizeof(float); i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}
// The split-K / stream-K workspace of a candidate loop, poisoned with a
// byte pattern first (stream-K must not need it zeroed).
static float *poisoned_workspace(size_t bytes) {
    if (!bytes) return NULL;
    float *ws = dalloc(bytes);
    cudaCheck(fill_u16_dev((uint16_t *)ws, 0xA5C3, bytes / 2, 0));
    return ws;
}

// Every candidate config of s, each twice with the output re-poisoned (no
// state between launches; the two outputs bit-identical), against the FP32 reference href; `what` names
// the shape at the start of each result line. A concatenated or upsampled
// input (s->cin2, s->up) goes through conv2d_igemm2_fp16.
// With norm (s->norm set): the GroupNorm prologue (norm = its (B, Cin, 2)
// scale and shift, silu), checked at `tol`; plain convs at 1e-3.
static void run_conv_candidates_norm(const ConvShape *s, const TileConfig *cand, int nc, const uint16_t *x16,
                                     const uint16_t *x216, const float *norm, int silu, double tol,
                                     const uint16_t *w16, const float *b32, const uint16_t *t16, const uint16_t *r16,
                                     const float *href, const char *what) {
    const size_t ny = (size_t)s->batch * s->ho * s->wo * s->cout;  // (B, Ho, Wo, Cout)
    size_t wsb = 0;
    for (int i = 0; i < nc; i++)
        if (conv2d_workspace_bytes(s, cand[i]) > wsb) wsb = conv2d_workspace_bytes(s, cand[i]);
    float *ws = poisoned_workspace(wsb);
    uint16_t *y16 = dalloc(ny * 2);
    uint64_t *h1 = xmalloc((size_t)(nc > 0 ? nc : 1) * sizeof(uint64_t));
    for (int i = 0; i < 2 * nc; i++) {
        const TileConfig c = cand[i % nc];
        cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
        if (s->norm)
            cudaCheck(conv2d_igemm_norm_fp16(s, c, x16, x216, norm, silu, w16, b32, t16, r16, y16, ws, 0));
        else if (s->cin2 || s->up) cudaCheck(conv2d_igemm2_fp16(s, c, x16, x216, w16, b32, t16, r16, y16, ws, 0));
        else cudaCheck(conv2d_igemm_fp16(s, c, x16, w16, b32, t16, r16, y16, ws, 0));
        cudaCheck(cudaDeviceSynchronize());
        float *hy = download16(y16, ny);
        ErrMetrics e = compare_outputs(hy, href, ny);
        result(!e.nonfinite && e.rel_l2 <= tol, "%s tile=%s splitk=%d run=%d (rel_l2 %.2e nonfinite %zu)", what,
               conv2d_tile_name(c.tile), c.splits, i / nc, e.rel_l2, e.nonfinite);
        if (i < nc) h1[i] = hash_floats(hy, ny);
        else
            result(h1[i - nc] == hash_floats(hy, ny), "%s tile=%s splitk=%d: the second run is bit-identical", what,
                   conv2d_tile_name(c.tile), c.splits);
        free(hy);
    }
    free(h1);
    cudaFree(ws), cudaFree(y16);
}
static void run_conv_candidates(const ConvShape *s, const TileConfig *cand, int nc, const uint16_t *x16,
                                const uint16_t *x216, const uint16_t *w16, const float *b32, const uint16_t *t16,
                                const uint16_t *r16, const float *href, const char *what) {
    run_conv_candidates_norm(s, cand, nc, x16, x216, NULL, 0, 1e-3, w16, b32, t16, r16, href, what);
}

// ---- conv: every candidate config against one FP32 reference ----
// bias: 0 none, 1 a bias vector, 2 the same starting 4 bytes into its
// allocation (not 16-byte aligned: the epilogues' scalar bias loads).
// --shard K/N: the conv section's shapes (test_conv_shape calls) and the
// blocks section's units (each CLI run, each suite wrapped in SHARD_UNIT),
// counted in order, run in N processes, this one taking every N-th from the
// K-th; the conv section's other suites and the committed goldens run in
// shard 0 only. Inside a unit this process took, every run is its own (the
// count does not advance there, so all N processes count the same units).
static int g_shard_k = 0, g_shard_n = 1, g_shard_next = 0, g_shard_in_unit = 0;
static int shard_mine(void) { return g_shard_in_unit || g_shard_next++ % g_shard_n == g_shard_k; }
#define SHARD_UNIT(...)                     \
    do {                                    \
        if (shard_mine()) {                 \
            const int outer_ = g_shard_in_unit; \
            g_shard_in_unit = 1;            \
            __VA_ARGS__;                    \
            g_shard_in_unit = outer_;       \
        }                                   \
    } while (0)

// Appended to test_conv_shape's names: a setting the suite forced for those cases (" walk=n").
static const char *g_conv_note = "";

static void test_conv_shape(int B, int H, int W, int cin, int cout, int k, int stride, int bias, int temb, int res) {
    if (!shard_mine()) return;
    ConvShape s = {B, H, W, cin, cout, k, stride, k / 2, 0, 0, 0, 0, 0, 0, 0};
    if (conv2d_shape_init(&s)) {
        result(0, "conv2d shape_init B=%d H=%d W=%d cin=%d cout=%d k=%d s=%d", B, H, W, cin, cout, k, stride);
        return;
    }
    const size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * s.ho * s.wo * cout;
    const size_t nw = (size_t)cout * cin * k * k;
    char tag[64];
    snprintf(tag, sizeof tag, "t%d_%d_%d_%d_%d", B, H, W, cin, cout);
    uint16_t *x16, *t16 = NULL, *r16 = NULL;
    float *x32, *t32 = NULL, *r32 = NULL;
    rand_act(tag, 11, nx, &x16, &x32);
    if (temb) rand_act("temb", 12, (size_t)B * cout, &t16, &t32);
    if (res) rand_act("res", 13, ny, &r16, &r32);
    // weights: uniform +-1/sqrt(fan_in), rounded to FP16 so the reference
    // sees exactly the fast kernel's weights (the test isolates the kernel)
    float *w = dalloc(nw * 4), *wref = dalloc(nw * 4), *b32 = NULL, *bv = NULL;
    uint16_t *w16 = dalloc(nw * 2);
    random_uniform("w", 14, w, nw, 0.f, 1.f / sqrtf((float)(cin * k * k)), 1);
    cudaCheck(f32_to_f16_dev(w, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w, nw, 0));
    cudaCheck(conv_weight_layouts_dev(w, w16, wref, cout, cin, k, 0));
    if (bias) {
        b32 = dalloc((cout + 1) * 4);
        random_uniform("b", 15, b32, cout + 1, 0.f, 0.5f, 1);
        bv = bias == 2 ? b32 + 1 : b32;  // (cout) fp32
    }
    float *yref = dalloc(ny * 4);
    cudaCheck(conv2d_ref_f32(&s, x32, wref, bv, t32, r32, yref, 0));
    float *href = download32(yref, ny);
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    int nc = keep_candidates(cand, conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES));
    char what[160];
    snprintf(what, sizeof what, "conv2d_igemm B=%d H=%d W=%d cin=%d cout=%d k=%d stride=%d bias=%s temb=%d res=%d%s",
             B, H, W, cin, cout, k, stride, bias == 2 ? "unaligned" : bias ? "1" : "0", temb, res, g_conv_note);
    run_conv_candidates(&s, cand, nc, x16, NULL, w16, bv, t16, r16, href, what);
    free(href);
    cudaFree(x16), cudaFree(x32), cudaFree(t16), cudaFree(t32), cudaFree(r16), cudaFree(r32);
    cudaFree(w), cudaFree(wref), cudaFree(w16), cudaFree(b32), cudaFree(yref);
}

// Whether the Hopper engine offers conv tiles at all here (cc 9.0, sm_90a
// build, --engine auto), probed once on a plain 64-channel 3x3 conv.
static int hopper_conv_engine_on(void) {
    static int on = -1;
    if (on < 0) {
        ConvShape probe = {1, 8, 8, 64, 64, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
        TileConfig pc[CONV2D_MAX_CANDIDATES];
        int npc = conv2d_shape_init(&probe) ? 0 : conv2d_candidates(&probe, g_num_sms, pc, CONV2D_MAX_CANDIDATES);
        on = 0;
        for (int i = 0; i < npc; i++) on |= conv2d_tile_is_wgmma(pc[i].tile);
    }
    return on;
}

// The up path's convolution inputs read in place (conv2d_igemm2_fp16): x
// (B, h, w, c1) concatenated with x2 (B, h, w, c2) along channels (c2 > 0),
// and/or read through nearest 2x (up: the conv sees (B, 2h, 2w, c1 + c2)).
// The reference convolves the materialized FP32 view; every candidate tile
// (the Hopper engine's too, where both parts are multiples of 64 channels)
// and split, twice, output poisoned before each run.
static void test_conv2_shape(int B, int h, int w, int c1, int c2, int cout, int k, int up, int res) {
    const int H = up ? 2 * h : h, W = up ? 2 * w : w, cin = c1 + c2;
    ConvShape s = {B, H, W, cin, cout, k, 1, k / 2, 0, 0, c2, up, 0, 0, 0};
    if (conv2d_shape_init(&s)) {
        result(0, "conv2d shape_init (gather) B=%d h=%d w=%d c1=%d c2=%d cout=%d k=%d up=%d", B, h, w, c1, c2, cout, k,
               up);
        return;
    }
    const size_t n1 = (size_t)B * h * w * c1, n2 = (size_t)B * h * w * c2, nv = (size_t)B * H * W * cin;
    const size_t ny = (size_t)B * s.ho * s.wo * cout, nw = (size_t)cout * cin * k * k;
    uint16_t *x16, *x216 = NULL, *r16 = NULL;
    float *x32, *x232 = NULL, *r32 = NULL;
    rand_act("g1", 71, n1, &x16, &x32);
    if (c2) rand_act("g2", 72, n2, &x216, &x232);
    if (res) rand_act("gr", 73, ny, &r16, &r32);
    float *view = dalloc(nv * 4), *w32 = dalloc(nw * 4), *wref = dalloc(nw * 4), *b32 = dalloc(cout * 4),
          *yref = dalloc(ny * 4);
    uint16_t *w16 = dalloc(nw * 2);
    cudaCheck(gather_view_f32(x32, x232, c1, c2, up, B, h, w, view, 0));
    random_uniform("gw", 74, w32, nw, 0.f, 1.f / sqrtf((float)(cin * k * k)), 1);
    cudaCheck(f32_to_f16_dev(w32, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w32, nw, 0));
    cudaCheck(conv_weight_layouts_dev(w32, w16, wref, cout, cin, k, 0));
    random_uniform("gb", 75, b32, cout, 0.f, 0.5f, 1);
    ConvShape sref = s;
    sref.cin2 = 0;
    sref.up = 0;
    cudaCheck(conv2d_ref_f32(&sref, view, wref, b32, NULL, r32, yref, 0));
    float *href = download32(yref, ny);
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    int nc = conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES), nwg = 0;
    for (int i = 0; i < nc; i++) nwg += conv2d_tile_is_wgmma(cand[i].tile);
    const int want_wg = hopper_conv_engine_on() && c1 % 64 == 0 && c2 % 64 == 0;
    result(nc > 0 && (nwg > 0) == want_wg, "conv2d gather candidates B=%d h=%d w=%d c1=%d c2=%d cout=%d k=%d up=%d: %d "
           "configs, %d wgmma (expected %s)", B, h, w, c1, c2, cout, k, up, nc, nwg, want_wg ? "some" : "none");
    nc = keep_candidates(cand, nc);
    char what[160];
    snprintf(what, sizeof what, "conv2d_igemm2 B=%d h=%d w=%d c1=%d c2=%d cout=%d k=%d up=%d res=%d", B, h, w, c1, c2,
             cout, k, up, res);
    run_conv_candidates(&s, cand, nc, x16, x216, w16, b32, NULL, r16, href, what);
    free(href);
    cudaFree(x16), cudaFree(x32), cudaFree(x216), cudaFree(x232), cudaFree(r16), cudaFree(r32), cudaFree(view);
    cudaFree(w32), cudaFree(wref), cudaFree(b32), cudaFree(yref), cudaFree(w16);
}

// ---- kernels_set_engine(PORTABLE) (--engine portable): no Hopper tile is
// offered for a convolution, a GEMM or attention, and the portable tiles
// still run ----
static void test_engine_portable(void) {
    ConvShape shapes[3] = {{2, 64, 64, 320, 320, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0},
                           {2, 64, 64, 320, 960, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, gemm_as_conv(8192, 2560, 320)};
    kernels_set_engine(KERNEL_ENGINE_PORTABLE);
    for (int i = 0; i < 3; i++) {
        ConvShape *s = &shapes[i];
        TileConfig cand[CONV2D_MAX_CANDIDATES];
        int nc = conv2d_shape_init(s) ? 0 : conv2d_candidates(s, g_num_sms, cand, CONV2D_MAX_CANDIDATES), nw = 0;
        for (int j = 0; j < nc; j++) nw += conv2d_tile_is_wgmma(cand[j].tile);
        result(nc > 0 && nw == 0, "engine=portable candidates B=%d H=%d W=%d cin=%d cout=%d k=%d: %d configs, %d wgmma",
               s->batch, s->h, s->w, s->cin, s->cout, s->ksize, nc, nw);
    }
    static const int dims[] = {40, 64, 80, 128, 160};
    for (int i = 0; i < 5; i++) {
        const int d = dims[i];
        AttnShape as = {2, 8, 4096, 4096, d, 8 * d, 8 * d, 8 * d};
        AttnConfig cand[64];
        int nc = attention_candidates(&as, g_num_sms, cand, 64), nw = 0;
        for (int j = 0; j < nc; j++) nw += strstr(attention_config_name(&as, cand[j]), " wgmma ") != NULL;
        const char *h = attention_config_name(&as, attention_heuristic(&as, g_num_sms));
        result(nc > 0 && nw == 0 && strstr(h, " wgmma ") == NULL,
               "engine=portable attention candidates B=2 H=8 4096x4096 d=%d: %d configs, %d wgmma, heuristic %s", d, nc,
               nw, h);
    }
    test_conv_shape(1, 32, 32, 640, 640, 3, 1, 1, 1, 0);
    kernels_set_engine(KERNEL_ENGINE_AUTO);
}

// The tile configs a GEMM test runs: every candidate (all_configs), or the
// heuristic's pick and every Hopper-engine candidate; *wsb receives the
// largest split-K workspace among them and the heuristic's pick.
static int gemm_test_configs(const ConvShape *cs, int all_configs, TileConfig *cand, size_t *wsb) {
    int nc = conv2d_candidates(cs, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
    if (!all_configs) {
        int nw = 0;
        for (int i = 0; i < nc; i++)
            if (conv2d_tile_is_wgmma(cand[i].tile)) cand[1 + nw++] = cand[i];
        cand[0] = conv2d_heuristic(cs, g_num_sms);
        nc = 1 + nw;
    }
    const TileConfig hc = conv2d_heuristic(cs, g_num_sms);
    *wsb = conv2d_workspace_bytes(cs, hc);
    for (int i = 0; i < nc; i++)
        if (conv2d_workspace_bytes(cs, cand[i]) > *wsb) *wsb = conv2d_workspace_bytes(cs, cand[i]);
    return nc;
}

// ---- GEMM (linear layers): every candidate config against the FP32 reference ----
// epi: 0 none, 1 bias, 2 bias + residual, 3 GEGLU (bias, interleaved weights);
// all_configs 0: the heuristic's pick and the Hopper engine's candidates.
static void test_gemm(int M, int N, int K, int epi, int all_configs) {
    static const char *epi_name[] = {"none", "bias", "bias+residual", "geglu"};
    const int geglu = epi == 3, nout = geglu ? N / 2 : N;
    const size_t na = (size_t)M * K, nw = (size_t)N * K, ny = (size_t)M * nout;
    uint16_t *a16, *r16 = NULL;
    float *a32, *r32 = NULL;
    rand_act("gemm_a", (uint64_t)M * 7 + N + K, na, &a16, &a32);
    if (epi == 2) rand_act("gemm_res", 3, ny, &r16, &r32);
    float *w = dalloc(nw * 4), *b32 = NULL;
    uint16_t *w16 = dalloc(nw * 2);
    random_uniform("gemm_w", 5, w, nw, 0.f, 1.f / sqrtf((float)K), 1);
    cudaCheck(f32_to_f16_dev(w, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w, nw, 0));  // the reference sees the FP16 weights
    if (epi >= 1) {
        b32 = dalloc(N * 4);
        random_uniform("gemm_b", 6, b32, N, 0.f, 0.5f, 1);
    }
    // reference: y = a W^T + b (+ r), GEGLU over the two halves
    float *yfull = dalloc((size_t)M * N * 4), *yref = dalloc(ny * 4);
    cudaCheck(linear_ref_f32(a32, w, b32, r32, geglu ? yfull : yref, M, K, N, 0));
    if (geglu) cudaCheck(geglu_ref_f32(yfull, yref, M, N / 2, 0));
    float *href = download32(yref, ny);
    // fast kernel operands: GEGLU wants the rows (and bias) interleaved
    uint16_t *wk = w16;
    float *bk = b32;
    if (geglu) {
        float *hw = download32(w, nw), *hwi = xmalloc(nw * 4), *hb = download32(b32, N), *hbi = xmalloc(N * 4);
        geglu_interleave_rows(hw, hwi, N / 2, K);
        geglu_interleave_rows(hb, hbi, N / 2, 1);
        float *dwi = dalloc(nw * 4);
        copy_to_device(dwi, hwi, nw * 4, 0);
        wk = dalloc(nw * 2);
        cudaCheck(f32_to_f16_dev(dwi, wk, nw, 0));
        bk = dalloc(N * 4);
        copy_to_device(bk, hbi, N * 4, 0);
        cudaCheck(cudaDeviceSynchronize());
        free(hw), free(hwi), free(hb), free(hbi);
        cudaFree(dwi);
    }
    ConvShape cs = gemm_as_conv(M, N, K);
    if (conv2d_shape_init(&cs)) {
        result(0, "gemm shape M=%d N=%d K=%d", M, N, K);
        return;
    }
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    size_t wsb = 0;
    const int nc = gemm_test_configs(&cs, all_configs, cand, &wsb);
    float *ws = wsb ? dalloc(wsb) : NULL;
    uint16_t *y16 = dalloc(ny * 2);
    for (int i = 0; i < nc; i++) {
        cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
        cudaCheck(gemm_fp16(M, N, K, cand[i], a16, wk, bk, r16, y16, geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, ws, 0));
        cudaCheck(cudaDeviceSynchronize());
        float *hy = download16(y16, ny);
        ErrMetrics e = compare_outputs(hy, href, ny);
        result(!e.nonfinite && e.rel_l2 <= 1e-3,
               "gemm M=%d N=%d K=%d epilogue=%s tile=%s splitk=%d%s (rel_l2 %.2e nonfinite %zu)", M, N, K,
               epi_name[epi], conv2d_tile_name(cand[i].tile), cand[i].splits, g_conv_note, e.rel_l2, e.nonfinite);
        free(hy);
    }
    free(href);
    if (geglu) cudaFree(wk), cudaFree(bk);
    cudaFree(a16), cudaFree(a32), cudaFree(r16), cudaFree(r32), cudaFree(w), cudaFree(w16), cudaFree(b32);
    cudaFree(yfull), cudaFree(yref), cudaFree(ws), cudaFree(y16);
}

// ---- LayerNorm folded into the GEMM that reads it (gemm_fp16_lnfold after layernorm_stats_fp16) ----
// The layer as the graph makes it (linear_layer_init, linear_fold_layernorm: gamma-scaled FP16 weights,
// column sums, folded bias; GEGLU rows interleaved), every candidate (all_configs) or the heuristic's
// pick and every Hopper candidate, each run twice with the output poisoned, against LayerNorm -> Linear
// (-> GEGLU) in FP32 on the same FP16 input, within 1e-3; the unfused fast chain (layernorm_fp16,
// FP16 tensor, gemm_fp16 with the heuristic's pick) beside it. offset > 0: rows offset + 0.25 N(0, 1)
// (the fold's mean * colsum cancellation). At mean / std = 400 (offset 100) the cancellation exposes the
// tensor cores' accumulation over one CTA's K range: 9.4e-4 without split-K at C = 1280 on the H100,
// less with every split (docs/PERF.md), so those rows are held to 2e-3.
static void test_gemm_lnfold(int M, int C, int N, int geglu, float offset, int all_configs) {
    const size_t nx = (size_t)M * C;
    const int F = geglu ? N / 2 : N;
    const size_t ny = (size_t)M * F;
    uint16_t *x16;
    float *x32;
    rand_act("lnf_x", (uint64_t)M * 5 + C + N, nx, &x16, &x32);
    if (offset != 0.f) {
        float *h = download32(x32, nx);
        for (size_t i = 0; i < nx; i++) h[i] = round_f16(offset + 0.25f * h[i]);
        copy_to_device(x32, h, nx * 4, 0);
        cudaCheck(f32_to_f16_dev(x32, x16, nx, 0));
        free(h);
    }
    float *hg = xmalloc(C * 4), *hb = xmalloc(C * 4), *g = dalloc(C * 4), *b = dalloc(C * 4);
    random_uniform("lnf_g", 1, hg, C, 1.f, 0.25f, 0);
    random_uniform("lnf_b", 2, hb, C, 0.f, 0.25f, 0);
    copy_to_device(g, hg, C * 4, 0);
    copy_to_device(b, hb, C * 4, 0);
    LinearLayer L;
    linear_layer_spec(&L, "lnfold", C, N, 1, 0, geglu);
    linear_layer_init(&L, NULL, 7, 1, 0);
    uint16_t *w_plain = dalloc((size_t)N * C * 2);  // the unfused layer's FP16 weights (kernel order)
    float *b_plain = dalloc(N * 4);
    cudaCheck(cudaMemcpy(w_plain, L.d_w16, (size_t)N * C * 2, cudaMemcpyDeviceToDevice));
    cudaCheck(cudaMemcpy(b_plain, L.d_bias_fast, N * 4, cudaMemcpyDeviceToDevice));
    linear_fold_layernorm(&L, hg, hb, 1);
    // reference: LayerNorm -> Linear (-> GEGLU), FP32
    float *xn = dalloc(nx * 4), *yfull = dalloc((size_t)M * N * 4), *yref = dalloc(ny * 4);
    cudaCheck(layernorm_ref_f32(x32, xn, g, b, M, C, 1e-5f, 0));
    cudaCheck(linear_ref_f32(xn, L.d_w_ref, L.d_bias, NULL, geglu ? yfull : yref, M, C, N, 0));
    if (geglu) cudaCheck(geglu_ref_f32(yfull, yref, M, F, 0));
    float *href = download32(yref, ny);
    // the statistics pass, once (the GEMMs only read it)
    float *stats = dalloc((size_t)M * 8);
    cudaCheck(fill_f32_dev(stats, NAN, (size_t)M * 2, 0));
    cudaCheck(layernorm_stats_fp16(x16, stats, M, C, 1e-5f, 0));
    float *hs = download32(stats, (size_t)M * 2), *hx = download32(x32, nx);
    float *mu = xmalloc(M * 4), *rs = xmalloc(M * 4);
    layernorm_stats_cpu(hx, M, C, 1e-5f, mu, rs);
    double sd = 0;
    for (int r = 0; r < M; r++)
        sd = fmax(sd, fmax(fabs(hs[2 * r] - mu[r]) / (fabs(mu[r]) + 1e-3), fabs(hs[2 * r + 1] - rs[r]) / rs[r]));
    char what[160];
    snprintf(what, sizeof what, "gemm_fp16_lnfold M=%d C=%d N=%d %s offset=%g", M, C, N, geglu ? "geglu" : "plain",
             offset);
    result(sd < 1e-5, "%s: layernorm_stats_fp16 vs the CPU statistics, worst relative difference %.2e", what, sd);
    ConvShape cs = gemm_as_conv(M, N, C);
    if (conv2d_shape_init(&cs)) {
        result(0, "%s: shape", what);
        return;
    }
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    size_t wsb = 0;
    const int nc = gemm_test_configs(&cs, all_configs, cand, &wsb);
    const TileConfig hc = conv2d_heuristic(&cs, g_num_sms);
    float *ws = wsb ? dalloc(wsb) : NULL;
    uint16_t *y16 = dalloc(ny * 2);
    const GemmEpilogue epi = geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
    const double tol = offset >= 50.f ? 2e-3 : 1e-3;
    double worst = 0;
    for (int i = 0; i < 2 * nc; i++) {
        const TileConfig c = cand[i % nc];
        cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
        cudaCheck(gemm_fp16_lnfold(M, N, C, c, x16, L.d_w16, stats, L.d_fold_colsum, L.d_fold_bias, NULL, y16, epi, ws,
                                   0));
        cudaCheck(cudaDeviceSynchronize());
        float *hy = download16(y16, ny);
        ErrMetrics e = compare_outputs(hy, href, ny);
        worst = fmax(worst, e.rel_l2);
        result(!e.nonfinite && e.rel_l2 <= tol, "%s tile=%s splitk=%d run=%d (rel_l2 %.2e nonfinite %zu)", what,
               conv2d_tile_name(c.tile), c.splits, i / nc, e.rel_l2, e.nonfinite);
        free(hy);
    }
    // the unfused fast chain on the same input
    uint16_t *n16 = dalloc(nx * 2);
    cudaCheck(layernorm_fp16(x16, n16, g, b, M, C, 1e-5f, 0));
    cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
    cudaCheck(gemm_fp16(M, N, C, hc, n16, w_plain, b_plain, NULL, y16, epi, ws, 0));
    cudaCheck(cudaDeviceSynchronize());
    float *hy = download16(y16, ny);
    ErrMetrics e = compare_outputs(hy, href, ny);
    result(!e.nonfinite && e.rel_l2 <= 1e-3, "%s: worst folded rel_l2 %.2e over %d configs; unfused chain (layernorm "
           "kernel + gemm %s) rel_l2 %.2e", what, worst, nc, conv2d_tile_name(hc.tile), e.rel_l2);
    free(hy), free(href), free(hs), free(hx), free(mu), free(rs), free(hg), free(hb);
    linear_layer_free(&L);
    cudaFree(x16), cudaFree(x32), cudaFree(g), cudaFree(b), cudaFree(w_plain), cudaFree(b_plain), cudaFree(xn);
    cudaFree(yfull), cudaFree(yref), cudaFree(stats), cudaFree(ws), cudaFree(y16), cudaFree(n16);
}

// ---- LayerNorm ----
static void test_layernorm(int M, int C, float mean_shift) {
    const size_t n = (size_t)M * C;
    uint16_t *x16;
    float *x32;
    rand_act("ln_x", (uint64_t)M * 3 + C, n, &x16, &x32);
    if (mean_shift != 0.f) {  // rows with a large common offset: a one-pass E[x^2]-E[x]^2 would cancel
        float *h = download32(x32, n);
        for (size_t i = 0; i < n; i++) h[i] = round_f16(mean_shift + 0.25f * h[i]);
        copy_to_device(x32, h, n * 4, 0);
        cudaCheck(f32_to_f16_dev(x32, x16, n, 0));
        free(h);
    }
    float *g = dalloc(C * 4), *b = dalloc(C * 4), *yref = dalloc(n * 4);
    random_uniform("ln_g", 1, g, C, 1.f, 0.25f, 1);
    random_uniform("ln_b", 1, b, C, 0.f, 0.25f, 1);
    uint16_t *y16 = dalloc(n * 2);
    cudaCheck(fill_u16_dev(y16, 0xFFFF, n, 0));
    cudaCheck(layernorm_ref_f32(x32, yref, g, b, M, C, 1e-5f, 0));
    cudaCheck(layernorm_fp16(x16, y16, g, b, M, C, 1e-5f, 0));
    cudaCheck(cudaDeviceSynchronize());
    float *hy = download16(y16, n), *hr = download32(yref, n);
    ErrMetrics e = compare_outputs(hy, hr, n);
    result(!e.nonfinite && e.rel_l2 <= 1e-3, "layernorm M=%d C=%d eps=1e-5 mean_shift=%g (rel_l2 %.2e nonfinite %zu)", M,
           C, mean_shift, e.rel_l2, e.nonfinite);
    free(hy), free(hr);
    cudaFree(x16), cudaFree(x32), cudaFree(g), cudaFree(b), cudaFree(yref), cudaFree(y16);
}

// ---- GroupNorm + SiLU ----
// c1 > 0: x given as the channel concatenation of (B, HW, c1) and
// (B, HW, C - c1), read in place (an up block's norm1). Both kernels: the
// statistics + apply launches (splits) and, where the shape fits it, the
// one-pass cluster kernel (splits 0). Each run twice: the workspace
// counters must reset themselves and the output must be bit-identical
// (fixed-order reductions).
static void test_groupnorm(int B, int H, int W, int C, int G, float eps, int silu, float mean_shift, int c1) {
    const size_t n = (size_t)B * H * W * C, hw = (size_t)H * W;
    uint16_t *x16;
    float *x32;
    rand_act("gnx", 21, n, &x16, &x32);
    if (mean_shift != 0.f) {  // non-zero-mean input: stresses E[x^2] - mean^2
        float *h = download32(x32, n);
        for (size_t i = 0; i < n; i++) h[i] = round_f16(h[i] * 0.5f + mean_shift);
        copy_to_device(x32, h, n * 4, 0);
        cudaCheck(f32_to_f16_dev(x32, x16, n, 0));
        free(h);
    }
    uint16_t *xa = x16, *xb = NULL;
    if (c1 > 0) {  // split the channels into two tensors
        const int c2 = C - c1;
        uint16_t *h = xmalloc(n * 2), *ha = xmalloc((size_t)B * hw * c1 * 2), *hb = xmalloc((size_t)B * hw * c2 * 2);
        copy_to_host(h, x16, n * 2, 0);
        for (size_t px = 0; px < (size_t)B * hw; px++) {
            memcpy(ha + px * c1, h + px * C, (size_t)c1 * 2);
            memcpy(hb + px * c2, h + px * C + c1, (size_t)c2 * 2);
        }
        xa = dalloc((size_t)B * hw * c1 * 2);
        xb = dalloc((size_t)B * hw * c2 * 2);
        copy_to_device(xa, ha, (size_t)B * hw * c1 * 2, 0);
        copy_to_device(xb, hb, (size_t)B * hw * c2 * 2, 0);
        free(h), free(ha), free(hb);
    }
    float *gam = dalloc(C * 4), *bet = dalloc(C * 4), *yref = dalloc(n * 4);
    random_uniform("g", 22, gam, C, 1.f, 0.25f, 1);
    random_uniform("b", 23, bet, C, 0.f, 0.25f, 1);
    int splits = groupnorm_splits(B, H * W, C, g_num_sms);
    size_t wsb = groupnorm_workspace_bytes(B, G, splits, C);
    void *ws = dalloc(wsb);
    cudaCheck(cudaMemset(ws, 0, wsb));
    uint16_t *y16 = dalloc(n * 2);
    cudaCheck(groupnorm_ref_f32(x32, yref, gam, bet, B, H * W, C, G, eps, 0));
    if (silu) cudaCheck(silu_ref_f32(yref, yref, n, 0));
    float *href = download32(yref, n);
    uint16_t *first = xmalloc(n * 2), *again = xmalloc(n * 2);
    const int cluster = groupnorm_one_pass(B, H * W, C, c1 > 0 ? c1 : 0, G, g_num_sms);
    for (int one = 0; one <= (cluster > 0); one++) {
        const int sp = one ? 0 : splits;
        char kern[32];
        if (one) snprintf(kern, sizeof kern, "onepass cluster=%d", cluster);
        else snprintf(kern, sizeof kern, "splits=%d", splits);
        for (int rep = 0; rep < 2; rep++) {
            cudaCheck(fill_u16_dev(y16, 0xFFFF, n, 0));
            if (c1 > 0)
                cudaCheck(groupnorm2_silu_fp16(xa, xb, c1, y16, gam, bet, B, H * W, C, G, eps, silu, sp, ws, 0));
            else
                cudaCheck(groupnorm_silu_fp16(x16, y16, gam, bet, B, H * W, C, G, eps, silu, sp, ws, 0));
            cudaCheck(cudaDeviceSynchronize());
            copy_to_host(rep ? again : first, y16, n * 2, 0);
            float *hy = download16(y16, n);
            ErrMetrics e = compare_outputs(hy, href, n);
            const int same = !rep || memcmp(first, again, n * 2) == 0;
            result(!e.nonfinite && e.rel_l2 <= 1e-3 && same,
                   "groupnorm%s_silu B=%d H=%d W=%d C=%d c1=%d G=%d eps=%g silu=%d mean=%g %s run=%d (rel_l2 %.2e%s)",
                   c1 > 0 ? "2" : "", B, H, W, C, c1, G, eps, silu, mean_shift, kern, rep, e.rel_l2,
                   rep ? (same ? ", bit-identical to run 0" : ", DIFFERS from run 0") : "");
            free(hy);
        }
    }
    free(href), free(first), free(again);
    if (c1 > 0) cudaFree(xa), cudaFree(xb);
    cudaFree(x16), cudaFree(x32), cudaFree(gam), cudaFree(bet), cudaFree(yref), cudaFree(ws), cudaFree(y16);
}

// Every SD1.5 GroupNorm shape (ResBlock norm1/norm2, Transformer2D norm,
// norm_out) at batch 1 and 2, the up blocks' concatenated inputs read in
// place, and awkward ones.
static void suite_groupnorm(void) {
    static const int gn[][2] = {{320, 64}, {320, 32}, {640, 32}, {640, 16}, {1280, 16}, {1280, 8},
                                {2560, 8}, {2560, 16}, {1920, 16}, {1920, 32}, {1280, 32}, {960, 32},
                                {960, 64}, {640, 64}};  // C, H = W
    // up blocks: hidden (c1) + skip channels
    static const int cat[][3] = {{2560, 1280, 8}, {2560, 1280, 16}, {1920, 1280, 16}, {1920, 1280, 32},
                                 {1280, 640, 32}, {960, 640, 32},   {960, 640, 64},    {640, 320, 64}};
    for (int b = 1; b <= 2; b++) {
        for (unsigned i = 0; i < sizeof(gn) / sizeof(gn[0]); i++)
            test_groupnorm(b, gn[i][1], gn[i][1], gn[i][0], 32, 1e-5f, 1, 0.f, 0);
        for (unsigned i = 0; i < sizeof(cat) / sizeof(cat[0]); i++)
            test_groupnorm(b, cat[i][2], cat[i][2], cat[i][0], 32, 1e-5f, 1, 0.f, cat[i][1]);
        test_groupnorm(b, 64, 64, 320, 32, 1e-6f, 0, 0.f, 0);  // Transformer2D norm: no SiLU, eps 1e-6
    }
    test_groupnorm(1, 1, 1, 8, 8, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 1, 1, 64, 32, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 3, 3, 24, 8, 1e-5f, 1, 0.f, 0);
    test_groupnorm(1, 7, 5, 24, 4, 1e-6f, 0, 0.f, 0);
    test_groupnorm(2, 7, 5, 16, 2, 1e-5f, 1, 0.f, 8);
    test_groupnorm(2, 9, 5, 40, 8, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 9, 5, 40, 8, 1e-5f, 1, 0.f, 16);  // the seam cuts group 3
    test_groupnorm(3, 7, 5, 72, 24, 1e-5f, 1, 0.f, 56);
    test_groupnorm(1, 64, 64, 320, 32, 1e-5f, 1, 8.f, 0);    // mean 8, std 0.5
    test_groupnorm(2, 32, 32, 960, 32, 1e-5f, 1, -30.f, 640);  // mean -30, std 0.5, concatenated
    test_groupnorm(1, 33, 17, 8192, 32, 1e-5f, 1, 0.f, 0);
    // one-pass limits: SD2.1's 96 x 96 and 48 x 48 levels (16 pixels per
    // thread in a cluster of 8), SDXL's 128 x 128 (too big: splits only),
    // pixel counts no cluster divides, and a mean of 8 at 1 x 1 groups.
    test_groupnorm(2, 96, 96, 320, 32, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 48, 48, 960, 32, 1e-5f, 1, 0.f, 640);
    test_groupnorm(1, 128, 128, 320, 32, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 37, 29, 640, 32, 1e-5f, 1, 0.f, 0);
    test_groupnorm(2, 3, 3, 1280, 32, 1e-6f, 0, 8.f, 0);
    test_groupnorm(2, 5, 3, 8192, 8192, 1e-5f, 1, 0.f, 4096);
}

// ---- time-embedding linear ----
static void test_linear(int B, int K, int N, int silu) {
    uint16_t *x16;
    float *x32;
    rand_act("lx", 31, (size_t)B * K, &x16, &x32);
    float *w = dalloc((size_t)N * K * 4), *bias = dalloc(N * 4), *yref = dalloc((size_t)B * N * 4),
          *xs = dalloc((size_t)B * K * 4);
    uint16_t *w16 = dalloc((size_t)N * K * 2), *y16 = dalloc((size_t)B * N * 2);
    random_uniform("lw", 32, w, (size_t)N * K, 0.f, 1.f / sqrtf((float)K), 1);
    cudaCheck(f32_to_f16_dev(w, w16, (size_t)N * K, 0));
    cudaCheck(f16_to_f32_dev(w16, w, (size_t)N * K, 0));
    random_uniform("lb", 33, bias, N, 0.f, 0.1f, 1);
    if (silu) cudaCheck(silu_ref_f32(x32, xs, (size_t)B * K, 0));
    cudaCheck(linear_ref_f32(silu ? xs : x32, w, bias, NULL, yref, B, K, N, 0));
    cudaCheck(fill_u16_dev(y16, 0xFFFF, (size_t)B * N, 0));
    cudaCheck(linear_rows_fp16(x16, w16, bias, y16, B, K, N, silu, 0));
    cudaCheck(cudaDeviceSynchronize());
    float *hy = download16(y16, (size_t)B * N), *hr = download32(yref, (size_t)B * N);
    ErrMetrics e = compare_outputs(hy, hr, (size_t)B * N);
    result(!e.nonfinite && e.rel_l2 <= 1e-3, "linear_rows B=%d K=%d N=%d silu_in=%d (rel_l2 %.2e)", B, K, N, silu,
           e.rel_l2);
    free(hy), free(hr);
    cudaFree(x16), cudaFree(x32), cudaFree(w), cudaFree(bias), cudaFree(yref), cudaFree(xs), cudaFree(w16),
        cudaFree(y16);
}

// The direct convolution of conv_in / conv_out (channel counts not multiples
// of 8) against the FP32 reference, output poisoned first.
static void test_conv_small(int B, int H, int W, int cin, int cout, int k, int stride) {
    ConvShape s = {B, H, W, cin, cout, k, stride, k / 2, 0, 0, 0, 0, 0, 0, 0};
    s.ho = (H + 2 * s.pad - k) / stride + 1;
    s.wo = (W + 2 * s.pad - k) / stride + 1;
    const size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * s.ho * s.wo * cout, nw = (size_t)cout * cin * k * k;
    uint16_t *x16;
    float *x32;
    rand_act("csx", 61, nx, &x16, &x32);
    float *w = dalloc(nw * 4), *wref = dalloc(nw * 4), *b32 = dalloc(cout * 4), *yref = dalloc(ny * 4);
    uint16_t *w16 = dalloc(nw * 2), *y16 = dalloc(ny * 2);
    random_uniform("csw", 62, w, nw, 0.f, 1.f / sqrtf((float)(cin * k * k)), 1);
    cudaCheck(f32_to_f16_dev(w, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w, nw, 0));
    cudaCheck(conv_weight_layouts_dev(w, w16, wref, cout, cin, k, 0));
    random_uniform("csb", 63, b32, cout, 0.f, 0.5f, 1);
    cudaCheck(conv2d_ref_f32(&s, x32, wref, b32, NULL, NULL, yref, 0));
    cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
    cudaCheck(conv2d_small_fp16(&s, x16, w16, b32, y16, 0));
    cudaCheck(cudaDeviceSynchronize());
    float *hy = download16(y16, ny), *hr = download32(yref, ny);
    ErrMetrics e = compare_outputs(hy, hr, ny);
    result(!e.nonfinite && e.rel_l2 <= 1e-3, "conv2d_small B=%d H=%d W=%d cin=%d cout=%d k=%d stride=%d (rel_l2 %.2e)",
           B, H, W, cin, cout, k, stride, e.rel_l2);
    free(hy), free(hr);
    cudaFree(x16), cudaFree(x32), cudaFree(w), cudaFree(wref), cudaFree(b32), cudaFree(yref), cudaFree(w16),
        cudaFree(y16);
}

// ---- GPU FP32 references vs CPU references ----
static void test_ref_vs_cpu(void) {
    const double tol = 1e-5;
    {  // conv, 3 kinds
        int ks[3] = {3, 3, 1}, ss[3] = {1, 2, 1};
        for (int v = 0; v < 3; v++) {
            ConvShape s = {2, 9, 7, 24, 40, ks[v], ss[v], ks[v] / 2, 0, 0, 0, 0, 0, 0, 0};
            conv2d_shape_init(&s);
            size_t nx = (size_t)2 * 9 * 7 * 24, ny = (size_t)2 * s.ho * s.wo * 40, nw = (size_t)40 * 24 * ks[v] * ks[v];
            float *x = dalloc(nx * 4), *w = dalloc(nw * 4), *b = dalloc(40 * 4), *t = dalloc(80 * 4),
                  *r = dalloc(ny * 4), *y = dalloc(ny * 4);
            random_normal_dev("cx", 41, x, nx);
            random_uniform("cw", 42, w, nw, 0.f, 0.1f, 1);
            random_uniform("cb", 43, b, 40, 0.f, 0.1f, 1);
            random_normal_dev("ct", 44, t, 80);
            random_normal_dev("cr", 45, r, ny);
            cudaCheck(conv2d_ref_f32(&s, x, w, b, t, r, y, 0));
            cudaCheck(cudaDeviceSynchronize());
            float *hx = download32(x, nx), *hw = download32(w, nw), *hb = download32(b, 40), *ht = download32(t, 80),
                  *hr = download32(r, ny), *hy = download32(y, ny), *cy = xmalloc(ny * 4);
            conv2d_ref_cpu(&s, hx, hw, hb, ht, hr, cy);
            ErrMetrics e = compare_outputs(hy, cy, ny);
            result(!e.nonfinite && e.rel_l2 <= tol, "ref_gpu_vs_cpu conv2d B=2 H=9 W=7 cin=24 cout=40 k=%d stride=%d (rel_l2 %.2e)",
                   ks[v], ss[v], e.rel_l2);
            free(hx), free(hw), free(hb), free(ht), free(hr), free(hy), free(cy);
            cudaFree(x), cudaFree(w), cudaFree(b), cudaFree(t), cudaFree(r), cudaFree(y);
        }
    }
    {  // groupnorm + silu
        int B = 2, HW = 35, C = 64, G = 32;
        size_t n = (size_t)B * HW * C;
        float *x = dalloc(n * 4), *g = dalloc(C * 4), *b = dalloc(C * 4), *y = dalloc(n * 4);
        random_normal_dev("gx", 51, x, n);
        random_uniform("gg", 52, g, C, 1.f, 0.25f, 1);
        random_uniform("gb", 53, b, C, 0.f, 0.25f, 1);
        cudaCheck(groupnorm_ref_f32(x, y, g, b, B, HW, C, G, 1e-5f, 0));
        cudaCheck(silu_ref_f32(y, y, n, 0));
        cudaCheck(cudaDeviceSynchronize());
        float *hx = download32(x, n), *hg = download32(g, C), *hb = download32(b, C), *hy = download32(y, n),
              *cy = xmalloc(n * 4);
        groupnorm_ref_cpu(hx, cy, hg, hb, B, HW, C, G, 1e-5f);
        silu_ref_cpu(cy, cy, n);
        ErrMetrics e = compare_outputs(hy, cy, n);
        result(!e.nonfinite && e.rel_l2 <= tol, "ref_gpu_vs_cpu groupnorm+silu B=2 HW=35 C=64 G=32 (rel_l2 %.2e)",
               e.rel_l2);
        free(hx), free(hg), free(hb), free(hy), free(cy);
        cudaFree(x), cudaFree(g), cudaFree(b), cudaFree(y);
    }
    {  // linear
        int B = 2, K = 1280, N = 320;
        float *x = dalloc((size_t)B * K * 4), *w = dalloc((size_t)N * K * 4), *b = dalloc(N * 4),
              *y = dalloc((size_t)B * N * 4);
        random_normal_dev("lx", 61, x, (size_t)B * K);
        random_uniform("lw", 62, w, (size_t)N * K, 0.f, 0.03f, 1);
        random_uniform("lb", 63, b, N, 0.f, 0.03f, 1);
        cudaCheck(linear_ref_f32(x, w, b, NULL, y, B, K, N, 0));
        cudaCheck(cudaDeviceSynchronize());
        float *hx = download32(x, (size_t)B * K), *hw = download32(w, (size_t)N * K), *hb = download32(b, N),
              *hy = download32(y, (size_t)B * N), *cy = xmalloc((size_t)B * N * 4);
        linear_ref_cpu(hx, hw, hb, NULL, cy, B, K, N);
        ErrMetrics e = compare_outputs(hy, cy, (size_t)B * N);
        result(!e.nonfinite && e.rel_l2 <= tol, "ref_gpu_vs_cpu linear B=2 K=1280 N=320 (rel_l2 %.2e)", e.rel_l2);
        free(hx), free(hw), free(hb), free(hy), free(cy);
        cudaFree(x), cudaFree(w), cudaFree(b), cudaFree(y);
    }
}

// ---- cuRAND device generator == host generator (uniform weights; normals
// always come from the host generator) ----
static void test_random_equal(size_t n) {
    float *d = dalloc(n * 4), *h = xmalloc(n * 4);
    random_uniform("conv1.weight", 7, d, n, 0.f, 0.0589f, 1);
    random_uniform("conv1.weight", 7, h, n, 0.f, 0.0589f, 0);
    float *hd = download32(d, n);
    size_t diff = 0;
    double maxd = 0;
    for (size_t i = 0; i < n; i++)
        if (memcmp(&hd[i], &h[i], 4)) {
            diff++;
            if (fabs(hd[i] - h[i]) > maxd) maxd = fabs(hd[i] - h[i]);
        }
    result(diff == 0, "random_uniform device==host n=%zu (%zu differ, max diff %.2e)", n, diff, maxd);
    free(h), free(hd);
    cudaFree(d);
}

// ---- whole blocks through the CLI ----
// A CLI block run that passes --check and, where needle is set, whose
// output contains it (a kernel name in the report: the path the run is
// meant to take).
static void test_cli_block_runs(const char *bin, const char *args, const char *needle) {
    if (!shard_mine()) return;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s --check --warmup 2 --iters 5 2>&1", bin, args);
    FILE *p = popen(cmd, "r");
    if (!p) {
        result(0, "cli %s (popen failed)", args);
        return;
    }
    char line[1024], verdict[1024] = "";
    int found = !needle;
    while (fgets(line, sizeof line, p)) {
        if (!strncmp(line, "verdict", 7)) snprintf(verdict, sizeof verdict, "%s", line);
        if (needle) found |= strstr(line, needle) != NULL;
    }
    int st = pclose(p);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    verdict[strcspn(verdict, "\n")] = 0;
    result(rc == 0 && strstr(verdict, "PASS") != NULL && found, "unetrun %s (exit %d; %s%s%s%s)", args, rc, verdict,
           needle ? "; " : "", needle ? needle : "", needle ? (found ? " in the report" : " NOT in the report") : "");
}
static void test_cli_block(const char *bin, const char *args) { test_cli_block_runs(bin, args, NULL); }

static const char *g_golden_pass = NULL;  // --golden-pass: only the passes of that name (NULL: every one)
static int golden_pass_on(const char *name) { return !g_golden_pass || !strcmp(g_golden_pass, name); }

// Diffusers-written golden cases on the GPU: the committed small set
// (tests/golden) and, when given, the full SD shapes made on this machine
// (make test-golden: tests/golden/make_golden.py --set full). Fast path
// within 5e-3 of float64, FP32 reference within 1e-5, repeat runs
// bit-identical, GPU and CPU FP32 references of the same files within 1e-5.
static void golden_suites(const char *bin, const char *full_dir) {
    GoldenOptions go = {"cuda", 5e-3, 1e-5, 1, 1, NULL, NULL};
    if (golden_pass_on("fast")) {
        suite_golden(bin, "tests/golden", &go);
        if (full_dir) suite_golden(bin, full_dir, &go);
    }
    // the portable (sm_80) kernels on this GPU too: the same files, --engine portable
    GoldenOptions gp = {"cuda", 5e-3, 1e-5, 0, 0, NULL, "--engine portable"};
    if (golden_pass_on("portable")) {
        suite_golden(bin, "tests/golden", &gp);
        if (full_dir) suite_golden(bin, full_dir, &gp);
    }
    // --linear auto (INT8 row after the LayerNorms, the rule elsewhere): within the INT8 tolerance of diffusers
    GoldenOptions ga = {"cuda", 3e-2, 1e-5, 0, 0, NULL, "--linear auto"};
    if (golden_pass_on("auto")) {
        suite_golden(bin, "tests/golden", &ga);
        if (full_dir) suite_golden(bin, full_dir, &ga);
    }
    // The whole SD1.5 UNet at latent 64, batch 2 (make_golden.py --set unet-full):
    // output within 5e-3 of float64; --check makes the graph replay bit-identical.
    GoldenOptions gu = {"cuda", 5e-3, 1e-5, 0, 0, "unet-cases.txt", NULL};
    if (full_dir && golden_pass_on("unet")) suite_golden(bin, full_dir, &gu);
    // The tiny whole UNets (committed): head dims 8 and 16 run on the padded attention path.
    GoldenOptions gt = {"cuda", 5e-3, 1e-5, 1, 0, "unet-cases.txt", NULL};
    if (golden_pass_on("unet")) suite_golden(bin, "tests/golden", &gt);
}

// The whole SDXL UNet at its native latent 128, batch 2: runs, every node
// within tolerance, graph replay bit-identical to the eager run (--check).
// --ref none puts the FP16 activations in a liveness arena (tensors share
// bytes): the output must be bit-identical to a run with every tensor in its
// own slot (--ref gpu), the kernels fixed by --kernel-select heuristic.
static void unet_liveness(const char *bin) {
    char a[512], b[512], args[1024];
    if (!make_tmp_file(a, sizeof a, "unet_live") || !make_tmp_file(b, sizeof b, "unet_full")) return;
    const char *base = "--unet sd15 --latent 32 --batch 2 --kernel-select heuristic --iters 2 --warmup 1";
    snprintf(args, sizeof args, "%s --ref none --save-output '%s'", base, a);
    Cmd r1 = run_cli(bin, args);
    snprintf(args, sizeof args, "%s --ref gpu --save-output '%s'", base, b);
    Cmd r2 = run_cli(bin, args);
    size_t na = 0, nb = 0;
    float *x = read_saved_output(a, &na), *y = read_saved_output(b, &nb);
    result(r1.rc == 0 && r2.rc == 0 && x && y && na == nb && na > 0 && !memcmp(x, y, na * sizeof(float)),
           "--unet sd15 latent 32 batch 2: --ref none (liveness arena) output bit-identical to --ref gpu (exit %d, %d)",
           r1.rc, r2.rc);
    free(x), free(y), free(r1.out), free(r2.out);
    unlink(a), unlink(b);
}

static void unet_cli(const char *bin) {
    unet_liveness(bin);
    Cmd r = run_cli(bin, "--unet sdxl --latent 128 --batch 2 --check --kernel-select heuristic --iters 3 --warmup 1");
    result(r.rc == 0 && strstr(r.out, "verdict  PASS") && strstr(r.out, "graph replay bit-identical"),
           "--unet sdxl --latent 128 --batch 2 --check: PASS with a bit-identical graph replay (exit %d)", r.rc);
    if (r.rc) printf("%s\n", r.out);
    free(r.out);
}

// Tuning in context (--kernel-select tune, the default) and the per-node picks alone (tune-node): both PASS
// (graph replay bit-identical included); tune-node never tries an alternative in the block's graph, and every
// "refine" line of tune names a tile and the block time; a "confirm" line (the second pair of replays) follows
// only a try that was faster than the current picks. Whether alternatives exist depends on the timings.
static void refine_cli(const char *bin) {
    static const char *block[] = {"--block resblock --c 1280 --hw 8 --batch 2",
                                  "--block transformer --c 320 --hw 16 --linear int8"};
    for (int i = 0; i < 2; i++) {
        char args[512];
        snprintf(args, sizeof args, "%s --check --verbose --iters 5 --warmup 2", block[i]);
        Cmd t = run_cli(bin, args);
        int lines = 0, formed = 1, faster = 0;  // faster: the previous try beat the current picks
        for (const char *l = t.out; *l;) {
            const char *end = strchr(l, '\n');
            const size_t len = end ? (size_t)(end - l) : strlen(l);
            if (!strncmp(l, "refine ", 7)) {
                char line[512];
                snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
                lines++;
                formed &= strstr(line, "splitk=") && strstr(line, " block ") && strstr(line, "(with the current picks");
                const char *b = strstr(line, " block "), *c = strstr(line, "current picks");
                const double tb = b ? strtod(b + 7, NULL) : 0, tc = c ? strtod(c + 13, NULL) : 0;
                if (strstr(line, " confirm ")) {
                    formed &= faster;
                    faster = 0;
                } else {
                    faster = tb < tc * 0.99 + 0.011;  // REFINE_GAIN, with the printed rounding
                }
            }
            if (!end) break;
            l = end + 1;
        }
        result(t.rc == 0 && strstr(t.out, "verdict  PASS") && formed,
               "unetrun %s --kernel-select tune: PASS, %d refine lines, well formed (exit %d)", block[i], lines, t.rc);
        snprintf(args, sizeof args, "%s --kernel-select tune-node --check --verbose --iters 5 --warmup 2", block[i]);
        Cmd n = run_cli(bin, args);
        result(n.rc == 0 && strstr(n.out, "verdict  PASS") && count_lines_with_prefix(n.out, "refine ", NULL) == 0,
               "unetrun %s --kernel-select tune-node: PASS, no refine line (exit %d)", block[i], n.rc);
        free(t.out), free(n.out);
    }
}

// A pick's confirmation (exec_gpu.c, confirm_pick): with --verbose, each finalist of the screening prints a
// "confirm <node>" line with its graph-replay median, the report's row of the node runs the finalist with the
// lowest of them, and the block passes. args: the block (with --kernel-select tune-node where in-context
// refinement could change the pick after it).
static void confirm_cli_case(const char *bin, const char *args, const char *node, int min_lines) {
    char cmd[640], best_label[128] = "", row[512] = "", pre[64], rowpre[64];
    snprintf(cmd, sizeof cmd, "%s --check --verbose --iters 5 --warmup 2", args);
    snprintf(pre, sizeof pre, "confirm %s ", node);
    snprintf(rowpre, sizeof rowpre, "%s ", node);
    Cmd t = run_cli(bin, cmd);
    int lines = 0, formed = 1;
    double best = 1e30;
    for (const char *l = t.out; *l;) {
        const char *end = strchr(l, '\n');
        const size_t len = end ? (size_t)(end - l) : strlen(l);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
        if (!strncmp(line, pre, strlen(pre))) {  // "confirm <node>  <label> <t> us (graph replay ..."
            lines++;
            char *us = strstr(line, " us (graph replay");
            char *sp = us ? us : NULL;
            while (sp && sp > line && sp[-1] != ' ') sp--;  // start of the time
            const double tm = sp ? strtod(sp, NULL) : 0;
            formed &= us != NULL && tm > 0;
            if (us && tm > 0 && tm < best) {
                best = tm;
                const char *lb = line + strlen(pre);
                while (*lb == ' ') lb++;
                snprintf(best_label, sizeof best_label, "%.*s", (int)(sp - lb > 1 ? sp - lb - 1 : 0), lb);
                char *e = best_label + strlen(best_label);
                while (e > best_label && e[-1] == ' ') *--e = 0;
            }
        }
        if (!strncmp(line, rowpre, strlen(rowpre))) snprintf(row, sizeof row, "%s", line);
        if (!end) break;
        l = end + 1;
    }
    // the row's kernel is the label itself, not a longer name it begins (then spaces and the output shape)
    const char *k = best_label[0] ? strstr(row, best_label) : NULL;
    const char *after = k ? k + strlen(best_label) : NULL;
    int same = after && *after == ' ';
    while (same && *after == ' ') after++;
    same = same && isdigit((unsigned char)*after);
    result(t.rc == 0 && strstr(t.out, "verdict  PASS") && formed && lines >= min_lines && same,
           "unetrun %s --verbose: %d confirm lines for %s (>= %d), the report runs the lowest (%s) (exit %d, row %.60s)",
           args, lines, node, min_lines, best_label, t.rc, row);
    free(t.out);
}

static void attention_confirm_cli(const char *bin) {
    // shapes with several variants within 10% of each other on the H100 (at d40 4096 x 4096 the 256-row kernel
    // is 25% ahead of the rest: one finalist, nothing to confirm)
    confirm_cli_case(bin, "--block attention --kind self --seq 1024 --heads 8 --head-dim 64 --batch 2", "attn(self)", 2);
    confirm_cli_case(bin, "--block attention --kind self --seq 4096 --heads 8 --head-dim 64 --batch 2", "attn(self)", 2);
    // INT8 row-scale GEMMs: every tile within twice the screened fastest (on the H100 at this ff2 shape of 1280 @8
    // b1, 9 of the 12 TMA tiles), where the screening ranked the fastest node (the 64 x 32 tile) seventh
    if (gemm_int8_rows_heuristic(64, 1280, 5120, GEMM_EPI_NONE, 0, 132).tile != gemm_int8_rows_portable_tile())
        confirm_cli_case(bin,
                         "--block gemm --m 64 --n 1280 --k 5120 --epilogue residual --linear int8 --int8-scales row "
                         "--kernel-select tune-node",
                         "gemm+res", 4);
}

// --node-timing: the JSON's timing.node_timing names the method (graph by default, eager on request), the
// console's timing line says it, every node has a positive median either way, and the block passes.
static void node_timing_cli(const char *bin) {
    static const char *mode[] = {NULL, "graph", "eager"};
    for (int i = 0; i < 3; i++) {
        char path[256], a[512];
        if (!make_tmp_file(path, sizeof path, "unetrun_timing")) {
            result(0, "--node-timing: temporary file");
            return;
        }
        const char *want = mode[i] ? mode[i] : "graph";
        snprintf(a, sizeof a, "--block transformer --c 320 --hw 16 --iters 5 --warmup 1 --check%s%s --json '%s'",
                 mode[i] ? " --node-timing " : "", mode[i] ? mode[i] : "", path);
        Cmd r = run_cli(bin, a);
        cJSON *j = r.rc == 0 ? read_json_file(path) : NULL;
        const cJSON *tim = j ? cJSON_GetObjectItemCaseSensitive(j, "timing") : NULL;
        const cJSON *nt = tim ? cJSON_GetObjectItemCaseSensitive(tim, "node_timing") : NULL;
        const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *n;
        int count = 0, timed = 0;
        cJSON_ArrayForEach(n, nodes) {
            const cJSON *t = cJSON_GetObjectItemCaseSensitive(n, "time_us");
            const cJSON *med = t ? cJSON_GetObjectItemCaseSensitive(t, "median") : NULL;
            count++;
            timed += cJSON_IsNumber(med) && med->valuedouble > 0.0;
        }
        const char *line = !strcmp(want, "graph") ? "(CUDA events, one graph replay each)" : "(CUDA events, eager launches)";
        result(j && cJSON_IsString(nt) && !strcmp(nt->valuestring, want) && count > 0 && timed == count &&
                   strstr(r.out, line) && strstr(r.out, "verdict  PASS"),
               "unetrun --node-timing %s: timing.node_timing \"%s\", console \"%s\", %d of %d nodes timed, PASS",
               mode[i] ? mode[i] : "(default)", want, line, timed, count);
        cJSON_Delete(j);
        free(r.out);
        unlink(path);
    }
}

// SD1.5 ResBlock conv shapes: cin, cout, H = W (kernel and block suites)
static const int sd[][3] = {{320, 320, 64},   {320, 640, 32},   {640, 640, 32},  {640, 1280, 16},
                            {1280, 1280, 16}, {1280, 1280, 8},  {2560, 1280, 8}, {2560, 1280, 16},
                            {1920, 1280, 16}, {1920, 640, 32},  {1280, 640, 32}, {960, 640, 32},
                            {960, 320, 64},   {640, 320, 64}};
static const int nsd = sizeof(sd) / sizeof(sd[0]);

// GEMM-shaped problems (linear layers and 1x1 convolutions): every candidate of the tails, every Hopper
// candidate (the persistent ping-pong tiles included) of every SD transformer linear shape.
static void gemm_suite(void) {
    {  // the Hopper engine offers its ping-pong tiles at an SD linear shape
        ConvShape cs = gemm_as_conv(8192, 960, 320);
        TileConfig cand[CONV2D_MAX_CANDIDATES];
        int nc = conv2d_shape_init(&cs) ? 0 : conv2d_candidates(&cs, g_num_sms, cand, CONV2D_MAX_CANDIDATES), npp = 0;
        for (int i = 0; i < nc; i++) npp += strstr(conv2d_tile_name(cand[i].tile), "wgmma pp ") != NULL;
        result(nc > 0 && (npp > 0) == hopper_conv_engine_on(),
               "gemm candidates M=8192 N=960 K=320: %d configs, %d persistent ping-pong (expected %s)", nc, npp,
               hopper_conv_engine_on() ? "some" : "none");
    }
    {  // every candidate list whole: a skinny GEMM with a long K (the context's key / value projections) offers
       // each tile at up to eight split counts, and a list that reached its bound lost the tiles listed last
       // (the cluster split-K and ping-pong tiles); each must offer every Hopper tile family where the engine runs
        static const int cs_[][3] = {{77, 2560, 2048}, {154, 2560, 2048}, {77, 640, 768},   {154, 2560, 768},
                                     {77, 2048, 1024}, {256, 1280, 1280}, {64, 1280, 5120}, {1024, 3840, 1280}};
        for (unsigned i = 0; i < sizeof(cs_) / sizeof(cs_[0]); i++) {
            ConvShape cs = gemm_as_conv(cs_[i][0], cs_[i][1], cs_[i][2]);
            TileConfig cand[CONV2D_MAX_CANDIDATES];
            const int nc = conv2d_shape_init(&cs) ? 0 : conv2d_candidates(&cs, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
            int npp = 0, nck = 0, nwg = 0;
            for (int j = 0; j < nc; j++) {
                const char *t = conv2d_tile_name(cand[j].tile);
                npp += strstr(t, "wgmma pp ") != NULL;
                nck += strstr(t, " ck") != NULL;
                nwg += conv2d_tile_is_wgmma(cand[j].tile);
            }
            const int on = hopper_conv_engine_on();
            result(nc > 0 && nc < CONV2D_MAX_CANDIDATES && (npp > 0) == on && (nck >= 4) == on && (nwg > 0) == on,
                   "gemm candidates whole M=%d N=%d K=%d: %d configs (bound %d), %d Hopper, %d cluster split-K, "
                   "%d ping-pong (expected %s)", cs_[i][0], cs_[i][1], cs_[i][2], nc, CONV2D_MAX_CANDIDATES, nwg, nck,
                   npp, on ? "some of each" : "none");
        }
    }
    {  // the heuristic's ping-pong rules (conv2d.cu pp_heuristic_pick) at SD shapes, as tuning picked on 132 SMs
       // (bench/results/2026-11-28-h200-heuristic); "-": gemm_wgmma.cu's tiles
        static const struct {
            int m, n, k, ln;
            const char *want;
        } hs[] = {
            {8192, 960, 320, 0, "wgmma pp 64x160x64/5st 3c ts"}, {18432, 320, 320, 0, "wgmma pp 64x160x64/5st 3c ts"},
            {4096, 960, 320, 0, "wgmma pp 64x160x64/6st ts"},    {1024, 640, 640, 0, "-"},
            {77, 640, 768, 0, "wgmma pp 64x64x64/12st ts"},      {77, 2560, 2048, 0, "wgmma pp 64x96x64/9st 3c ts"},
            {154, 2560, 768, 0, "wgmma pp 64x64x64/12st ts"},    {256, 1280, 1280, 0, "wgmma pp 64x64x64/12st ts"},
            {64, 1280, 5120, 0, "-"},                            {256, 3840, 1280, 1, "wgmma pp 64x160x64/6st ts"},
            {64, 10240, 1280, 1, "wgmma pp 64x96x64/10st ts"},   {576, 1280, 1280, 1, "wgmma pp 64x96x64/10st ts"},
            {2048, 10240, 1280, 1, "wgmma pp 64x160x64/6st ts"}, {512, 1280, 1280, 0, "wgmma pp 64x96x64/9st 3c ts"},
            {1024, 1280, 1280, 0, "wgmma pp 64x160x64/5st 3c ts"}, {1024, 1280, 5120, 0, "wgmma pp 64x160x64/5st 3c ts"},
            {1152, 1280, 1280, 0, "-"},                          {512, 1280, 5120, 0, "wgmma pp 64x128x64/7st 3c ts"},
            {2048, 1280, 5120, 0, "-"},                          {9216, 320, 1280, 0, "wgmma pp 64x160x64/6st ts"},
            {2304, 640, 2560, 0, "-"},                           {4608, 640, 2560, 0, "wgmma pp 64x128x64/7st 3c ts"},
            {8192, 640, 2560, 0, "wgmma pp 64x160x64/6st ts"},   {4096, 640, 2560, 0, "-"}};
        for (unsigned i = 0; i < sizeof(hs) / sizeof(hs[0]); i++) {
            ConvShape cs = gemm_as_conv(hs[i].m, hs[i].n, hs[i].k);
            const char *name =
                conv2d_shape_init(&cs) ? "?" : conv2d_tile_name(conv2d_heuristic_ln(&cs, g_num_sms, hs[i].ln).tile);
            const int pp = strstr(name, "wgmma pp ") != NULL;
            // the table is for 132 SMs; on other counts, the tile of pp_rule_kind's kind (kernels/pp_rule.h)
            static const char *const kKindTile[] = {"wgmma pp 64x160x64/6st ts", "wgmma pp 64x160x64/5st 3c ts",
                                                    "wgmma pp 64x64x64/12st ts", "wgmma pp 64x96x64/9st 3c ts",
                                                    "wgmma pp 64x96x64/10st ts", "wgmma pp 64x128x64/7st 3c ts"};
            const int kind = pp_rule_kind(hs[i].m, hs[i].n, hs[i].k, hs[i].ln, g_num_sms);
            const char *want = !hopper_conv_engine_on() ? "-"
                               : g_num_sms == 132      ? hs[i].want
                               : kind < 0              ? "-"
                                                       : kKindTile[kind];
            result(strcmp(want, "-") ? strcmp(name, want) == 0 : !pp,
                   "gemm heuristic M=%d N=%d K=%d ln=%d on %d SMs: %s (expected %s)", hs[i].m, hs[i].n, hs[i].k,
                   hs[i].ln, g_num_sms, name, strcmp(want, "-") ? want : "no ping-pong tile");
        }
    }
    // GEMM of the linear layers: M/N/K tails (K not a multiple of BK, N not of
    // the tile, M odd), every epilogue, every candidate config
    static const int gt[][3] = {{100, 200, 72}, {7, 24, 40}, {1, 8, 8}, {333, 136, 1288}, {77, 1280, 768}};
    for (unsigned i = 0; i < sizeof(gt) / sizeof(gt[0]); i++)
        for (int epi = 0; epi < 3; epi++) test_gemm(gt[i][0], gt[i][1], gt[i][2], epi, 1);
    test_gemm(100, 208, 72, 3, 1);
    test_gemm(77, 2560, 320, 3, 1);
    // more tiles than two per SM with M, N and K tails (the ping-pong tiles' consumers take several each)
    for (int epi = 0; epi < 3; epi++) test_gemm(4099, 1000, 200, epi, 1);
    test_gemm(4099, 1008, 200, 3, 1);
    // the same with the ping-pong tiles walking N fastest (pp_rule_walk_n takes that walk where x is over half
    // the L2: 18432 x 1280 and larger, too large for every candidate here), forced, and ff2 of the SD2.1 768 px
    // blocks at batch 1 (two 64 x 160 tiles per row)
    kernels_set_tile_walk(1), g_conv_note = " walk=n";
    for (int epi = 0; epi < 3; epi++) test_gemm(4099, 1000, 200, epi, 1);
    test_gemm(4099, 1008, 200, 3, 1);
    test_conv_shape(1, 96, 96, 1280, 320, 1, 1, 1, 0, 1);
    kernels_set_tile_walk(-1), g_conv_note = "";
    // 1x1 convolutions (GEMM-shaped) with the time embedding: rows of several images per tile
    test_conv_shape(3, 20, 24, 72, 200, 1, 1, 1, 1, 1);
    test_conv_shape(2, 32, 32, 320, 640, 1, 1, 1, 1, 0);
    // a bias that is not 16-byte aligned (the epilogues read it with 4-byte loads then)
    test_conv_shape(2, 16, 16, 320, 640, 1, 1, 2, 0, 1);
    test_conv_shape(1, 9, 7, 64, 160, 3, 1, 2, 1, 0);
    // every linear shape of the SD1.5, SD2.1 (latent 96) and SDXL transformer blocks, batch 1 and 2
    // (rows = B*H*W; q/k/v fused, to_out, ff.net.0.proj with GEGLU, ff.net.2; kv over 77 context rows)
    static const int tshape[][3] = {{320, 4096, 768},  {640, 1024, 768},   {1280, 256, 768},  {1280, 64, 768},
                                    {320, 9216, 1024}, {640, 2304, 1024},  {1280, 576, 1024}, {1280, 144, 1024},
                                    {640, 4096, 2048}, {1280, 1024, 2048}};  // C, tokens, context dim
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(tshape) / sizeof(tshape[0]); i++) {
            int C = tshape[i][0], M = b * tshape[i][1], D = tshape[i][2];
            test_gemm(M, 3 * C, C, 0, 0);     // to_q/k/v fused
            test_gemm(M, C, C, 2, 0);         // to_out.0 + residual
            test_gemm(M, C, C, 0, 0);         // attn2.to_q
            test_gemm(b * 77, 2 * C, D, 0, 0);  // attn2.to_k/to_v fused, over the context
            test_gemm(M, 8 * C, C, 3, 0);     // ff.net.0.proj + GEGLU
            test_gemm(M, C, 4 * C, 2, 0);     // ff.net.2 + residual
            test_gemm(M, C, C, 1, 0);         // proj_in (linear)
        }
}


// Conv and GEMM tiles against their FP32 references (every candidate tile and split, both engines).
// The im2col tiles ("... i2c"): offered for plain convolutions (stride 1
// and 2, a concatenated input) and not where the rows must be rectangles
// (a nearest-2x input, the GroupNorm operand path, a fused shortcut) or for
// GEMM-shaped ones; the heuristic takes one only where its 128 consecutive
// pixels make fewer tiles than the rectangles, never at outputs of 64, 32, 16,
// 48 or 96 pixels a side (whole rectangles).
static void test_i2c_offers(void) {
    if (!hopper_conv_engine_on()) return;
    // B, H, W, cin, cout, k, stride, pad, -, -, cin2, up, norm, cs, cs2; want: 1 offered, 0 not
    static const struct {
        ConvShape s;
        int want;
        const char *what;
    } cases[] = {
        {{2, 64, 64, 320, 320, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0}, 1, "3x3"},
        {{2, 64, 64, 320, 320, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0}, 1, "3x3 stride 2"},
        {{1, 24, 24, 1280, 1280, 3, 1, 1, 0, 0, 640, 0, 0, 0, 0}, 1, "3x3 concatenated"},
        {{2, 32, 32, 640, 640, 3, 1, 1, 0, 0, 0, 1, 0, 0, 0}, 0, "3x3 nearest-2x"},
        {{2, 32, 32, 640, 640, 3, 1, 1, 0, 0, 0, 0, 1, 0, 0}, 0, "3x3 GroupNorm operand"},
        {{2, 32, 32, 640, 640, 3, 1, 1, 0, 0, 0, 0, 0, 320, 0}, 0, "3x3 fused shortcut"},
        {{2, 64, 64, 320, 640, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 0, "1x1"},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ConvShape s = cases[i].s;
        TileConfig cand[CONV2D_MAX_CANDIDATES];
        const int nc = conv2d_shape_init(&s) ? 0 : conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
        int ni = 0;
        for (int j = 0; j < nc; j++) ni += strstr(conv2d_tile_name(cand[j].tile), " i2c") != NULL;
        result(nc > 0 && (ni > 0) == cases[i].want, "conv candidates %s B=%d H=%d W=%d cin=%d cout=%d: %d configs, %d im2col (expected %s)",
               cases[i].what, s.batch, s.h, s.w, s.cin, s.cout, nc, ni, cases[i].want ? "some" : "none");
    }
    static const int rect[][3] = {{2, 64, 320}, {1, 64, 320}, {2, 32, 640}, {2, 16, 1280}, {2, 48, 640}, {2, 96, 320}};
    for (unsigned i = 0; i < sizeof(rect) / sizeof(rect[0]); i++) {
        ConvShape s = {rect[i][0], rect[i][1], rect[i][1], rect[i][2], rect[i][2], 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
        const char *name = conv2d_shape_init(&s) ? "?" : conv2d_tile_name(conv2d_heuristic(&s, g_num_sms).tile);
        result(strstr(name, " i2c") == NULL, "conv heuristic B=%d %dx%d %d->%d: %s (expected a rectangle tile)",
               s.batch, s.h, s.w, s.cin, s.cout, name);
    }
}

static void conv_suites(void) {
    if (g_shard_k == 0) {
        // random generators
        test_random_equal(4096);
        test_random_equal(1001);
        // references
        test_ref_vs_cpu();
    }

    // conv at every SD1.5 ResBlock conv shape (3x3 cin->cout, 3x3 cout->cout,
    // 1x1 shortcut), batch 1 and 2, every candidate tile/split
    for (int b = 1; b <= 2; b++)
        for (int i = 0; i < nsd; i++) {
            int cin = sd[i][0], cout = sd[i][1], hw = sd[i][2];
            test_conv_shape(b, hw, hw, cin, cout, 3, 1, 1, 1, 0);  // conv1: bias + temb
            if (cin != cout) {
                test_conv_shape(b, hw, hw, cin, cout, 1, 1, 1, 0, 0);   // conv_shortcut
            }
            if (i == 0 || sd[i - 1][1] != cout || sd[i - 1][2] != hw)
                test_conv_shape(b, hw, hw, cout, cout, 3, 1, 1, 0, 1);  // conv2: bias + residual
        }
    // SD downsamplers (3x3 stride 2)
    test_conv_shape(1, 64, 64, 320, 320, 3, 2, 1, 0, 0);
    test_conv_shape(2, 32, 32, 640, 640, 3, 2, 1, 0, 0);
    test_conv_shape(1, 16, 16, 1280, 1280, 3, 2, 1, 0, 0);
    // SD2.1 (latent 96: 96, 48, 24, 12) and SDXL (latent 128: 128, 64, 32) 3x3 convs
    static const int sd2xl[][3] = {{320, 320, 96}, {640, 640, 48}, {1280, 1280, 24}, {1280, 1280, 12},
                                   {320, 320, 128}, {640, 640, 64}, {1280, 1280, 32}, {960, 640, 64}};
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(sd2xl) / sizeof(sd2xl[0]); i++)
            test_conv_shape(b, sd2xl[i][2], sd2xl[i][2], sd2xl[i][0], sd2xl[i][1], 3, 1, 1, 1, 0);
    test_conv_shape(2, 96, 96, 320, 320, 3, 2, 1, 0, 0);
    test_conv_shape(1, 128, 128, 320, 320, 3, 2, 1, 0, 0);
    test_conv_shape(2, 48, 48, 640, 640, 3, 2, 1, 0, 0);
    // awkward shapes: tiny channels, odd and non-square sizes, tails; the
    // rows with cin a multiple of 64 also run the Hopper engine's
    // convolution tiles (output rectangles cut by the edges and the batch)
    static const int aw[][7] = {
        // B, H, W, cin, cout, k, stride
        {1, 1, 1, 8, 8, 3, 1},    {1, 3, 3, 8, 24, 3, 1},  {2, 7, 7, 24, 8, 3, 1},  {1, 5, 9, 24, 40, 3, 1},
        {2, 9, 5, 40, 24, 3, 1},  {1, 7, 7, 8, 16, 3, 2},  {2, 9, 5, 24, 24, 3, 2}, {1, 1, 1, 16, 8, 1, 1},
        {2, 7, 3, 24, 136, 1, 1}, {1, 33, 17, 72, 200, 3, 1}, {2, 3, 1, 8, 8, 3, 1}, {1, 1, 7, 8, 8, 3, 2},
        {1, 1, 1, 64, 8, 3, 1},   {3, 7, 7, 64, 24, 3, 1}, {2, 9, 5, 128, 40, 3, 2}, {1, 33, 17, 192, 200, 3, 1},
        {2, 3, 1, 64, 72, 3, 1},  {1, 1, 7, 64, 8, 3, 2},  {3, 12, 12, 192, 64, 3, 1}, {1, 130, 6, 64, 16, 3, 1},
        {5, 4, 4, 64, 264, 3, 1}, {1, 11, 13, 64, 64, 3, 2},
    };
    for (unsigned i = 0; i < sizeof(aw) / sizeof(aw[0]); i++) {
        const int *a = aw[i];
        test_conv_shape(a[0], a[1], a[2], a[3], a[4], a[5], a[6], 1, 1, a[6] == 1 ? 1 : 0);
        test_conv_shape(a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0, 0, 0);
    }
    if (g_shard_k == 0) {
        test_engine_portable();
        test_i2c_offers();
        gemm_suite();
    }
}

// GroupNorm (+ SiLU) in the Hopper engine's operand path (conv2d_igemm_norm_fp16
// after groupnorm_stats_fp16): every Hopper tile and split, twice, against
// the FP32 chain GroupNorm -> SiLU -> conv of the same FP16 inputs, and the
// unfused fast chain (GroupNorm kernel, FP16 tensor, conv) against the same
// reference for comparison. x may be a concatenation (c2 > 0); the input has
// a per-channel offset (mean up to `offset`) so the shift matters.
static void test_conv_norm(int B, int H, int W, int c1, int c2, int cout, int k, int stride, int groups, int silu,
                           float offset, int temb) {
    const int cin = c1 + c2;
    ConvShape s = {B, H, W, cin, cout, k, stride, k / 2, 0, 0, c2, 0, 1, 0, 0};
    ConvShape plain = s;
    plain.norm = 0;
    if (conv2d_shape_init(&s) || conv2d_shape_init(&plain) || !conv2d_norm_shape_ok(&s)) {
        result(0, "conv2d norm shape B=%d H=%d W=%d c1=%d c2=%d cout=%d k=%d stride=%d", B, H, W, c1, c2, cout, k,
               stride);
        return;
    }
    const size_t n1 = (size_t)B * H * W * c1, n2 = (size_t)B * H * W * c2, nv = (size_t)B * H * W * cin;
    const size_t ny = (size_t)B * s.ho * s.wo * cout, nw = (size_t)cout * cin * k * k;
    uint16_t *x16, *x216 = NULL, *t16 = NULL;
    float *x32, *x232 = NULL, *t32 = NULL;
    rand_act("n1", 81, n1, &x16, &x32);
    if (c2) rand_act("n2", 82, n2, &x216, &x232);
    if (temb) rand_act("nt", 83, (size_t)B * cout, &t16, &t32);
    {  // x += offset * (channel pattern): groups with different means
        float *h = xmalloc(n1 * 4);
        uint16_t *h16 = xmalloc(n1 * 2);
        copy_to_host(h, x32, n1 * 4, 0);
        for (size_t i = 0; i < n1; i++) h[i] = f16_to_f32(f32_to_f16(h[i] + offset * (float)((i % c1) % 7) / 6.f));
        for (size_t i = 0; i < n1; i++) h16[i] = f32_to_f16(h[i]);
        copy_to_device(x32, h, n1 * 4, 0);
        copy_to_device(x16, h16, n1 * 2, 0);
        free(h), free(h16);
    }
    float *gamma = dalloc(cin * 4), *beta = dalloc(cin * 4);
    random_uniform("ng", 84, gamma, cin, 1.f, 0.5f, 1);
    random_uniform("nb", 85, beta, cin, 0.f, 0.5f, 1);
    float *view = dalloc(nv * 4), *w32 = dalloc(nw * 4), *wref = dalloc(nw * 4), *b32 = dalloc(cout * 4),
          *yref = dalloc(ny * 4);
    uint16_t *w16 = dalloc(nw * 2), *n16 = dalloc(nv * 2), *y16 = dalloc(ny * 2);
    cudaCheck(gather_view_f32(x32, x232, c1, c2, 0, B, H, W, view, 0));
    cudaCheck(groupnorm_ref_f32(view, view, gamma, beta, B, H * W, cin, groups, 1e-5f, 0));
    if (silu) cudaCheck(silu_ref_f32(view, view, nv, 0));
    random_uniform("nw", 86, w32, nw, 0.f, 1.f / sqrtf((float)(cin * k * k)), 1);
    cudaCheck(f32_to_f16_dev(w32, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w32, nw, 0));
    cudaCheck(conv_weight_layouts_dev(w32, w16, wref, cout, cin, k, 0));
    random_uniform("nbias", 87, b32, cout, 0.f, 0.5f, 1);
    ConvShape sref = plain;
    sref.cin2 = 0;
    cudaCheck(conv2d_ref_f32(&sref, view, wref, b32, t32, NULL, yref, 0));
    float *href = download32(yref, ny);
    // the statistics pass (the fused node's first launch)
    const int splits = groupnorm_splits(B, H * W, cin, g_num_sms);
    const size_t wsb = groupnorm_workspace_bytes(B, groups, splits, cin);
    void *gws = dalloc(wsb);
    cudaCheck(cudaMemset(gws, 0, wsb));
    cudaCheck(groupnorm_stats_fp16(x16, x216, c1, gamma, beta, B, H * W, cin, groups, 1e-5f, splits, gws, 0));
    const float *ss = groupnorm_scale_shift(gws, B, groups, splits, cin);
    char what[192];
    snprintf(what, sizeof what, "conv2d_igemm_norm B=%d H=%d W=%d c1=%d c2=%d cout=%d k=%d stride=%d G=%d silu=%d "
             "offset=%g temb=%d", B, H, W, c1, c2, cout, k, stride, groups, silu, offset, temb);
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    const int nc = conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
    int all_wg = nc > 0;
    for (int i = 0; i < nc; i++) all_wg &= conv2d_tile_is_wgmma(cand[i].tile);
    result(all_wg, "%s: %d candidates, all Hopper tiles", what, nc);
    run_conv_candidates_norm(&s, cand, nc, x16, x216, ss, silu, 3e-3, w16, b32, t16, NULL, href, what);
    // the unfused fast chain on the same inputs: GroupNorm kernel -> FP16 tensor -> the heuristic's conv
    cudaCheck(groupnorm2_silu_fp16(x16, x216, c1, n16, gamma, beta, B, H * W, cin, groups, 1e-5f, silu, splits, gws, 0));
    const TileConfig hc = conv2d_heuristic(&sref, g_num_sms);
    const size_t cwsb = conv2d_workspace_bytes(&sref, hc);
    float *cws = cwsb ? dalloc(cwsb) : NULL;
    cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
    cudaCheck(conv2d_igemm_fp16(&sref, hc, n16, w16, b32, t16, NULL, y16, cws, 0));
    cudaCheck(cudaDeviceSynchronize());
    float *hy = download16(y16, ny);
    ErrMetrics e = compare_outputs(hy, href, ny);
    result(!e.nonfinite && e.rel_l2 <= 1e-3, "%s: unfused chain (groupnorm kernel + %s) rel_l2 %.2e", what,
           conv2d_tile_name(hc.tile), e.rel_l2);
    free(hy), free(href);
    cudaFree(cws), cudaFree(gws);
    cudaFree(x16), cudaFree(x32), cudaFree(x216), cudaFree(x232), cudaFree(t16), cudaFree(t32), cudaFree(gamma);
    cudaFree(beta), cudaFree(view), cudaFree(w32), cudaFree(wref), cudaFree(b32), cudaFree(yref), cudaFree(w16);
    cudaFree(n16), cudaFree(y16);
}

// GroupNorm statistics from the conv's epilogue (conv2d_igemm_gn_fp16, then
// groupnorm_apply_partials_fp16): for every Hopper candidate of the shape
// without split-K that can leave them, y bit-identical to the same tile's
// plain launch, and GroupNorm (+ SiLU) of y from the slots within 2e-3 of a
// float64 GroupNorm of the same FP16 y computed here on the host; partials,
// slots and outputs poisoned before each run. A bias of mean `offset` puts
// the group means far from zero (the fold's cancellation case). Where no
// candidate can (slots 0), the API must refuse.
static void test_gn_stats(int B, int H, int W, int cin, int cout, int groups, int silu, float offset) {
    char what[160];
    snprintf(what, sizeof what, "gn_stats conv3x3 B=%d H=%d W=%d cin=%d cout=%d G=%d silu=%d mean=%g", B, H, W, cin,
             cout, groups, silu, offset);
    ConvShape s = {B, H, W, cin, cout, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    if (conv2d_shape_init(&s)) {
        result(0, "%s: shape", what);
        return;
    }
    const size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * H * W * cout, nw = (size_t)cout * cin * 9;
    const int hw = H * W, cpg = cout / groups, max_slots = conv2d_gn_stats_max_slots(&s);
    uint16_t *x16, *t16;
    float *x32, *t32;
    rand_act("gsx", 301, nx, &x16, &x32);
    rand_act("gst", 302, (size_t)B * cout, &t16, &t32);
    float *w32 = dalloc(nw * 4), *b32 = dalloc(cout * 4), *gamma = dalloc(cout * 4), *beta = dalloc(cout * 4);
    uint16_t *w16 = dalloc(nw * 2), *y0 = dalloc(ny * 2), *y1 = dalloc(ny * 2), *o16 = dalloc(ny * 2);
    random_uniform("gsw", 303, w32, nw, 0.f, 1.f / sqrtf((float)(cin * 9)), 1);
    cudaCheck(f32_to_f16_dev(w32, w16, nw, 0));
    random_uniform("gsb", 304, b32, cout, offset, 0.5f, 1);
    random_uniform("gsg", 305, gamma, cout, 1.f, 0.5f, 1);
    random_uniform("gsbe", 306, beta, cout, 0.f, 0.5f, 1);
    const size_t slots_cap = max_slots > 0 ? (size_t)max_slots : 1;
    float *part = dalloc(slots_cap * cout * 8);
    int *slot = dalloc(slots_cap * 8);
    void *gws = dalloc(groupnorm_workspace_bytes(B, groups, 0, cout));
    float *gw = download32(gamma, cout), *bw = download32(beta, cout);
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    const int nc = conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
    int tried = 0, done[CONV2D_MAX_CANDIDATES];
    for (int i = 0; i < nc; i++) {
        done[i] = 0;
        const int ns = conv2d_gn_stats_slots(&s, cand[i]);
        for (int j = 0; j < i; j++) done[i] |= done[j] == 1 && cand[j].tile == cand[i].tile;
        if (cand[i].splits != 1 || !ns || done[i]) continue;
        done[i] = 1;
        tried++;
        const char *tile = conv2d_tile_name(cand[i].tile);
        const size_t wsb = conv2d_workspace_bytes(&s, cand[i]);
        float *ws = wsb ? dalloc(wsb) : NULL;
        cudaCheck(fill_u16_dev(y0, 0xFFFF, ny, 0));
        cudaCheck(conv2d_igemm_fp16(&s, cand[i], x16, w16, b32, t16, NULL, y0, ws, 0));
        cudaCheck(fill_u16_dev(y1, 0xFFFF, ny, 0));
        cudaCheck(fill_u16_dev((uint16_t *)part, 0xFFFF, slots_cap * cout * 4, 0));
        cudaCheck(fill_u16_dev((uint16_t *)slot, 0xFFFF, slots_cap * 4, 0));
        cudaCheck(fill_u16_dev(o16, 0xFFFF, ny, 0));
        cudaCheck(cudaMemset(gws, 0, groupnorm_workspace_bytes(B, groups, 0, cout)));
        cudaCheck(conv2d_igemm_gn_fp16(&s, cand[i], x16, w16, b32, t16, NULL, y1, ws, part, slot, 0));
        cudaCheck(groupnorm_apply_partials_fp16(part, slot, ns, y1, o16, gamma, beta, B, hw, cout, groups, 1e-5f,
                                                silu, gws, 0));
        cudaCheck(cudaDeviceSynchronize());
        uint16_t *h0 = xmalloc(ny * 2), *h1 = xmalloc(ny * 2);
        copy_to_host(h0, y0, ny * 2, 0);
        copy_to_host(h1, y1, ny * 2, 0);
        const int same = memcmp(h0, h1, ny * 2) == 0;
        free(h0), free(h1);
        float *hy = download16(y1, ny), *ho = download16(o16, ny), *href = xmalloc(ny * 4);
        for (int b = 0; b < B; b++)  // float64 GroupNorm (+ SiLU) of the FP16 y, two passes
            for (int g = 0; g < groups; g++) {
                double sum = 0.0, sq = 0.0;
                for (int p = 0; p < hw; p++)
                    for (int j = 0; j < cpg; j++) sum += hy[((size_t)b * hw + p) * cout + g * cpg + j];
                const double n = (double)hw * cpg, mean = sum / n;
                for (int p = 0; p < hw; p++)
                    for (int j = 0; j < cpg; j++) {
                        const double d = hy[((size_t)b * hw + p) * cout + g * cpg + j] - mean;
                        sq += d * d;
                    }
                const double rstd = 1.0 / sqrt(sq / n + 1e-5);
                for (int p = 0; p < hw; p++)
                    for (int j = 0; j < cpg; j++) {
                        const size_t e = ((size_t)b * hw + p) * cout + g * cpg + j;
                        double v = (hy[e] - mean) * rstd * gw[g * cpg + j] + bw[g * cpg + j];
                        if (silu) v = v / (1.0 + exp(-v));
                        href[e] = (float)v;
                    }
            }
        ErrMetrics e = compare_outputs(ho, href, ny);
        result(same && !e.nonfinite && e.rel_l2 <= 2e-3, "%s %s: %d slots, y %s, GroupNorm rel_l2 %.2e", what, tile,
               ns, same ? "bit-identical" : "DIFFERS", e.rel_l2);
        free(hy), free(ho), free(href);
        cudaFree(ws);
    }
    if (!tried) {  // no candidate can: the API refuses
        const TileConfig hc = conv2d_heuristic(&s, g_num_sms);
        const size_t wsb = conv2d_workspace_bytes(&s, hc);
        float *ws = wsb ? dalloc(wsb) : NULL;
        const cudaError_t err = conv2d_igemm_gn_fp16(&s, hc, x16, w16, b32, t16, NULL, y1, ws, part, slot, 0);
        (void)cudaGetLastError();
        result(err == cudaErrorInvalidValue && max_slots == 0, "%s: no candidate leaves the statistics (max slots %d), "
               "the API refuses %s (%s)", what, max_slots, conv2d_tile_name(hc.tile), cudaGetErrorString(err));
        cudaFree(ws);
    }
    free(gw), free(bw);
    cudaFree(x16), cudaFree(x32), cudaFree(t16), cudaFree(t32), cudaFree(w32), cudaFree(b32), cudaFree(gamma);
    cudaFree(beta), cudaFree(w16), cudaFree(y0), cudaFree(y1), cudaFree(o16), cudaFree(part), cudaFree(slot);
    cudaFree(gws);
}

static void gn_stats_suite(void) {
    if (!hopper_conv_engine_on()) return;
    // SD shapes: 64 x 64 (rectangles of 128 pixels, im2col), 8 x 8 (rectangles of two images; batch 1: the
    // second image's slots are empty), 24 x 24 and 12 x 12 (rectangles over the edges; 12 x 12 has no im2col
    // slots: 144 pixels), batch 3, and channel counts with partial column tiles
    test_gn_stats(2, 64, 64, 320, 320, 32, 1, 0.f);
    test_gn_stats(1, 8, 8, 1280, 1280, 32, 1, 0.f);
    test_gn_stats(2, 8, 8, 1280, 1280, 32, 1, 0.f);
    test_gn_stats(2, 24, 24, 640, 640, 32, 1, 0.f);
    test_gn_stats(1, 12, 12, 640, 1280, 32, 1, 0.f);
    test_gn_stats(3, 16, 16, 320, 640, 32, 1, 0.f);
    test_gn_stats(2, 32, 32, 64, 320, 32, 0, 30.f);  // mean 30 (std about 1): no cancellation
    test_gn_stats(1, 64, 64, 128, 200, 8, 1, -8.f);  // 200 channels: partial column tiles
    test_gn_stats(1, 7, 5, 64, 64, 32, 1, 0.f);      // 35 pixels: rectangles only
}

// A 1x1 shortcut summed into a 3x3 conv's K (conv2d_igemm_sc_fp16, the fused
// ResBlock conv2 + conv_shortcut): y = conv3x3(x) + [xs | xs2] ws^T + b + bs
// (+ temb), every Hopper tile and split, twice, output poisoned before each
// run, against the FP32 chain shortcut -> conv with the shortcut as its
// residual. The API must refuse a portable tile for such a shape.
static void test_conv_sc(int B, int H, int W, int cin, int cout, int cs1, int cs2, int temb) {
    const int cs = cs1 + cs2;
    ConvShape s = {B, H, W, cin, cout, 3, 1, 1, 0, 0, 0, 0, 0, cs, cs2};
    ConvShape conv = s, sc = {B, H, W, cs, cout, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    conv.cs = conv.cs2 = 0;
    char what[160];
    snprintf(what, sizeof what, "conv2d_igemm_sc B=%d H=%d W=%d cin=%d cout=%d cs1=%d cs2=%d temb=%d", B, H, W, cin,
             cout, cs1, cs2, temb);
    if (conv2d_shape_init(&s) || conv2d_shape_init(&conv) || conv2d_shape_init(&sc) || !conv2d_shortcut_shape_ok(&s)) {
        result(0, "%s: shape", what);
        return;
    }
    const size_t nx = (size_t)B * H * W * cin, ny = (size_t)B * H * W * cout, nw = (size_t)cout * cin * 9;
    const size_t nws = (size_t)cout * cs, kc = (size_t)9 * cin;
    uint16_t *x16, *s16, *s216 = NULL, *t16 = NULL;
    float *x32, *s32, *s232 = NULL, *t32 = NULL;
    rand_act("scx", 91, nx, &x16, &x32);
    rand_act("scs1", 92, (size_t)B * H * W * cs1, &s16, &s32);
    if (cs2) rand_act("scs2", 93, (size_t)B * H * W * cs2, &s216, &s232);
    if (temb) rand_act("sct", 94, (size_t)B * cout, &t16, &t32);
    float *w32 = dalloc(nw * 4), *wref = dalloc(nw * 4), *ws32 = dalloc(nws * 4), *wsref = dalloc(nws * 4);
    float *b32 = dalloc(cout * 4), *bs32 = dalloc(cout * 4), *bsum = dalloc(cout * 4);
    float *view = dalloc((size_t)B * H * W * cs * 4), *ysc = dalloc(ny * 4), *yref = dalloc(ny * 4);
    uint16_t *w16 = dalloc(nw * 2), *ws16 = dalloc(nws * 2), *wcat = dalloc((kc + cs) * cout * 2);
    random_uniform("scw", 95, w32, nw, 0.f, 1.f / sqrtf((float)(cin * 9)), 1);
    random_uniform("scws", 96, ws32, nws, 0.f, 1.f / sqrtf((float)cs), 1);
    cudaCheck(f32_to_f16_dev(w32, w16, nw, 0));
    cudaCheck(f16_to_f32_dev(w16, w32, nw, 0));
    cudaCheck(conv_weight_layouts_dev(w32, w16, wref, cout, cin, 3, 0));
    cudaCheck(f32_to_f16_dev(ws32, ws16, nws, 0));
    cudaCheck(f16_to_f32_dev(ws16, ws32, nws, 0));
    cudaCheck(conv_weight_layouts_dev(ws32, ws16, wsref, cout, cs, 1, 0));
    cudaCheck(cudaMemcpy2D(wcat, (kc + cs) * 2, w16, kc * 2, kc * 2, cout, cudaMemcpyDeviceToDevice));
    cudaCheck(cudaMemcpy2D(wcat + kc, (kc + cs) * 2, ws16, (size_t)cs * 2, (size_t)cs * 2, cout,
                           cudaMemcpyDeviceToDevice));
    random_uniform("scb", 97, b32, cout, 0.f, 0.5f, 1);
    random_uniform("scbs", 98, bs32, cout, 0.f, 0.5f, 1);
    {
        float *hb = download32(b32, cout), *hbs = download32(bs32, cout);
        for (int i = 0; i < cout; i++) hb[i] += hbs[i];
        copy_to_device(bsum, hb, (size_t)cout * 4, 0);
        free(hb), free(hbs);
    }
    cudaCheck(gather_view_f32(s32, s232, cs1, cs2, 0, B, H, W, view, 0));
    cudaCheck(conv2d_ref_f32(&sc, view, wsref, bs32, NULL, NULL, ysc, 0));
    cudaCheck(conv2d_ref_f32(&conv, x32, wref, b32, t32, ysc, yref, 0));
    float *href = download32(yref, ny);
    TileConfig cand[CONV2D_MAX_CANDIDATES];
    int nc = conv2d_candidates(&s, g_num_sms, cand, CONV2D_MAX_CANDIDATES);
    int all_wg = nc > 0;
    for (int i = 0; i < nc; i++) all_wg &= conv2d_tile_is_wgmma(cand[i].tile);
    result(all_wg, "%s: %d candidates, all Hopper tiles", what, nc);
    nc = keep_candidates(cand, nc);
    size_t wsb = 0;
    for (int i = 0; i < nc; i++)
        if (conv2d_workspace_bytes(&s, cand[i]) > wsb) wsb = conv2d_workspace_bytes(&s, cand[i]);
    float *ws = poisoned_workspace(wsb);
    uint16_t *y16 = dalloc(ny * 2);
    for (int i = 0; i < 2 * nc; i++) {
        const TileConfig c = cand[i % nc];
        cudaCheck(fill_u16_dev(y16, 0xFFFF, ny, 0));
        cudaCheck(conv2d_igemm_sc_fp16(&s, c, x16, s16, s216, wcat, bsum, t16, y16, ws, 0));
        cudaCheck(cudaDeviceSynchronize());
        float *hy = download16(y16, ny);
        ErrMetrics e = compare_outputs(hy, href, ny);
        result(!e.nonfinite && e.rel_l2 <= 1e-3, "%s tile=%s splitk=%d run=%d (rel_l2 %.2e nonfinite %zu)", what,
               conv2d_tile_name(c.tile), c.splits, i / nc, e.rel_l2, e.nonfinite);
        free(hy);
    }
    const TileConfig portable = {0, 1};
    const cudaError_t pe = conv2d_igemm_sc_fp16(&s, portable, x16, s16, s216, wcat, bsum, t16, y16, ws, 0);
    (void)cudaGetLastError();
    result(pe == cudaErrorInvalidValue, "%s: a portable tile is refused (%s)", what, cudaGetErrorString(pe));
    free(href);
    cudaFree(ws), cudaFree(y16), cudaFree(x16), cudaFree(x32), cudaFree(s16), cudaFree(s32), cudaFree(s216);
    cudaFree(s232), cudaFree(t16), cudaFree(t32), cudaFree(w32), cudaFree(wref), cudaFree(ws32), cudaFree(wsref);
    cudaFree(b32), cudaFree(bs32), cudaFree(bsum), cudaFree(view), cudaFree(ysc), cudaFree(yref), cudaFree(w16);
    cudaFree(ws16), cudaFree(wcat);
}

// The fused shortcut at every SD1.5 ResBlock shape that has one (conv2 of
// Cout channels at H x W, shortcut over cs1 [+ cs2 of an up block's skip])
// and at awkward ones, where the Hopper engine runs.
static void shortcut_suites(void) {
    if (!hopper_conv_engine_on()) return;
    // B, H, W, cin (= cout), cout, cs1, cs2, temb
    test_conv_sc(1, 32, 32, 640, 640, 320, 0, 0);      // down 320 -> 640 @32
    test_conv_sc(2, 16, 16, 1280, 1280, 640, 0, 0);    // down 640 -> 1280 @16
    test_conv_sc(1, 8, 8, 1280, 1280, 1280, 1280, 0);  // up 2560 -> 1280 @8 (skip concatenated)
    test_conv_sc(2, 16, 16, 1280, 1280, 1280, 640, 0); // up 1920 -> 1280 @16
    test_conv_sc(2, 32, 32, 640, 640, 1280, 640, 0);   // up 1920 -> 640 @32
    test_conv_sc(1, 32, 32, 640, 640, 640, 320, 0);    // up 960 -> 640 @32
    test_conv_sc(2, 64, 64, 320, 320, 640, 320, 0);    // up 960 -> 320 @64
    test_conv_sc(1, 64, 64, 320, 320, 320, 320, 0);    // up 640 -> 320 @64
    test_conv_sc(3, 7, 5, 64, 64, 128, 64, 1);         // odd sizes, three samples, a time embedding
    test_conv_sc(2, 1, 1, 64, 128, 64, 0, 0);          // 1 x 1 images: only the centre tap is inside
    test_conv_sc(2, 9, 11, 128, 72, 192, 0, 1);        // N not a multiple of the tile, odd sizes
}

// Stream-K tiles (persistent CTAs over every tile's K stages, partials
// summed in the kernel): SD convolutions whose one-tile-per-CTA grid leaves
// a partial last wave (SD2.1's 96 x 96 and 48 x 48 levels), stride 2, fewer
// K stages than SMs (a tile spread over up to nine CTAs), the up path's
// concatenated and upsampled inputs and the fused shortcut; each stream-K
// candidate twice on a poisoned workspace, bit-identical, against the FP32
// reference.
static void streamk_suites(void) {
    if (!hopper_conv_engine_on()) return;
    g_only_stream_k = 1;
    // B, H, W, cin, cout, k, stride, bias, temb, residual
    test_conv_shape(1, 96, 96, 320, 320, 3, 1, 1, 1, 0);
    test_conv_shape(2, 96, 96, 320, 320, 3, 1, 1, 0, 1);
    test_conv_shape(1, 48, 48, 320, 640, 3, 1, 1, 1, 0);
    test_conv_shape(1, 48, 48, 640, 640, 3, 1, 1, 0, 1);
    test_conv_shape(2, 48, 48, 640, 640, 3, 1, 1, 1, 0);
    test_conv_shape(1, 24, 24, 1280, 1280, 3, 1, 1, 0, 1);
    test_conv_shape(1, 12, 12, 1280, 1280, 3, 1, 1, 1, 0);
    test_conv_shape(1, 64, 64, 320, 320, 3, 1, 1, 1, 0);
    test_conv_shape(2, 96, 96, 320, 320, 3, 2, 1, 0, 0);
    test_conv_shape(1, 1, 1, 64, 8, 3, 1, 1, 1, 0);      // one tile over nine CTAs
    test_conv_shape(3, 7, 7, 64, 24, 3, 1, 1, 0, 1);
    test_conv_shape(1, 33, 17, 192, 200, 3, 1, 2, 1, 0); // N tail, unaligned bias
    test_conv_shape(1, 11, 13, 64, 64, 3, 2, 0, 0, 0);
    test_conv_shape(5, 4, 4, 64, 264, 3, 1, 1, 0, 1);
    // B, h, w, c1, c2, cout, k, up, residual
    test_conv2_shape(1, 48, 48, 640, 320, 640, 3, 0, 1);  // SD2.1 up 960 -> 640 @48 (skip concatenated)
    test_conv2_shape(1, 24, 24, 640, 0, 640, 3, 1, 0);    // upsampler 24 -> 48
    test_conv2_shape(2, 7, 5, 64, 128, 72, 3, 1, 1);
    // B, H, W, cin, cout, cs1, cs2, temb
    test_conv_sc(1, 48, 48, 640, 640, 320, 0, 1);
    test_conv_sc(1, 96, 96, 320, 320, 640, 320, 0);
    test_conv_sc(3, 7, 5, 64, 64, 128, 64, 1);
    g_only_stream_k = 0;
}

// GroupNorm (+ SiLU) in the Hopper engine's operand path, every tile (where the engine runs).
static void norm_suites(void) {
    if (!hopper_conv_engine_on()) return;
    // B, H, W, c1, c2, cout, k, stride, groups, silu, offset, temb
    test_conv_norm(2, 64, 64, 320, 0, 320, 3, 1, 32, 1, 0.f, 1);    // SD1.5 norm1+conv1 (+temb)
    test_conv_norm(1, 64, 64, 320, 0, 320, 3, 1, 32, 1, 3.f, 0);    // norm2+conv2, offset means
    test_conv_norm(2, 16, 16, 1280, 0, 1280, 3, 1, 32, 1, 0.f, 0);  // 1280 @16
    test_conv_norm(2, 8, 8, 1280, 0, 1280, 3, 1, 32, 1, 1.f, 1);    // 8 x 8 x 2 rectangles: two samples per CTA
    test_conv_norm(2, 32, 32, 640, 320, 320, 3, 1, 32, 1, 0.f, 0);  // up-block norm1 over a concatenation
    test_conv_norm(2, 32, 32, 320, 0, 320, 1, 1, 32, 0, 2.f, 0);    // Transformer2D norm -> 1x1 proj_in (no SiLU)
    test_conv_norm(3, 7, 5, 64, 0, 72, 3, 1, 8, 1, 0.5f, 1);        // odd sizes, padding on every side
    test_conv_norm(2, 9, 11, 128, 64, 64, 3, 2, 16, 1, 0.f, 0);     // stride 2, odd, concatenated
    test_conv_norm(2, 1, 1, 64, 0, 64, 3, 1, 8, 1, 0.f, 0);         // 1 x 1: only the centre tap is inside
    test_conv_norm(1, 5, 6, 64, 0, 16, 1, 1, 4, 1, 0.f, 1);         // 1x1 with M tails
}

// The fused shortcut through the CLI (--fuse-shortcut, default auto): the
// rows on this GPU, off, on (and its error on the portable engine), --ref
// cpu, odd sizes, the tuner and the vendor chain beside the fused row.
static void shortcut_cli(const char *bin) {
    const int hop = hopper_conv_engine_on();
    char names[512], kern[96];
    int pass = 0;
    const char *rb = "--block resblock --c 320 --cout 640 --hw 16 --batch 2 --iters 3 --warmup 1 --check";
    const char *fused = "time_emb_proj,norm1+silu,conv1,norm2+silu,conv2+conv_shortcut";
    const char *plain = "time_emb_proj,norm1+silu,conv1,norm2+silu,conv_shortcut,conv2";
    int ok = cli_report_rows(bin, rb, names, sizeof names, "conv2+conv_shortcut", kern, sizeof kern, &pass);
    result(ok && pass && !strcmp(names, hop ? fused : plain) && (strstr(kern, " +sc") != NULL) == hop,
           "--fuse-shortcut auto, this GPU: PASS, rows %s%s (got %s, %s)", hop ? fused : plain,
           hop ? ", kernel \"igemm ... +sc\"" : "", names, kern);
    char a[512];
    snprintf(a, sizeof a, "%s --fuse-shortcut off", rb);
    ok = cli_report_rows(bin, a, names, sizeof names, NULL, NULL, 0, &pass);
    result(ok && pass && !strcmp(names, plain), "--fuse-shortcut off: PASS, rows %s (got %s)", plain, names);
    if (hop) {
        test_cli_block(bin, "--block resblock --c 320 --cout 640 --hw 16 --batch 2 --fuse-shortcut on");
        test_cli_block(bin, "--block resblock --c 320 --cout 640 --hw 16 --ref cpu");
        test_cli_block(bin, "--block resblock --c 64 --cout 128 --h 9 --w 5 --batch 3 --kernel-select heuristic");
        test_cli_block(bin, "--block resblock --c 640 --cout 1280 --hw 16 --kernel-select tune");
        test_cli_block(bin, "--block resblock --c 1280 --cout 640 --hw 32 --batch 2 --vs cudnn");
    }
    cli_bad(bin, "--block resblock --c 320 --cout 640 --hw 16 --engine portable --fuse-shortcut on",
            "--fuse-shortcut on needs the Hopper engine");
}

// The transformer's LayerNorms folded into their GEMMs (--fuse-ln on) through the CLI: tuned and heuristic
// picks, both engines, --ref cpu, depth 2, INT8 (which keeps the LayerNorm), the vendor chain, the rows; where
// the default (auto) folds.
static void lnfold_cli(const char *bin) {
    test_cli_block(bin, "--block transformer --c 320 --hw 32 --fuse-ln on");
    test_cli_block(bin, "--block transformer --c 640 --hw 16 --batch 2 --fuse-ln on --engine portable");
    test_cli_block(bin, "--block transformer --c 64 --h 5 --w 7 --heads 1 --context-len 3 --context-dim 16 --batch 2 "
                        "--ref cpu --fuse-ln on");
    test_cli_block(bin, "--block transformer --c 1280 --hw 8 --batch 2 --fuse-ln on --kernel-select heuristic");
    test_cli_block(bin, "--block transformer --c 640 --hw 16 --head-dim 64 --proj linear --context-dim 2048 --depth 2 "
                        "--fuse-ln on");
    test_cli_block(bin, "--block transformer --c 320 --hw 16 --fuse-ln on --linear int8");
    test_cli_block(bin, "--block transformer --c 320 --hw 16 --batch 2 --fuse-ln on --vs cudnn");
    char path[256], a[512];
    if (!make_tmp_file(path, sizeof path, "unetrun_lnfold")) {
        result(0, "--fuse-ln on JSON rows: temporary file");
        return;
    }
    snprintf(a, sizeof a, "--block transformer --c 320 --hw 16 --iters 3 --warmup 1 --fuse-ln on --json '%s'", path);
    Cmd r = run_cli(bin, a);
    cJSON *j = r.rc == 0 ? read_json_file(path) : NULL;
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *n;
    char names[512] = "";
    int kern = 0;
    cJSON_ArrayForEach(n, nodes) {
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(n, "name"), *k = cJSON_GetObjectItemCaseSensitive(n, "kernel");
        if (cJSON_IsString(nm))
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? "," : "", nm->valuestring);
        kern += cJSON_IsString(k) && !strncmp(k->valuestring, "ln-stats + gemm ", 16);
    }
    const char *want = "norm,proj_in,ln1+qkv,attn1,out1+res,ln2+q2,kv2(ctx),attn2,out2+res,ln3+ff1+geglu,ff2+res,"
                       "proj_out+res";
    result(j && !strcmp(names, want) && kern == 3, "--fuse-ln on, this GPU: report rows %s, 3 kernels \"ln-stats + "
           "gemm ...\" (got %s, %d)", want, names, kern);
    cJSON_Delete(j);
    free(r.out);
    unlink(path);
    // The default (auto): folded at C >= 1280 where the Hopper engine runs, not at 320, never on the portable engine.
    static const struct {
        const char *args;
        int fold;
    } au[3] = {{"--block transformer --c 1280 --hw 8 --batch 2", 1},
               {"--block transformer --c 320 --hw 16", 0},
               {"--block transformer --c 1280 --hw 8 --engine portable", 0}};
    for (int i = 0; i < 3; i++) {
        const int fold = au[i].fold && hopper_conv_engine_on();
        char args[256], kernel[128] = "";
        int pass = 0;
        snprintf(args, sizeof args, "%s --iters 3 --warmup 1 --check", au[i].args);
        const int ok = cli_report_rows(bin, args, names, sizeof names, fold ? "ln1+qkv" : "ln1", kernel, sizeof kernel,
                                       &pass);
        const int rows_ok = fold ? strstr(names, "ln1+qkv,") && strstr(names, "ln2+q2,") && strstr(names, "ln3+ff1+geglu,")
                                 : strstr(names, ",ln1,qkv,") && strstr(names, ",ln2,q2,") && strstr(names, ",ln3,ff1+geglu,");
        result(ok && pass && rows_ok && (!fold || !strncmp(kernel, "ln-stats + gemm ", 16)),
               "--fuse-ln auto (default) %s, this GPU: LayerNorms %s, PASS (got rows %s, ln1 kernel %s)", au[i].args,
               fold ? "folded (ln1+qkv, ln2+q2, ln3+ff1+geglu)" : "kept as their own rows", names, kernel);
    }
}

// The fold's kernels (every tile and split at the SD shapes, all configs at awkward ones) and its CLI runs.
static void lnfold_suites(const char *bin) {
    // C, tokens at 64/32/16/8 (SD1.5), batch 1 and 2: to_qkv (N 3C) and ff.net.0.proj + GEGLU (N 8C);
    // to_q of the cross-attention (N C) at batch 1
    static const int sdl[][2] = {{320, 4096}, {640, 1024}, {1280, 256}, {1280, 64}};
    for (int bt = 1; bt <= 2; bt++)
        for (int i = 0; i < 4; i++) {
            const int C = sdl[i][0], M = bt * sdl[i][1];
            test_gemm_lnfold(M, C, 3 * C, 0, 0.f, 0);
            test_gemm_lnfold(M, C, 8 * C, 1, 0.f, 0);
            if (bt == 1) test_gemm_lnfold(M, C, C, 0, 0.f, 0);
        }
    // rows far from zero mean (offset + 0.25 N(0, 1)): the epilogue's mean * colsum cancellation
    test_gemm_lnfold(1024, 640, 640, 0, 30.f, 0);
    test_gemm_lnfold(256, 1280, 10240, 1, 100.f, 0);
    // awkward: M tails, C = 8 and 24, tiny N, every candidate
    test_gemm_lnfold(100, 24, 40, 0, 0.f, 1);
    test_gemm_lnfold(7, 8, 24, 0, 0.f, 1);
    test_gemm_lnfold(33, 24, 48, 1, 3.f, 1);
    test_gemm_lnfold(1, 8, 16, 1, 0.f, 1);
    test_gemm_lnfold(4099, 320, 960, 0, 0.f, 1);
    test_gemm_lnfold(77, 1288, 136, 0, 0.f, 1);
    lnfold_cli(bin);
}

// The other kernels: the up path's convolutions (every tile), the direct convolutions, GroupNorm,
// LayerNorm, small linears, attention, and the vendor baselines / reports through the CLI.
static void op_suites(const char *bin) {
    // the up path: concatenated skip (SD1.5's up resnets' conv_shortcut, 1x1) and nearest-2x (upsamplers, 3x3)
    static const int g2[][8] = {
        // B, h, w, c1, c2, cout, k, up
        {2, 64, 64, 640, 320, 320, 1, 0}, {2, 32, 32, 1280, 640, 640, 1, 0}, {2, 16, 16, 1280, 1280, 1280, 1, 0},
        {1, 8, 8, 1280, 1280, 1280, 1, 0}, {2, 32, 32, 640, 320, 640, 1, 0},  {2, 16, 16, 640, 640, 640, 3, 0},
        {2, 32, 32, 640, 0, 640, 3, 1},   {2, 16, 16, 1280, 0, 1280, 3, 1},  {1, 8, 8, 1280, 0, 1280, 3, 1},
        {2, 48, 48, 640, 0, 640, 3, 1},   {1, 3, 5, 64, 0, 8, 3, 1},         {3, 7, 5, 128, 0, 72, 3, 1},
        {2, 1, 1, 64, 0, 64, 3, 1},       {1, 4, 6, 64, 128, 64, 3, 1},      {1, 9, 7, 64, 128, 64, 3, 0},
        {2, 5, 5, 24, 40, 16, 1, 0},      {1, 6, 3, 64, 40, 24, 3, 1},      {1, 5, 7, 64, 0, 16, 1, 1},
    };
    for (unsigned i = 0; i < sizeof(g2) / sizeof(g2[0]); i++)
        test_conv2_shape(g2[i][0], g2[i][1], g2[i][2], g2[i][3], g2[i][4], g2[i][5], g2[i][6], g2[i][7], i % 2);
    norm_suites();
    // conv_in / conv_out of the SD families (4 latent channels) and odd ones
    for (int b = 1; b <= 2; b++) {
        test_conv_small(b, 64, 64, 4, 320, 3, 1);
        test_conv_small(b, 64, 64, 320, 4, 3, 1);
        test_conv_small(b, 128, 128, 4, 320, 3, 1);
        test_conv_small(b, 128, 128, 320, 4, 3, 1);
    }
    test_conv_small(2, 7, 5, 4, 32, 3, 1);
    test_conv_small(1, 9, 3, 32, 4, 3, 1);
    test_conv_small(3, 1, 1, 3, 1000, 3, 1);
    test_conv_small(1, 11, 13, 7, 5, 3, 2);
    test_conv_small(2, 5, 6, 8, 7, 1, 1);
    test_conv_small(1, 6, 4, 12, 24, 3, 1);

    suite_groupnorm();
    gn_stats_suite();

    // time-embedding projection
    for (int b = 1; b <= 2; b++) {
        test_linear(b, 1280, 320, 1);
        test_linear(b, 1280, 640, 1);
        test_linear(b, 1280, 1280, 1);
    }
    test_linear(3, 8, 8, 0);
    test_linear(1, 24, 40, 1);

    // LayerNorm
    // 8200 x 320 and 8193 x 504: more blocks than 6 per SM hold, the 32-register NCH = 2 kernel
    static const int lns[][2] = {{4096, 320}, {2048, 640}, {512, 1280}, {64, 1280}, {1, 8},    {7, 24},
                                 {33, 2056}, {5, 4096},   {8200, 320}, {8193, 504}, {100, 512}};
    for (unsigned i = 0; i < sizeof(lns) / sizeof(lns[0]); i++) test_layernorm(lns[i][0], lns[i][1], 0.f);
    test_layernorm(1024, 640, 30.f);

    // attention kernel
    gpu_suite_attention(g_num_sms);
    gpu_suite_vendor(bin);
    gpu_suite_reports(bin);
}

// Whole blocks and UNets through the CLI (tuned configs, GPU reference, graph replay).
static void block_suites(const char *bin) {
    // whole ResBlocks end to end (tuned conv configs, GPU reference, graph replay)
    char args[256];
    for (int b = 1; b <= 2; b++)
        for (int i = 0; i < nsd; i++) {
            snprintf(args, sizeof args, "--block resblock --c %d --cout %d --hw %d --batch %d", sd[i][0], sd[i][1],
                     sd[i][2], b);
            test_cli_block(bin, args);
        }
    test_cli_block(bin, "--block resblock --c 320 --hw 32");
    test_cli_block(bin, "--block resblock --c 8 --cout 24 --groups 8 --hw 1");
    test_cli_block(bin, "--block resblock --c 24 --cout 8 --groups 8 --h 7 --w 3 --batch 2");
    test_cli_block(bin, "--block resblock --c 64 --cout 128 --h 9 --w 5 --batch 2 --ref cpu");
    test_cli_block(bin, "--block resblock --c 320 --cout 640 --hw 16 --kernel-select heuristic");
    test_cli_block(bin, "--block conv --c 320 --hw 64 --stride 2");
    test_cli_block(bin, "--block conv --c 640 --cout 320 --hw 32 --ksize 1 --batch 2");
    // GroupNorm in the Hopper engine's operand path (--fuse-norm on; off is the default)
    test_cli_block(bin, "--block resblock --c 320 --hw 32 --batch 2 --fuse-norm on");
    // norm2's statistics from conv1's epilogue (--gn-stats on, the default), where the heuristic's conv1 is an
    // unsplit Hopper tile; and the same block with the GroupNorm computing its own
    if (hopper_conv_engine_on()) {
        test_cli_block_runs(bin, "--block resblock --c 320 --hw 64 --batch 2 --kernel-select heuristic", "fold+apply");
        test_cli_block_runs(bin, "--block resblock --c 640 --hw 64 --batch 2 --kernel-select heuristic", "+gn-stats");
        test_cli_block_runs(bin, "--block resblock --c 320 --hw 64 --batch 2 --kernel-select heuristic --gn-stats off",
                            "1-pass");
    }
    test_cli_block(bin, "--block transformer --c 320 --hw 32 --fuse-norm on");
    test_cli_block(bin, "--block resblock --c 64 --cout 128 --h 9 --w 5 --batch 2 --ref cpu --fuse-norm on");
    SHARD_UNIT({
        char names[256];
        int pass = 0;
        const int ok = cli_report_rows(bin, "--block resblock --c 320 --cout 640 --hw 16 --iters 3 --warmup 1 "
                                            "--fuse-norm on", names, sizeof names, NULL, NULL, 0, &pass);
        const char *want = hopper_conv_engine_on() ? "time_emb_proj,norm1+silu+conv1,conv_shortcut,norm2+silu+conv2"
                                                   : "time_emb_proj,norm1+silu,conv1,norm2+silu,conv_shortcut,conv2";
        result(ok && !strcmp(names, want), "--fuse-norm on, this GPU: report rows %s (got %s)", want, names);
    });
    SHARD_UNIT(lnfold_cli(bin));  // LayerNorm folded into its GEMM (--fuse-ln on)
    SHARD_UNIT(shortcut_cli(bin));  // conv_shortcut summed into conv2 (--fuse-shortcut)
    SHARD_UNIT(refine_cli(bin));  // tuning in context against the per-node picks
    SHARD_UNIT(attention_confirm_cli(bin));  // the attention pick confirmed by graph replays
    SHARD_UNIT(node_timing_cli(bin));  // per-node times from one-node graph replays or eager launches
    // the portable engine on this GPU (the sm_80 path, mma.sync only)
    test_cli_block(bin, "--block resblock --c 320 --cout 640 --hw 32 --batch 2 --engine portable");
    test_cli_block(bin, "--block transformer --c 640 --hw 32 --engine portable");
    test_cli_block(bin, "--block resblock --c 320 --hw 16 --kernel-select heuristic --engine portable");

    // transformer blocks end to end: every SD1.5 and SDXL shape at batch 1 and 2
    static const char *tf[] = {
        "--c 320 --hw 64", "--c 640 --hw 32", "--c 1280 --hw 16", "--c 1280 --hw 8",
        "--c 640 --hw 64 --head-dim 64 --proj linear --context-dim 2048 --depth 2",    // SDXL level 1
        "--c 1280 --hw 32 --head-dim 64 --proj linear --context-dim 2048 --depth 10",  // SDXL level 2 and mid
    };
    for (int b = 1; b <= 2; b++)
        for (unsigned i = 0; i < sizeof(tf) / sizeof(tf[0]); i++) {
            snprintf(args, sizeof args, "--block transformer %s --batch %d", tf[i], b);
            test_cli_block(bin, args);
        }
    test_cli_block(bin, "--block transformer --c 640 --hw 32 --head-dim 64 --proj linear --context-dim 1024");
    test_cli_block(bin, "--block transformer --c 64 --h 5 --w 7 --heads 1 --context-len 3 --context-dim 16 --batch 2 --ref cpu");
    test_cli_block(bin, "--block transformer --c 320 --hw 16 --kernel-select heuristic");
    test_cli_block(bin, "--block attention --kind self --seq 4096 --heads 8 --head-dim 40 --batch 2");
    test_cli_block(bin, "--block attention --kind cross --seq 4096 --kv 77 --heads 8 --head-dim 40 --batch 2");
    test_cli_block(bin, "--block attention --kind self --seq 1000 --heads 10 --head-dim 64");
    test_cli_block(bin, "--block attention --kind cross --seq 100 --kv 1 --heads 2 --head-dim 160");
    test_cli_block(bin, "--block attention --kind self --seq 7 --heads 3 --head-dim 80 --ref cpu");
    // head dims without a kernel: zero-padded to the next one (48 -> 64, 16 -> 40, 136 -> 160)
    test_cli_block(bin, "--block attention --kind self --seq 300 --heads 2 --head-dim 48");
    test_cli_block(bin, "--block attention --kind cross --seq 65 --kv 77 --heads 3 --head-dim 136");
    // head dims 168-256 (no SD family; the two largest kernels, and 168 -> 192, 232 -> 256)
    test_cli_block(bin, "--block attention --kind self --seq 257 --heads 2 --head-dim 192 --batch 2");
    test_cli_block(bin, "--block attention --kind cross --seq 100 --kv 77 --heads 2 --head-dim 256");
    test_cli_block(bin, "--block attention --kind self --seq 130 --heads 3 --head-dim 168");
    test_cli_block(bin, "--block transformer --c 464 --heads 2 --hw 8 --context-dim 64 --groups 8 --batch 2");
    test_cli_block(bin, "--block transformer --c 512 --heads 2 --hw 8 --context-dim 64 --batch 2");
    test_cli_block(bin, "--block transformer --c 64 --heads 4 --hw 8 --context-dim 32 --groups 8 --batch 2");

    SHARD_UNIT(gpu_suite_int8(g_num_sms));
    SHARD_UNIT(gpu_suite_int8_rows(g_num_sms));
    SHARD_UNIT(gpu_suite_int8_cli(bin));
    SHARD_UNIT(unet_cli(bin));
}

// usage: test_gpu [unetrun] [--golden DIR] [--golden-shard K/N] [--golden-pass fast|portable|auto|unet] [--shard K/N]
//                 [--golden-only | --section kernels|conv|gemm|ops|groupnorm|norm|lnfold|blocks|refine|shortcut|streamk|
//                                               int8|int8-row|int8-group]
//   --section: only the kernel suites (conv: the SD conv/GEMM shapes on every tile; gemm: the GEMM part
//   of conv; ops: the rest; groupnorm: the GroupNorm part of ops; norm: GroupNorm in the conv operand
//   path; lnfold: LayerNorm folded into its GEMM, kernels and CLI runs), or only the block/UNet CLI
//   suites and the golden cases (blocks), or of those only the tuning-in-context runs (refine); shortcut:
//   the fused conv_shortcut's kernels and CLI runs; streamk: the stream-K conv tiles alone; int8: the INT8
//   GEMMs' kernel and CLI tests (every scale scheme; also part of blocks); int8-row: the same without the
//   per-tile kernels' suite; int8-group: the --int8-scales group kernel's tests alone
//   (the whole suite takes several minutes; the two halves can run as separate commands;
//   --golden-shard K/N runs only every N-th golden case from the K-th, so N processes share the goldens;
//   --golden-pass runs only one pass over them: fast (the default kernels), portable (--engine portable),
//   auto (--linear auto) or unet (the whole-UNet cases);
//   --shard K/N does the same with the conv section's shapes and the blocks section's runs and suites)
int main(int argc, char **argv) {
    report_counts_on_signal();  // a timeout around a long section still leaves its counts
    const char *bin = "build/unetrun", *golden_dir = NULL;
    int golden_only = 0;
    const char *section = NULL;  // NULL: everything
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--golden") && i + 1 < argc) golden_dir = argv[++i];
        else if (!strcmp(argv[i], "--golden-only")) golden_only = 1;
        else if (!strcmp(argv[i], "--golden-pass") && i + 1 < argc) {
            g_golden_pass = argv[++i];
            if (strcmp(g_golden_pass, "fast") && strcmp(g_golden_pass, "portable") && strcmp(g_golden_pass, "auto") &&
                strcmp(g_golden_pass, "unet")) {
                fprintf(stderr, "test_gpu: --golden-pass must be fast, portable, auto or unet (got '%s')\n",
                        g_golden_pass);
                return 2;
            }
        }
        else if ((!strcmp(argv[i], "--golden-shard") || !strcmp(argv[i], "--shard")) && i + 1 < argc) {
            const char *opt = argv[i];
            char *end = NULL, *slash = NULL;
            long k = strtol(argv[++i], &slash, 10), n = 0;
            if (slash != argv[i] && *slash == '/') n = strtol(slash + 1, &end, 10);
            if (!end || end == slash + 1 || *end || n < 1 || n > 64 || k < 0 || k >= n) {
                fprintf(stderr, "test_gpu: %s wants K/N with 0 <= K < N <= 64 (got '%s')\n", opt, argv[i]);
                return 2;
            }
            if (!strcmp(opt, "--shard")) g_shard_k = (int)k, g_shard_n = (int)n;
            else golden_set_shard((int)k, (int)n);
        }
        else if (!strcmp(argv[i], "--section") && i + 1 < argc) {
            section = argv[++i];
            if (strcmp(section, "kernels") && strcmp(section, "conv") && strcmp(section, "gemm") &&
                strcmp(section, "ops") && strcmp(section, "groupnorm") && strcmp(section, "norm") &&
                strcmp(section, "lnfold") && strcmp(section, "blocks") && strcmp(section, "refine") &&
                strcmp(section, "shortcut") && strcmp(section, "streamk") && strcmp(section, "int8") &&
                strcmp(section, "int8-row") && strcmp(section, "int8-group")) {
                fprintf(stderr,
                        "test_gpu: --section must be kernels, conv, gemm, ops, groupnorm, norm, lnfold, blocks, "
                        "refine, shortcut, streamk, int8, int8-row or int8-group (got '%s')\n",
                        section);
                return 2;
            }
        }
        else bin = argv[i];
    }
    char gpu_name[256];
    int sms = 0;
    g_verbose = getenv("VERBOSE") != NULL;  // every PASS line too
    if (!harness_gpu(gpu_name, sizeof gpu_name, &sms)) return 0;
    g_num_sms = sms;
    printf("GPU tests on %s (%d SMs)\n", gpu_name, g_num_sms);
    if (golden_only) {
        golden_suites(bin, golden_dir);
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }

    const int kernels = !section || !strcmp(section, "kernels");
    if (kernels || !strcmp(section, "conv")) conv_suites();
    if (kernels || !strcmp(section, "ops")) op_suites(bin);
    if (section && !strcmp(section, "gemm")) gemm_suite();
    if (section && !strcmp(section, "groupnorm")) suite_groupnorm(), gn_stats_suite();
    if (section && !strcmp(section, "norm")) norm_suites();
    if (section && !strcmp(section, "lnfold")) lnfold_suites(bin);
    if (section && !strcmp(section, "refine")) refine_cli(bin), attention_confirm_cli(bin);
    if (kernels || (section && !strcmp(section, "shortcut"))) shortcut_suites();
    if (section && !strcmp(section, "shortcut")) shortcut_cli(bin);
    if (section && !strcmp(section, "streamk")) streamk_suites();
    if (section && !strcmp(section, "int8")) {  // the INT8 GEMMs' part of blocks: kernels and CLI runs
        gpu_suite_int8(g_num_sms);
        gpu_suite_int8_rows(g_num_sms);
        gpu_suite_int8_cli(bin);
    }
    if (section && !strcmp(section, "int8-group")) gpu_suite_int8_group(g_num_sms);  // --int8-scales group alone
    if (section && !strcmp(section, "int8-row")) {  // the same without the per-tile kernels' suite
        gpu_suite_int8_rows(g_num_sms);
        gpu_suite_int8_cli(bin);
    }
    if (!section || !strcmp(section, "blocks")) {
        block_suites(bin);
        if (g_shard_k == 0) golden_suites(bin, golden_dir);
    }
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
