// cpu_i8r_rule.c: the heuristic's rule for the INT8 row-scale GEMM tiles
// (kernels/i8r_rule.h, used by gemm_int8_rows.cu's gemm_int8_rows_heuristic)
// at SD GEMM shapes, against the tiles tuning picked on 132 SMs in the INT8
// row sweeps of every SD block (bench/results/2026-11-28-h200-int8-qa-waves/
// job1-sweeps, H200; node times are tuning's pick and the heuristic's where
// they differ). "a16": A is plain FP16 rows (the attention outputs, ff2,
// the context and 1x1 projections), so a qa tile may quantize it; after a
// LayerNorm that quantizes, A is INT8 already. test_gpu's int8-row section
// checks the qa picks through gemm_int8_rows_heuristic on a GPU.
#include "harness.h"
#include "../kernels/i8r_rule.h"

#include <stdio.h>
#include <string.h>

// The qa tiles' widths, widest first, and whether each takes K: K <= 1280 for
// every one, and the 64 x 256 tile's shared memory only K <= 1024
// (gemm_int8_rows.cu: I8R_QA_KMAX, I8rQaLayout, within 227 KB).
static const int kQaBns[] = {256, 160, 128, 64, 0};

static void pick_name(long long m, long long n, long long k, int geglu, int a16, int sms, char *out, size_t len) {
    int takes[4];
    for (int t = 0; t < 4; t++) takes[t] = k <= 1280 && (kQaBns[t] != 256 || k <= 1024);
    const I8rRulePick p = i8r_rule_pick(m, n, k, geglu, a16, sms, kQaBns, takes);
    snprintf(out, len, "%s 64x%d%s", p.qa ? "qa" : "ts", p.bn, !p.qa && p.nc == 3 ? " 3c" : "");
}

static void test_rule_sms(long long m, long long n, long long k, int geglu, int a16, int sms, const char *want,
                          const char *why) {
    char got[32];
    pick_name(m, n, k, geglu, a16, sms, got, sizeof got);
    result(strcmp(got, want) == 0, "i8r_rule_pick M=%lld N=%lld K=%lld geglu=%d a16=%d sms=%d = %s (got %s; %s)", m, n,
           k, geglu, a16, sms, want, got, why);
}

static void test_rule(long long m, long long n, long long k, int geglu, int a16, const char *want, const char *why) {
    test_rule_sms(m, n, k, geglu, a16, 132, want, why);
}

// The group tiles' rule (i8g_rule_pick) against the tiles tuning picked (H200, the persistent tiles:
// bench/results/2026-11-28-h200-int8-group-persistent/job5-final/tune and job6-stage-counts/tune; tuning's node
// times of the 128 x 160 column-halves tile in 4 stages and the 128 x 128 two-set one in 6). At 2048 x 10240 the
// rule keeps the two-set tile, 2% slower than tuning's pick: a db factor that gave that shape to 128 x 160 would
// also give it 8192 x 1280 x 5120, where the two-set tile is 1.3x faster.
static void test_group_rule(long long m, long long n, const char *want, const char *why) {
    static const int bns[] = {160, 128}, db[] = {0, 1};
    const int t = i8g_rule_pick(m, n, 132, bns, db, 2);
    const char *got = t == 0 ? "128x160" : "128x128 db";
    result(strcmp(got, want) == 0, "i8g_rule_pick M=%lld N=%lld sms=132 = %s (got %s; %s)", m, n, want, got, why);
}

