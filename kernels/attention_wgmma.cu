// attention_wgmma.cu: the Hopper (sm_90a) engine of multi-head attention,
// extra candidates of the attention dispatcher in attention.cu.
//
// What it computes
//   The contract of flash_attn_kernel (attention.cu), unchanged: for every
//   batch b, head h and query row i,
//     O[b,i,h,:] = sum_j softmax_j(scale * Q[b,i,h,:] . K[b,j,h,:]) * V[b,j,h,:]
//   FP16 Q/K/V/O, FP32 scores, softmax statistics and accumulators, Q/K/V/O
//   read and written through the strided layout of kernels.h (a fused QKV
//   or KV GEMM output is read in place).
//
// Tile design (template <D, BN, NC, STAGES, MINB, SCHED, SPLIT, EMU, LAZY, PK, QKS>;
// variants in AW_VARIANTS)
//   - A CTA is one producer warpgroup and NC (1 to 4) consumer
//     warpgroups; each consumer owns 64 query rows (one m64 wgmma row
//     block), so a CTA tile is BM = 64 * NC query rows of one (batch, head),
//     walked over all keys in tiles of BN (64, 80, 128 or 192) keys.
//   - Copies by TMA (cp.async.bulk.tensor.4d, 128-byte swizzle), issued by
//     one thread of the producer warpgroup. Each of Q, K, V is described to
//     the copy engine as a rank-4 tensor (d, heads, rows, batch) with
//     strides (2d, 2 ld, 2 rows ld) bytes, so that a box never leaves its
//     (batch, head): columns past d (the next head, or whatever the fused
//     GEMM output holds there, NaN included) and rows past sq / skv (the
//     next batch) are outside the tensor and land in shared memory as
//     zeros. A row of the head is read in 64-column chunks (128 bytes, the
//     swizzle width): DC = ceil(d / 64) boxes of 64 x rows per operand; at
//     d = 80 the second box is 16 columns wide into 32-byte rows ("tail16"
//     below).
//   - Q tile resident in shared memory for the whole key loop (its own full
//     / empty mbarrier pair; the producer refills it for the CTA's next work
//     item as soon as the consumers have issued their last Q K^T). K and V
//     tiles in a STAGES-deep ring with a full and an empty mbarrier per
//     stage: the producer waits for "empty", arms "full" with the stage's
//     byte count and issues the 2 * DC copies; each consumer waits for
//     "full", computes, and each of its warps arrives on "empty".
//   - S = Q K^T on wgmma m64nBNk16 (both operands K-major from the swizzled
//     tiles; the k16 steps advance the descriptor by 32 bytes inside a
//     chunk). The K extent is d rounded up to 16: d = 40 runs three k16
//     steps over 48 columns whose last 8 are the copy engine's zeros in
//     both Q and K (20% more Q K^T tensor work than 40; a zero-filled K
//     column meets a zero Q column, so nothing past d can leak in), d = 80
//     five steps with no padding (the fifth from the 32-byte chunks),
//     64 / 128 / 160 exact.
//   - Online softmax on the S accumulators in registers (same arithmetic as
//     attention.cu: row max of the thread's scores as a tree of depth
//     log2(BN / 4), then over the quad with two shuffles, one FFMA +
//     ex2.approx per score in the scaled log2 domain, the running sum
//     rescaled with the output: l = l * alpha + rowsum(p), O = O * alpha).
//     Keys past skv are zero rows in shared memory and get -inf scores in
//     the last key tile only.
//   - O += P V with P as the register A operand: the m64nBN accumulator
//     layout of S, two n8 blocks at a time, is the m64k16 A fragment layout,
//     so P goes FP32 -> FP16 pairs in registers with no shared memory. V is
//     the B operand in N-major form (the tile is stored key rows x d
//     columns): imm-trans-b = 1, 8-key groups 1024 bytes apart, the second
//     64-column chunk (d = 80, 128, 160) at the chunk stride; wgmma
//     m64nDk16 with N = d exactly (40, 64, 80, 128, 160).
//   - Persistent: the grid is min(work items, SMs x CTAs per SM); work item
//     t = ((b * heads + h) * q_tiles + qt) walks t += gridDim.x, so query
//     tiles of one head run side by side (their K/V stay in L2) and a short
//     sequence still spreads over every SM it has work for.
//   - Q tiles (aw_qbufs): two where they fit and measured faster (d = 40,
//     three or four consumers, the serial loop), so the producer copies the
//     next item's Q and runs on into its K/V tiles while the consumers
//     finish this item; one otherwise. A steady state without item ends
//     (132 items of 256 key tiles) ran d64 Br192 pp at 555 TFLOP/s on the
//     H200 where 4096^2 b2 h8 runs at 470-496: an item's start and end cost
//     about three key tiles (docs/PERF.md "The tensor pipe beside the
//     MUFU, the d64 key loop without memory, and two Q tiles").
//   - setmaxnreg: with two consumers (384 threads, one CTA per SM) the
//     producer drops to 40 registers and the consumers rise to 232; with
//     three (512 threads) to 32 and 160 (128 * 32 + 384 * 160 = 65536);
//     with four (640 threads, 96 registers each at launch) to 24 and 112
//     (the 128 * 72 the producer frees cover 512 * 16 more). ptxas
//     allocates a consumer's registers up to the setmaxnreg value, not to
//     the launch bound's 128 / 96.
//   - Three consumers ("Br192", d = 40 and 64, ping-pong with the late
//     pack only: S 64 + P 32 + O 32 registers per thread fit in 160, the
//     double-buffered P does not): three turns in a ring, so each
//     consumer's softmax runs under the other two consumers' products, and
//     a CTA loads each K/V tile once for 192 query rows instead of 128.
//     ptxas kept 12 bytes of the d = 64 kernel in local memory (56 for
//     its stream-K twin; spill stores before the key loop, loads after it)
//     until the Q descriptor became a warp-uniform value read back from
//     lane 0 per work item. Since the d = 80 rows take a 16-column chunk
//     (below), the producer of the two d = 80 key-split kernels keeps 8
//     bytes in local memory (its 40 registers; ptxas -warn-spills); no other
//     kernel of this file spills.
//     Measured on the H100 (bench/results/2026-11-26-h100-attention-br192,
//     bench_attention, us): d40 b2 h8 4096^2 143.7 against 170.3 for the
//     best 128-row kernel (three waves of 352 items instead of four of
//     512), d64 153.6 against 154.6; at batch 1 (176 items for 132 SMs:
//     the second wave a third full) 96.5 against 87.7 (d40) and 105.5
//     against 81.9 (d64). attention_wgmma_rows_pick (attention.cu) picks
//     the row count by that wave model. The three-consumer ovl schedule and
//     fmaexp1/8 were slower at both head dims (d40 ovl 156.2, d64 ovl 160.7,
//     d64 pp fmaexp1/8 160.8 us) and are not compiled.
//   - Four consumers ("Br256", d = 40 only, Bc64 so that S 32 + P 16 + O 20
//     registers fit in 112; six ring stages): 256 query rows per CTA, so
//     4096 tokens x 8 heads is 128 work items, one wave at batch 1 and two
//     at batch 2. Measured (same bench_attention job, H100): d40 b1 h8
//     4096^2 71.1 us against 92.3 (Br128) and 97.4 (Br192); b2 137.1 against
//     173.3 and 143.6. At d = 64 the same CTA only tied the best kernel
//     (79.4 against 77.3-80.3 us at b1 h8, 153.1 against 150.2-153.0 at
//     b2) and lost where its waves are partial (h10: 237.7 against 190.5 at
//     b2, 153.9 against 104.6 at b1), so it is not compiled there.
//   - Schedules of a consumer (template SCHED):
//       serial (AW_SERIAL): per key tile, Q K^T, wait, softmax, P V, wait;
//       overlapped ("ovl", AW_OVERLAP; FlashAttention-3's in-warpgroup
//         pipelining): step j issues Q K_{j+1}^T and then P_j V_j, waits
//         for the first only (wgmma.wait_group 1) and runs the softmax of
//         tile j+1 while P_j V_j is on the tensor cores; the last step (P V
//         only) is peeled off the loop (see below). P in registers
//         (template PK): PK = 1, one buffer: the softmax leaves its
//         exponentials in the S registers (FP32) and P is packed to FP16
//         after P_j V_j is complete; PK = 0 ("pbuf2", the earlier form),
//         P double-buffered: ptxas gives both buffers the same registers
//         (it takes the A operand of a wgmma as read at the issue) and then
//         waits for P_j V_j before the softmax, so that form does not
//         overlap the two at all (SASS: WARPGROUP.DEPBAR.LE gsb0, 0x0 ahead
//         of the first row max). With PK = 1 ptxas still hoisted the wait
//         to the top of the softmax (nothing in the softmax depends on
//         it); a store of the row sums predicated off at run time
//         (hold_wait) keeps it after the softmax: 66 of the 66 MUFU ops of a
//         d64 tile now sit between the two waits, none did before
//         (bench/results/2026-11-23-h100-attention-overlap/sass.txt);
//       ping-pong ("pp", AW_PINGPONG): overlapped, plus, with two
//         consumers, named-barrier turns
//         that order the consumers' wgmma issues so that one consumer's
//         softmax runs under the other's products. A turn is one issue of
//         wgmma work (Q K_0^T; Q K_{j+1}^T + P_j V_j; the last P V); both
//         consumers take 1 + (key tiles) turns per work item whatever their
//         rows hold (rows past sq are computed on the copy engine's zeros
//         and not stored); the turn holder waits only for a K/V tile whose
//         ring slot (STAGES >= 2) both consumers free right after their
//         previous turn without waiting on anything else, so turns and
//         ring cannot deadlock.
//     Without ping-pong the two consumers of a CTA wait on the same "full"
//     barrier and so tend to run their softmax at the same time, leaving
//     the tensor cores idle meanwhile: at d = 64 the exp2 work of a 64 x 128
//     score tile (MUFU, 16 per clock per SM) takes about as long as its two
//     products, which is why the serial kernel stops near 50% of the peak
//     (docs/PERF.md). The first form of the overlapped loop decided inside
//     each step, at run time, whether it issues Q K_{j+1}^T; ptxas cannot
//     then tell which group wait_group 1 completes and serialized every
//     wgmma of those kernels (info C7514: one WARPGROUP.DEPBAR per HGMMA;
//     measured so, the 128-row ones lost to serial at every shape). With
//     the last step peeled, ovl and pp compile without C7514 (7
//     WARPGROUP.DEPBAR for 25 to 56 HGMMA per kernel, no local memory).
//   - 2^x on the FP32 pipe ("fmaexpN/8", template EMU): at d = 64 the
//     exp2 of a 64 x 128 score tile on the MUFU unit (16 per clock per SM,
//     ~512 clocks) takes as long as the tile's two products on the tensor
//     cores, so MUFU and tensor cores would both have to run at 100%. The
//     EMU variants compute 2^x for N of every 8 n16 blocks of the score
//     tile with a degree-3 polynomial and an exponent-field add (about 8
//     FP32 / integer instructions per score instead of one MUFU op), which
//     moves 1/8 or 1/4 of the exp2 work from MUFU to the FP32 pipe; their
//     relative error (7.5e-5) is below the FP16 rounding of P.
//   - Keys per tile 192 ("Bc192", m64n192k16 Q K^T, 12 k16 steps of P V):
//     a third fewer per-tile costs (row maxima, shuffles, alpha, O
//     rescale, turns, barriers) per key; with PK = 1 the registers fit
//     (S 96 + P 48 + O 20/32 per thread, no spills); Bc256 does not (S 128
//     + P 64: ptxas spills and serializes the wgmma, C7512).
//   - Keys per tile 80 ("Bc80", d = 80, and d = 40 with four consumers;
//     m64n80k16 Q K^T, 5 k16 steps of P V): the 77-token context of
//     SD1.5's cross-attention in one key tile, where Bc64 takes two turns
//     and Bc128 computes 51 masked columns. H200, 1024 x 77 h8 (bench/results/2026-11-29-h200-
//     attention-bc80, job1; CUPTI busy times): kernel at b2 5.9 us (pp)
//     against 6.7 for Bc64 / Bc128 pp and cuDNN's 6.1, at b1 4.9 (serial)
//     against cuDNN's 5.6; tuned node at b2 8.6-8.8 us against cuDNN's 9.8.
//   - d = 80 rows in 160 bytes ("tail16", aw_tail16): columns 0..63 in the
//     128-byte-swizzled chunk, 64..79 in a chunk of 32-byte rows (32-byte
//     swizzle, a TMA box of 16 columns: three more tensor maps), where a
//     second 128-byte chunk held 48 columns of zeros. Q K^T takes its fifth
//     k16 step from the 32-byte chunks (desc_sw32), P V two wgmma per k16
//     step (m64n64 from the 128-byte chunk, m64n16 from the 32-byte one,
//     desc_sw32_mn). A Bc128 K/V stage is 40 KB instead of 64, so the
//     ping-pong kernel gets four ring stages beside its Q tile: with two it
//     was the slowest d = 80 kernel (its consumers wait for a stage both
//     must free), with three it was already the fastest (job3, before this
//     layout: 15.4 against 16.4 us kernel, CUPTI). H200, 1024 x 1024 b2 h8
//     (job4): kernel 14.6 us (3 and 5 stages 14.9) against cuDNN's 16.4;
//     tuned node 17.3-17.5 us against 19.4-20.2 (1.12-1.15x; 1.04-1.08x
//     before). Deeper rings of the serial loop did not help (Bc128 3st 16.6,
//     Bc64 6st 17.4 us, job1; Bc128 4st serial 22.3 against 22.1 us for 2st
//     in bench_attention, job4).
//   - Lazy rescale ("lazy", template LAZY): a warp moves its running
//     maxima only when one grew by more than 8 (log2 domain), so most tiles
//     skip the alpha exp2 and the O rescale (P stays <= 2^8 in FP16; O / l
//     is exact). Measured slower (the warp votes cost more than they save).
//   - Key split ("ksplit", template SPLIT): a work item (b, h, query tile)
//     is shared by a cluster of S CTAs (S = 2, 4 or 8, chosen at launch:
//     the largest with S <= key tiles and every cluster resident at once,
//     queried with cudaOccupancyMaxActiveClusters); rank r walks key tiles
//     [r nkv / S, (r + 1) nkv / S). Each rank leaves its unnormalized O
//     (FP32), m and l in its own shared memory (the K/V ring, free by then:
//     one work item per CTA), the cluster syncs, and rank r combines rows
//     [r BM / S, (r + 1) BM / S) from every rank's shared memory (DSMEM
//     loads), always in rank order 0 .. S-1: no workspace, no float
//     atomics, the same bits on every run. Offered by the dispatcher only
//     where it splits (too few work items to fill the SMs: 256 tokens, and
//     1024 at batch 1).
//   - Stream-K ("sk", SPLIT = AW_STREAMK; the schedule of the stream-K
//     convolution, kernels/streamk.h): the grid is one CTA per SM. The W =
//     items / G whole waves run first as whole items, as without it (the
//     CTAs of a wave walk the same heads' keys together), then CTA q of G
//     runs key tiles [q U / G, (q + 1) U / G) of the U = R x nkv units of
//     the R = items % G items left, as segments of one item each. So every
//     SM gets the same share of the work whatever the wave count: 352
//     items of 192 rows (b2 h8 4096 tokens) are 2 2/3 waves of 132, and
//     without it the last wave leaves a third of the SMs idle while the
//     others run a whole item. A first build shared out all items this way
//     (no whole waves) and lost 7-13% per key tile; most of that was the
//     vector-register descriptor arithmetic described at the shuffle in the
//     kernel, not the order (bench/results/2026-11-27-h100-attention-sk,
//     job0 / job1 / job4). A segment that starts inside its item (only a
//     CTA's first one can) is a partial:
//     its unnormalized O, m and l go to slot q of the workspace
//     (accumulator-fragment order, float4 j of consumer thread T at (j, T),
//     coalesced), published by a release store of a flag (streamk.h). The
//     segment that starts at key tile 0 owns the item: after its own key
//     loop it waits for each helper's flag (helpers have higher CTA
//     indices and ran that segment first), folds the partials in in CTA
//     order (M = max m, O = sum 2^(m_s - M) O_s, l likewise: the same bits
//     on every run) and stores the normalized rows; then it clears the
//     flags. Q is loaded once per segment, as per work item otherwise. The
//     workspace (attention_workspace_bytes): G x (D / 8 + 1) x NC x 128
//     float4 of partials and G flags, the graph's split-K workspace.
//     Measured on the H100 (job4-uniform, bench_attention, us): d64 4096^2
//     b2 h8 149.8 against 158.4 (Br192) and 151.7 (the best whole-item
//     kernel, Br128 Bc192 fmaexp1/8), b2 h10 182.6 against 189.4, b1 h10
//     97.2 against 106.8, b2 h5 94.2 against 103.4; it loses where a
//     segment's fixed cost (Q load, the pipeline's fill and drain, about
//     three key tiles) weighs on short sequences (1024 tokens: 39.6
//     against 35.4 us at b2 h20) and, by 2.5%, at equal work (one whole
//     wave, 58.3 against 56.9). attention_wgmma_rows_pick's wave model
//     weighs it: 192-row sk CTAs at d = 64, 128-row ones at d = 64 and 80
//     (at d = 80 the ping-pong 4st kernel, SD1.5's 2304 tokens at 768 px).
//   - Host: the tensor maps of a launch (three; six at d = 80) are cached
//     (keyed by every encoder argument), so a repeated launch on the same
//     buffers skips the driver's encoder (host time that an eager launch of
//     a small shape waits for).
//   - QKS (timing probes only, never offered): Q K^T over QKS k16 steps
//     instead of ceil(d / 16), to measure the cost of the d = 40 -> 48
//     padding (attention_wgmma_probe_launch).
//   - Measured on the H100 (bench/results/2026-11-23-h100-attention-pp):
//     every variant by bench_attention (us, median of 30), cuDNN SDPA by
//     `unetrun --block attention --vs cudnn` (median of 100) with the ratio
//     of its tuned pick to cuDNN from that same run:
//       shape (b2, h8)   serial 128-row  ping-pong         cuDNN  tuned pick, vs cuDNN
//       4096 x 4096 d40  181.3           174.3             154.2  pp, 0.89x
//       4096 x 4096 d64  184.1           160.9 (427 TF/s)  135.6  pp, 0.86x
//       same, h10        217.1           198.2 (433 TF/s)  169.0  pp, 0.86x
//       1024 x 1024 d80  22.2            25.1 (Bc64: 23.4) 20.2   serial, 0.88x
//       256 x 256 d160   15.4            14.3              11.4   Br64 ovl (13.8), 0.82x
//       4096 x 77 d40    20.0            20.5              22.5   mma.sync 4w qk-ahead (17.8), 1.24x
//     Later the same day (bench/results/2026-11-23-h100-attention-split,
//     docs/PERF.md): pp fmaexp1/8 at 4096 x 4096 d64 b2 h8 154.6 us in
//     bench_attention, 151.6 us (453 TFLOP/s, 0.90x cuDNN's 136.5) tuned;
//     the key split takes 1024 x 1024 d80 b1 to 19.0 us (0.99x cuDNN).
//     Ping-pong cuts the time by 4% (d40) and 9-13% (d64) at 4096 tokens
//     but leaves the kernel at 0.86-0.89x of cuDNN there (about 430 of
//     cuDNN's 507 TFLOP/s at d64); it loses at 1024 x 1024 d80, where each
//     CTA has one work item of 8 key tiles. The pp variants at d = 128
//     passed the suite and the sanitizers but were not timed.
//   - Softmax overlapping P V, Bc192 and the tried-and-dropped variants
//     (bench/results/2026-11-23-h100-attention-overlap, two runs,
//     docs/PERF.md): at 4096 x 4096 b2 h8 the PK = 1 kernels are 1.7-2.5%
//     faster than pbuf2 at d = 40 and 2% slower at d = 64 (pp fmaexp1/8
//     169.7 / 171.3 vs 172.5 / 174.3 us at d40; 156.3 / 159.7 vs 153.2 /
//     156.0 at d64); Bc192 ties at d64 (152.9 / 157.0). Tuned picks stay at
//     0.85-0.91x of cuDNN at 4096 tokens (d64 b2 h8 150.4-152.7 us,
//     450-457 TFLOP/s). Nsight Compute on the d64 pp fmaexp1/8 kernel (base
//     clock): tensor pipe active 49%, MUFU (XU) 45%, issue slots 49%: the
//     tensor and the MUFU time add up to 94% of the active cycles, i.e. the
//     two barely overlap, the late pack notwithstanding. Two attempts at
//     that, dropped (code in the history of this file): "ppq", the turn
//     passed only when the consumer's Q K^T is complete, to force the two
//     consumers' softmax apart (158.7 vs 158.0 us pp at d64, 171.8 vs
//     169.9 at d40); "lmma",
//     the row sum l computed by the P V wgmma from a ones column (N = 72,
//     l from the FP16 P exactly as P V uses it, 60 fewer instructions per
//     tile; issue slots 37%): 175.4 us, with fmaexp1/8 158.4, MUFU and
//     tensor activity unchanged. 2^x on FP16 (ex2.approx.f16x2) compiles
//     to two MUFU.EX2.F16 and was measured at 16 values per clock per SM,
//     the FP32 form's rate, so it saves no MUFU time (and an FP16 argument
//     costs accuracy: 3.5e-4 vs 2.9e-4 relative L2 in a CPU model).
//   - Timeline probe (-DAW_TRACE, build/trace_attention; compiles to
//     nothing otherwise): clock64 records at the late-pack loop's phase
//     boundaries. At d64 4096^2 b2 h8 (Br128 pp; docs/PERF.md, "Where a d64
//     key tile's time goes") a consumer's key tile took 2,700-2,900
//     probe cycles with 512 of tensor work:
//       - 500-700 cycles issuing its own HGMMAs: the warp is held until
//         they enter the tensor pipe, so the softmax never runs under its
//         own P V, only under the other consumer's products;
//       - row max 340-430 and exp2 725-960 cycles (MUFU floor 528), slowed
//         by the other consumer on the same SM sub-partition;
//       - about 200 cycles per K/V barrier check, with the copies issued
//         ~4,200 cycles earlier.
//     Measured slower or within spread, not kept: the K/V wait before the
//     turn, the turn passed after Q K^T, the next tile's barrier tested a
//     step ahead, P through shared memory with an SS P V wgmma (its P V
//     issue was no shorter: the hold is the tensor pipe's intake, not the
//     register operand), and P V issued one HGMMA per n16 block of the next
//     softmax (the hold moved into the softmax).
//   - P in shared memory at the vendors' larger d = 64 key tiles (Br192
//     Bc160 / Bc192, Br128 Bc256; P by stmatrix, an SS P V wgmma, K and V
//     with a barrier pair each so that two ring stages suffice): measured
//     on the H200 and not kept (bench/results/2026-11-29-h200-attention-psmem).
//     The SS P V costs 7-8% at an equal tile (an m64n64k16 with both
//     operands in shared memory reads 4 KB per 32 tensor cycles, all of the
//     SM's shared-memory bandwidth); 256 keys per tile win about that back,
//     so Br128 Bc256 ties Br128 Bc128 and loses to Br192 Bc128 pp sk.
//   - A work item's end (bench/results/2026-11-29-h200-attention-epilogue):
//     in the three-consumer d64 loop, storing O costs about a thousand
//     cycles per consumer and item in every form measured (half2 stores,
//     shared memory + bulk copy, stmatrix + bulk copy). Whatever waits on
//     the store, the next write of its registers or a proxy fence, stalls
//     that long (Nsight Compute), consistent with the MIO path being full of
//     exponentials. Measured and not kept:
//       - the stores deferred past the next item's first Q K^T: 3% slower
//         at 1024^2 h20 (in the SASS the softmax next writes registers the
//         stores read, the likely reason);
//       - the Q descriptor without the per-item shuffle: it leaves the
//         uniform datapath of the d40 Br256 loop, which was 6% slower;
//       - 1/8 of the exp2 on the FP32 pipe in the Br192 kernels: slower.
//
// Limits
//   cc 9.0 only (sm_90a code; attention_wgmma_usable()); d in {40, 64, 80,
//   128, 160}; the strides and pointers of attention.cu's contract (16-byte
//   aligned pointers, strides multiples of 8 halves, which TMA needs too);
//   batch * heads * ceil(sq / BM) < 2^28 work items; stream-K kernels need
//   items x key tiles < 2^31 and the workspace. The key split needs
//   clusters (cc 9.0) and as many key tiles as CTAs per item; a shape whose
//   items exceed half the SMs but not all of them (e.g. 1024 tokens x 10
//   heads x batch 1 = 80 items of 128 rows) still leaves SMs idle.
#include "kernels.h"
#include "tensormap.cuh"
#include "attention_wgmma.cuh"
#include "mma.cuh"  // pack_half2
#include "pdl.cuh"
#include "wgmma.cuh"
#include "streamk.h"

