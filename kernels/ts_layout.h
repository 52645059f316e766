// ts_layout.h: the slab layout of the TMA-store ("ts") epilogue of the
// ping-pong GEMM tiles (kernels/gemm_wgmma_pp.cu), shared by the kernel and
// its CPU test (tests/cpu_ts_layout.c).
//
// A consumer warp's 16 output rows of width W (BN, or BN / 2 with GEGLU;
// a multiple of 16) are TMA boxes of 64 columns (128-byte rows, 128-byte
// swizzle) while 64 remain, then one of 32 (64-byte swizzle) and one of 16
// (32-byte swizzle): 160 = 64 + 64 + 32, GEGLU's 80 = 64 + 16. The box at
// column cb starts 32 cb bytes into the slab (16 rows x 2 bytes), which is
// 1024-byte aligned for every box when the slab is, as the swizzles need.
#ifndef UNETRUN_TS_LAYOUT_H
#define UNETRUN_TS_LAYOUT_H

#ifdef __CUDACC__
#define TS_FN __host__ __device__ __forceinline__
#else
#define TS_FN static inline
#endif

#define TS_ROWS 16  // rows of a warp's slab and of its boxes

// Width (columns) of the box holding column c (a multiple of 16) of a W-wide slab.
TS_FN int ts_box_width(int W, int c) {
    const int f = W / 64 * 64;  // columns in 64-wide boxes
    return c < f ? 64 : (W % 64 & 32) && c < f + 32 ? 32 : 16;
}
// First column of that box.
TS_FN int ts_box_col(int W, int c) {
    const int f = W / 64 * 64;
    return c < f ? c / 64 * 64 : (W % 64 & 32) && c < f + 32 ? f : f + (W % 64 & 32);
}
// Byte offset in the slab of row r (0 .. 15), 8-column chunk e (0 or 1) of
// the 16 columns at column c: the box's rows are dense (2 w bytes), and the
// swizzle XORs the 16-byte chunk index with the row's position within the
// swizzle's repeat (address bits 7 up: 8, 4 or 2 rows of 128, 64 or 32
// bytes), so the 8 rows of an 8 x 8 matrix fall on 8 distinct bank quads
// (stmatrix / ldmatrix without conflicts).
TS_FN unsigned ts_slab_offset(int W, int c, int r, int e) {
    const int w = ts_box_width(W, c), cb = ts_box_col(W, c), rb = 2 * w;  // rb: bytes per box row
    const int k = (c - cb) / 8 + e;
    return (unsigned)(32 * cb + r * rb + ((k ^ ((r * rb >> 7) & (rb / 16 - 1))) << 4));
}

#endif
