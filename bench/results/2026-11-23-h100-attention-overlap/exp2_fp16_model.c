// exp2_fp16_model.c: CPU model of the softmax with 2^x from an FP16 argument (the ex2.approx.f16x2
// path: argument, P and the row sum l all FP16) and from a BF16 one (ex2.approx.ftz.bf16x2), against the
// FP32 path of the kernel (P rounded to FP16, l from the FP32 values) and an FP64 reference; 64 queries x
// 4096 keys; inputs: uniform in [-1, 1) rounded to FP16 (as in tests/gpu_attention.c), the same with the
// logits scaled to ~1e4, and keys whose score grows along the sequence (a growing running max). Build:
// gcc -O2 -o exp2_fp16_model exp2_fp16_model.c -lm
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static double hu(uint64_t seed, size_t i) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ull + i + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull; z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
}
static float h16(float x) { return (float)(_Float16)x; }
int main(int argc, char **argv) {
    int dims[] = {40, 64, 80, 160};
    const int SQ = 64, SK = 4096;
    for (int mode = 0; mode < 3; mode++)
    for (int di = 0; di < 4; di++) {
        int d = dims[di];
        float *q = malloc(sizeof(float) * SQ * d), *k = malloc(sizeof(float) * SK * d), *v = malloc(sizeof(float) * SK * d);
        for (int i = 0; i < SQ * d; i++) q[i] = h16(hu(1, i));
        for (int i = 0; i < SK * d; i++) k[i] = h16(hu(2, i)), v[i] = h16(hu(3, i));
        if (mode == 2) for (int j = 0; j < SK; j++) for (int c = 0; c < d; c++) { k[j*d+c] = h16(2.0 * j / 64 * (c == 0 ? 1 : 0.01)); }
        if (mode == 2) for (int i = 0; i < SQ * d; i++) q[i] = h16(i % d == 0 ? 1.0 : 0.01);
        double scale = mode == 1 ? 1e4 * 3.0 / sqrt(d) : 1.0 / sqrt(d);
        double n32 = 0, n16 = 0, nbf = 0, den = 0;
        double *s = malloc(sizeof(double) * SK);
        for (int i = 0; i < SQ; i++) {
            double mx = -1e300;
            for (int j = 0; j < SK; j++) {
                float acc = 0; for (int c = 0; c < d; c++) acc += q[i*d+c] * k[j*d+c];  // FP32 scores
                s[j] = acc; if (acc > mx) mx = acc;
            }
            const float sl2 = (float)(scale * 1.4426950408889634);
            double ref[160] = {0}, o32[160] = {0}, o16[160] = {0}, obf[160] = {0}, lr = 0, l32 = 0, l16 = 0, lbf = 0;
            float m = (float)mx * sl2;
            for (int j = 0; j < SK; j++) {
                double pr = exp((s[j] - mx) * scale);
                float x = fmaf((float)s[j], sl2, -m);
                float e32 = exp2f(x);                 // FP32 path: P = fp16(2^x), l from FP32 2^x
                float p32 = h16(e32);
                float x16 = h16(x);                   // FP16 argument, result rounded to FP16, l from FP16 P
                float p16 = h16((float)exp2((double)x16));
                // bf16 argument and result (ex2.approx.ftz.bf16x2)
                union { float f; uint32_t u; } a = {x}; a.u = (a.u + 0x7FFF + ((a.u >> 16) & 1)) & 0xFFFF0000u;
                union { float f; uint32_t u; } b = {(float)exp2((double)a.f)}; b.u = (b.u + 0x7FFF + ((b.u >> 16) & 1)) & 0xFFFF0000u;
                float pbf = b.f;
                lr += pr; l32 += e32; l16 += p16; lbf += pbf;
                for (int c = 0; c < d; c++) {
                    ref[c] += pr * v[j*d+c]; o32[c] += (double)p32 * v[j*d+c]; o16[c] += (double)p16 * v[j*d+c]; obf[c] += (double)pbf * v[j*d+c];
                }
            }
            for (int c = 0; c < d; c++) {
                double r = ref[c] / lr;
                double a32 = h16(o32[c] / l32), a16 = h16(o16[c] / l16), abf = h16(obf[c] / lbf);
                n32 += (a32 - r) * (a32 - r); n16 += (a16 - r) * (a16 - r); nbf += (abf - r) * (abf - r); den += r * r;
            }
        }
        printf("%-13s d=%3d  rel L2: FP32 exp2 %.2e   FP16 argument+P %.2e   BF16 %.2e\n",
               mode == 0 ? "random" : mode == 1 ? "large-logit" : "growing-max", d, sqrt(n32 / den), sqrt(n16 / den), sqrt(nbf / den));
        free(q); free(k); free(v); free(s);
    }
    return 0;
}