#include <cuda.h>
#include <cuda_fp16.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define AW_DEVICE 1
#else
#define AW_DEVICE 0
#endif

namespace {

constexpr int AW_CHUNK = 64;          // FP16 columns per TMA box / swizzle row (128 bytes)
constexpr int AW_ROW_BYTES = 128;     // bytes per smem row of a chunk
constexpr int AW_WG_ROWS = 64;        // query rows per consumer warpgroup (wgmma M)
constexpr int AW_SMEM_SLACK = 1024 + 256;  // 1024-byte alignment + the mbarriers
enum AwSchedule { AW_SERIAL = 0, AW_OVERLAP = 1, AW_PINGPONG = 2 };  // consumer schedules (see the header)
enum AwSplit { AW_WHOLE = 0, AW_KSPLIT = 1, AW_STREAMK = 2 };         // how work items meet CTAs (template SPLIT)
// Phase boundaries the timeline probe records (-DAW_TRACE; attention_wgmma_trace_event names them).
enum AwTraceEvent {
    AWT_ITEM,         // Q tile of a work item landed (q_full)
    AWT_TURN_ASK,     // about to wait for the tensor-core turn
    AWT_TURN_GOT,     // turn taken
    AWT_KV_FULL,      // the K / V tile of the issue landed (full)
    AWT_QK_ISSUED,    // Q K_{j+1}^T issued
    AWT_ISSUED,       // P_j V_j issued too, turn passed
    AWT_QK_DONE,      // Q K^T complete (wait_group 1)
    AWT_MAX_DONE,     // row maxima of tile j+1 known
    AWT_SOFTMAX_DONE, // exponentials, m and l of tile j+1 done
    AWT_PV_DONE,      // P_j V_j complete (wait_group 0)
    AWT_TILE_END,     // O rescaled, P packed
    AWT_ITEM_END,     // O of the work item stored
    AWT_LOAD,         // the producer issued the copies of K / V tile j (record slot AW_TRACE_WARPS - 1)
    AWT_NUM
};

// The compiled variants: head dim, keys per tile, consumer warpgroups,
// ring stages, CTAs per SM the registers are capped for, schedule
// (AW_SERIAL, AW_OVERLAP, AW_PINGPONG: see the kernel), how work items
// meet CTAs (SPLIT: 0 whole items, 1 key split over a cluster, 2
// stream-K), n16 score blocks of every 8 whose 2^x runs on the FP32
// pipe (EMU; see the header), lazy rescale (LAZY), P in registers (PK: 1 =
// one buffer packed after the P V wait, the softmax overlapping P V; 0 =
// double-buffered, "pbuf2"; serial kernels have 0). Per head dim in
// order of preference (attention_heuristic takes the first one of the row
// count it wants); every variant stays a timed candidate, so that each
// schedule's effect stays measurable. The order follows the H100 timings
// (bench_attention, b2 h8 4096 x 4096, two runs each;
// bench/results/2026-11-23-h100-attention-overlap):
//   d = 64: ping-pong with 1/8 of the exp2 on the FP32 pipe and P
//     double-buffered first (153.2 / 156.0 us; the same kernel with the
//     late pack 156.3 / 159.7, plain pp 154.8 / 158.0, Bc192 152.9 / 157.0,
//     serial 174.0 / 178.2).
//   d = 40: ping-pong with the late pack first (168.0 / 169.9 us; serial
//     177.6 / 178.9, pbuf2 fmaexp1/8 172.5 / 174.3, Bc192 172.2 / 173.5;
//     at 4096 x 77 the tuner keeps an mma.sync kernel).
//   d = 160: ping-pong first among the 128-row variants (14.3 vs 15.4 us
//     at b2 h8 256 x 256; also 9.7 vs 10.0 and 10.6 vs 11.1 at 64 x 64 /
//     64 x 77, where sq <= 64 makes 128-row CTAs no candidates;
//     attention-pp results).
//   d = 80: ping-pong Bc128 with four ring stages first, since a row takes
//     160 bytes (aw_tail16): H200, b2 h8 1024 x 1024, bench_attention 20.3 /
//     21.1 us against 22.1 / 23.0 for the serial Bc128 2st kernel (the first
//     before) and 25.2 / 26.1 for pp 2st, whose two stages starved it;
//     kernel 14.6 us against 16.4 (CUPTI; cuDNN 16.4), 3 and 5 stages 14.9
//     (bench/results/2026-11-29-h200-attention-bc80, job3 / job4).
//   d = 80, 80 keys per tile: for a context of at most 80 tokens (one
//     tile), attention_wgmma_keys_pick; ping-pong first: in bench_attention
//     (H200) it was as fast as the serial kernel or faster in all eight
//     runs, 1024 x 77 b1 / b2 10.8-11.7 us against 11.2-12.5, 2304 x 77 (SD1.5
//     at 768 px) b1 / b2 13.1 / 17.1 against 14.0 / 18.6 (bench/results/
//     2026-11-29-h200-attention-bc80 job1, -768px job4).
//   d = 80, stream-K (the heuristic takes the first stream-K variant of
//     its row count where attention_wgmma_rows_pick asks for one): the
//     ping-pong Bc128 4st kernel before the serial 2st one. H200, 2304 x
//     2304 h8 (SD1.5 at 768 px, 144 items of 128 rows: 1.09 waves),
//     bench_attention 48.5 / 48.5 us against 52.2 / 52.4 at b1, 70.8 /
//     71.6 against 76.8 / 78.1 at b2; tuned nodes 44.1-45.4 / 67.7-68.0 us
//     against cuDNN's 62.3-62.7 / 90.7-92.0 (bench/results/2026-11-29-
//     h200-attention-768px, job2). The same kernel with the key split
//     instead tied the Bc64 key-split one at 1024 x 1024 b1 (19.5-20.0
//     against 19.9-20.0 us) and is not compiled.
//   d = 40, 80 keys per tile (Br256 Bc80 6st pp, four consumers: S 40 +
//     P 20 + O 20 registers fit in 112, Bc96 spilled 96 bytes and
//     serialized its wgmma): for a context of at most 80 tokens,
//     attention_wgmma_keys_pick. H200, bench_attention, three runs
//     (bench/results/2026-11-29-h200-attention-768px, job6): 4096 x 77 b2
//     15.2-15.8 us against 15.6-16.8 for Bc64, 9216 x 77 b2 26.0-26.9
//     against 26.9-28.1; at 4096 x 4096 it ties Bc64 (b2 130.6-132.9
//     against 130.6-132.1), which stays first there.
//   d = 128: serial first (ping-pong not timed).
// The other EMU, the LAZY and the SPLIT variants come last: they are
// candidates for the tuner, a SPLIT one only where it splits (see
// attention_candidates), and the heuristic takes the first SPLIT variant of
// its row count only where attention_wgmma_rows_pick asks for that split. Measured on the H100
// (2026-11-23, attention-split): fmaexp2/8 loses at d = 64 (168.4 us) and
// ties at d = 40; lazy loses 8-12% everywhere timed (its warp votes cost
// more than the O rescales they skip); ksplit wins at 1024 x 1024 d80 b1
// (20.2-20.5 vs 21.6 us) and loses at 256 x 256 d160 (15.5-18.3 vs 13.3).
// Bc192 (12 k16 steps of P V per tile, 4096 keys = 21 1/3 tiles) ties at
// d = 64 and loses at d = 40 in bench_attention, but was the tuned pick of
// some unetrun runs (attention-overlap).
// Shared memory: rows of aw_row_bytes (128 * ceil(d / 64), 160 at d = 80):
// (64 NC) Q rows per Q tile and 2 BN STAGES K / V rows (aw_smem_q).
#define AW_VARIANTS(X)                 \
    X(40, 128, 2, 4, 1, 2, 0, 0, 0, 1) \
    X(40, 128, 2, 4, 1, 0, 0, 0, 0, 0) \
    X(40, 128, 2, 4, 1, 1, 0, 0, 0, 1) \
    X(40, 64, 1, 4, 2, 1, 0, 0, 0, 1)  \
    X(64, 128, 2, 4, 1, 2, 0, 1, 0, 0) \
    X(64, 128, 2, 4, 1, 2, 0, 1, 0, 1) \
    X(64, 128, 2, 4, 1, 2, 0, 0, 0, 1) \
    X(64, 128, 2, 4, 1, 0, 0, 0, 0, 0) \
    X(64, 128, 2, 4, 1, 1, 0, 0, 0, 1) \
    X(64, 64, 1, 4, 2, 1, 0, 0, 0, 1)  \
    X(80, 128, 2, 4, 1, 2, 0, 0, 0, 1) \
    X(80, 128, 2, 2, 1, 0, 0, 0, 0, 0) \
    X(80, 128, 2, 2, 1, 1, 0, 0, 0, 1) \
    X(80, 64, 2, 4, 1, 1, 0, 0, 0, 1)  \
    X(80, 64, 1, 2, 1, 1, 0, 0, 0, 1)  \
    X(80, 128, 2, 2, 1, 2, 0, 0, 0, 1) \
    X(80, 64, 2, 4, 1, 2, 0, 0, 0, 1)  \
    X(128, 128, 2, 2, 1, 0, 0, 0, 0, 0) \
    X(128, 128, 2, 2, 1, 1, 0, 0, 0, 1) \
    X(128, 64, 2, 4, 1, 1, 0, 0, 0, 1)  \
    X(128, 64, 1, 3, 1, 1, 0, 0, 0, 1)  \
    X(128, 128, 2, 2, 1, 2, 0, 0, 0, 1) \
    X(128, 64, 2, 4, 1, 2, 0, 0, 0, 1)  \
    X(160, 64, 2, 3, 1, 2, 0, 0, 0, 1)  \
    X(160, 64, 2, 3, 1, 0, 0, 0, 0, 0)  \
    X(160, 64, 2, 3, 1, 1, 0, 0, 0, 1)  \
    X(160, 64, 1, 3, 1, 1, 0, 0, 0, 1)  \
    X(40, 128, 2, 4, 1, 2, 0, 1, 0, 1) \
    X(40, 128, 2, 4, 1, 2, 0, 2, 0, 1) \
    X(40, 128, 2, 4, 1, 2, 0, 1, 0, 0) \
    X(40, 192, 2, 4, 1, 2, 0, 1, 0, 1) \
    X(64, 128, 2, 4, 1, 2, 0, 2, 0, 1) \
    X(64, 192, 2, 4, 1, 2, 0, 1, 0, 1) \
    X(64, 128, 2, 4, 1, 2, 1, 0, 0, 1) \
    X(80, 128, 2, 2, 1, 0, 1, 0, 0, 0) \
    X(80, 64, 2, 4, 1, 2, 1, 0, 0, 1)  \
    X(160, 64, 1, 2, 1, 1, 1, 0, 0, 1) \
    X(160, 64, 2, 2, 1, 2, 1, 0, 0, 1) \
    X(64, 128, 2, 4, 1, 2, 0, 1, 1, 1) \
    X(64, 128, 2, 4, 1, 2, 0, 0, 1, 1) \
    X(40, 128, 2, 4, 1, 2, 0, 2, 1, 1) \
    X(80, 64, 2, 4, 1, 2, 0, 0, 1, 1)  \
    X(40, 128, 3, 4, 1, 2, 0, 0, 0, 1) \
    X(64, 128, 3, 4, 1, 2, 0, 0, 0, 1) \
    X(40, 64, 4, 6, 1, 2, 0, 0, 0, 1)  \
    X(64, 128, 3, 4, 1, 2, 2, 0, 0, 1) \
    X(64, 192, 2, 4, 1, 2, 2, 1, 0, 1) \
    X(64, 128, 2, 4, 1, 2, 2, 1, 0, 1) \
    X(80, 128, 2, 4, 1, 2, 2, 0, 0, 1) \
    X(80, 128, 2, 2, 1, 0, 2, 0, 0, 0) \
    X(80, 80, 2, 4, 1, 2, 0, 0, 0, 1)  \
    X(80, 80, 2, 4, 1, 0, 0, 0, 0, 0)  \
    X(40, 80, 4, 6, 1, 2, 0, 0, 0, 1)

struct AwParams {
    half *o;           // (B, sq, ldo), head h at column h*d
    int ldo, sq, skv, heads;
    int q_tiles;       // ceil(sq / BM)
    int num_items;     // batch * heads * q_tiles
    float scale_log2;  // scale * log2(e)
    float4 *ws;        // stream-K (AW_STREAMK): (G, aw_sk_f4<D>, NC * 128) partials, then G 64-bit flags
};

// Stream-K partial of one consumer thread: its O accumulators (D / 2) as
// float4, then (m0, m1, l0, l1).
template <int D>
__host__ __device__ constexpr int aw_sk_f4() {
    return D / 8 + 1;
}

// A head row of a Q, K or V tile in shared memory: 64-column chunks of 128
// bytes (128-byte swizzle). At d = 80 the 16 columns past the first chunk go
// to a chunk of 32-byte rows (32-byte swizzle, "tail16") instead of a
// second 128-byte chunk that would be three quarters zeros: 160 bytes a row
// instead of 256, so that a Bc128 K/V stage takes 40 KB and four fit beside
// one Q tile (docs/PERF.md, "80 keys per tile for the 77-token context, and
// d = 80 rows in 160 bytes").
template <int D> __host__ __device__ constexpr bool aw_tail16() { return D == 80; }
template <int D> __host__ __device__ constexpr int aw_row_bytes() {
    return aw_tail16<D>() ? D / AW_CHUNK * AW_ROW_BYTES + 32 : (D + AW_CHUNK - 1) / AW_CHUNK * AW_ROW_BYTES;
}
// One K or V tile of BN rows, rounded up to 1024 bytes (the 128-byte
// swizzle's alignment for the tile after it).
template <int D, int BN> __host__ __device__ constexpr int aw_kv_bytes() {
    return (BN * aw_row_bytes<D>() + 1023) / 1024 * 1024;
}
// Shared memory of a kernel with QB Q tiles: [QB] Q, the ring, the barriers.
template <int D, int BN, int NC, int STAGES>
__host__ __device__ constexpr size_t aw_smem_q(int qb) {
    return (size_t)qb * AW_WG_ROWS * NC * aw_row_bytes<D>() + (size_t)2 * STAGES * aw_kv_bytes<D, BN>() +
           AW_SMEM_SLACK;
}
// Q tiles in shared memory. With two, the producer copies the next work
// item's Q while the consumers still read this one's, and runs on into that
// item's K / V tiles; with one it waits at each item's end until the
// consumers have issued their last Q K^T. Measured (H200, docs/PERF.md "The
// tensor pipe beside the MUFU, the d64 key loop without memory, and two Q
// tiles"; bench_attention, same job, two rounds): with two, every d = 40
// kernel 2-6% faster at 4096 tokens (Br256 b2 h8 135.0-136.2 -> 129.9-134.3
// us), the serial ones 5-7%, the three-consumer stream-K one about 2% at
// batch 2 (d64 b2 h8 146.1-146.6 -> 142.8-144.9) and the plain three-consumer
// one within 2% either way; the two-consumer overlapped d = 64 kernels 0-7%
// slower (Br128 Bc192 pp fmaexp1/8 77.7-78.0 -> 83.1-83.3 at b1 h8), so those
// keep one. One also where two do not fit within a CTA's 227 KB (with MINB
// CTAs per SM) and for the key split (one work item per CTA).
template <int D, int BN, int NC, int STAGES, int MINB, int SCHED, int SPLIT>
__host__ __device__ constexpr int aw_qbufs() {
    return SPLIT != AW_KSPLIT && (D == 40 || NC >= 3 || SCHED == AW_SERIAL) &&
                   aw_smem_q<D, BN, NC, STAGES>(2) * MINB <= 227 * 1024
               ? 2
               : 1;
}
template <int D, int BN, int NC, int STAGES, int MINB, int SCHED, int SPLIT>
constexpr size_t aw_smem() {
    return aw_smem_q<D, BN, NC, STAGES>(aw_qbufs<D, BN, NC, STAGES, MINB, SCHED, SPLIT>());
}

#ifdef AW_TRACE
// Timeline probe (build with -DAW_TRACE: build/trace_attention only): lane 0
// of every consumer warp of CTA aw_trace_cta records (event, key tile,
// clock64) at the phase boundaries of the late-pack overlapped loop
// (AwTraceEvent), AW_TRACE_N records per warp in slot w = 4 * consumer +
// warp; the producer's copy issues go to the last slot (so the last warp of
// a fourth consumer is not recorded). The records cost about 16% of the
// kernel's time with a tile mask of 15 (docs/PERF.md).
constexpr int AW_TRACE_WARPS = 16;
constexpr int AW_TRACE_N = 8192;
__device__ unsigned long long aw_trace_buf[AW_TRACE_WARPS * AW_TRACE_N];
__device__ int aw_trace_cta;
// Only key tiles j with (j & aw_trace_mask) == aw_trace_mask >> 1 are
// recorded (0: every tile), so that the probe perturbs few tiles.
__device__ int aw_trace_mask;
__device__ __forceinline__ bool aw_trace_tile(int j, int mask) { return (j & mask) == (mask >> 1); }
// One record: event << 56 | (key tile & 0xff) << 48 | clock64 (48 bits).
__device__ __forceinline__ unsigned long long aw_trace_record(int ev, int j) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;\n" : "=l"(t));
    return (unsigned long long)ev << 56 | (unsigned long long)(j & 0xff) << 48 | (t & 0xffffffffffffull);
}
#endif
#if AW_DEVICE
// setmaxnreg of the producer warpgroup and of each consumer, by consumer
// count: 128 * P + NC * 128 * C <= 65536 registers of the SM (one CTA per SM)
template <int NC> __host__ __device__ constexpr int aw_producer_regs() { return NC == 4 ? 24 : NC == 3 ? 32 : 40; }
template <int NC> __host__ __device__ constexpr int aw_consumer_regs() { return NC == 4 ? 112 : NC == 3 ? 160 : 232; }
constexpr int AW_BAR_TURN = 1;        // named barriers 1 .. NC: the tensor-core turn of consumer 0 .. NC-1
constexpr int AW_BAR_SPLIT = 5;       // named barrier of the key split's consumers (past the turns)

