// i8r_rule.h: the heuristic's rules for the INT8 row-scale GEMM tiles of
// gemm_int8_rows.cu (gemm_int8_rows_heuristic) and for its group tiles
// (gemm_int8_group_heuristic: i8g_rule_pick), host code only, shared by
// the heuristics and their CPU test (tests/cpu_i8r_rule.c), which checks
// them against tuning's picks on 132 SMs without a GPU.
//
// i8r_rule_pick gives the kind of tile: a qa tile of bn columns (the CTA
// quantizes its own FP16 A rows), or the two- / three-consumer ping-pong TS
// tile 64 x bn after the row quantizer's pass; i8r_rule_ck, asked first, a
// cluster split-K tile for a few rows and a long K. The caller says which qa
// widths take K (their shared memory; gemm_int8_rows.cu's i8r_qa_fits) and
// maps the kind to its tile; where no TMA tile runs it takes the portable
// kernel without asking the rule. The rule, and the measurements it follows,
// are described at gemm_int8_rows_heuristic.
#ifndef UNETRUN_I8R_RULE_H
#define UNETRUN_I8R_RULE_H

#ifdef __cplusplus
#define I8R_RULE_FN inline
#else
#define I8R_RULE_FN static inline
#endif

// qa: 1 = the qa tile of bn columns; 0 = the TS tile 64 x bn with nc consumer warpgroups.
typedef struct {
    int qa, bn, nc;
} I8rRulePick;

I8R_RULE_FN I8rRulePick i8r_rule_make(int qa, int bn, int nc) {
    I8rRulePick p;
    p.qa = qa, p.bn = bn, p.nc = nc;
    return p;
}

// The share of the grid's last wave and of the tiles' columns that does useful work: tiles / (waves x SMs) x
// N / (N tiles x bn), for 64-row tiles of bn columns (one per SM at a time).
I8R_RULE_FN double i8r_rule_fill(long long m64, long long n, int bn, int num_sms) {
    const long long nt = (n + bn - 1) / bn, tiles = m64 * nt, waves = (tiles + num_sms - 1) / num_sms;
    return (double)tiles / ((double)waves * num_sms) * (double)n / ((double)nt * bn);
}

// Of the widths bns (widest first, 0 ends the list), the one whose fill is highest; a narrower one only where
// its fill is more than 0.05 above the wider one's (more, smaller tiles cost their own epilogues and weight
// traffic). Returns its index in bns.
I8R_RULE_FN int i8r_rule_widest_fill(long long m64, long long n, const int *bns, int num_sms) {
    int best = 0;
    double f = i8r_rule_fill(m64, n, bns[0], num_sms);
    for (int i = 1; bns[i]; i++) {
        const double g = i8r_rule_fill(m64, n, bns[i], num_sms);
        if (g > f + 0.05) best = i, f = g;
    }
    return best;
}

// Whether 64-row blocks fill at least 7/8 of the SMs in each of their waves. A qa launch runs one CTA per
// row block (more per block only where the blocks leave SMs idle), so its waves are the row blocks'.
I8R_RULE_FN int i8r_rule_qa_rows_fill(long long m64, int num_sms) {
    const long long waves = (m64 + num_sms - 1) / num_sms;
    return m64 * 8 >= 7LL * waves * num_sms;
}

// m x n x k GEMM (n: the GEMM's columns, 2F for GEGLU); a16: A is plain FP16 rows (1: --fuse-quant auto,
// 2: on, 0: off or A already quantized); qa_bns: the qa tiles' widths, widest first, 0 ends the list;
// qa_takes_k[i]: whether the qa tile of width qa_bns[i] takes K.
I8R_RULE_FN I8rRulePick i8r_rule_pick(long long m, long long n, long long k, int geglu, int a16, int num_sms,
                                      const int *qa_bns, const int *qa_takes_k) {
    const long long m64 = (m + 63) / 64, n256 = (n + 255) / 256, n128 = (n + 127) / 128, n64 = (n + 63) / 64;
    if (a16 == 2 || (a16 && !geglu && i8r_rule_qa_rows_fill(m64, num_sms))) {
        const int t = i8r_rule_widest_fill(m64, n, qa_bns, num_sms);
        if (qa_takes_k[t]) return i8r_rule_make(1, qa_bns[t], 2);
        for (int i = t + 1; a16 == 2 && qa_bns[i]; i++)  // forced: the widest narrower one that takes K
            if (qa_takes_k[i]) return i8r_rule_make(1, qa_bns[i], 2);
    }
    // GEGLU: three consumers where two waves of 64 x 128 tiles have a short K (<= 640) or five waves a long one
    if (geglu && m64 * n128 >= 2LL * num_sms && (k <= 640 || m64 * n128 >= 5LL * num_sms))
        return i8r_rule_make(0, 128, 3);
    I8rRulePick p = i8r_rule_make(0, 0, 2);
    if (!geglu && m64 * n256 >= num_sms && n256 * 256 * 100 <= 107 * n) p.bn = 256;
    else if (m64 * n128 >= num_sms) p.bn = 128, p.nc = k <= 640 ? 3 : 2;
    else if (m64 * n128 >= num_sms / 2) p.bn = 128;
    if (p.bn) {  // 64 x 160 where its tiles fill better by 0.05 (GEGLU: 0.1)
        if (i8r_rule_fill(m64, n, 160, num_sms) > i8r_rule_fill(m64, n, p.bn, num_sms) + (geglu ? 0.1 : 0.05))
            p.bn = 160, p.nc = 2;
        return p;
    }
    // a few rows: the 64 x 64 tile, or the 64 x 32 one where 64 x 64 tiles would fill less than half the SMs
    // and K >= 1024
    p.bn = m64 * n64 >= num_sms / 2 || k < 1024 ? 64 : 32;
    return p;
}

