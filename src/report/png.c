// png.c: the PNG reports (--png, --error-png). Pixels are drawn into an RGB
// buffer here; text comes from stb_easy_font (its quads filled as
// rectangles) and the file from stb_image_write (Debian libstb-dev).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-braces"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop
#include <stb/stb_image_write.h>

#include "../../common/common.h"
#include "../../common/outfile.h"
#include "../graph/blockkinds.h"
#include "report.h"

typedef struct {
    int w, h;
    unsigned char *px;  // RGB, row-major
} Canvas;

typedef struct {
    unsigned char r, g, b;
} Rgb;

static const Rgb kWhite = {255, 255, 255}, kBlack = {0, 0, 0}, kGrid = {225, 225, 225}, kText = {30, 30, 30};
static const Rgb kCompute = {228, 120, 30}, kMemory = {45, 110, 200}, kNone = {150, 150, 150},
                 kVendor = {60, 165, 85};

static Canvas canvas_new(int w, int h) {
    Canvas c = {w, h, xmalloc((size_t)w * h * 3)};
    memset(c.px, 255, (size_t)w * h * 3);
    return c;
}

static void fill(Canvas *c, int x0, int y0, int x1, int y1, Rgb col) {  // [x0, x1) x [y0, y1)
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > c->w) x1 = c->w;
    if (y1 > c->h) y1 = c->h;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            unsigned char *p = c->px + ((size_t)y * c->w + x) * 3;
            p[0] = col.r, p[1] = col.g, p[2] = col.b;
        }
}

// Text at (x, y) (top left), each font pixel drawn as scale x scale.
static void text(Canvas *c, int x, int y, int scale, Rgb col, const char *s) {
    static char vbuf[16 * 4 * 4000];  // 4 vertices of 16 bytes per quad
    unsigned char rgba[4] = {col.r, col.g, col.b, 255};
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", s);
    int q = stb_easy_font_print(0, 0, tmp, rgba, vbuf, sizeof vbuf);
    for (int i = 0; i < q; i++) {
        const float *v0 = (const float *)(vbuf + (size_t)i * 64);
        const float *v2 = (const float *)(vbuf + (size_t)i * 64 + 32);
        int x0 = x + (int)lroundf(v0[0] * scale), y0 = y + (int)lroundf(v0[1] * scale);
        int x1 = x + (int)lroundf(v2[0] * scale), y1 = y + (int)lroundf(v2[1] * scale);
        fill(c, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, x0 < x1 ? x1 : x0, y0 < y1 ? y1 : y0, col);
    }
}

static int text_w(const char *s, int scale) {
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", s);
    return stb_easy_font_width(tmp) * scale;
}

// Written to a temporary file and renamed into place when complete (common/outfile.h).
static int canvas_save(Canvas *c, const char *path) {
    char tmp[4200], target[4200];
    int ok = outfile_reserve(path, tmp, sizeof tmp, target, sizeof target) == 0;
    if (ok) ok = outfile_commit(tmp, target, stbi_write_png(tmp, c->w, c->h, 3, c->px, c->w * 3) != 0) == 0;
    free(c->px);
    c->px = NULL;
    return ok ? 0 : -1;
}

static void fmt_us(double s, char *buf, size_t n) {
    double us = s * 1e6;
    if (us >= 1000.0)
        snprintf(buf, n, "%.2f ms", us * 1e-3);
    else if (us >= 100.0)
        snprintf(buf, n, "%.0f us", us);
    else
        snprintf(buf, n, "%.1f us", us);
}

// A "nice" axis step (1, 2 or 5 x 10^k) giving about `want` ticks up to vmax.
static double nice_step(double vmax, int want) {
    double raw = vmax / want, p = pow(10.0, floor(log10(raw))), m = raw / p;
    return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0) * p;
}