__device__ __forceinline__ float aw_exp2(float x) {  // 2^x, -inf -> +0
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
    return y;
}
// 2^x on the FP32 pipe instead of the MUFU unit (x <= 0, -inf allowed):
// n = round(x) by the 1.5 * 2^23 shift trick, f = x - n in [-0.5, 0.5],
// 2^f by a degree-3 polynomial (Remez fit for the relative error, 7.5e-5 at
// most in FP32, below the FP16 rounding of P), then n added to the
// exponent field. x is clamped at -126 so that the exponent cannot wrap
// (2^-126 instead of 0 for a masked key: 1e-38 next to a row sum >= 1).
// About 8 FP32/integer instructions where ex2.approx is one MUFU op; see
// EMU in the header for why a fraction of the scores goes here.
__device__ __forceinline__ float aw_exp2_fma(float x) {
    x = fmaxf(x, -126.f);
    const float shift = 12582912.f;  // 1.5 * 2^23
    const float t = x + shift;       // round(x) in the low mantissa bits of t
    const float n = t - shift;
    const float f = x - n;
    const float q = fmaf(fmaf(fmaf(0.0551716685f, f, 0.242611125f), f, 0.693260968f), f, 0.999928057f);
    return __uint_as_float(__float_as_uint(q) + (__float_as_uint(t) << 23));
}
// Thread-block cluster (the key split): this CTA's rank, the cluster size,
// a barrier over every thread of the cluster that has not exited (release /
// acquire: shared-memory writes before it are visible to the peers after it).
__device__ __forceinline__ uint32_t aw_cluster_rank() {
    uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
    return r;
}
__device__ __forceinline__ uint32_t aw_cluster_size() {
    uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_nctarank;\n" : "=r"(r));
    return r;
}
__device__ __forceinline__ void aw_cluster_sync() {
    asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n" ::: "memory");
}
// Reads 2 / 1 FP32 at `addr` (a shared-memory address of this CTA's layout) in the shared memory of cluster CTA `rank`.
__device__ __forceinline__ float2 aw_dsmem_ld2(uint32_t addr, uint32_t rank) {
    uint32_t ra;
    float2 v;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(addr), "r"(rank));
    asm volatile("ld.shared::cluster.v2.f32 {%0, %1}, [%2];\n" : "=f"(v.x), "=f"(v.y) : "r"(ra) : "memory");
    return v;
}
__device__ __forceinline__ float aw_dsmem_ld(uint32_t addr, uint32_t rank) {
    uint32_t ra;
    float v;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(addr), "r"(rank));
    asm volatile("ld.shared::cluster.f32 %0, [%1];\n" : "=f"(v) : "r"(ra) : "memory");
    return v;
}

