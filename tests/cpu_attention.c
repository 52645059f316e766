// cpu_attention.c: the CPU attention reference (attention_ref_cpu) against
// a hand-computed case and against a naive double-precision computation on
// random data; FLOP and byte counts.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/common.h"
#include "../src/layers/attention.h"
#include "harness.h"

// Uniform in [-1, 1) from a 64-bit hash of (seed, i).
static float hash_uniform(uint64_t seed, size_t i) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ull + i + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (float)((double)(z >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0);
}

// Hand-computed: 1 head, sq = 2, skv = 3, d = 2, scale = 0.5.
//   q0 = (2, 0), q1 = (0, 2); k0 = (0, ln 3), k1 = (ln 2, 0), k2 = (ln 5, 0)
//   scores row 0 = 0.5 * 2 * k[:,0] = (0, ln 2, ln 5) -> p = (1, 2, 5) / 8
//   scores row 1 = 0.5 * 2 * k[:,1] = (ln 3, 0, 0)    -> p = (3, 1, 1) / 5
//   v0 = (8, 0), v1 = (0, 4), v2 = (8, 8)
//   o0 = (8, 0)/8 + 2 (0, 4)/8 + 5 (8, 8)/8 = (1 + 5, 1 + 5) = (6, 6)
//   o1 = 3 (8, 0)/5 + (0, 4)/5 + (8, 8)/5 = (4.8 + 1.6, 0.8 + 1.6) = (6.4, 2.4)
// ldo = 4: columns 2 and 3 of each o row must stay untouched.
static void test_hand_case(void) {
    const float q[4] = {2, 0, 0, 2};
    const float k[6] = {0, logf(3), logf(2), 0, logf(5), 0};
    const float v[6] = {8, 0, 0, 4, 8, 8};
    float o[8];
    for (int i = 0; i < 8; i++) o[i] = -123.f;
    AttnShape s = {1, 1, 2, 3, 2, 2, 2, 4};
    attention_ref_cpu(&s, q, k, v, o, 0.5f);
    const float want[4] = {6, 6, 6.4f, 2.4f};
    double err = 0;
    for (int i = 0; i < 2; i++)
        for (int e = 0; e < 2; e++) err = fmax(err, fabs(o[i * 4 + e] - want[i * 2 + e]));
    int untouched = o[2] == -123.f && o[3] == -123.f && o[6] == -123.f && o[7] == -123.f;
    result(err <= 1e-5 && untouched,
           "attention_ref_cpu hand case B=1 H=1 sq=2 skv=3 d=2 scale=0.5 ldo=4: o = [[6,6],[6.4,2.4]] "
           "(got [[%.6g,%.6g],[%.6g,%.6g]], max err %.2e <= 1e-5, ldo gap untouched %d)",
           o[0], o[1], o[4], o[5], err, untouched);
}

// Naive double precision: scores, max-subtracted softmax, P V.
static void naive_double(const AttnShape *s, const float *q, const float *k, const float *v, double *o,
                         double scale) {
    const int d = s->d;
    double *p = xmalloc((size_t)s->skv * sizeof(double));
    for (int b = 0; b < s->batch; b++)
        for (int h = 0; h < s->heads; h++)
            for (int i = 0; i < s->sq; i++) {
                const float *qi = q + ((size_t)b * s->sq + i) * s->ldq + h * d;
                double mx = -INFINITY, sum = 0;
                for (int j = 0; j < s->skv; j++) {
                    const float *kj = k + ((size_t)b * s->skv + j) * s->ldkv + h * d;
                    double a = 0;
                    for (int e = 0; e < d; e++) a += (double)qi[e] * kj[e];
                    p[j] = a * scale;
                    if (p[j] > mx) mx = p[j];
                }
                for (int j = 0; j < s->skv; j++) sum += (p[j] = exp(p[j] - mx));
                for (int e = 0; e < d; e++) {
                    double a = 0;
                    for (int j = 0; j < s->skv; j++) a += p[j] * v[((size_t)b * s->skv + j) * s->ldkv + h * d + e];
                    o[((size_t)b * s->sq + i) * s->ldo + h * d + e] = a / sum;
                }
            }
    free(p);
}