// The cluster split-K rule (i8r_rule_ck) against tuning's picks (H200, bench/results/2026-11-29-h200-int8-ck:
// the node with the row quantizer's pass, graph replays, us; the blocks with --linear auto, heuristic).
static void test_ck_rule(long long m, long long n, long long k, int sms, int want_bn, int want_splits,
                         const char *why) {
    const I8rRuleCk r = i8r_rule_ck(m, n, k, sms);
    char got[32], want[32];
    snprintf(got, sizeof got, r.splits > 1 ? "ck 64x%d splitk=%d" : "none", r.bn, r.splits);
    snprintf(want, sizeof want, want_splits > 1 ? "ck 64x%d splitk=%d" : "none", want_bn, want_splits);
    result(strcmp(got, want) == 0, "i8r_rule_ck M=%lld N=%lld K=%lld sms=%d = %s (got %s; %s)", m, n, k, sms, want,
           got, why);
}

void cpu_suite_i8r_rule(void) {
    test_ck_rule(64, 1280, 5120, 132, 64, 4, "9.1 against 11.6 for the unsplit 64 x 32; 5 splits 9.4, 6 13.9; "
                                             "the SD1.5 1280 @8 b1 block 78.3 against 80.0-80.4");
    test_ck_rule(128, 1280, 5120, 132, 64, 2, "10.2 against 12.2; 64 x 128 in 4 splits 11.3, 64 x 64 in 3 14.3; "
                                              "the SD1.5 1280 @8 b2 block 84.4 against 84.9-85.3");
    test_ck_rule(144, 1280, 5120, 132, 0, 1, "SD2.1 1280 @12 b1: 64 x 128 in 2 splits, ff2 12.6-12.7 against 12.9 us in "
                                             "place, the block 84.6-85.9 against 83.4-83.6");
    test_ck_rule(256, 1280, 5120, 132, 0, 1, "64 x 128 in 2 splits 12.4 against 13.3 alone, not measured in place");
    test_ck_rule(288, 1280, 5120, 132, 0, 1, "SD2.1 1280 @12 b2: 64 x 160 in 2 splits, ff2 14.4-14.6 against 13.9 us");
    test_ck_rule(512, 1280, 5120, 132, 0, 1, "the unsplit 64 x 128 14.2 against 15.6 for 64 x 160 in 2 splits");
    test_ck_rule(128, 1280, 1280, 132, 0, 1, "K 1280: the unsplit 64 x 32 7.2 against 7.4 for 64 x 64 in 2");
    test_ck_rule(154, 1280, 768, 132, 0, 1, "K 768: the unsplit 64 x 32 6.7 against 8.5 for 64 x 128 in 3");
    test_ck_rule(64, 1280, 5120, 66, 64, 2, "half the SMs: 40 CTAs");
    test_ck_rule(64, 1280, 5120, 0, 0, 1, "no SM count: no split");
    test_group_rule(2048, 1280, "128x160", "K 5120: 40.9 against 53.5 us, one wave against two");
    test_group_rule(8192, 1280, "128x128 db", "K 5120: 137.9 against 178.2 us");
    test_group_rule(4096, 4096, "128x128 db", "K 4096: 147.3 against 169.5 us");
    test_group_rule(2048, 10240, "128x128 db", "K 1280: 69.3 against 67.7 us (tuning's pick, 128 x 160)");
    test_group_rule(8192, 320, "128x160", "K 320: 10.6 against 11.9 us (three 128-column tiles, one half empty)");
    test_group_rule(2048, 640, "128x128 db", "K 640: 8.0 against 9.5 us (80 against 64 CTAs, both one wave)");

    // qa tiles where the 64-row blocks fill 7/8 of the SMs in every wave of blocks
    test_rule(8192, 320, 320, 0, 1, "qa 64x160", "SD1.5 out1 b2, 12.2 us");
    test_rule(8192, 320, 1280, 0, 1, "qa 64x160", "SD1.5 ff2 b2, 18.9 us");
    test_rule(8192, 640, 640, 0, 1, "qa 64x160", "SDXL proj_in b2, 16.8 us");
    test_rule(16896, 320, 320, 0, 1, "qa 64x160", "two whole waves of row blocks");
    // a part-filled last wave of row blocks: the pass and a TS tile (the qa 64 x 64 took 40.1 against 26.0 us
    // at 9216 x 320 x 1280 and 65.0 against 43.4 at 18432 x 320 x 1280)
    test_rule(9216, 320, 320, 0, 1, "ts 64x128 3c", "SD2.1 proj_in b1, 13.3 us; out1 took 64 x 160, 14.9");
    test_rule(9216, 320, 1280, 0, 1, "ts 64x128", "SD2.1 ff2 b1; tuning took 64 x 160, 26.0 us");
    test_rule(18432, 320, 320, 0, 1, "ts 64x160", "SD2.1 out1 b2, 22.0 us");
    test_rule(18432, 320, 1280, 0, 1, "ts 64x160", "SD2.1 ff2 b2, 43.4 us");
    test_rule_sms(8192, 320, 1280, 0, 1, 114, "ts 64x128", "128 blocks on 114 SMs: a second wave of 14");
    // fewer rows, GEGLU, or A quantized by the LayerNorm: no qa tile
    test_rule(4096, 320, 1280, 0, 1, "ts 64x160", "SD1.5 ff2 b1, 12.8 us");
    test_rule(8192, 2560, 320, 1, 1, "ts 64x128 3c", "GEGLU keeps the pass: 43.2 against 51.3 us");
    test_rule(8192, 960, 320, 0, 0, "ts 64x160", "SD1.5 ln1+qkv b2, 19.6 us");
    // --fuse-quant on: the qa tile of the best fill, or the widest narrower one that takes K
    test_rule(4096, 320, 1280, 0, 2, "qa 64x160", "forced");
    test_rule(8192, 10240, 1280, 0, 1, "ts 64x256", "64 x 256 qa does not take K = 1280: the pass");
    test_rule(8192, 10240, 1280, 0, 2, "qa 64x160", "forced: the widest that takes K = 1280");
    // GEGLU: three consumers from two waves of 64 x 128 tiles at K <= 640, from five at K = 1280; else two, and
    // 64 x 160 where its tiles fill the last wave better by 0.1 (tuned picks and node times of the sweeps; the
    // 576- and 512-row nodes from bench/results/2026-11-28-h200-int8-geglu-rule, both rules in one job)
    test_rule(4096, 2560, 320, 1, 0, "ts 64x128 3c", "SD1.5 ff1 b1, 26.2 us");
    test_rule(1024, 5120, 640, 1, 0, "ts 64x128 3c", "SD1.5 ff1 at 32 x 32 b1, 18.4 us");
    test_rule(2048, 10240, 1280, 1, 0, "ts 64x128 3c", "SDXL ff1 b2, 67.1-67.9 us");
    test_rule(1024, 10240, 1280, 1, 0, "ts 64x128 3c", "SDXL ff1 b1, 37.8-38.8 us");
    test_rule(1152, 10240, 1280, 1, 0, "ts 64x128 3c", "SD2.1 ff1 at 24 x 24 b2, 40.7 us");
    test_rule(576, 10240, 1280, 1, 0, "ts 64x128 3c", "SD2.1 ff1 at 24 x 24 b1, 25.3-25.6 us (2c: 25.7)");
    test_rule(512, 10240, 1280, 1, 0, "ts 64x128", "SD1.5 ff1 at 16 x 16 b2, 22.6-22.8 us (3c: 22.9)");
    test_rule(288, 10240, 1280, 1, 0, "ts 64x128", "SD2.1 ff1 at 12 x 12 b2, 21.3 us (3c: 21.3)");
    test_rule(256, 10240, 1280, 1, 0, "ts 64x160", "SD1.5 ff1 at 16 x 16 b1, 15.5-15.8 us (64 x 128 3c: 17.3-17.5)");
    test_rule(128, 10240, 1280, 1, 0, "ts 64x160", "SD1.5 ff1 at 8 x 8 b2, 13.4-13.5 us (64 x 128: 14.0-14.2)");
    test_rule(64, 10240, 1280, 1, 0, "ts 64x128", "SD1.5 ff1 at 8 x 8 b1, 12.2 us");
    // a wave of 64 x 256 tiles with N near whole 256 columns; else 64 x 128, three consumers at K <= 640;
    // 64 x 160 where it fills the last wave and the columns better
    test_rule(18432, 960, 320, 0, 0, "ts 64x256", "SD2.1 ln1+qkv b2, 40.2 us");
    test_rule(4608, 640, 640, 0, 1, "ts 64x128 3c", "SD2.1 proj_in b2, 12.8 us");
    test_rule(4608, 640, 2560, 0, 1, "ts 64x128", "SD2.1 ff2 b2, 30.1 us");
    test_rule(2048, 1280, 5120, 0, 1, "ts 64x160", "SDXL ff2 b2, 36.1-36.6 us");
    test_rule(1024, 640, 640, 0, 1, "ts 64x128", "SD1.5 out1 b1, 9.4-9.6 us");
    test_rule(512, 1280, 1280, 0, 1, "ts 64x128", "half a wave of 64 x 128, SD1.5 out1 b2, 10.0 us");
    // a few rows: 64 x 64, or 64 x 32 where 64 x 64 tiles fill under half the SMs and K >= 1024
    test_rule(256, 1280, 5120, 0, 1, "ts 64x64", "SD1.5 ff2 at 16 x 16 b1, 15.0 us");
    test_rule(128, 1280, 5120, 0, 1, "ts 64x32", "SD1.5 ff2 at 8 x 8 b2, 13.7 us");
    test_rule(154, 2560, 2048, 0, 1, "ts 64x64", "SDXL context K / V b2, 10.1-10.4 us");
    test_rule(77, 1280, 2048, 0, 1, "ts 64x32", "SDXL context K / V b1, 9.2-9.3 us");

    // --linear auto: INT8 row or FP16 for a GEMM of plain FP16 A (i8r_rule_a16_int8), against tuning's one-node
    // replays of both precisions in the SD transformer blocks (bench/results/2026-11-28-h200-linear-auto/
    // job1-tune, H200; FP16 / INT8 us)
    static const struct {
        int n, k, want;
        const char *why;
    } a16[] = {
        {320, 320, 0, "SD1.5 320 @64 out1 b1 7.78 / 8.96; SD2.1 320 @96 b2 15.14 / 21.15"},
        {320, 1280, 0, "SD1.5 320 @64 ff2 b2 16.80 / 17.63; SD2.1 320 @96 b1 21.76 / 24.77"},
        {640, 640, 0, "SD1.5 640 @32 out1 b2 8.51 / 8.90 (SDXL 640 @64 b1: 11.71 / 11.62, a tie)"},
        {640, 768, 0, "SD1.5 320 @64 context K / V b1 6.85 / 6.75, a tie"},
        {640, 2560, 1, "SD1.5 640 @32 ff2 b1 13.38 / 11.62; SDXL 640 @64 b2 52.74 / 47.52"},
        {1280, 1280, 1, "SD1.5 1280 @16 out1 b2 10.37 / 8.86; SDXL 1280 @32 proj_in b2 15.14 / 12.51"},
        {1280, 5120, 1, "SD1.5 1280 @16 ff2 b2 19.74 / 14.82; SDXL 1280 @32 b2 43.42 / 34.34"},
        {2560, 2048, 1, "SDXL 1280 @32 context K / V b2 10.14 / 8.96"},
    };
    for (unsigned i = 0; i < sizeof(a16) / sizeof(a16[0]); i++) {
        const int got = i8r_rule_a16_int8(a16[i].n, a16[i].k);
        result(got == a16[i].want, "i8r_rule_a16_int8 N=%d K=%d = %s (got %s; %s)", a16[i].n, a16[i].k,
               a16[i].want ? "int8" : "fp16", got ? "int8" : "fp16", a16[i].why);
    }
}