// --- the wgmma shapes this kernel uses ------------------------------------------
// S = Q K^T: wgmma_f16<BN> of wgmma.cuh (both operands K-major in shared memory).

// d (64 x 40, FP32, 20 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 40), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n40(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n40k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23}, %24, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// d (64 x 16, FP32, 8 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 16), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n16(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// d (64 x 64, FP32, 32 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 64), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n64(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// d (64 x 80, FP32, 40 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 80), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n80(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n80k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39}, {%40, %41, %42, %43}, %44, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// d (64 x 128, FP32, 64 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 128), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n128(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

// d (64 x 160, FP32, 80 registers per thread) += A (64 x 16, FP16 fragments in
// registers) * B (16 x 160), B N-major in shared memory (imm-trans-b = 1).
__device__ __forceinline__ void wgmma_rs_n160(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n160k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79}, {%80, %81, %82, %83}, %84, 1, 1, 1, 1;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
#endif
}

template <int BN>
__device__ __forceinline__ void wgmma_qk(float *s, uint64_t da, uint64_t db, int scale_d) {
    wgmma_f16<BN>(s, da, db, scale_d);
}
template <int D>
__device__ __forceinline__ void wgmma_pv(float *o, const uint32_t *a, uint64_t db) {
    if constexpr (D == 40) wgmma_rs_n40(o, a, db);
    else if constexpr (D == 64) wgmma_rs_n64(o, a, db);
    else if constexpr (D == 80) wgmma_rs_n80(o, a, db);
    else if constexpr (D == 128) wgmma_rs_n128(o, a, db);
    else wgmma_rs_n160(o, a, db);
}
#endif  // AW_DEVICE