// Random inputs in [-1, 1); max |o - o_double| <= tol over the written
// columns, and the columns past heads*d of every o row untouched.
static void test_random(int B, int H, int sq, int skv, int d, int ldq, int ldkv, int ldo, float scale, double tol) {
    AttnShape s = {B, H, sq, skv, d, ldq, ldkv, ldo};
    size_t nq = (size_t)B * sq * ldq, nkv = (size_t)B * skv * ldkv, no = (size_t)B * sq * ldo;
    float *q = xmalloc(nq * 4), *k = xmalloc(nkv * 4), *v = xmalloc(nkv * 4), *o = xmalloc(no * 4);
    double *ref = xmalloc(no * 8);
    for (size_t i = 0; i < nq; i++) q[i] = hash_uniform(1, i);
    for (size_t i = 0; i < nkv; i++) k[i] = hash_uniform(2, i);
    for (size_t i = 0; i < nkv; i++) v[i] = hash_uniform(3, i);
    for (size_t i = 0; i < no; i++) o[i] = -123.f;
    attention_ref_cpu(&s, q, k, v, o, scale);
    naive_double(&s, q, k, v, ref, scale);
    double err = 0;
    int untouched = 1;
    for (size_t r = 0; r < (size_t)B * sq; r++)
        for (int c = 0; c < ldo; c++) {
            size_t i = r * ldo + c;
            if (c < H * d) err = fmax(err, isfinite(o[i]) ? fabs(o[i] - ref[i]) : INFINITY);
            else untouched &= o[i] == -123.f;
        }
    result(err <= tol && untouched,
           "attention_ref_cpu vs naive double B=%d H=%d sq=%d skv=%d d=%d ldq=%d ldkv=%d ldo=%d scale=%g "
           "(max abs err %.2e <= %.0e, ldo gap untouched %d)",
           B, H, sq, skv, d, ldq, ldkv, ldo, scale, err, tol, untouched);
    free(q), free(k), free(v), free(o), free(ref);
}

// The Hopper engine's row count per CTA and stream-K choice
// (attention_wgmma_rows_pick) at self-attention shapes whose variants were
// all timed on the H100 (132 SMs): the wave model must order them as the
// timings did.
// want_split: ATTN_SPLIT_NONE (0), _STREAMK (1) or _KEYS (2).
static void test_rows_pick(int d, int B, int H, int sq, int sms, int want, int want_split) {
    int split = -1;
    int got = attention_wgmma_rows_pick(d, B, H, sq, sq, sms, &split);
    result(got == want && split == want_split,
           "attention_wgmma_rows_pick d=%d B=%d H=%d sq=skv=%d sms=%d = %d rows per CTA, split %d (got %d, %d)", d, B,
           H, sq, sms, want, want_split, got, split);
}

// The same at a key length of its own (cross-attention over the context).
static void test_rows_pick_kv(int d, int B, int H, int sq, int skv, int sms, int want) {
    int split = -1;
    int got = attention_wgmma_rows_pick(d, B, H, sq, skv, sms, &split);
    result(got == want && split == ATTN_SPLIT_NONE,
           "attention_wgmma_rows_pick d=%d B=%d H=%d sq=%d skv=%d sms=%d = %d rows per CTA, no split (got %d, %d)", d,
           B, H, sq, skv, sms, want, got, split);
}

