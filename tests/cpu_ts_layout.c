// cpu_ts_layout.c: the slab layout of the TMA-store epilogue (kernels/ts_layout.h,
// used by gemm_wgmma_pp.cu's "ts" tiles), checked on the CPU for what the
// kernel relies on:
//   - the boxes tile the W columns in order, with widths 64 / 32 / 16 and
//     starts aligned to the swizzle's repeat (1024 bytes for every box);
//   - every (row, 8-column chunk) has its own 16-byte slot inside the slab;
//   - the offset is where the copy engine puts that element: the box dense
//     row-major, then the 16-byte chunk index XORed with address bits 7 up
//     (CU_TENSOR_MAP_SWIZZLE_128B / 64B / 32B by box width), computed here
//     from the byte address instead of the (row, chunk) formula;
//   - the 8 rows of each 8 x 8 matrix (one stmatrix / ldmatrix phase) fall
//     on 8 distinct 16-byte bank quads: no bank conflicts.
#include "harness.h"
#include "../kernels/ts_layout.h"

#include <string.h>

// The copy engine's placement of byte b of row r, box (cb, w): the box's rows
// dense (2 w bytes each), then the swizzle of a span of 2 w bytes.
static unsigned tma_swizzled(int cb, int w, int r, int byte) {
    const unsigned off = (unsigned)(r * 2 * w + byte), span = (unsigned)(2 * w);
    const unsigned mask = span / 16 - 1;  // chunk bits of the span: 3, 2 or 1
    return (unsigned)(32 * cb) + (off ^ (((off >> 7) & mask) << 4));
}

static void test_width(int W) {
    int order_ok = 1, align_ok = 1, map_bad = 0, dup = 0, conflicts = 0, c = 0;
    while (c < W) {  // the boxes in order
        const int w = ts_box_width(W, c), cb = ts_box_col(W, c);
        order_ok &= cb == c && (w == 64 || w == 32 || w == 16) && c + w <= W;
        align_ok &= (32 * cb) % 1024 == 0;
        if (!order_ok) break;
        c += w;
    }
    order_ok &= c == W;
    unsigned char seen[32 * 256 / 16];  // one flag per 16-byte slot (W <= 256)
    memset(seen, 0, sizeof(seen));
    for (int cc = 0; cc < W; cc += 16)
        for (int e = 0; e < 2; e++) {
            const int cb = ts_box_col(W, cc), w = ts_box_width(W, cc);
            for (int r = 0; r < TS_ROWS; r++) {
                const unsigned o = ts_slab_offset(W, cc, r, e);
                map_bad += o % 16 != 0 || o >= (unsigned)(32 * W) ||
                           o != tma_swizzled(cb, w, r, (cc + 8 * e - cb) * 2);
                if (o < (unsigned)(32 * W)) dup += seen[o / 16]++ != 0;
            }
            for (int r0 = 0; r0 < TS_ROWS; r0 += 8) {  // one 8 x 8 matrix: its rows' bank quads
                int quads = 0;
                for (int r = r0; r < r0 + 8; r++) quads |= 1 << (ts_slab_offset(W, cc, r, e) / 16 % 8);
                conflicts += quads != 0xFF;
            }
        }
    result(order_ok && align_ok && map_bad == 0 && dup == 0 && conflicts == 0,
           "ts slab W=%d: boxes in order (%s), 1024-byte aligned (%s), offsets = the TMA swizzle (%d off), "
           "one slot each (%d shared), 8x8 matrices conflict-free (%d not)",
           W, order_ok ? "yes" : "no", align_ok ? "yes" : "no", map_bad, dup, conflicts);
}

void cpu_suite_ts_layout(void) {
    // BN of the compiled TS tiles (128, 160) and their GEGLU halves (64, 80), plus 256, 96, 112 and 16
    static const int widths[] = {160, 128, 80, 64, 256, 96, 112, 16};
    for (unsigned i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) test_width(widths[i]);
}