template <int D, int BN, int NC, int STAGES, int MINB, int SCHED, int SPLIT, int EMU, int LAZY, int PK, int QKS>
__global__ void __launch_bounds__((NC + 1) * 128, MINB)
    attn_wgmma_kernel(const __grid_constant__ CUtensorMap map_q,  // Q (d, heads, sq, B), box 64 x 1 x BM x 1
                      const __grid_constant__ CUtensorMap map_k,  // K (d, heads, skv, B), box 64 x 1 x BN x 1
                      const __grid_constant__ CUtensorMap map_v,  // V likewise
                      const __grid_constant__ CUtensorMap map_q16,  // T16: Q's columns 64..79, box 16 x 1 x BM x 1
                      const __grid_constant__ CUtensorMap map_k16,  // T16: K's, box 16 x 1 x BN x 1
                      const __grid_constant__ CUtensorMap map_v16,  // T16: V's (others: unused)
                      AwParams p) {
#if AW_DEVICE
    constexpr int DC = (D + AW_CHUNK - 1) / AW_CHUNK;  // 64-column chunks of a head row (the last one the tail16 one)
    constexpr bool T16 = aw_tail16<D>();               // d = 80: the last chunk has 16 columns, 32-byte rows
    constexpr int KSTEPS = QKS > 0 ? QKS : (D + 15) / 16;  // k16 steps of Q K^T (d rounded up to 16)
    constexpr int BM = AW_WG_ROWS * NC;                // query rows per work item
    constexpr int Q_CHUNK = BM * AW_ROW_BYTES;         // one 64-column chunk of the Q tile
    constexpr int KV_CHUNK = BN * AW_ROW_BYTES;        // one 64-column chunk of a K or V tile
    constexpr int Q_BYTES = BM * aw_row_bytes<D>();    // DC chunks (T16: the last of BM x 32 bytes)
    constexpr int KV_TX = BN * aw_row_bytes<D>();      // bytes the copies of one K or V tile bring
    constexpr int KV_BYTES = aw_kv_bytes<D, BN>();     // KV_TX rounded up to 1024
    constexpr int STAGE_BYTES = 2 * KV_BYTES;          // K tile then V tile
    static_assert(!T16 || DC == 2, "tail16: one 64-column chunk and the 16-column one");
    constexpr int SR = BN / 2;                         // S accumulators per thread
    constexpr int OR = D / 2;                          // O accumulators per thread
    static_assert(D % 8 == 0 && D <= 256 && (BN == 64 || BN == 80 || BN == 128 || BN == 192), "tile shape");
    static_assert(NC >= 1 && NC <= 4 && (NC < 3 || (PK && SCHED != AW_SERIAL)), "3 or 4 consumers: late-pack overlapped loop only");
    static_assert(BN <= 128 || (PK && SCHED != AW_SERIAL), "Bc 192: overlapped late-pack loop only");
    static_assert(EMU == 0 || (BN >= 128 && (EMU == 1 || EMU == 2 || EMU == 4)), "EMU: 1, 2 or 4 of 8 n16 blocks");
    constexpr int XS = D + 8;  // row stride (floats) of the key split's partial O in shared memory
    static_assert(SPLIT != AW_KSPLIT || (size_t)BM * (XS + 2 + 8) * 4 <= (size_t)STAGES * STAGE_BYTES,
                  "key-split exchange > ring");
    constexpr bool SK = SPLIT == AW_STREAMK;
    static_assert(!SK || (NC >= 2 && MINB == 1), "stream-K: one CTA per SM (the launcher's grid)");
    constexpr int NT = NC * 128;      // consumer threads
    constexpr int PF4 = aw_sk_f4<D>();  // float4 per consumer thread of a stream-K partial

    constexpr int QB = aw_qbufs<D, BN, NC, STAGES, MINB, SCHED, SPLIT>();  // Q tiles: work item tl uses tl % QB

    extern __shared__ unsigned char smem_raw[];
    // sQ:   [QB][DC][BM rows][128 bytes]                  swizzled FP16 (T16: the last chunk's rows 32 bytes)
    // ring: [STAGES][K: DC][BN][128 B | V: DC][BN][128 B]  swizzled FP16 (likewise; K, V each KV_BYTES)
    // then full[STAGES], empty[STAGES], q_full[QB], q_empty[QB], a spare word (hold_wait)
    unsigned char *sQ = smem_align1024(smem_raw);
    unsigned char *ring = sQ + QB * Q_BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(ring + STAGES * STAGE_BYTES);
    uint64_t *empty = full + STAGES;
    uint64_t *q_full = empty + STAGES;
    uint64_t *q_empty = q_full + QB;

    const int wg = threadIdx.x / 128, tid = threadIdx.x % 128;
    if (threadIdx.x == 0) {
        tma_prefetch_map(&map_q);  // kernel parameters: no dependence on the previous kernel
        tma_prefetch_map(&map_k);
        tma_prefetch_map(&map_v);
        if constexpr (T16) {
            tma_prefetch_map(&map_q16);
            tma_prefetch_map(&map_k16);
            tma_prefetch_map(&map_v16);
        }
        for (int s = 0; s < STAGES; s++) {
            mbar_init(&full[s], 1);        // the producer's arrive + the copies' bytes
            mbar_init(&empty[s], NC * 4);  // one arrive per consumer warp
        }
        for (int b = 0; b < QB; b++) {
            mbar_init(&q_full[b], 1);
            mbar_init(&q_empty[b], NC * 4);
        }
        mbar_init_fence();
    }
    __syncthreads();
    pdl_wait();  // Q/K/V come from the previous kernel

    const int nkv = (p.skv + BN - 1) / BN;
    // Key split (AW_KSPLIT): the CTAs of a cluster share one work item; rank
    // r takes key tiles [r * nkv / S, (r + 1) * nkv / S) (the launcher keeps
    // S <= nkv, so every rank has at least one tile, each with a real key).
    const int S = SPLIT == AW_KSPLIT ? (int)aw_cluster_size() : 1;
    const int rank = SPLIT == AW_KSPLIT ? (int)aw_cluster_rank() : 0;
    const int kj0 = rank * nkv / S, knt = (rank + 1) * nkv / S - kj0;  // first key tile, key tiles of this CTA
    const int item0 = blockIdx.x / S, item_step = gridDim.x / S;
    // A CTA's work as segments: (work item, key tiles [ka, kb)). Whole items
    // (and the key split's share of one) one after another; with AW_STREAMK
    // first the W = items / G whole waves (item q + w G in step w, all CTAs
    // on the same heads' keys at once, as without it), then the key tiles
    // [q U / G, (q + 1) U / G) of the U = (items - W G) x nkv units of the
    // items left (streamk.h; unit u: key tile u % nkv of item W G + u / nkv),
    // so that every CTA gets the same number of key tiles. The cursor is the
    // wave w < W, then W + u.
    const int G = gridDim.x, q = blockIdx.x;
    const int W = SK ? p.num_items / G : 0;
    const long long U = (long long)(p.num_items - W * G) * nkv;  // < 2^31 with AW_STREAMK (the launcher's plan)
    // The units go to the first Gs = min(G, U) CTAs only, so that every one
    // of those has at least one (a helper the owner waits for must run a
    // segment); the others end with the whole waves.
    const int Gs = SK ? sk_ctas(G, U) : G;
    const int sk_begin = SK ? (int)(q < Gs ? sk_first(q, Gs, U) : U) : 0;
    const int cur_end = SK ? W + (int)(q < Gs ? sk_first(q + 1, Gs, U) : U) : p.num_items;
    const int cur0 = SK ? (W > 0 ? 0 : W + sk_begin) : item0;
    auto seg_at = [&](int cur) {  // the segment at cursor cur (< cur_end)
        SkSegment sg;
        if (SK && cur >= W) {
            sg = sk_segment32(cur - W, cur_end - W, nkv);
            sg.tile += W * G;
        } else if (SK) {
            sg.tile = q + cur * G, sg.ka = 0, sg.kb = nkv;
        } else {
            sg.tile = cur, sg.ka = kj0, sg.kb = kj0 + knt;
        }
        return sg;
    };
    auto seg_next = [&](int cur, const SkSegment &sg) {
        if (!SK) return cur + item_step;
        if (cur >= W) return cur + (sg.kb - sg.ka);
        return cur + 1 < W ? cur + 1 : W + sk_begin;
    };
    if (wg == 0) {  // producer
        if constexpr (NC >= 2) regs_dealloc<aw_producer_regs<NC>()>();
        if (tid == 0) {
            int it = 0;  // K/V tiles issued so far (ring position)
            int tl = 0;  // work items of this CTA so far
#ifdef AW_TRACE
            int tr_p = 0;  // the timeline probe's records of the producer
#endif
            for (int cur = cur0; cur < cur_end; tl++) {
                const SkSegment sg = seg_at(cur);
                cur = seg_next(cur, sg);
                const int item = sg.tile;
                const int qt = item % p.q_tiles, bh = item / p.q_tiles;
                const int h = bh % p.heads, b = bh / p.heads;
                const int qb = tl % QB, qn = tl / QB;  // Q tile, and its uses so far
                if (qn > 0) mbar_wait(&q_empty[qb], (qn - 1) & 1);  // consumers are past its last Q K^T
                mbar_arrive_expect_tx(&q_full[qb], Q_BYTES);
#pragma unroll
                for (int c = 0; c < DC; c++)
                    tma_load_4d(sQ + qb * Q_BYTES + c * Q_CHUNK, T16 && c == DC - 1 ? &map_q16 : &map_q, &q_full[qb],
                                c * AW_CHUNK, h, qt * BM, b);
                for (int j = sg.ka; j < sg.kb; j++, it++) {
                    const int s = it % STAGES;
                    if (it >= STAGES) mbar_wait(&empty[s], ((it / STAGES) - 1) & 1);
                    unsigned char *st = ring + s * STAGE_BYTES;
                    mbar_arrive_expect_tx(&full[s], 2 * KV_TX);
#pragma unroll
                    for (int c = 0; c < DC; c++)
                        tma_load_4d(st + c * KV_CHUNK, T16 && c == DC - 1 ? &map_k16 : &map_k, &full[s], c * AW_CHUNK,
                                    h, j * BN, b);
#pragma unroll
                    for (int c = 0; c < DC; c++)
                        tma_load_4d(st + KV_BYTES + c * KV_CHUNK, T16 && c == DC - 1 ? &map_v16 : &map_v, &full[s],
                                    c * AW_CHUNK, h, j * BN, b);
#ifdef AW_TRACE
                    if (blockIdx.x == aw_trace_cta && aw_trace_tile(j, aw_trace_mask) && tr_p < AW_TRACE_N)
                        aw_trace_buf[(size_t)(AW_TRACE_WARPS - 1) * AW_TRACE_N + tr_p++] = aw_trace_record(AWT_LOAD, j);
#endif
                }
            }
        }
        if (SPLIT == AW_KSPLIT && S > 1) {  // the consumers' two cluster barriers (one work item per CTA)
            aw_cluster_sync();
            aw_cluster_sync();
        }
        return;
    }

    if constexpr (NC >= 2) regs_alloc<aw_consumer_regs<NC>()>();
    const int cw = wg - 1;  // consumer index: rows cw*64 .. cw*64+63 of the work item
    const int warp = tid / 32, lane = tid % 32;
    const int g = lane / 4, t2 = (lane % 4) * 2;
    const float sl2 = p.scale_log2;
    // Accumulator r of this thread: row 16*warp + g + 8*((r >> 1) & 1), column 8*(r/4) + t2 + (r & 1).
    float sacc[SR];  // S tile (64 x BN) of this warpgroup
    float oacc[OR];  // O (64 x D), unnormalized
#pragma unroll
    for (int i = 0; i < SR; i++) sacc[i] = 0.f;
    const unsigned char *qbase = sQ + cw * AW_WG_ROWS * AW_ROW_BYTES;  // this consumer's rows of Q tile 0
    uint64_t qdesc = 0;  // the descriptor of those rows in the work item's Q tile (warp-uniform)
    // T16: the descriptor of this consumer's rows of Q's 16-column chunk is qdesc + q16_delta: the address moves
    // from its rows in chunk 0 to its rows in the last chunk (32 bytes each), the layout from the 128- to the
    // 32-byte swizzle (field 1 -> 3) and the 8-row group stride from 1024 to 256 bytes (no field borrows)
    const uint64_t q16_delta = (uint64_t)(((DC - 1) * Q_CHUNK - cw * AW_WG_ROWS * (AW_ROW_BYTES - 32)) >> 4) +
                               ((uint64_t)2 << 62) - ((uint64_t)((1024 - 256) >> 4) << 32);
    float m0, m1;  // running max of rows g, g+8 (scaled log2 domain)
    float l0, l1;  // running sums, this lane's columns only
#ifdef AW_TRACE
    int tr_n = 0;
    const bool tr_on = blockIdx.x == aw_trace_cta && lane == 0 && cw * 4 + warp < AW_TRACE_WARPS - 1;
    const int tr_mask = aw_trace_mask;
    unsigned long long *tr = aw_trace_buf + (size_t)(cw * 4 + warp) * AW_TRACE_N;
#endif
    // Timeline probe: records (event, key tile, clock) in trace builds, nothing otherwise.
    auto mark = [&](int ev, int j) {
#ifdef AW_TRACE
        if (tr_on && tr_n < AW_TRACE_N && aw_trace_tile(j, tr_mask)) tr[tr_n++] = aw_trace_record(ev, j);
#else
        (void)ev, (void)j;
#endif
    };

    // Issues S = Q K^T for the K tile in stage s (one commit group).
    auto qk_issue = [&](int s) {
        const unsigned char *sK = ring + s * STAGE_BYTES;
        wg_fence();
#pragma unroll
        for (int ks = 0; ks < KSTEPS; ks++) {
            const int c = ks / 4, k = (ks % 4) * 32;  // chunk, byte offset of the k16 step in a row
            if (T16 && c == DC - 1)  // the 16-column chunk: one k16 step over its 32-byte rows
                wgmma_qk<BN>(sacc, qdesc + q16_delta, desc_sw32(sK + c * KV_CHUNK), ks > 0);
            else
                wgmma_qk<BN>(sacc, qdesc + ((c * Q_CHUNK + k) >> 4), desc_sw128(sK + c * KV_CHUNK + k), ks > 0);
        }
        wg_commit();
    };
    // Issues O += P V for the V tile in stage s (one commit group).
    auto pv_issue = [&](const uint32_t (&pf)[BN / 16][4], int s) {
        const unsigned char *sV = ring + s * STAGE_BYTES + KV_BYTES;
        wg_fence();
#pragma unroll
        for (int kk = 0; kk < BN / 16; kk++) {
            if constexpr (T16) {  // columns 0..63 from the 128-byte chunk, 64..79 from the 32-byte one
                wgmma_rs_n64(oacc, pf[kk], desc_sw128_mn(sV + kk * 2048, KV_CHUNK));
                wgmma_rs_n16(oacc + 32, pf[kk], desc_sw32_mn(sV + KV_CHUNK + kk * 512));
            } else {
                wgmma_pv<D>(oacc, pf[kk], desc_sw128_mn(sV + kk * 2048, KV_CHUNK));
            }
        }
        wg_commit();
    };
    // Online softmax of the S tile of key tile j (its wgmma complete): masks
    // keys past skv, updates m and l, leaves p = 2^(s * scale_log2 - m) in
    // sacc (FP32) and the factor alpha = 2^(m_old - m_new) by which O must
    // still be scaled. pack_p then turns sacc into the FP16 A fragments.
    auto softmax_exp = [&](int j, float &a0, float &a1) {
        if ((j + 1) * BN > p.skv) {  // keys past skv (zero rows in the last tile) score -inf
            const int lim = p.skv - j * BN - t2;
#pragma unroll
            for (int r = 0; r < SR; r++)
                if (8 * (r / 4) + (r & 1) >= lim) sacc[r] = -INFINITY;
        }
        // row maxima as a tree (depth log2(SR / 2) instead of a chain of SR / 4)
        float mx[SR / 2];
#pragma unroll
        for (int r = 0; r < SR; r += 4) {
            mx[r / 2] = fmaxf(sacc[r], sacc[r + 1]);          // row g
            mx[r / 2 + 1] = fmaxf(sacc[r + 2], sacc[r + 3]);  // row g + 8
        }
#pragma unroll
        for (int st = 1; st < SR / 4; st *= 2)  // per row: SR / 4 partial maxima at mx[2i] (g), mx[2i + 1] (g + 8)
#pragma unroll
            for (int i = 0; i + st < SR / 4; i += 2 * st) {
                mx[2 * i] = fmaxf(mx[2 * i], mx[2 * (i + st)]);
                mx[2 * i + 1] = fmaxf(mx[2 * i + 1], mx[2 * (i + st) + 1]);
            }
        float mx0 = mx[0], mx1 = mx[1];
        mx0 = fmaxf(mx0, __shfl_xor_sync(0xffffffffu, mx0, 1));
        mx1 = fmaxf(mx1, __shfl_xor_sync(0xffffffffu, mx1, 1));
        mx0 = fmaxf(mx0, __shfl_xor_sync(0xffffffffu, mx0, 2));
        mx1 = fmaxf(mx1, __shfl_xor_sync(0xffffffffu, mx1, 2));
        float mn0 = fmaxf(m0, mx0 * sl2), mn1 = fmaxf(m1, mx1 * sl2);  // finite: a tile has a real key
        mark(AWT_MAX_DONE, j);
        if constexpr (LAZY) {
            // Lazy rescale: the warp keeps its maxima (so alpha = 1 and O
            // needs no rescale) unless a row's max grew by more than 8 in
            // the log2 domain; the scores then stay <= 2^8 over the kept
            // max (FP16 P <= 256, exact in the end: O / l). Warp-uniform,
            // so the skipped O rescale is a uniform branch. First tile:
            // m = -inf, always moved.
            if (!__any_sync(0xffffffffu, mn0 > m0 + 8.f || mn1 > m1 + 8.f)) mn0 = m0, mn1 = m1;
        }
        if (LAZY && mn0 == m0 && mn1 == m1) {
            a0 = a1 = 1.f;
        } else {
            a0 = aw_exp2(m0 - mn0), a1 = aw_exp2(m1 - mn1);  // first tile: 2^-inf = 0
        }
        m0 = mn0, m1 = mn1;
        float ps0 = 0.f, ps1 = 0.f;
#pragma unroll
        for (int kk = 0; kk < BN / 16; kk++) {
            // EMU of every 8 n16 blocks (spread out) take 2^x on the FP32 pipe
            constexpr int EP = EMU > 0 ? 8 / EMU : 1;
            const bool on_fma = EMU > 0 && kk % EP == EP - 1;
            float *e = sacc + 8 * kk;
#pragma unroll
            for (int i = 0; i < 8; i++) {
                const float x = fmaf(e[i], sl2, (i & 2) ? -mn1 : -mn0);
                e[i] = on_fma ? aw_exp2_fma(x) : aw_exp2(x);
            }
            ps0 += (e[0] + e[1]) + (e[4] + e[5]);
            ps1 += (e[2] + e[3]) + (e[6] + e[7]);
        }
        l0 = l0 * a0 + ps0;
        l1 = l1 * a1 + ps1;
    };
    auto pack_p = [&](uint32_t (&pf)[BN / 16][4]) {
#pragma unroll
        for (int kk = 0; kk < BN / 16; kk++) {
            const float *e = sacc + 8 * kk;
            pf[kk][0] = pack_half2(e[0], e[1]);  // row g,     keys 16kk + t2
            pf[kk][1] = pack_half2(e[2], e[3]);  // row g + 8, keys 16kk + t2
            pf[kk][2] = pack_half2(e[4], e[5]);  // row g,     keys 16kk + 8 + t2
            pf[kk][3] = pack_half2(e[6], e[7]);  // row g + 8, keys 16kk + 8 + t2
        }
    };
    auto softmax = [&](uint32_t (&pf)[BN / 16][4], int j, float &a0, float &a1) {
        softmax_exp(j, a0, a1);
        pack_p(pf);
    };
    auto rescale_o = [&](float a0, float a1) {
        if (LAZY && __all_sync(0xffffffffu, a0 == 1.f && a1 == 1.f)) return;  // the usual case with LAZY
#pragma unroll
        for (int r = 0; r < OR; r++) oacc[r] *= (r & 2) ? a1 : a0;
    };

    // Keeps the next wgmma.wait_group after the code that computed v and w:
    // a shared-memory store of both, predicated off at run time (v is a row
    // sum, never negative; NaN does not store either) into spare words past the
    // mbarriers. Without it ptxas places the wait for P_j V_j at the top of
    // the softmax of tile j+1 (the wait has no data dependence on the
    // softmax, and its scheduler issues it as early as it can), which
    // undoes the in-warpgroup overlap; ptxas does not move a memory
    // operation across the wait, so the store pins it (SASS: the softmax's
    // MUFU.EX2 between WARPGROUP.DEPBAR.LE gsb0, 0x1 and 0x0).
    auto hold_wait = [&](float v, float w) {
        asm volatile(
            "{\n.reg .pred q;\nsetp.lt.f32 q, %0, 0f00000000;\n@q st.shared.v2.f32 [%2], {%0, %1};\n}\n" ::"f"(v),
            "f"(w), "r"(smem_u32addr(q_empty + QB))
            : "memory");
    };

    // Ping-pong (two to four consumers): each issue of wgmma work is a
    // "turn"; a consumer waits for its turn (named barrier AW_BAR_TURN + cw,
    // completed by the previous consumer's arrive) and passes it on to the
    // next (cw + 1 mod NC) as soon as its wgmma are issued, so the tensor
    // cores run the other consumers' products while this one runs its
    // softmax. The last consumer hands consumer 0 the first turn; all take
    // the same number of turns (1 + key tiles per work item), so consumer 0
    // ends by taking the one turn left over.
    constexpr bool PP = SCHED == AW_PINGPONG && NC >= 2;
    auto turn_wait = [&]() {
        if constexpr (PP) asm volatile("bar.sync %0, 256;\n" ::"r"(AW_BAR_TURN + cw) : "memory");
    };
    auto turn_pass = [&]() {
        if constexpr (PP) asm volatile("bar.arrive %0, 256;\n" ::"r"(AW_BAR_TURN + (cw + 1) % NC) : "memory");
    };
    if (cw == NC - 1) turn_pass();

    int it = 0, tl = 0;  // K/V tiles consumed (ring position), work items done
    uint32_t pa[BN / 16][4], pb[BN / 16][4];  // P of the current and the next key tile
    for (int cur = cur0; cur < cur_end; tl++) {
        const SkSegment sg = seg_at(cur);
        cur = seg_next(cur, sg);
        // key tiles [j0, j0 + nt) of the work item. With stream-K the segment
        // comes out of divisions in vector registers; read back through a
        // shuffle from lane 0 it is known warp-uniform, and so are the
        // branches on it after the key loop. Without that (SASS) the key
        // loops that follow compute their ring stage and wgmma descriptors in
        // vector registers, with an R2UR per descriptor (30 more
        // instructions a tile), and the kernels ran 3-12% slower per key tile
        // than their whole-item twins at the same work per CTA.
        const int j0 = SK ? __shfl_sync(0xffffffffu, sg.ka, 0) : sg.ka;
        const int nt = SK ? __shfl_sync(0xffffffffu, sg.kb, 0) - j0 : sg.kb - sg.ka;
#pragma unroll
        for (int i = 0; i < OR; i++) oacc[i] = 0.f;
        m0 = m1 = -INFINITY;
        l0 = l1 = 0.f;
        const int qb = tl % QB;
        // (read back from lane 0: known warp-uniform, the descriptors stay on the uniform datapath)
        qdesc = __shfl_sync(0xffffffffu, desc_sw128(qbase + qb * Q_BYTES), 0);
        mbar_wait(&q_full[qb], (tl / QB) & 1);
        mark(AWT_ITEM, j0);
        if constexpr (SCHED == AW_SERIAL) {
            // Serial: Q K^T, wait, softmax, P V, wait, per key tile.
            for (int j = 0; j < nt; j++, it++) {
                const int s = it % STAGES;
                mbar_wait(&full[s], (it / STAGES) & 1);
                qk_issue(s);
                wg_wait<0>();
                wg_regs_ready<SR>(sacc);
                if (j == nt - 1 && lane == 0) mbar_arrive(&q_empty[qb]);  // Q of this item read for the last time
                float a0, a1;
                softmax(pa, j0 + j, a0, a1);
                rescale_o(a0, a1);
                pv_issue(pa, s);
                wg_wait<0>();
                wg_regs_ready<OR>(oacc);
                if (lane == 0) mbar_arrive(&empty[s]);  // this warp is done with stage s
            }
        } else {
            // Overlapped (FlashAttention-3's in-warpgroup pipelining): step j
            // issues Q K_{j+1}^T and then P_j V_j, waits for the first only
            // (wait_group 1), runs the softmax of tile j+1 while P_j V_j is on
            // the tensor cores, then waits for it and rescales O. P is
            // double-buffered (pa / pb alternate; the loop is unrolled by two
            // so both stay in registers). The last step (P V only) is peeled
            // off so that no wgmma issue sits under a run-time branch: with
            // "issue Q K_{j+1}^T or not" decided at run time inside one step,
            // ptxas cannot tell which group wait_group 1 has completed and
            // serializes every wgmma of the kernel (info C7514: that was the
            // first form of the overlapped variants); peeled, it does not.
            {
                const int s = it % STAGES;
                mark(AWT_TURN_ASK, j0);
                turn_wait();
                mark(AWT_TURN_GOT, j0);
                mbar_wait(&full[s], (it / STAGES) & 1);
                mark(AWT_KV_FULL, j0);
                qk_issue(s);
                turn_pass();
                mark(AWT_ISSUED, j0);
                wg_wait<0>();
                wg_regs_ready<SR>(sacc);
                mark(AWT_QK_DONE, j0);
                if (nt == 1 && lane == 0) mbar_arrive(&q_empty[qb]);
                float a0, a1;
                softmax(pa, j0, a0, a1);  // O is still zero: no rescale
                mark(AWT_TILE_END, j0);
            }
            auto step_more = [&](const uint32_t (&pc)[BN / 16][4], uint32_t (&pn)[BN / 16][4], int j) {
                const int s = it % STAGES, s1 = (it + 1) % STAGES;
                turn_wait();
                mbar_wait(&full[s1], ((it + 1) / STAGES) & 1);
                qk_issue(s1);
                pv_issue(pc, s);
                turn_pass();
                float a0, a1;
                wg_wait<1>();  // Q K_{j+1}^T done, P_j V_j may still run
                wg_regs_ready<SR>(sacc);
                if (j + 2 == nt && lane == 0) mbar_arrive(&q_empty[qb]);
                softmax(pn, j0 + j + 1, a0, a1);
                wg_wait<0>();
                wg_regs_ready<OR>(oacc);
                if (lane == 0) mbar_arrive(&empty[s]);
                it++;
                rescale_o(a0, a1);
            };
            auto step_last = [&](const uint32_t (&pc)[BN / 16][4]) {
                const int s = it % STAGES;
                mark(AWT_TURN_ASK, j0 + nt);
                turn_wait();
                mark(AWT_TURN_GOT, j0 + nt);
                pv_issue(pc, s);
                turn_pass();
                mark(AWT_ISSUED, j0 + nt);
                wg_wait<0>();
                wg_regs_ready<OR>(oacc);
                mark(AWT_PV_DONE, j0 + nt);
                if (lane == 0) mbar_arrive(&empty[s]);
                it++;
            };
            if constexpr (PK) {
                // Late pack (PK): one P buffer. The softmax of tile j+1
                // leaves its exponentials in sacc (FP32) and P is packed
                // only after P_j V_j is complete, so nothing the softmax
                // writes is an operand of a wgmma still in flight. With the
                // double buffer (PK = 0), ptxas gives pa and pb the same
                // registers (it takes the A operand as read at the issue)
                // and then waits for P_j V_j before the softmax starts
                // (WARPGROUP.DEPBAR.LE gsb0, 0x0 ahead of the first row
                // max in the SASS): the softmax does not overlap P_j V_j.
                for (int j = 0; j + 1 < nt; j++) {
                    const int s = it % STAGES, s1 = (it + 1) % STAGES;
                    mark(AWT_TURN_ASK, j0 + j + 1);
                    turn_wait();
                    mark(AWT_TURN_GOT, j0 + j + 1);
                    mbar_wait(&full[s1], ((it + 1) / STAGES) & 1);
                    mark(AWT_KV_FULL, j0 + j + 1);
                    qk_issue(s1);
                    mark(AWT_QK_ISSUED, j0 + j + 1);
                    pv_issue(pa, s);
                    turn_pass();
                    mark(AWT_ISSUED, j0 + j + 1);
                    float a0, a1;
                    wg_wait<1>();  // Q K_{j+1}^T done, P_j V_j may still run
                    wg_regs_ready<SR>(sacc);
                    mark(AWT_QK_DONE, j0 + j + 1);
                    if (j + 2 == nt && lane == 0) mbar_arrive(&q_empty[qb]);
                    softmax_exp(j0 + j + 1, a0, a1);
                    hold_wait(l0, l1);
                    mark(AWT_SOFTMAX_DONE, j0 + j + 1);
                    wg_wait<0>();
                    wg_regs_ready<OR>(oacc);
                    mark(AWT_PV_DONE, j0 + j + 1);
                    if (lane == 0) mbar_arrive(&empty[s]);
                    it++;
                    rescale_o(a0, a1);
                    pack_p(pa);
                    mark(AWT_TILE_END, j0 + j + 1);
                }
                step_last(pa);
            } else {
                for (int j = 0;;) {
                    if (j + 1 == nt) {
                        step_last(pa);
                        break;
                    }
                    step_more(pa, pb, j++);
                    if (j + 1 == nt) {
                        step_last(pb);
                        break;
                    }
                    step_more(pb, pa, j++);
                }
            }
        }

        const int item = sg.tile;
        const int qt = item % p.q_tiles, bh = item / p.q_tiles;
        const int h = bh % p.heads, b = bh / p.heads;
        l0 += __shfl_xor_sync(0xffffffffu, l0, 1);
        l1 += __shfl_xor_sync(0xffffffffu, l1, 1);
        l0 += __shfl_xor_sync(0xffffffffu, l0, 2);
        l1 += __shfl_xor_sync(0xffffffffu, l1, 2);
        const int lrow0 = cw * AW_WG_ROWS + warp * 16 + g;  // row of the work item (0 .. BM-1)
        if (SPLIT == AW_KSPLIT && S > 1) {
            // Key split: every rank leaves its unnormalized O, m and l in
            // its own shared memory (the ring: this CTA has one work item
            // and every copy into the ring has landed), the cluster syncs,
            // and rank r combines rows [r BM / S, (r + 1) BM / S) from all
            // ranks in rank order 0 .. S-1 (deterministic, no atomics):
            //   M = max_s m_s, w_s = 2^(m_s - M), O = sum_s w_s O_s / sum_s w_s l_s.
            float *xo = reinterpret_cast<float *>(ring);  // [BM][XS] partial O
            float *xm = xo + BM * XS;                      // [BM] m (scaled log2 domain)
            float *xl = xm + BM;                           // [BM] l
            asm volatile("bar.sync %0, %1;\n" ::"r"(AW_BAR_SPLIT), "r"(NC * 128) : "memory");  // ring reads done
#pragma unroll
            for (int r = 0; r < OR; r += 4) {
                const int c = 8 * (r / 4) + t2;
                *reinterpret_cast<float2 *>(xo + lrow0 * XS + c) = make_float2(oacc[r], oacc[r + 1]);
                *reinterpret_cast<float2 *>(xo + (lrow0 + 8) * XS + c) = make_float2(oacc[r + 2], oacc[r + 3]);
            }
            if (t2 == 0) {
                xm[lrow0] = m0, xl[lrow0] = l0;
                xm[lrow0 + 8] = m1, xl[lrow0 + 8] = l1;
            }
            aw_cluster_sync();
            const int rows = BM / S, r0 = rank * rows;  // S is 2, 4 or 8: divides BM
            const int ct = cw * 128 + tid;               // consumer thread 0 .. NC*128-1
            const uint32_t xo_a = smem_u32addr(xo), xm_a = smem_u32addr(xm), xl_a = smem_u32addr(xl);
            // weights of this rank's rows: xw[q][row] = 2^(m_q - M) / sum_s 2^(m_s - M) l_s,
            // in this CTA's own shared memory (past its m and l)
            float *xw = xl + BM;
            for (int t = ct; t < rows; t += NC * 128) {
                const int row = r0 + t;
                float ms[8], ls[8], mx = -INFINITY, L = 0.f;
#pragma unroll
                for (int q = 0; q < 8; q++)
                    if (q < S) {
                        ms[q] = aw_dsmem_ld(xm_a + 4 * row, q), ls[q] = aw_dsmem_ld(xl_a + 4 * row, q);
                        mx = fmaxf(mx, ms[q]);
                    }
#pragma unroll
                for (int q = 0; q < 8; q++)
                    if (q < S) ms[q] = aw_exp2(ms[q] - mx), L = fmaf(ms[q], ls[q], L);
                const float inv = 1.0f / L;
#pragma unroll
                for (int q = 0; q < 8; q++)
                    if (q < S) xw[q * rows + t] = ms[q] * inv;
            }
            asm volatile("bar.sync %0, %1;\n" ::"r"(AW_BAR_SPLIT), "r"(NC * 128) : "memory");
#pragma unroll 2
            for (int e = ct; e < rows * (D / 2); e += NC * 128) {
                const int t = e / (D / 2), c = 2 * (e % (D / 2));
                const int row = r0 + t, grow = qt * BM + row;
                float2 v[8];
#pragma unroll
                for (int q = 0; q < 8; q++)
                    if (q < S) v[q] = aw_dsmem_ld2(xo_a + 4 * (row * XS + c), q);
                float o0 = 0.f, o1 = 0.f;
#pragma unroll
                for (int q = 0; q < 8; q++)
                    if (q < S) {
                        const float w = xw[q * rows + t];
                        o0 = fmaf(w, v[q].x, o0);
                        o1 = fmaf(w, v[q].y, o1);
                    }
                if (grow < p.sq)
                    *reinterpret_cast<__half2 *>(p.o + ((size_t)b * p.sq + grow) * p.ldo + (size_t)h * D + c) =
                        __floats2half2_rn(o0, o1);
            }
            aw_cluster_sync();  // no CTA leaves while a peer still reads its shared memory
            continue;
        }

        if constexpr (SK) {
            // Stream-K: a segment that starts inside its item (the first of
            // this CTA) is a partial: O (unnormalized), m and l go to slot
            // q, float4 j of consumer thread ct at (j, ct) (coalesced), and
            // the flag is released. A segment that starts at key tile 0 and
            // ends inside owns the item: it folds in the partials of its
            // helpers (the CTAs after it whose first key tile lies inside the
            // item, each of which ran that segment first), in CTA order, as
            // the key split does: M = max m, O = sum 2^(m_s - M) O_s, l likewise.
            const int ct = cw * 128 + tid;
            // the G flags past the G partials
            auto sk_flags = [&]() { return reinterpret_cast<unsigned long long *>(p.ws + (size_t)G * PF4 * NT); };
            if (j0 > 0) {
                float4 *dst = p.ws + (size_t)q * PF4 * NT + ct;
#pragma unroll
                for (int j = 0; j < OR / 4; j++)
                    dst[j * NT] = make_float4(oacc[4 * j], oacc[4 * j + 1], oacc[4 * j + 2], oacc[4 * j + 3]);
                dst[(OR / 4) * NT] = make_float4(m0, m1, l0, l1);
                __threadfence();
                asm volatile("bar.sync %0, %1;\n" ::"r"(AW_BAR_SPLIT), "r"(NT) : "memory");
                if (ct == 0) st_release_u64(sk_flags() + q, sk_flag_value(p.o, q));
                continue;
            }
            if (j0 + nt < nkv) {
                unsigned long long *flags = sk_flags();
                int h_last = q;
                for (int hq = q + 1; sk_is_helper(hq, Gs, U, item - W * G, nkv); hq++) {
                    const unsigned long long want = sk_flag_value(p.o, hq);
                    // a convergent spin: the warp leaves it together
                    while (!__all_sync(0xffffffffu, ld_acquire_u64(&flags[hq]) == want)) {
                    }
                    const float4 *src = p.ws + (size_t)hq * PF4 * NT + ct;
                    const float4 st = __ldcg(src + (OR / 4) * NT);  // m0, m1, l0, l1 of the helper
                    const float mm0 = fmaxf(m0, st.x), mm1 = fmaxf(m1, st.y);
                    const float a0 = aw_exp2(m0 - mm0), a1 = aw_exp2(m1 - mm1);
                    const float b0 = aw_exp2(st.x - mm0), b1 = aw_exp2(st.y - mm1);
#pragma unroll
                    for (int j = 0; j < OR / 4; j++) {
                        const float4 v = __ldcg(src + j * NT);
                        oacc[4 * j] = oacc[4 * j] * a0 + v.x * b0;
                        oacc[4 * j + 1] = oacc[4 * j + 1] * a0 + v.y * b0;
                        oacc[4 * j + 2] = oacc[4 * j + 2] * a1 + v.z * b1;
                        oacc[4 * j + 3] = oacc[4 * j + 3] * a1 + v.w * b1;
                    }
                    l0 = l0 * a0 + st.z * b0;
                    l1 = l1 * a1 + st.w * b1;
                    m0 = mm0, m1 = mm1;
                    h_last = hq;
                }
                // every consumer thread has seen every flag: clear them (a replay waits for fresh ones)
                asm volatile("bar.sync %0, %1;\n" ::"r"(AW_BAR_SPLIT), "r"(NT) : "memory");
                if (ct == 0)
                    for (int hq = q + 1; hq <= h_last; hq++) flags[hq] = 0ull;
            }
        }

        // normalize and store rows g, g + 8 of this warp
        const float inv0 = 1.0f / l0, inv1 = 1.0f / l1;
        const int row0 = qt * BM + lrow0;
        half *dst0 = p.o + ((size_t)b * p.sq + row0) * p.ldo + (size_t)h * D + t2;
        half *dst1 = dst0 + (size_t)8 * p.ldo;
        if (row0 < p.sq) {
#pragma unroll
            for (int r = 0; r < OR; r += 4)
                *reinterpret_cast<__half2 *>(dst0 + 2 * r) = __floats2half2_rn(oacc[r] * inv0, oacc[r + 1] * inv0);
        }
        if (row0 + 8 < p.sq) {
#pragma unroll
            for (int r = 0; r < OR; r += 4)
                *reinterpret_cast<__half2 *>(dst1 + 2 * r) =
                    __floats2half2_rn(oacc[r + 2] * inv1, oacc[r + 3] * inv1);
        }
        mark(AWT_ITEM_END, j0 + nt);
    }
    if (cw == 0) turn_wait();  // the turn consumer NC-1 passed last
#endif
}