// The cluster split-K ("ck") tiles for the GEMMs of a few rows and a long K (gemm_int8_rows_heuristic asks
// this before i8r_rule_pick). Returns the width and split count (splits 1: no ck tile). Where K >= 4096, the
// 64-column tile where its tiles split at least twice within 80
// CTAs on 132 SMs (scaled to num_sms), with the most splits that stay within them (at most 8, and two K stages
// of 128 bytes per split). Tuning's picks (H200; the node with the row quantizer's pass, graph replays): 64 x
// 1280 x 5120 64 x 64 in 4 splits, 9.1 us against 11.6 for the unsplit 64 x 32; 128 rows 64 x 64 in 2, 10.2
// against 12.2 (both 80 CTAs); 100 and 120 CTAs were 3-52% slower than 80 where a shape had both (clusters
// of 3 to 8 CTAs that no longer fit the GPCs at once run in a second wave). In place (SD1.5 1280 @8
// transformer, heuristic, --linear auto) the block gains less than the node: 78.3 against 80.0-80.4 us at b1,
// 84.4 against 84.9-85.3 at b2. The wider tiles stay tuning's: at 144 and 288 rows (SD2.1 1280 @12) their
// splits gained 0.3 us in the ff2 node at b1 and lost 0.6 at b2, and the blocks took 1-2.5 us longer (84.6-85.9
// against 83.4-83.6 at b1); at K = 1280 the unsplit tiles were as fast or faster (128 x 1280 x 1280: 7.1-7.2
// against 7.4 us).
typedef struct {
    int bn, splits;
} I8rRuleCk;

I8R_RULE_FN I8rRuleCk i8r_rule_ck(long long m, long long n, long long k, int num_sms) {
    I8rRuleCk r;
    r.bn = 0, r.splits = 1;
    if (k < 4096 || num_sms < 1) return r;
    const long long tiles = (m + 63) / 64 * ((n + 63) / 64), nkt = (k + 127) / 128;
    long long s = (long long)num_sms * 80 / 132 / tiles;  // splits within 80 CTAs on 132 SMs
    if (s > 8) s = 8;
    if (s > nkt / 2) s = nkt / 2;
    if (s >= 2) r.bn = 64, r.splits = (int)s;
    return r;
}

// --linear auto (graph_set_precision): whether a GEMM whose A is plain FP16 rows (no LayerNorm pass quantizes
// them: the attention outputs, ff2, the context and linear proj_in / proj_out projections) runs INT8 row (the
// row quantizer's pass or a qa tile, then the INT8 tile) rather than the FP16 engine. The pass costs per
// element of A (M x K), the INT8 tile saves per product (M x N x K), so what decides is N, the products per
// quantized element. Tuning's one-node replays of both precisions in every SD transformer block (H200;
// docs/PERF.md, "--linear auto"):
//   - N = 320 (SD1.5 320 @64, SD2.1 320 @96, K = 320 and 1280): FP16 faster at every shape, by 0.4-6.4 us;
//   - N >= 1280: INT8 faster at all but one (SD1.5 1280 @8 b2 ff2, 128 rows: 12.2 against 11.3 us), by up to
//     9 us at SDXL's ff2;
//   - N = 640: INT8 at K = 2560 (ff2, by 0.8-5.2 us); at K = 640 within 0.4 us either way up to 4096 rows,
//     INT8 0.6-2.0 us ahead at 4608-8192; the context projections (77-154 rows) within 0.5 us.
I8R_RULE_FN int i8r_rule_a16_int8(long long n, long long k) { return n >= 1280 || (n >= 640 && k >= 2560); }

// --int8-scales group (gemm_int8_group_heuristic): of the group tiles (bns[t] columns, 128 rows, db[t] = the
// two-set kind; count n_tiles), the index with the least estimated time: the waves of 128-row CTAs on the SMs
// times the columns a CTA computes, a db tile's column at 15/16 of a column-halves one (H200, tuning at 8192 x
// 1280 x 5120: 154 against 163 us for 5 against 4 waves with one tile per CTA, 137.9 against 178.2 with the
// persistent tiles; docs/PERF.md, "Group scales made before the GEMM", "Persistent group tiles"). With the
// persistent tiles it matches tuning at five of six shapes; at 2048 x 10240 x 1280 its db pick is 2% slower.
// The first of equal estimates.
I8R_RULE_FN int i8g_rule_pick(long long m, long long n, int num_sms, const int *bns, const int *db, int n_tiles) {
    int best = 0;
    long long best_cost = 0;
    for (int t = 0; t < n_tiles; t++) {
        const long long ctas = (m + 127) / 128 * ((n + bns[t] - 1) / bns[t]);
        const long long cost = (ctas + num_sms - 1) / num_sms * bns[t] * (db[t] ? 15 : 16);
        if (t == 0 || cost < best_cost) best = t, best_cost = cost;
    }
    return best;
}

#endif