// The chart's title lines and legend.
static void timing_png_title(Canvas *c, const Graph *g, const RunOptions *opt, const RunResult *r, const char *cfg,
                             int S, int vendor) {
    char line[512];
    if (g->unet)  // a whole UNet's chart: one bar per block (unet_report.c)
        snprintf(line, sizeof line, "per-block time, median of %d runs: whole UNet step", opt->iters);
    else
        snprintf(line, sizeof line, "per-node time, median of %d runs: %s", opt->iters, block_kind_name(g->cfg.kind));
    text(c, 20, 12, 3, kText, line);
    text(c, 20, 50, S, kText, cfg);
    if (r->peak_tflops > 0 && r->peak_gbps > 0)
        snprintf(line, sizeof line, "%s | roofline peaks %.0f TFLOP/s, %.0f GB/s (%s)", r->device_name, r->peak_tflops,
                 r->peak_gbps, r->peak_source);
    else
        snprintf(line, sizeof line, "%s | no roofline peaks (CPU path)", r->device_name);
    text(c, 20, 76, S, kText, line);
    // legend
    int lx = 20, ly = 104;
    struct {
        Rgb col;
        const char *name;
    } leg[] = {{kCompute, "compute bound"}, {kMemory, "memory bound"}, {kNone, "no roofline"}, {kVendor, "vendor"}};
    for (int k = 0; k < 4; k++) {
        if (k == 3 && !vendor) break;
        fill(c, lx, ly, lx + 18, ly + 14, leg[k].col);
        text(c, lx + 24, ly, S, kText, leg[k].name);
        lx += 24 + text_w(leg[k].name, S) + 30;
    }
    fill(c, lx, ly - 2, lx + 3, ly + 16, kBlack);
    text(c, lx + 10, ly, S, kText, "roofline bound; N% = bound / median");
}

// The block at height by: one bar split into the nodes' shares of the sum
// of nodes, the block time (and the vendor block's) below it.
static void timing_png_block(Canvas *c, const Graph *g, const RunResult *r, int by, int x0, int x1, int S,
                             int vendor) {
    char line[512], b1[32], b2[64];
    text(c, 20, by + 2, S, kText, "block");
    double acc = 0.0;
    for (int i = 0; i < g->nn; i++) {
        const Node *nd = &g->nodes[i];
        Roofline rl = roofline_of(nd, r);
        Rgb col = rl.valid ? (rl.compute ? kCompute : kMemory) : kNone;
        int xa = x0 + 1 + (int)lround((x1 - x0) * acc / (r->sum_nodes > 0 ? r->sum_nodes : 1));
        acc += nd->time.median;
        int xb = x0 + 1 + (int)lround((x1 - x0) * acc / (r->sum_nodes > 0 ? r->sum_nodes : 1));
        fill(c, xa, by, xb, by + 20, col);
        fill(c, xb - 1, by, xb, by + 20, kWhite);
    }
    fmt_us(r->sum_nodes, b1, sizeof b1);
    fmt_us(r->block.median, b2, sizeof b2);
    snprintf(line, sizeof line, "sum of nodes %s (bar above: each node's share)   block %s %s", b1,
             r->on_gpu ? "CUDA-graph replay" : "CPU chain", b2);
    text(c, x0, by + 30, S, kText, line);
    if (vendor) {
        fmt_us(r->vendor_block.median, b1, sizeof b1);
        snprintf(line, sizeof line, "vendor block (%s) %s, speedup vendor/unetrun %.2fx", r->vendor_name, b1,
                 r->block.median > 0 ? r->vendor_block.median / r->block.median : 0.0);
        text(c, x0, by + 56, S, kText, line);
    }
}