// --- host side ------------------------------------------------------------------

// One role (Q, K or V) of the strided layout as a rank-4 tensor
// (d, heads, rows, batch): element (e, h, r, b) at base[(b*rows + r)*ld + h*d + e].
// Boxes of box_cols columns x box_rows rows of one (head, batch): 64 columns
// with the 128-byte swizzle, or 16 with the 32-byte one (aw_tail16); elements outside (columns past d, rows past `rows`) read as zero.
// The last 24 encodings are kept (keyed by every argument): a node launched
// again on the same buffers (timing loops, graph capture) skips the driver's
// encoder, host time that an eager launch of a small shape waits for.
cudaError_t aw_make_map(CUtensorMap *map, const half *base, int d, int heads, int rows, int batch, int ld,
                        int box_rows, int box_cols) {
    struct Key {
        const half *base;
        int d, heads, rows, batch, ld, box_rows, box_cols;
    };
    struct Entry {
        Key key;
        CUtensorMap map;
        bool used;
    };
    static Entry cache[24];
    static int next = 0;
    Key key;
    memset(&key, 0, sizeof key);  // padding bytes too: keys are compared with memcmp
    key.base = base, key.d = d, key.heads = heads, key.rows = rows, key.batch = batch, key.ld = ld;
    key.box_rows = box_rows, key.box_cols = box_cols;
    for (Entry &e : cache)
        if (e.used && memcmp(&e.key, &key, sizeof key) == 0) {
            *map = e.map;
            return cudaSuccess;
        }
    EncodeTiledFn enc = tensor_map_encoder();
    if (!enc) return cudaErrorNotSupported;
    const cuuint64_t dims[4] = {(cuuint64_t)d, (cuuint64_t)heads, (cuuint64_t)rows, (cuuint64_t)batch};
    const cuuint64_t strides[3] = {(cuuint64_t)d * sizeof(half), (cuuint64_t)ld * sizeof(half),
                                   (cuuint64_t)rows * ld * sizeof(half)};
    const cuuint32_t box[4] = {(cuuint32_t)box_cols, 1, (cuuint32_t)box_rows, 1};
    const cuuint32_t elem[4] = {1, 1, 1, 1};
    CUresult r = enc(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, const_cast<half *>(base), dims, strides, box, elem,
                     CU_TENSOR_MAP_INTERLEAVE_NONE, box_cols == 16 ? CU_TENSOR_MAP_SWIZZLE_32B : CU_TENSOR_MAP_SWIZZLE_128B,
                     CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                     CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) return cudaErrorInvalidValue;
    Entry &e = cache[next];
    next = (next + 1) % (int)(sizeof cache / sizeof cache[0]);
    e.key = key, e.map = *map, e.used = true;
    return cudaSuccess;
}