void cpu_suite_attention(void) {
    // bench/results/2026-11-26-h100-attention-br192 and -br256 (us):
    test_rows_pick(40, 2, 8, 4096, 132, 256, 0);   // 137.1 us against 143.6 (Br192) and 173.3 (Br128)
    test_rows_pick(40, 1, 8, 4096, 132, 256, 0);   // 71.1 against 92.3 (Br128) and 97.4 (Br192)
    test_rows_pick(40, 2, 10, 4096, 132, 192, 0);  // model only: 4 waves of 192 rows beat 3 of 256 and 5 of 128
    test_rows_pick(64, 2, 20, 1024, 132, 192, 0);  // tuned pick Br192
    test_rows_pick(64, 2, 8, 64, 132, 64, 0);      // sq <= 64: one consumer
    test_rows_pick(40, 2, 8, 4096, 0, 128, 0);     // SM count unknown
    // short queries, one-consumer 64-row CTAs (bench/results/2026-11-28-h200-heuristic, tuned picks, H200):
    test_rows_pick(160, 1, 8, 256, 132, 64, 0);    // 10.7 us against 13.1 (Br128)
    test_rows_pick(160, 2, 8, 256, 132, 64, 0);    // 10.3 against 13.3
    test_rows_pick(160, 1, 8, 576, 132, 64, 0);    // 17.7-17.9 against 21.1 (Br128 pp)
    test_rows_pick(160, 1, 8, 1024, 132, 64, 0);   // 23.6-24.8 against 26.6
    test_rows_pick(160, 2, 8, 400, 132, 64, 0);    // 16.0-17.1 against 18.4
    test_rows_pick(160, 2, 8, 576, 132, 128, 0);   // 21.2-21.7 against 27.8 (Br64: two waves)
    // one key tile at d = 40 (H200, bench/results/2026-11-29-h200-attention-768px job4 / job6, bench_attention, us)
    test_rows_pick_kv(40, 2, 8, 4096, 77, 132, 256);  // 15.2-15.8 (Bc80) against 17.7-19.2 (Br192)
    test_rows_pick_kv(40, 1, 8, 4096, 77, 132, 256);  // 12.3-12.9 against 14.9 (Br192), 13.1 (Br128)
    test_rows_pick_kv(40, 2, 8, 9216, 77, 132, 256);  // 26.0-26.9 (Bc80) against 29.2-30.0 (Br192)
    test_rows_pick_kv(40, 1, 8, 9216, 77, 132, 192);  // 18.4 against 19.0 (Br256 Bc64)
    test_rows_pick_kv(40, 2, 8, 9216, 9216, 132, 192);  // self-attention keeps c: Br192 600 us, the fastest
    test_rows_pick(64, 1, 20, 144, 132, 64, 0);    // 7.7 against 9.7
    test_rows_pick(64, 2, 20, 144, 132, 64, 0);    // 7.9 against 9.7
    test_rows_pick(64, 1, 20, 576, 132, 128, 0);   // tuning kept 128 rows (Br128 Bc192 12.3)
    // bench/results/2026-11-27-h100-attention-sk/job4-uniform (stream-K, "sk"):
    test_rows_pick(64, 2, 8, 4096, 132, 192, 1);   // Br192 sk 149.8 against 151.7 (Br128 Bc192), 158.4 (Br192)
    test_rows_pick(64, 2, 10, 4096, 132, 192, 1);  // 182.6 against 189.4 (Br128 Bc192), 207.8 (Br192)
    test_rows_pick(64, 1, 10, 4096, 132, 192, 1);  // 97.2 against 106.8 (Br192)
    test_rows_pick(64, 2, 5, 4096, 132, 192, 1);   // 94.2 against 103.4 (Br192)
    test_rows_pick(64, 1, 8, 4096, 132, 128, 0);   // 77.6 (Br128 Bc192) against 78.9 (Br192 sk)
    test_rows_pick(64, 1, 10, 1024, 132, 128, 0);  // 17.9-18.1 against 19.2 (Br128 sk), 21.0 (Br192)
    test_rows_pick(64, 2, 20, 1024, 132, 192, 0);  // 35.4 against 39.6 (Br192 sk)
    test_rows_pick(80, 2, 8, 1024, 132, 128, 0);   // 23.5-24.0 against 26.3 (sk)
    // key split at d = 80 where 128-row items fill at most half the SMs (H200 sweeps, tuned: Br128 Bc64 pp ksplit)
    test_rows_pick(80, 1, 8, 1024, 132, 128, 2);   // 16.8 us against 18.6 (Br128 Bc128 sk)
    test_rows_pick(80, 1, 8, 1024, 114, 128, 1);   // 64 items on 114 SMs: 128 CTAs would not fit in a wave
    test_rows_pick(80, 1, 8, 256, 132, 64, 0);     // 2 key tiles: no key split (the model: 64-row CTAs)
    test_rows_pick(80, 1, 20, 1024, 132, 128, 1);  // 160 items: no key split (the model's stream-K)

    // the key tile of the pick: Bc192 where it pads fewer keys (SD2.1 576 tokens: 12.5 us against 13.7-13.8, H200)
    result(attention_wgmma_keys_pick(64, 128, ATTN_SPLIT_NONE, 576) == 192 &&
               attention_wgmma_keys_pick(64, 128, ATTN_SPLIT_NONE, 4096) == 0 &&
               attention_wgmma_keys_pick(64, 128, ATTN_SPLIT_NONE, 2304) == 0 &&
               attention_wgmma_keys_pick(64, 128, ATTN_SPLIT_NONE, 77) == 0 &&
               attention_wgmma_keys_pick(64, 192, ATTN_SPLIT_NONE, 576) == 0 &&
               attention_wgmma_keys_pick(64, 128, ATTN_SPLIT_STREAMK, 576) == 0 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_NONE, 576) == 0 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_NONE, 81) == 0 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_KEYS, 1024) == 64 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_NONE, 77) == 80 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_NONE, 80) == 80 &&
               attention_wgmma_keys_pick(80, 128, ATTN_SPLIT_NONE, 1) == 80 &&
               attention_wgmma_keys_pick(80, 64, ATTN_SPLIT_NONE, 77) == 0 &&
               attention_wgmma_keys_pick(40, 256, ATTN_SPLIT_NONE, 77) == 80 &&
               attention_wgmma_keys_pick(40, 256, ATTN_SPLIT_NONE, 4096) == 0 &&
               attention_wgmma_keys_pick(40, 192, ATTN_SPLIT_NONE, 77) == 0,
           "attention_wgmma_keys_pick: 192 keys at d=64 128 rows 576 keys; no preference at 4096, 2304, 77 keys, "
           "192 rows, stream-K, d=80 unsplit past 80 keys, d=80 64 rows; 64 keys for the d=80 key split; 80 keys "
           "for d=80 128 rows unsplit at 1-80 keys and for d=40 256 rows at 77 keys (not at 4096, not 192 rows)");

    test_hand_case();
    // |o| <= 1 (convex combination of v in [-1, 1]); FP32 rounding of the
    // scores and sums gives errors near 1e-7, bounded here by 1e-6.
    test_random(1, 1, 5, 7, 8, 8, 8, 8, 1.f / sqrtf(8.f), 1e-6);
    test_random(2, 3, 9, 13, 16, 56, 64, 72, 0.25f, 1e-6);
    test_random(2, 2, 33, 77, 40, 80, 96, 80, 1.f / sqrtf(40.f), 1e-6);
    test_random(1, 4, 1, 1, 64, 256, 256, 264, 0.125f, 1e-6);
    test_random(2, 8, 17, 100, 80, 648, 1288, 640, 1.f / sqrtf(80.f), 1e-6);
    test_random(1, 2, 4, 300, 160, 320, 336, 328, 1.f / sqrtf(160.f), 1e-6);
    // Logits up to ~100: exp without the max subtraction would overflow FP32
    // (e^88.7 = FLT_MAX). A score error of 1e-7 relative is 1e-5 absolute in
    // the logit, hence the looser bound.
    test_random(2, 2, 6, 50, 16, 32, 40, 32, 30.f, 1e-5);

    AttnShape s = {2, 8, 4096, 4096, 40, 320, 320, 320};
    double f = attention_flops(&s), by = attention_min_bytes(&s);
    result(f == 42949672960.0 && by == 20971520.0,
           "attention_flops B=2 H=8 sq=skv=4096 d=40 = 4*B*H*sq*skv*d = 42949672960, min_bytes = 2 B * 2 (Q, O, K, V "
           "of 2*4096*320) = 20971520 (got %.0f %.0f)",
           f, by);
    AttnShape x = {2, 8, 4096, 77, 40, 320, 640, 320};
    by = attention_min_bytes(&x);
    result(by == 2.0 * (2 * 4096 * 320 * 2 + 2 * 77 * 320 * 2),
           "attention_min_bytes cross B=2 H=8 sq=4096 skv=77 d=40 = 2 * (Q+O: 2*2*4096*320 + K+V: 2*2*77*320) "
           "(got %.0f)",
           by);
}
