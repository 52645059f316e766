// conv2d.h: 2-D convolution layer (3x3 pad 1, 3x3 stride 2, 1x1).
#ifndef UNETRUN_LAYER_CONV2D_H
#define UNETRUN_LAYER_CONV2D_H

#include <stdint.h>

#include "../../kernels/kernels.h"
#include "../../weights/params.h"

typedef struct {
    char name[96];  // checkpoint name of the module, e.g. "conv1"
    ConvShape s;
    int has_bias;
    // host copies (CPU path, --ref cpu)
    float *h_w_ref;   // (k, k, Cin, Cout) FP32
    float *h_w_fast;  // (k, k, Cin, Cout) FP16-rounded values (CPU emulation of the fast path)
    float *h_bias;    // (Cout)
    // device
    uint16_t *d_w16;  // (Cout, k, k, Cin) FP16, the implicit-GEMM B operand
    float *d_w_ref;   // (k, k, Cin, Cout) FP32, the reference kernel's layout
    float *d_bias;    // (Cout)
    // a 1x1 shortcut fused into this conv (s.cs > 0, conv2d_layer_join_shortcut): the joined GEMM operand
    uint16_t *d_w16_sc;  // (Cout, k k Cin + cs) FP16: d_w16's rows, then the shortcut's (Cout, cs)
    float *d_bias_sc;    // (Cout) this conv's bias + the shortcut's, FP32
    TileConfig cfg;   // tile and split-K chosen for this shape
    int8_t *d_w8;     // (Cout, Cin) a 1x1 conv's d_w16 quantized per output channel (--int8-scales row)
    float *d_sw;      // (Cout) its scales
} Conv2dLayer;

// Random PyTorch-default init: weights and bias uniform in +-1/sqrt(Cin*k*k).
// on_device: create device tensors (and host FP32 copies if want_host);
// otherwise host tensors only.
void conv2d_layer_init(Conv2dLayer *L, const char *name, ConvShape s, int has_bias, const ParamSource *src,
                       uint64_t seed, int on_device, int want_host);
// Frees the device FP32 weights (d_w_ref) once the FP16 copy and any host
// copies exist: a GPU run with no GPU reference and no vendor baseline never
// reads them.
void conv2d_layer_drop_ref_dev(Conv2dLayer *L);
// For a shortcut S fused into L (graph_fuse_shortcuts; L->s.cs == S->s.cin):
// L->d_w16_sc and L->d_bias_sc from the two layers' device weights.
void conv2d_layer_join_shortcut(Conv2dLayer *L, const Conv2dLayer *S);
void conv2d_layer_free(Conv2dLayer *L);

double conv2d_flops(const ConvShape *s);
// Fewest bytes a fused conv must move: x, FP16 weights, y, and optional
// bias, time embedding, residual, each once.
double conv2d_min_bytes(const ConvShape *s, int has_bias, int has_temb, int has_res);

// CPU twin of conv2d_ref_f32 (same loop order): y = conv(x) + bias + temb + res.
void conv2d_ref_cpu(const ConvShape *s,
                    const float *x,         // (B, H, W, Cin)
                    const float *w,         // (k, k, Cin, Cout)
                    const float *bias,      // (Cout) or NULL
                    const float *temb,      // (B, Cout) or NULL
                    const float *residual,  // (B, Ho, Wo, Cout) or NULL
                    float *y);              // (B, Ho, Wo, Cout)

#endif
