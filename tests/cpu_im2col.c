// cpu_im2col.c: the im2col map's bounding box (kernels/im2col_box.h, used by
// gemm_wgmma.cu's im2col tiles), checked on the CPU against the convolution's
// own definition for every input size 1 .. 40, kernel 1 and 3, stride 1 and
// 2 and padding 0 .. ksize - 1:
//   - the box holds exactly the output size's count of window corners,
//     (in + 2 pad - ksize) / stride + 1;
//   - walking it as the copy engine does (every stride-th corner from the
//     lower one, W first, then H, then the next image) from the corner of
//     output pixel m visits the corners of outputs m, m + 1, ... in order
//     across rows and images, each tap's pixel being that corner + (kx, ky);
//   - the last corner's window ends inside the padded input.
#include "harness.h"
#include "../kernels/im2col_box.h"

// The copy engine's walk: from box position (x, y, b), the next one.
static void walk_next(int *x, int *y, int *b, int W, int H, int k, int s, int p) {
    const int wlast = W - 1 + im2col_upper(k, p), hlast = H - 1 + im2col_upper(k, p);
    *x += s;
    if (*x > wlast) {
        *x = im2col_lower(p);
        *y += s;
        if (*y > hlast) {
            *y = im2col_lower(p);
            (*b)++;
        }
    }
}

static void test_box(int W, int H, int k, int s, int p) {
    const int wo = W + 2 * p >= k ? (W + 2 * p - k) / s + 1 : 0, ho = H + 2 * p >= k ? (H + 2 * p - k) / s + 1 : 0;
    int ok = im2col_positions(W, k, s, p) == wo && im2col_positions(H, k, s, p) == ho;
    if (ok && wo > 0 && ho > 0) {
        ok &= im2col_corner(wo - 1, s, p) + k - 1 <= W - 1 + p;  // the last window inside the padded input
        const int batch = 2, m0 = wo * ho / 2;                   // a walk that starts mid-image and crosses one
        int x = im2col_corner(m0 % wo, s, p), y = im2col_corner(m0 / wo % ho, s, p), b = m0 / (wo * ho);
        for (int m = m0; m < batch * wo * ho && ok; m++) {
            const int ox = m % wo, oy = m / wo % ho, ob = m / (wo * ho);
            ok &= x == im2col_corner(ox, s, p) && y == im2col_corner(oy, s, p) && b == ob;
            walk_next(&x, &y, &b, W, H, k, s, p);
        }
    }
    result(ok, "im2col box W=%d H=%d ksize=%d stride=%d pad=%d: %d x %d window corners, walked in output order", W,
           H, k, s, p, wo, ho);
}

void cpu_suite_im2col(void) {
    for (int k = 1; k <= 3; k += 2)
        for (int s = 1; s <= 2; s++)
            for (int p = 0; p < k; p++)
                for (int n = 1; n <= 40; n++) test_box(n, n % 7 + 1, k, s, p);
}
