// cpu_pp_rule.c: the heuristic's rule for the ping-pong TS tiles
// (kernels/pp_rule.h, used by conv2d.cu's pp_heuristic_pick) at SD GEMM
// shapes, against the tiles tuning picked on 132 SMs in the sweeps of every
// SD block (bench/results/2026-11-28-h200-heuristic/job2, H200); "-" where
// tuning kept gemm_wgmma.cu's tiles. test_gpu's gemm section checks the same
// shapes through conv2d_heuristic_ln on a GPU.
#include "harness.h"
#include "../kernels/pp_rule.h"

#include <string.h>

static const char *kind_name(int kind) {
    switch (kind) {
    case PP_KIND_2C_160: return "64x160 2c";
    case PP_KIND_3C_160: return "64x160 3c";
    case PP_KIND_2C_64: return "64x64 2c";
    case PP_KIND_3C_96: return "64x96 3c";
    case PP_KIND_2C_96: return "64x96 2c";
    case PP_KIND_3C_128: return "64x128 3c";
    default: return "-";
    }
}

static void test_rule(long long m, long long n, long long k, int ln, const char *want, const char *why) {
    const char *got = kind_name(pp_rule_kind(m, n, k, ln, 132));
    result(strcmp(got, want) == 0, "pp_rule_kind M=%lld N=%lld K=%lld ln=%d sms=132 = %s (got %s; %s)", m, n, k, ln,
           want, got, why);
}

void cpu_suite_pp_rule(void) {
    // K <= 640: from half a wave of 64 x 160 tiles, three consumers from 3.5 waves
    test_rule(8192, 960, 320, 0, "64x160 3c", "5.8 waves");
    test_rule(4096, 960, 320, 0, "64x160 2c", "2.9 waves");
    test_rule(1024, 640, 640, 0, "-", "under half a wave");
    // 640 < K <= 2048 at most 256 rows, or with the LayerNorm fold: the wave model's two-consumer width
    test_rule(77, 640, 768, 0, "64x64 2c", "context K/V");
    test_rule(154, 2560, 768, 0, "64x64 2c", "context K/V");
    test_rule(77, 2560, 2048, 0, "64x96 3c", "K = 2048: 8.06 us against 9.00");
    test_rule(256, 1280, 1280, 0, "64x64 2c", "9.7-9.9 us, as tuning's 64 x 96");
    test_rule(256, 3840, 1280, 1, "64x160 2c", "13.3 against 15.0 us (64 x 64)");
    test_rule(64, 10240, 1280, 1, "64x96 2c", "GEGLU, 12.3 against 15.7 us");
    test_rule(256, 10240, 1280, 1, "64x160 2c", "GEGLU, 19.3 against 27.0 us");
    test_rule(576, 1280, 1280, 1, "64x96 2c", "12.4 against 14.2 us");
    test_rule(2048, 10240, 1280, 1, "64x160 2c", "GEGLU, 103.2 against 129.7 us");
    // K > 640 with more rows, at most one wave of 64 x 160 tiles: three consumers
    test_rule(512, 1280, 1280, 0, "64x96 3c", "9.9 against 11.2 us");
    test_rule(1024, 1280, 1280, 0, "64x160 3c", "11.2 against 14.0 us");
    test_rule(1024, 1280, 5120, 0, "64x160 3c", "24.3 against 32.4 us");
    test_rule(4096, 320, 1280, 0, "64x160 3c", "11.9 against 16.8 us");
    test_rule(1152, 1280, 1280, 0, "-", "tuning kept 128 x 128");
    // past K = 2560, 64 x 128 tiles where they make one wave (tuning tables with the N-fastest walk, H200,
    // bench/results/2026-11-29-h200-tile-walk/tuning-k2560: graph replays, heuristic before against tuned)
    test_rule(512, 1280, 5120, 0, "64x128 3c", "before 128 x 160 split-K 22.8 us, tuned 19.7");
    test_rule(576, 1280, 5120, 0, "64x128 3c", "before 64 x 96 3c 24.2 us, tuned 64 x 128 3c 20.8");
    test_rule(2048, 1280, 5120, 0, "-", "tuning kept 128 x 160");
    test_rule(64, 1280, 5120, 0, "-", "few rows, long K: split-K");
    // ff2 at 320 channels past one wave: two consumers
    test_rule(9216, 320, 1280, 0, "64x160 2c", "22.3 against 31.6 us");
    test_rule(2304, 640, 2560, 0, "-", "tuning kept 128 x 128");
    // K > 2048, N <= 640 past two waves of 64 x 160: the wave model's 64 x 160 (2c) or 64 x 128 (3c)
    test_rule(4096, 640, 2560, 0, "-", "1.9 waves: 128 x 160 26.0 us, tuned 64 x 160 26.3");
    test_rule(4608, 640, 2560, 0, "64x128 3c", "before 128 x 256 35.5 us, tuned 64 x 128 3c 31.3");
    test_rule(8192, 640, 2560, 0, "64x160 2c", "before 128 x 160 51.3 us, tuned 64 x 160 49.1");
    // no SM count: no rule
    result(pp_rule_kind(8192, 960, 320, 0, 0) == -1, "pp_rule_kind M=8192 N=960 K=320 ln=0 sms=0 = - (no SM count)");

    // the ping-pong tiles' walk (pp_rule_walk_n, --tile-walk auto): N fastest only where A is over half the L2
    // (50 MiB: the H100's; the H200 has 60 MiB)
    static const struct {
        long long a_bytes;
        int tiles_n;
        long long l2;
        int want;
        const char *why;
    } walk[] = {
        {8192LL * 5120, 5, 50LL << 20, 5, "issue 16's 8192 x 1280 x 5120 INT8, 64 x 256 tiles: 40 MiB of A"},
        {2 * 8192LL * 5120, 8, 50LL << 20, 8, "8192 x 1280 x 5120 FP16, 64 x 160 tiles: 80 MiB of A"},
        {2 * 18432LL * 1280, 2, 50LL << 20, 2, "SD2.1 768 px ff2 b2 FP16 (18432 x 320 x 1280): 45 MiB"},
        {18432LL * 1280, 2, 50LL << 20, 0, "the same INT8: 22.5 MiB"},
        {2 * 9216LL * 1280, 2, 50LL << 20, 0, "SD2.1 ff2 b1 FP16: 22.5 MiB"},
        {2 * 8192LL * 1280, 2, 60LL << 20, 0, "SD1.5 ff2 b2 FP16 on 60 MiB: 20 MiB"},
        {4096LL * 4096, 16, 50LL << 20, 0, "4096^3 INT8: 16 MiB of A stays in L2"},
        {8192LL * 1280, 40, 50LL << 20, 0, "8192 x 10240 x 1280 INT8 and SD1.5 ff1: 10 MiB"},
        {2048LL * 5120, 8, 50LL << 20, 0, "SDXL ff2 b2 (2048 x 1280 x 5120) INT8: 10 MiB"},
        {8192LL * 5120, 1, 50LL << 20, 0, "one tile per row: no walk to choose"},
        {8192LL * 5120, 5, 0, 0, "L2 size unknown: M fastest"},
    };
    for (unsigned i = 0; i < sizeof(walk) / sizeof(walk[0]); i++) {
        const int got = pp_rule_walk_n(walk[i].a_bytes, walk[i].tiles_n, walk[i].l2);
        result(got == walk[i].want, "pp_rule_walk_n A=%lld bytes tiles_n=%d l2=%lld = %d (got %d; %s)",
               walk[i].a_bytes, walk[i].tiles_n, walk[i].l2, walk[i].want, got, walk[i].why);
    }
}
