// cpu_streamk.c: the schedule of the stream-K convolution tiles
// (kernels/streamk.h, run by gemm_wgmma_sk_kernel), checked on the CPU for
// the invariants the kernel relies on:
//   - the CTAs' segments cover every (tile, K stage) exactly once;
//   - a segment that does not start at stage 0 of its tile is the first of
//     its CTA (so a CTA writes at most one partial, into its own slot);
//   - each tile has exactly one owner (the segment at stage 0), and the
//     helpers the owner walks (sk_is_helper from owner + 1 on) are exactly
//     the CTAs holding the tile's other segments, all of higher index, and
//     together with the owner they cover the tile's K once (no deadlock:
//     waits point to higher CTAs only, which run their partial first).
#include "harness.h"
#include "../kernels/streamk.h"

#include <stdlib.h>

static void test_schedule(int tiles, int kt, int g) {
    const long long u = (long long)tiles * kt;
    g = sk_ctas(g, u);  // never more CTAs than stages (the launcher's grid, the attention kernels' share)
    int *cover = calloc((size_t)u, sizeof(int));
    int *owner = malloc((size_t)tiles * sizeof(int));
    int *helper_of = malloc((size_t)g * sizeof(int));  // tile of CTA q's partial, or -1
    for (int t = 0; t < tiles; t++) owner[t] = -1;
    int ok = cover && owner && helper_of, late_partial = 0, two_owners = 0;
    for (int q = 0; ok && q < g; q++) {
        helper_of[q] = -1;
        const long long end = sk_first(q + 1, g, u);
        int first = 1;
        for (long long at = sk_first(q, g, u); at < end; first = 0) {
            const SkSegment s = sk_segment(at, end, kt);
            if (s.kb <= s.ka || s.kb > kt) {
                ok = 0;
                break;
            }
            for (int k = s.ka; k < s.kb; k++) cover[(long long)s.tile * kt + k]++;
            if (s.ka == 0) {
                two_owners |= owner[s.tile] >= 0;
                owner[s.tile] = q;
            } else if (first) {
                helper_of[q] = s.tile;
            } else {
                late_partial = 1;
            }
            at += s.kb - s.ka;
        }
    }
    long long bad_cover = 0;
    for (long long i = 0; ok && i < u; i++) bad_cover += cover[i] != 1;
    int bad_helpers = 0;
    for (int t = 0; ok && t < tiles; t++) {
        const int o = owner[t];
        if (o < 0) {
            bad_helpers++;
            continue;
        }
        // the owner's segment, then its helpers' first segments, must tile [0, kt)
        SkSegment s = sk_segment(sk_first(o, g, u) > (long long)t * kt ? sk_first(o, g, u) : (long long)t * kt,
                                 sk_first(o + 1, g, u), kt);
        int next = s.kb, h = o + 1;
        for (; sk_is_helper(h, g, u, t, kt); h++) {
            const SkSegment hs = sk_segment(sk_first(h, g, u), sk_first(h + 1, g, u), kt);
            bad_helpers += hs.tile != t || hs.ka != next || helper_of[h] != t;
            next = hs.kb;
        }
        bad_helpers += next != kt;
        for (int q = 0; q < g; q++)  // every partial of this tile is one of the walked helpers
            bad_helpers += helper_of[q] == t && (q <= o || q >= h);
    }
    result(ok && bad_cover == 0 && !late_partial && !two_owners && bad_helpers == 0,
           "streamk schedule tiles=%d kt=%d ctas=%d: every stage once (%lld off), partials only first (%s), one "
           "owner per tile (%s), helpers walked by the owner = the tile's partials (%d off)",
           tiles, kt, g, bad_cover, late_partial ? "no" : "yes", two_owners ? "no" : "yes", bad_helpers);
    free(cover);
    free(owner);
    free(helper_of);
}

// The stream-K attention kernels: W = items / g whole waves, then the
// R = items % g items left, nkv key tiles each, over sk_ctas(g, R nkv) CTAs
// (attn_wgmma_kernel). Same invariants on the part that is shared out.
static void test_attention_schedule(int items, int nkv, int g) {
    const int r = items % g;
    if (r == 0) return;  // whole waves only
    test_schedule(r, nkv, g);
}

void cpu_suite_streamk(void) {
    // attention (items, key tiles, SMs): 4096 tokens b2 h8 / b1 h10 in 192-row items; 200 tokens x 70 heads
    // (16 units for 132 CTAs: the case that hung before sk_ctas); 1024 tokens b2 h20; one item
    test_attention_schedule(352, 32, 132);
    test_attention_schedule(220, 32, 132);
    test_attention_schedule(140, 2, 132);
    test_attention_schedule(240, 8, 132);
    test_attention_schedule(1, 32, 132);
    // tiles, K stages per tile, CTAs. SD shapes on 132 SMs: SD2.1 320 @96 b1 (144 tiles of 128 x 160,
    // 45 stages), 640 @48 b1 (90 x 90), 640 @48 b2 (144 x 90), 640 @64 b2 (256 x 90), 1280 @24 b1
    // (48 x 180); then fewer stages than CTAs, one tile over many CTAs, one stage per tile, one CTA, odd counts.
    static const int cases[][3] = {{144, 45, 132}, {90, 90, 132}, {144, 90, 132}, {256, 90, 132}, {48, 180, 132},
                                   {1, 9, 132},    {1, 1, 132},   {7, 1, 5},      {3, 200, 132},  {133, 7, 132},
                                   {5, 3, 1},      {1000, 13, 114}};
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) test_schedule(cases[i][0], cases[i][1], cases[i][2]);
}