int write_timing_png(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path) {
    const int S = 2;                                   // text scale
    const int vendor = r->vendor_ran && opt->vs != VS_NONE;
    const int bar_h = vendor ? 13 : 20, row_h = vendor ? 36 : 30;
    const int top = 150, n = g->nn;
    const int H = top + n * row_h + (vendor ? 150 : 124);
    char cfg[256];
    config_line(g, cfg, sizeof cfg);
    int W = 1400;
    if (text_w(cfg, S) + 40 > W) W = text_w(cfg, S) + 40;
    int label_w = 0;
    for (int i = 0; i < n; i++) {
        int w = text_w(g->nodes[i].name, S);
        if (w > label_w) label_w = w;
    }
    const int x0 = 20 + label_w + 16, x1 = W - 150;  // bar area
    double tmax = 0.0;
    for (int i = 0; i < n; i++) {
        const Node *nd = &g->nodes[i];
        if (nd->time.median > tmax) tmax = nd->time.median;
        if (vendor && nd->has_vendor && nd->vendor_time.median > tmax) tmax = nd->vendor_time.median;
    }
    if (!(tmax > 0)) tmax = 1e-6;
    double step = nice_step(tmax, 6);
    double axis = ceil(tmax / step) * step;

    Canvas c = canvas_new(W, H);
    char b1[32], b2[64];
    timing_png_title(&c, g, opt, r, cfg, S, vendor);

    // grid and axis labels
    const int gy0 = top - 6, gy1 = top + n * row_h;
    for (double v = 0.0; v <= axis * 1.0001; v += step) {
        int x = x0 + (int)lround((x1 - x0) * v / axis);
        fill(&c, x, gy0, x + 1, gy1, kGrid);
        fmt_us(v, b1, sizeof b1);
        text(&c, x - text_w(b1, S) / 2, gy1 + 6, S, kText, b1);
    }
    fill(&c, x0, gy0, x0 + 1, gy1, kBlack);

    for (int i = 0; i < n; i++) {
        const Node *nd = &g->nodes[i];
        int y = top + i * row_h;
        Roofline rl = roofline_of(nd, r);
        Rgb col = rl.valid ? (rl.compute ? kCompute : kMemory) : kNone;
        text(&c, 20, y + 4, S, kText, nd->name);
        int len = (int)lround((x1 - x0) * nd->time.median / axis);
        fill(&c, x0 + 1, y, x0 + 1 + len, y + bar_h, col);
        fmt_us(nd->time.median, b1, sizeof b1);
        if (rl.valid) {
            snprintf(b2, sizeof b2, "%s  %.0f%%", b1, rl.pct);
            int bx = x0 + (int)lround((x1 - x0) * rl.bound / axis);
            fill(&c, bx, y - 2, bx + 3, y + bar_h + 2, kBlack);
        } else {
            snprintf(b2, sizeof b2, "%s", b1);
        }
        text(&c, x0 + len + 8, y + (bar_h - 12) / 2 + 1, S, kText, b2);
        if (vendor && nd->has_vendor) {
            int vy = y + bar_h + 2;
            int vlen = (int)lround((x1 - x0) * nd->vendor_time.median / axis);
            fill(&c, x0 + 1, vy, x0 + 1 + vlen, vy + bar_h, kVendor);
            fmt_us(nd->vendor_time.median, b1, sizeof b1);
            text(&c, x0 + vlen + 8, vy + 1, S, kText, b1);
        }
    }

    timing_png_block(&c, g, r, gy1 + 44, x0, x1, S, vendor);
    return canvas_save(&c, path);
}

// Viridis, 5 stops, linear between them.
static Rgb colormap(double t) {
    static const Rgb stops[5] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    if (!(t >= 0)) t = 0;
    if (t > 1) t = 1;
    double f = t * 4.0;
    int k = (int)f;
    if (k >= 4) return stops[4];
    double a = f - k;
    Rgb c = {(unsigned char)lround(stops[k].r + a * (stops[k + 1].r - stops[k].r)),
             (unsigned char)lround(stops[k].g + a * (stops[k + 1].g - stops[k].g)),
             (unsigned char)lround(stops[k].b + a * (stops[k + 1].b - stops[k].b))};
    return c;
}

