// pp_rule.h: the heuristic's rule for the ping-pong TS tiles of
// gemm_wgmma_pp.cu (conv2d.cu pp_heuristic_pick), host code only, shared by
// the heuristic and its CPU test (tests/cpu_pp_rule.c), which checks it
// against tuning's picks on 132 SMs without a GPU.
//
// pp_rule_kind gives the kind of tile gemm_wgmma_pp_heuristic_tile names, or
// -1 where gemm_wgmma.cu's cost model picks:
//   0 two-consumer 64 x 160, 1 three-consumer 64 x 160, 2 two-consumer
//   64 x 64 (12 stages), 3 three-consumer 64 x 96, 4 two-consumer 64 x 96,
//   5 three-consumer 64 x 128.
// The rule, and the measurements it follows, are described at
// pp_heuristic_pick (kernels/conv2d.cu).
#ifndef UNETRUN_PP_RULE_H
#define UNETRUN_PP_RULE_H

#ifdef __cplusplus
#define PP_RULE_FN inline
#else
#define PP_RULE_FN static inline
#endif

enum { PP_KIND_2C_160 = 0, PP_KIND_3C_160, PP_KIND_2C_64, PP_KIND_3C_96, PP_KIND_2C_96, PP_KIND_3C_128 };

PP_RULE_FN long long pp_rule_ceil_div(long long a, long long b) { return (a + b - 1) / b; }

// The narrow ping-pong tiles' wave model: of the 64 x BN tiles in bns (0
// ends the list), the width whose waves x (BN + 64) is the least, 64 columns'
// worth being what a tile costs besides its columns (its A rows and the
// pipeline's fill and drain).
PP_RULE_FN int pp_wave_width(long long rows, long long n, int num_sms, const int *bns) {
    int best_bn = bns[0];
    long long best = -1;
    for (int i = 0; bns[i]; i++) {
        const long long tiles = pp_rule_ceil_div(rows, 64) * pp_rule_ceil_div(n, bns[i]);
        const long long cost = pp_rule_ceil_div(tiles, num_sms) * (bns[i] + 64);
        if (best < 0 || cost < best) best = cost, best_bn = bns[i];
    }
    return best_bn;
}

// rows x n x k GEMM-shaped node (n output channels; for GEGLU the 2F columns
// of the GEMM); ln_fold: its LayerNorm is folded into the epilogue.
PP_RULE_FN int pp_rule_kind(long long rows, long long n, long long k, int ln_fold, int num_sms) {
    static const int kWide[] = {160, 96, 64, 0}, kMid[] = {160, 96, 0}, kLong[] = {160, 128, 0};
    const long long tiles = pp_rule_ceil_div(rows, 64) * pp_rule_ceil_div(n, 160);  // of 64 x 160
    if (num_sms < 1) return -1;
    if (k <= 640) {
        if (2 * tiles < num_sms) return -1;
        return 2 * tiles >= 7LL * num_sms ? PP_KIND_3C_160 : PP_KIND_2C_160;
    }
    if (k <= 2048 && (rows <= 256 || ln_fold)) {
        if (k == 2048 && rows <= 256 && !ln_fold) return PP_KIND_3C_96;
        const int bn = pp_wave_width(rows, n, num_sms, rows <= 256 ? kWide : kMid);
        return bn == 160 ? PP_KIND_2C_160 : bn == 96 ? PP_KIND_2C_96 : PP_KIND_2C_64;
    }
    if (rows > 256 && tiles <= num_sms && k > 2560)  // 64 x 128 where those make one wave, else 64 x 160
        return pp_rule_ceil_div(rows, 64) * pp_rule_ceil_div(n, 128) <= num_sms ? PP_KIND_3C_128 : PP_KIND_3C_160;
    if (rows > 256 && tiles <= num_sms)
        return pp_wave_width(rows, n, num_sms, kMid) == 160 ? PP_KIND_3C_160 : PP_KIND_3C_96;
    if (k <= 1280 && n <= 640 && tiles > num_sms) return PP_KIND_2C_160;
    if (k > 2048 && n <= 640 && tiles > 2LL * num_sms)
        return pp_wave_width(rows, n, num_sms, kLong) == 160 ? PP_KIND_2C_160 : PP_KIND_3C_128;
    return -1;
}

// The walk of the persistent ping-pong tiles over their output tiles (gemm_wgmma_pp.cu and
// gemm_int8_rows.cu's ping-pong tiles, --tile-walk auto): 0 = M fastest (the CTAs at work at one time share
// a column block of the weights and stream the rows of A), else the tiles per row, N fastest (they share
// rows of A and stream the weights). N fastest where A (a_bytes: M x K of FP16 or INT8) is over half the
// L2 cache and a row has more than one tile, so that A is read from DRAM once rather than once per column
// block: the tuned INT8 row node at 8192 x 1280 x 5120 (40 MiB of INT8 A) took 118.4 us with it against
// 126.7-126.9 without (H200, docs/PERF.md, "The N-fastest walk").
PP_RULE_FN int pp_rule_walk_n(long long a_bytes, int tiles_n, long long l2_bytes) {
    return tiles_n > 1 && l2_bytes > 0 && a_bytes > l2_bytes / 2 ? tiles_n : 0;
}

#endif  // UNETRUN_PP_RULE_H