int aw_num_sms() { return hopper_num_sms(); }

// Kernel + launch geometry of one variant for shape s: the work items, the
// key split (CTAs per work item, 1 without SPLIT) and the grid.
struct AwPlan {
    int q_tiles, items, split, grid;
    bool streamk;  // AW_STREAMK and the work does not fill whole waves (and has key tiles to share)
};

template <int D, int BN, int NC, int STAGES, int MINB, int SCHED, int SPLIT, int EMU, int LAZY, int PK, int QKS>
struct AwKernel {
    static constexpr size_t smem = aw_smem<D, BN, NC, STAGES, MINB, SCHED, SPLIT>();
    static constexpr int threads = (NC + 1) * 128;
    static constexpr int BM = AW_WG_ROWS * NC;
    static constexpr auto kern = attn_wgmma_kernel<D, BN, NC, STAGES, MINB, SCHED, SPLIT, EMU, LAZY, PK, QKS>;

    // Sets the shared-memory attribute once; resident CTAs per SM (0 on error).
    static int per_sm() {
        static int n = 0;
        if (n == 0) {
            if (cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess ||
                cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kern, threads, smem) != cudaSuccess) {
                (void)cudaGetLastError();
                return 0;
            }
            if (n < 1) n = 1;
        }
        return n;
    }
    // Clusters of `ways` CTAs that can be resident at once (0 if none or unknown).
    static int max_clusters(int ways) {
        static int cache[9];  // by ways (2, 4, 8); -1 = not asked yet
        static bool init = false;
        if (!init) {
            for (int &c : cache) c = -1;
            init = true;
        }
        if (cache[ways] >= 0) return cache[ways];
        int n = 0;
        cudaLaunchConfig_t cfg = {};
        cfg.gridDim = dim3(ways * aw_num_sms());
        cfg.blockDim = dim3(threads);
        cfg.dynamicSmemBytes = smem;
        cudaLaunchAttribute attr[1];
        attr[0].id = cudaLaunchAttributeClusterDimension;
        attr[0].val.clusterDim.x = ways, attr[0].val.clusterDim.y = 1, attr[0].val.clusterDim.z = 1;
        cfg.attrs = attr;
        cfg.numAttrs = 1;
        if (per_sm() == 0 || cudaOccupancyMaxActiveClusters(&n, kern, &cfg) != cudaSuccess) {
            (void)cudaGetLastError();
            n = 0;
        }
        cache[ways] = n;
        return n;
    }
    // Work items, key split and grid for shape s.
    static bool plan(const AttnShape *s, AwPlan *pl) {
        const int ps = per_sm();
        if (ps == 0) return false;
        pl->q_tiles = (s->sq + BM - 1) / BM;
        const long long items = (long long)s->batch * s->heads * pl->q_tiles;
        if (items > 0x7fffffffLL / 8) return false;
        pl->items = (int)items;
        pl->split = 1;
        const long long slots = (long long)aw_num_sms() * ps;
        pl->grid = (int)(items < slots ? items : slots);
        pl->streamk = false;
        if (SPLIT == AW_STREAMK) {
            // one CTA per SM over all items x nkv key tiles
            const long long nkv = (s->skv + BN - 1) / BN, u = items * nkv, g = aw_num_sms();
            if (u > 0x7fffffffLL) return false;  // the kernel's cursors are int
            pl->grid = (int)(u < g ? u : g);
            pl->streamk = nkv >= 2 && items % g != 0;
        }
        if (SPLIT == AW_KSPLIT) {
            // The most CTAs per work item (8, 4 or 2) such that every one
            // has a key tile and all clusters are resident at once; one
            // work item per CTA (the partials reuse the K/V ring).
            const int nkv = (s->skv + BN - 1) / BN;
            for (int w = 8; w >= 2; w /= 2)
                if (w <= nkv && BM % w == 0 && pl->items <= max_clusters(w)) {
                    pl->split = w;
                    break;
                }
            pl->grid = pl->items * pl->split;
        }
        return true;
    }
    // Workspace bytes at shape s: the stream-K partials (PF4 float4 per
    // consumer thread per CTA) and flags; 0 for the other variants.
    static size_t ws_bytes(const AttnShape *s) {
        AwPlan pl;
        if (SPLIT != AW_STREAMK || !plan(s, &pl)) return 0;
        return (size_t)pl.grid * ((size_t)aw_sk_f4<D>() * NC * 128 * sizeof(float4) + sizeof(unsigned long long));
    }
    static cudaError_t launch(const AttnShape *s, const half *q, const half *k, const half *v, half *o,
                              float scale_log2, void *ws, cudaStream_t stream) {
        AwPlan pl;
        if (!plan(s, &pl)) return cudaErrorInvalidValue;
        if (SPLIT == AW_STREAMK && (!ws || ((uintptr_t)ws & 15))) return cudaErrorInvalidValue;
        CUtensorMap mq, mk, mv, mq16, mk16, mv16;  // the last three: the 16-column chunk (aw_tail16)
        cudaError_t e = aw_make_map(&mq, q, D, s->heads, s->sq, s->batch, s->ldq, BM, AW_CHUNK);
        if (e == cudaSuccess) e = aw_make_map(&mk, k, D, s->heads, s->skv, s->batch, s->ldkv, BN, AW_CHUNK);
        if (e == cudaSuccess) e = aw_make_map(&mv, v, D, s->heads, s->skv, s->batch, s->ldkv, BN, AW_CHUNK);
        if (e != cudaSuccess) return e;
        if (aw_tail16<D>()) {
            e = aw_make_map(&mq16, q, D, s->heads, s->sq, s->batch, s->ldq, BM, 16);
            if (e == cudaSuccess) e = aw_make_map(&mk16, k, D, s->heads, s->skv, s->batch, s->ldkv, BN, 16);
            if (e == cudaSuccess) e = aw_make_map(&mv16, v, D, s->heads, s->skv, s->batch, s->ldkv, BN, 16);
            if (e != cudaSuccess) return e;
        } else {
            mq16 = mq, mk16 = mk, mv16 = mv;
        }
        AwParams p;
        p.o = o;
        p.ldo = s->ldo;
        p.sq = s->sq;
        p.skv = s->skv;
        p.heads = s->heads;
        p.q_tiles = pl.q_tiles;
        p.num_items = pl.items;
        p.scale_log2 = scale_log2;
        p.ws = static_cast<float4 *>(ws);
        if (pl.split == 1)
            return pdl_launch(kern, dim3(pl.grid), dim3(threads), smem, stream, mq, mk, mv, mq16, mk16, mv16, p);
        cudaLaunchConfig_t cfg = {};
        cfg.gridDim = dim3(pl.grid);
        cfg.blockDim = dim3(threads);
        cfg.dynamicSmemBytes = smem;
        cfg.stream = stream;
        cudaLaunchAttribute attr[2];
        attr[0].id = cudaLaunchAttributeClusterDimension;
        attr[0].val.clusterDim.x = pl.split, attr[0].val.clusterDim.y = 1, attr[0].val.clusterDim.z = 1;
        attr[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attr[1].val.programmaticStreamSerializationAllowed = 1;
        cfg.attrs = attr;
        cfg.numAttrs = g_pdl_enabled ? 2 : 1;
        return cudaLaunchKernelEx(&cfg, kern, mq, mk, mv, mq16, mk16, mv16, p);
    }
    static int split_ways(const AttnShape *s) {
        AwPlan pl;
        if (!plan(s, &pl)) return 1;
        return SPLIT == AW_STREAMK ? (pl.streamk ? 2 : 1) : pl.split;
    }
};