int write_error_png(const Graph *g, const RunResult *r, const char *path) {
    const Tensor *t = &g->t[g->out];
    const float *fast = r->h_out_fast ? r->h_out_fast : t->h_fast;
    const float *ref = r->h_out_ref ? r->h_out_ref : t->h_ref;
    if (!fast || !ref) return -2;  // no reference output (--ref none)
    int H = t->h, Wd = t->w;
    int tokens_square = 0;
    if (Wd == 1 && H > 1) {  // token sequences: show as a square when the length is one
        int s = (int)lround(sqrt((double)H));
        if (s * s == H) H = Wd = s, tokens_square = 1;
    }
    const int nb = t->n < 4 ? t->n : 4, C = t->c;
    const size_t plane = (size_t)H * Wd;
    float *map = xmalloc((size_t)nb * plane * sizeof(float));
    double vmax = 0.0, se = 0.0, sr = 0.0;
    int nonfinite = 0, mb = 0;
    size_t mp = 0;
    for (int b = 0; b < nb; b++)
        for (size_t p = 0; p < plane; p++) {
            float m = 0.f;
            const size_t base = ((size_t)b * plane + p) * C;
            for (int k = 0; k < C; k++) {
                float d = fabsf(fast[base + k] - ref[base + k]);
                if (!isfinite(d)) {
                    nonfinite++;
                    d = INFINITY;
                }
                if (d > m) m = d;
                se += isfinite(d) ? (double)d * d : 0.0;
                sr += (double)ref[base + k] * ref[base + k];
            }
            map[(size_t)b * plane + p] = m;
            if (isfinite(m) && m > vmax) vmax = m, mb = b, mp = p;
        }
    if (!(vmax > 0)) vmax = 1e-30;
    int cell = 448 / (H > Wd ? H : Wd);
    if (cell < 1) cell = 1;
    if (cell > 32) cell = 32;
    const int S = 2, top = 150, gap = 24, imgw = Wd * cell, imgh = H * cell;
    char line[512], line2[512], cfg[256], title[128];
    config_line(g, cfg, sizeof cfg);
    snprintf(title, sizeof title, "abs(fast - FP32 reference) of the block output, max over %d channels", C);
    snprintf(line, sizeof line, "%s; %d x %d pixels%s; %s", r->device_name, H, Wd,
             tokens_square ? " (tokens, row-major)" : " (H x W)",
             t->n > nb ? "first 4 batch images, left to right"
                       : (nb > 1 ? "batch images side by side, left to right" : "batch image 0"));
    snprintf(line2, sizeof line2, "output rel L2 %.2e; max %.3g at image %d (y %d, x %d)%s", sr > 0 ? sqrt(se / sr) : 0.0,
             vmax, mb, (int)(mp / Wd), (int)(mp % Wd), nonfinite ? "; NaN/Inf shown at the top of the scale" : "");
    int W = 30 + nb * imgw + (nb - 1) * gap + 40 + 28 + 150;
    const int tw[4] = {text_w(title, 3), text_w(cfg, S), text_w(line, S), text_w(line2, S)};
    for (int k = 0; k < 4; k++)
        if (tw[k] + 40 > W) W = tw[k] + 40;
    const int Hc = top + imgh + 70;
    Canvas c = canvas_new(W, Hc);
    text(&c, 20, 12, 3, kText, title);
    text(&c, 20, 50, S, kText, cfg);
    text(&c, 20, 76, S, kText, line);
    text(&c, 20, 102, S, kText, line2);
    for (int b = 0; b < nb; b++) {
        int ox = 30 + b * (imgw + gap);
        snprintf(line, sizeof line, "image %d", b);
        text(&c, ox, top - 22, S, kText, line);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < Wd; x++) {
                float v = map[(size_t)b * plane + (size_t)y * Wd + x];
                Rgb col = colormap(isfinite(v) ? v / vmax : 1.0);
                fill(&c, ox + x * cell, top + y * cell, ox + (x + 1) * cell, top + (y + 1) * cell, col);
            }
    }
    // color scale with labeled values
    int sx = 30 + nb * imgw + (nb - 1) * gap + 40, sw = 28;
    for (int y = 0; y < imgh; y++) fill(&c, sx, top + y, sx + sw, top + y + 1, colormap(1.0 - (double)y / (imgh - 1 > 0 ? imgh - 1 : 1)));
    for (int k = 0; k <= 4; k++) {
        int y = top + (int)lround((imgh - 1) * (1.0 - k / 4.0));
        fill(&c, sx + sw, y, sx + sw + 6, y + 1, kBlack);
        snprintf(line, sizeof line, "%.3g", vmax * k / 4.0);
        text(&c, sx + sw + 12, y - 6, S, kText, line);
    }
    text(&c, sx - 10, top + imgh + 16, S, kText, "abs error");
    free(map);
    return canvas_save(&c, path);
}
