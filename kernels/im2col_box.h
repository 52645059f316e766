// im2col_box.h: the bounding box of the im2col-mode tensor map that
// gemm_wgmma.cu's im2col tiles read a convolution's input through, shared
// with its CPU test (tests/cpu_im2col.c): host and device code, and plain C.
//
// Along W (and alike along H) the box holds the filter window's first column
// for every output column: from the lower corner -pad to (W - 1) + upper,
// upper = pad - (ksize - 1), every stride-th (the map's element stride); a
// copy's offsets shift each pixel it loads by the tap (kx, ky), and pixels
// outside the input read as zero (the padding). The copy engine walks the
// box's positions W first, then H, then the images, so a copy of 128 pixels
// starting at output pixel m covers outputs m .. m + 127 across rows and
// images, and its start is the window corner of output (b, oy, ox):
// (ox stride - pad, oy stride - pad, b).
#ifndef UNETRUN_IM2COL_BOX_H
#define UNETRUN_IM2COL_BOX_H

#ifdef __CUDACC__
#define IM2COL_FN __host__ __device__ __forceinline__
#else
#define IM2COL_FN static inline
#endif

IM2COL_FN int im2col_lower(int pad) { return -pad; }
IM2COL_FN int im2col_upper(int ksize, int pad) { return pad - (ksize - 1); }
// Window corners the box holds along a side of `in` input elements (the
// convolution's output size along it; 0 when the kernel does not fit).
IM2COL_FN int im2col_positions(int in, int ksize, int stride, int pad) {
    const int span = (in - 1 + im2col_upper(ksize, pad)) - im2col_lower(pad);
    return span < 0 ? 0 : span / stride + 1;
}
// The window corner (input coordinate) of output position o along a side.
IM2COL_FN int im2col_corner(int o, int stride, int pad) { return im2col_lower(pad) + o * stride; }

#endif