typedef cudaError_t (*AwLaunchFn)(const AttnShape *, const half *, const half *, const half *, half *, float,
                                  void *, cudaStream_t);
typedef int (*AwSplitFn)(const AttnShape *);
typedef size_t (*AwWsFn)(const AttnShape *);
struct AwVariant {
    int d, bn, nc, stages, sched, split, emu, lazy, pk;
    AwLaunchFn launch;
    AwSplitFn split_ways;
    AwWsFn ws_bytes;
};
#define AW_KERNEL(d, bn, nc, st, minb, sched, split, emu, lazy, pk) AwKernel<d, bn, nc, st, minb, sched, split, emu, lazy, pk, 0>
#define AW_ENTRY(d, bn, nc, st, minb, sched, split, emu, lazy, pk)                                \
    {d, bn, nc, st, sched, split, emu, lazy, pk, &AW_KERNEL(d, bn, nc, st, minb, sched, split, emu, lazy, pk)::launch, \
     &AW_KERNEL(d, bn, nc, st, minb, sched, split, emu, lazy, pk)::split_ways,                    \
     &AW_KERNEL(d, bn, nc, st, minb, sched, split, emu, lazy, pk)::ws_bytes},
const AwVariant kAwVariants[] = {AW_VARIANTS(AW_ENTRY)};
constexpr int kNumAwVariants = sizeof(kAwVariants) / sizeof(kAwVariants[0]);

// Timing probes (not offered to the dispatcher): the d = 40 serial and pp
// kernels with Q K^T cut from 3 to 2 k16 steps, i.e. the Q K^T tensor work
// of d = 32; their output is wrong by design and never checked.
struct AwProbe {
    const char *name;
    AwLaunchFn launch;
};
const AwProbe kAwProbes[] = {
    {"probe d40 wgmma Br128 Bc128 4st, QK^T 2 k16 steps", &AwKernel<40, 128, 2, 4, 1, AW_SERIAL, 0, 0, 0, 0, 2>::launch},
    {"probe d40 wgmma Br128 Bc128 4st pp, QK^T 2 k16 steps",
     &AwKernel<40, 128, 2, 4, 1, AW_PINGPONG, 0, 0, 0, 1, 2>::launch},
};

// Global index of the i-th variant for head dim d, or -1.
int aw_index(int d, int i) {
    if (i < 0) return -1;
    for (int g = 0; g < kNumAwVariants; g++)
        if (kAwVariants[g].d == d && i-- == 0) return g;
    return -1;
}

char g_aw_names[kNumAwVariants][80];
bool g_aw_names_ready = false;

}  // namespace

int attention_wgmma_usable(void) {
#if defined(ATTENTION_WGMMA_SM90A)
    return hopper_tma_device() && kernels_engine() == KERNEL_ENGINE_AUTO;  // --engine portable: mma.sync only
#else
    return 0;
#endif
}

int attention_wgmma_num_variants(int d) {
    int n = 0;
    for (int g = 0; g < kNumAwVariants; g++) n += kAwVariants[g].d == d;
    return n;
}

// "flash d64 wgmma Br128 Bc128 4st pp": query rows per CTA, keys per tile, ring
// stages, schedule (none: serial, ovl: overlapped, pp: overlapped + ping-pong),
// then " fmaexpN/8" (N of every 8 n16 score blocks take 2^x on the FP32 pipe),
// " lazy" (the running max is moved only when it grows by more than 2^8) and
// " ksplit" (keys split over a cluster of CTAs).
const char *attention_wgmma_name(int d, int i) {
    if (!g_aw_names_ready) {
        for (int g = 0; g < kNumAwVariants; g++) {
            const AwVariant &v = kAwVariants[g];
            char emu[16] = "";
            if (v.emu) snprintf(emu, sizeof emu, " fmaexp%d/8", v.emu);
            snprintf(g_aw_names[g], sizeof g_aw_names[g], "flash d%d wgmma Br%d Bc%d %dst%s%s%s%s%s", v.d,
                     AW_WG_ROWS * v.nc, v.bn, v.stages,
                     v.sched == AW_PINGPONG ? " pp" : (v.sched == AW_OVERLAP ? " ovl" : ""), emu,
                     v.lazy ? " lazy" : "", v.split == AW_KSPLIT ? " ksplit" : (v.split == AW_STREAMK ? " sk" : ""), v.sched != AW_SERIAL && !v.pk ? " pbuf2" : "");
        }
        g_aw_names_ready = true;
    }
    int g = aw_index(d, i);
    return g < 0 ? "?" : g_aw_names[g];
}

int attention_wgmma_rows(int d, int i) {
    int g = aw_index(d, i);
    return g < 0 ? 0 : AW_WG_ROWS * kAwVariants[g].nc;
}

int attention_wgmma_streamk(int d, int i) {
    int g = aw_index(d, i);
    return g >= 0 && kAwVariants[g].split == AW_STREAMK;
}

int attention_wgmma_ksplit(int d, int i) {
    int g = aw_index(d, i);
    return g >= 0 && kAwVariants[g].split == AW_KSPLIT;
}

int attention_wgmma_keys(int d, int i) {
    int g = aw_index(d, i);
    return g < 0 ? 0 : kAwVariants[g].bn;
}

int attention_wgmma_split_ways(int i, const AttnShape *s) {
    int g = aw_index(s->d, i);
    if (g < 0 || !kAwVariants[g].split || !attention_wgmma_usable()) return 0;
    return kAwVariants[g].split_ways(s);
}

cudaError_t attention_wgmma_launch(int i, const AttnShape *s, const uint16_t *q, const uint16_t *k,
                                   const uint16_t *v, uint16_t *o, float scale_log2, void *workspace,
                                   cudaStream_t stream) {
    int g = aw_index(s->d, i);
    if (g < 0 || !attention_wgmma_usable()) return cudaErrorInvalidValue;
    return kAwVariants[g].launch(s, reinterpret_cast<const half *>(q), reinterpret_cast<const half *>(k),
                                 reinterpret_cast<const half *>(v), reinterpret_cast<half *>(o), scale_log2, workspace,
                                 stream);
}

size_t attention_wgmma_workspace_bytes(const AttnShape *s) {
    size_t m = 0;
    if (!attention_wgmma_usable()) return 0;
    for (int g = 0; g < kNumAwVariants; g++)
        if (kAwVariants[g].d == s->d) {
            const size_t b = kAwVariants[g].ws_bytes(s);
            if (b > m) m = b;
        }
    return m;
}

int attention_wgmma_num_probes(void) { return attention_wgmma_usable() ? (int)(sizeof kAwProbes / sizeof kAwProbes[0]) : 0; }

const char *attention_wgmma_probe_name(int i) {
    return i >= 0 && i < (int)(sizeof kAwProbes / sizeof kAwProbes[0]) ? kAwProbes[i].name : "?";
}

cudaError_t attention_wgmma_probe_launch(int i, const AttnShape *s, const uint16_t *q, const uint16_t *k,
                                         const uint16_t *v, uint16_t *o, float scale_log2, cudaStream_t stream) {
    if (i < 0 || i >= attention_wgmma_num_probes() || s->d != 40 || !attention_wgmma_usable())
        return cudaErrorInvalidValue;
    return kAwProbes[i].launch(s, reinterpret_cast<const half *>(q), reinterpret_cast<const half *>(k),
                               reinterpret_cast<const half *>(v), reinterpret_cast<half *>(o), scale_log2, nullptr,
                               stream);
}

// Timeline probe (-DAW_TRACE builds: build/trace_attention). Clears the
// record buffer and selects the CTA to record; reads it back: AW_TRACE_WARPS
// x AW_TRACE_N records, (event << 56 | key tile & 0xff << 48 | clock64),
// zero past the last record of a warp. -1 in a build without the probe.
extern "C" const char *attention_wgmma_trace_event(int ev) {
    static const char *const names[AWT_NUM] = {"item",    "turn_ask", "turn_got", "kv_full",  "qk_issued", "issued",
                                               "qk_done", "max_done", "sm_done",  "pv_done",  "tile_end",  "item_end",
                                               "load"};
    return ev >= 0 && ev < AWT_NUM ? names[ev] : "?";
}
extern "C" int attention_wgmma_trace_reset(int cta, int mask) {
#ifdef AW_TRACE
    void *buf = nullptr;
    cudaError_t e = cudaGetSymbolAddress(&buf, aw_trace_buf);
    if (e == cudaSuccess) e = cudaMemset(buf, 0, sizeof(unsigned long long) * AW_TRACE_WARPS * AW_TRACE_N);
    if (e == cudaSuccess) e = cudaMemcpyToSymbol(aw_trace_cta, &cta, sizeof cta);
    if (e == cudaSuccess) e = cudaMemcpyToSymbol(aw_trace_mask, &mask, sizeof mask);
    return e == cudaSuccess ? 0 : -2;
#else
    (void)cta, (void)mask;
    return -1;
#endif
}
extern "C" int attention_wgmma_trace_read(unsigned long long *dst, int warps, int per_warp) {
#ifdef AW_TRACE
    if (warps != AW_TRACE_WARPS || per_warp != AW_TRACE_N) return -3;
    return cudaMemcpyFromSymbol(dst, aw_trace_buf, sizeof(unsigned long long) * AW_TRACE_WARPS * AW_TRACE_N) ==
                   cudaSuccess
               ? 0
               : -2;
#else
    (void)dst, (void)warps, (void)per_warp;
    return -1;
#endif
}
