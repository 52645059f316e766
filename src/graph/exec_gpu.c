// exec_gpu.c: the GPU executor.
//
// run_gpu is a list of stages, each a function below that takes the stream
// it orders its work on (one non-blocking stream for the whole run; the CUDA
// graph forks a side stream from it):
//   gpu_begin        device description, stream, timing events, PDL switch;
//   (weights)        graph_init_weights: cuRAND or checkpoint, default stream;
//   arena_alloc      one activation arena at the offsets of graph_arena_plan
//                    (blocks.c): FP16 fast tensors, FP32 reference tensors,
//                    FP32 scratch, split-K and GroupNorm workspaces;
//   stage_inputs     inputs x, temb, context: N(0,1) or --input values,
//                    rounded to FP16; the reference chain starts from the same
//                    rounded values, so chain error measures the fast path,
//                    not input quantization;
//   choose_kernels   fast tensors poisoned; per node, in chain order:
//                    tile/split-K, INT8 GEMM tile or attention variant
//                    (keep_fastest over the timed candidates, or the
//                    heuristic); with tuning, then the conv/GEMM
//                    alternatives tried in the block's graph replay
//                    (refine_in_context);
//   first_run        every non-input buffer poisoned (FP16 and FP32 NaN), one
//                    fast chain run;
//   reference_chain  the FP32 reference chain, on the GPU or (--ref cpu) host;
//   compare_nodes    per node: layer error (node_reference: the node's FP32
//                    reference fed the fast path's own inputs) and chain error
//                    (fast vs FP32 chain); INT8 GEMM nodes also run the FP16
//                    GEMM on the same inputs (fp16_err);
//   time_nodes       per-node timing with CUDA events (warm-up, iterations; one-node graph replays or eager);
//   baseline_run     --vs cudnn (src/baseline/), its references from
//                    node_reference / chain_reference;
//   replay_graph     block latency: the fast chain captured in one CUDA graph
//                    (side nodes on a parallel branch), replayed, checked
//                    bitwise against first_run.
#include <limits.h>
#include <math.h>
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../kernels/kernels.h"
#include "../../weights/random.h"
#include "../../common/common.h"
#include "../layers/attention.h"
#include "graph.h"
#include "../baseline/baseline.h"

typedef struct {
    float *s_in, *s_aux, *s_res, *s_out;  // FP32 scratch, maxt elements each
    float *s_in2, *s_view;                // FP32 scratch: the second input, a concatenated/upsampled view
    float *s_tmp;                         // FP32 scratch, 2 * maxt (GEGLU's 8C-wide projection)
    float *scores;                        // attention reference scores, sq * skv
    float *gemm_ws;                       // split-K partials (convs and GEMMs) of the main chain
    float *side_ws;                       // split-K partials of side-branch GEMMs (run concurrently)
    uint16_t *attn_pad;                   // padded Q, K, V, O (attention at a head dim without a kernel)
    int8_t *i8_qa, *i8_side_qa;           // (M, K) A quantized per row (--int8-scales row), main chain / side branch
    float *i8_sa, *i8_side_sa;            // (M) its scales, or (M, G) group scales (--int8-scales group)
} Scratch;

// The shape the attention kernel runs for node n: n->attn, or at the padded
// head dim (Node.attn_dpad) over the packed (B, S, heads x dpad) buffers.
static AttnShape kernel_attn_shape(const Node *n) { return attention_shape_at_head_dim(&n->attn, n->attn_dpad); }

// Attention at a head dim the kernels lack: Q, K, V zero-padded per head to
// attn_dpad (the scores do not change; scale stays 1/sqrt(d)), the kernel at
// the padded width, the first d columns of each output head kept.
static void attention_padded(Graph *g, const Node *n, const Scratch *sc, cudaStream_t st) {
    const AttnShape *a = &n->attn;
    const AttnShape s = kernel_attn_shape(n);
    const int H = a->heads, d = a->d, dp = s.d;
    const size_t rq = (size_t)a->batch * a->sq, rk = (size_t)a->batch * a->skv;
    uint16_t *qp = sc->attn_pad, *kp = qp + rq * H * dp, *vp = kp + rk * H * dp, *op = vp + rk * H * dp;
    const uint16_t *q = g->t[n->in].d16 + n->q_col, *kv = g->t[n->aux >= 0 ? n->aux : n->in].d16;
    cudaCheck(repack_heads_fp16(q, a->ldq, d, qp, H * dp, dp, rq, H, st));
    cudaCheck(repack_heads_fp16(kv + n->k_col, a->ldkv, d, kp, H * dp, dp, rk, H, st));
    cudaCheck(repack_heads_fp16(kv + n->v_col, a->ldkv, d, vp, H * dp, dp, rk, H, st));
    cudaCheck(attention_fp16(&s, n->attn_cfg, qp, kp, vp, op, n->attn_scale, sc->gemm_ws, st));
    cudaCheck(repack_heads_fp16(op, H * dp, dp, g->t[n->out].d16, a->ldo, d, rq, H, st));
}


// The GEMM a node runs as (M, N, K): OP_LINEAR / OP_GEMM over its rows, a
// stride-1 1x1 conv over its pixels ((Cout, 1, 1, Cin) weight as (N, K)).
static void node_gemm_dims(const Graph *g, const Node *n, int *m, int *nn, int *k) {
    if (n->op == OP_CONV) {
        const ConvShape *s = &n->conv->s;
        *m = s->batch * s->h * s->w;
        *nn = s->cout;
        *k = s->cin;
    } else {
        *m = (int)(g->t[n->in].numel / n->lin->k);
        *nn = n->lin->n;
        *k = n->lin->k;
    }
}

static TileConfig *node_gemm_cfg(Node *n) { return n->op == OP_CONV ? &n->conv->cfg : &n->lin->cfg; }

// An INT8 row-scale linear of a few rows (the time embedding's, time_emb_proj: B rows) runs as one
// linear_rows_int8 kernel (its own quantization, a dp4a GEMV) instead of the row quantizer and a GEMM tile.
static int node_i8_gemv(const Graph *g, const Node *n) {
    if (n->prec != PREC_INT8 || !n->i8_rows || n->op != OP_LINEAR) return 0;
    int m, nn, k;
    node_gemm_dims(g, n, &m, &nn, &k);
    return linear_rows_int8_fits(m, k);
}

// An INT8 row-scale GEMM node whose A is plain FP16 rows (no LayerNorm pass that quantizes them, no
// SiLU, not a linear_rows_int8 one) may run a "qa" tile, which quantizes A in its own CTAs
// (gemm_int8_rows_a16): the a16 argument of gemm_int8_rows_candidates / _heuristic, from --fuse-quant
// (off 0, auto 1, on 2).
static int node_i8_a16(const Graph *g, const Node *n) {
    if (n->prec != PREC_INT8 || !n->i8_rows || n->i8_group || n->i8_qa == FUSE_OFF || node_ln_quant(n) ||
        node_i8_gemv(g, n) ||
        (n->op == OP_LINEAR && n->lin->silu_in))
        return 0;
    return n->i8_qa == FUSE_ON ? 2 : 1;
}

// INT8 GEMM nodes: A quantized online (SiLU first for time_emb_proj), W per
// tile (gemm_int8) or, with --int8-scales row, A per row into the scratch
// (by the LayerNorm pass itself where one is folded in: node_ln_quant) and W
// per output channel once (node_int8_weights) for gemm_int8_rows.
static void node_int8_gpu(Graph *g, Node *n, const Scratch *sc, cudaStream_t st) {
    Tensor *t = g->t;
    int m, nn, k;
    node_gemm_dims(g, n, &m, &nn, &k);
    const uint16_t *w = n->op == OP_CONV ? n->conv->d_w16 : n->lin->d_w16;  // (N, K), GEGLU rows interleaved
    const float *bias = n->op == OP_CONV ? n->conv->d_bias : n->lin->d_bias_fast;
    const int geglu = n->op == OP_GEMM && n->lin->geglu, silu_a = n->op == OP_LINEAR && n->lin->silu_in;
    if (node_i8_gemv(g, n)) {
        cudaCheck(linear_rows_int8(t[n->in].d16, m, k, nn, silu_a, n->lin->d_w8, n->lin->d_sw, bias,
                                   n->res >= 0 ? t[n->res].d16 : NULL, t[n->out].d16, st));
        return;
    }
    const int8_t *qw = n->op == OP_CONV ? n->conv->d_w8 : n->lin->d_w8;  // (N, K), per-channel (i8_rows)
    const float *sw = n->op == OP_CONV ? n->conv->d_sw : n->lin->d_sw;
    if (n->i8_group) {  // A quantized per (row, 128-K group) into the scratch, then the group GEMM
        int8_t *qa = n->side ? sc->i8_side_qa : sc->i8_qa;  // (M, K)
        float *sg = n->side ? sc->i8_side_sa : sc->i8_sa;   // (M, G)
        cudaCheck(quantize_groups_int8(t[n->in].d16, m, k, qa, sg, st));
        cudaCheck(gemm_int8_group(m, nn, k, *node_gemm_cfg(n), qa, sg, qw, sw, bias,
                                  n->res >= 0 ? t[n->res].d16 : NULL, t[n->out].d16,
                                  geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, st));
        return;
    }
    if (n->i8_rows && gemm_int8_rows_tile_a16(node_gemm_cfg(n)->tile)) {  // a qa tile: one kernel
        cudaCheck(gemm_int8_rows_a16(m, nn, k, *node_gemm_cfg(n), t[n->in].d16, qw, sw, bias,
                                     n->res >= 0 ? t[n->res].d16 : NULL, t[n->out].d16,
                                     geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, st));
        return;
    }
    if (n->i8_rows) {
        int8_t *qa = n->side ? sc->i8_side_qa : sc->i8_qa;  // (M, K)
        float *sa = n->side ? sc->i8_side_sa : sc->i8_sa;   // (M)
        if (node_ln_quant(n))
            cudaCheck(layernorm_quant_rows_int8(t[n->in].d16, n->ln->d_gamma, n->ln->d_beta, m, k, n->ln->eps, qa, sa,
                                                st));
        else
            cudaCheck(quantize_rows_int8(t[n->in].d16, m, k, silu_a, qa, sa, st));
        cudaCheck(gemm_int8_rows(m, nn, k, *node_gemm_cfg(n), qa, sa, qw, sw, bias,
                                 n->res >= 0 ? t[n->res].d16 : NULL, t[n->out].d16,
                                 geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, st));
        return;
    }
    cudaCheck(gemm_int8(m, nn, k, *node_gemm_cfg(n), t[n->in].d16, w, bias, n->res >= 0 ? t[n->res].d16 : NULL,
                        t[n->out].d16, geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, silu_a,
                        n->side ? sc->side_ws : sc->gemm_ws, st));
}

// The FP16 kernel of an INT8 node (heuristic config) into y, for fp16_err;
// a: the node's A operand (its input, or the LayerNorm's rows where one is
// folded in).
static void node_fp16_alt_gpu(Graph *g, Node *n, const uint16_t *a, uint16_t *y, float *ws, int num_sms,
                              cudaStream_t st) {
    Tensor *t = g->t;
    const uint16_t *res = n->res >= 0 ? t[n->res].d16 : NULL;
    if (n->op == OP_LINEAR) {
        LinearLayer *L = n->lin;
        cudaCheck(linear_rows_fp16(a, L->d_w16, L->d_bias, y, t[n->in].n, L->k, L->n, L->silu_in, st));
    } else if (n->op == OP_GEMM) {
        LinearLayer *L = n->lin;
        int rows = (int)(t[n->in].numel / L->k);
        ConvShape cs = gemm_as_conv(rows, L->n, L->k);
        if (conv2d_shape_init(&cs)) die_internal("GEMM shape of %s unsupported", n->name);
        cudaCheck(gemm_fp16(rows, L->n, L->k, conv2d_heuristic(&cs, num_sms), a, L->d_w16, L->d_bias_fast, res, y,
                            L->geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, ws, st));
    } else {
        Conv2dLayer *L = n->conv;
        cudaCheck(conv2d_igemm_fp16(&L->s, conv2d_heuristic(&L->s, num_sms), a, L->d_w16, L->d_bias,
                                    n->aux >= 0 ? t[n->aux].d16 : NULL, res, y, ws, st));
    }
}

// An OP_GEMM node: the token GEMM, or (Node.ln, graph_fuse_layernorms) the
// LayerNorm's row statistics and then the GEMM with the LayerNorm folded in.
static void gemm_node_gpu(Graph *g, Node *n, const Scratch *sc, cudaStream_t st) {
    const Tensor *t = g->t;
    const LinearLayer *L = n->lin;
    const int rows = (int)(t[n->in].numel / L->k);
    const uint16_t *res = n->res >= 0 ? t[n->res].d16 : NULL;
    const GemmEpilogue epi = L->geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE;
    float *ws = n->side ? sc->side_ws : sc->gemm_ws;
    if (n->ln) {  // statistics of the raw rows, then the GEMM on them
        cudaCheck(layernorm_stats_fp16(t[n->in].d16, n->ln_stats, rows, L->k, n->ln->eps, st));
        cudaCheck(gemm_fp16_lnfold(rows, L->n, L->k, L->cfg, t[n->in].d16, L->d_w16, n->ln_stats, L->d_fold_colsum,
                                   L->d_fold_bias, res, t[n->out].d16, epi, ws, st));
        return;
    }
    cudaCheck(gemm_fp16(rows, L->n, L->k, L->cfg, t[n->in].d16, L->d_w16, L->d_bias_fast, res, t[n->out].d16, epi, ws,
                        st));
}

// The slots of GroupNorm statistics that the conv gn_src of GroupNorm node gn leaves in its epilogue with
// its current pick (graph_link_gn_stats, conv2d_gn_stats_slots), or 0: the GroupNorm computes its own.
static int gn_epilogue_slots(const Graph *g, const Node *gn) {
    if (gn->gn_src < 0 || !gn->gn_part) return 0;
    const Conv2dLayer *L = g->nodes[gn->gn_src].conv;
    const int slots = conv2d_gn_stats_slots(&L->s, L->cfg);
    return slots <= gn->gn_slots ? slots : 0;
}

static void node_fast_gpu_launch(Graph *g, Node *n, const Scratch *sc, cudaStream_t st) {
    Tensor *t = g->t;
    if (n->prec == PREC_INT8) {
        node_int8_gpu(g, n, sc, st);
        return;
    }
    switch (n->op) {
        case OP_LINEAR: {
            LinearLayer *L = n->lin;
            if (n->res >= 0)  // SDXL: add_embedding.linear_2 + the time embedding
                cudaCheck(linear_rows_res_fp16(t[n->in].d16, L->d_w16, L->d_bias, t[n->res].d16, t[n->out].d16,
                                               t[n->in].n, L->k, L->n, L->silu_in, st));
            else
                cudaCheck(linear_rows_fp16(t[n->in].d16, L->d_w16, L->d_bias, t[n->out].d16, t[n->in].n, L->k,
                                           L->n, L->silu_in, st));
            break;
        }
        case OP_GEMM:
            gemm_node_gpu(g, n, sc, st);
            break;
        case OP_GROUPNORM: {
            GroupNormLayer *L = n->gn;
            Tensor *x = &t[n->in], *x2 = n->in2 >= 0 ? &t[n->in2] : NULL;  // x2: an up block's skip, read in place
            const int slots = gn_epilogue_slots(g, n);
            if (slots) {  // the statistics its producer's epilogue left: fold them, then apply
                cudaCheck(groupnorm_apply_partials_fp16(n->gn_part, n->gn_slot, slots, x->d16, t[n->out].d16,
                                                        L->d_gamma, L->d_beta, x->n, x->h * x->w, x->c, L->groups,
                                                        L->eps, L->silu, n->gn_ws, st));
                break;
            }
            cudaCheck(groupnorm2_silu_fp16(x->d16, x2 ? x2->d16 : NULL, x->c, t[n->out].d16, L->d_gamma, L->d_beta,
                                           x->n, x->h * x->w, x->c + (x2 ? x2->c : 0), L->groups, L->eps, L->silu,
                                           n->gn_splits, n->gn_ws, st));
            break;
        }
        case OP_LAYERNORM: {
            LayerNormLayer *L = n->ln;
            Tensor *x = &t[n->in];
            cudaCheck(layernorm_fp16(x->d16, t[n->out].d16, L->d_gamma, L->d_beta, (int)(x->numel / L->c), L->c,
                                     L->eps, st));
            break;
        }
        case OP_CONV: {
            Conv2dLayer *L = n->conv;
            const uint16_t *temb = n->aux >= 0 ? t[n->aux].d16 : NULL, *res = n->res >= 0 ? t[n->res].d16 : NULL;
            if (L->s.cin % 8 || L->s.cout % 8) {  // conv_in / conv_out of the 4 latent channels
                cudaCheck(conv2d_small_fp16(&L->s, t[n->in].d16, L->d_w16, L->d_bias, t[n->out].d16, st));
            } else if (n->gn) {  // GroupNorm statistics, then the conv applies them to its operand
                const GroupNormLayer *G = n->gn;
                const Tensor *x = &t[n->in], *x2 = n->in2 >= 0 ? &t[n->in2] : NULL;
                const int c = x->c + (x2 ? x2->c : 0);
                cudaCheck(groupnorm_stats_fp16(x->d16, x2 ? x2->d16 : NULL, x->c, G->d_gamma, G->d_beta, x->n,
                                               x->h * x->w, c, G->groups, G->eps, n->gn_splits, n->gn_ws, st));
                const float *ss = groupnorm_scale_shift(n->gn_ws, x->n, G->groups, n->gn_splits, c);
                cudaCheck(conv2d_igemm_norm_fp16(&L->s, L->cfg, x->d16, x2 ? x2->d16 : NULL, ss, G->silu, L->d_w16,
                                                 L->d_bias, temb, res, t[n->out].d16, sc->gemm_ws, st));
            } else if (n->sc) {  // the conv with its 1x1 shortcut as more K (graph_fuse_shortcuts)
                cudaCheck(conv2d_igemm_sc_fp16(&L->s, L->cfg, t[n->in].d16, t[n->sc_in].d16,
                                               n->sc_in2 >= 0 ? t[n->sc_in2].d16 : NULL, L->d_w16_sc, L->d_bias_sc,
                                               temb, t[n->out].d16, sc->gemm_ws, st));
            } else if (L->s.cin2 || L->s.up)  // concatenated skip or nearest-2x input, read in place
                cudaCheck(conv2d_igemm2_fp16(&L->s, L->cfg, t[n->in].d16, n->in2 >= 0 ? t[n->in2].d16 : NULL,
                                             L->d_w16, L->d_bias, temb, res, t[n->out].d16, sc->gemm_ws, st));
            else if (n->gn_dst >= 0 && gn_epilogue_slots(g, &g->nodes[n->gn_dst])) {  // + the next GroupNorm's statistics
                const Node *gn = &g->nodes[n->gn_dst];
                cudaCheck(conv2d_igemm_gn_fp16(&L->s, L->cfg, t[n->in].d16, L->d_w16, L->d_bias, temb, res,
                                               t[n->out].d16, sc->gemm_ws, gn->gn_part, gn->gn_slot, st));
            } else
                cudaCheck(conv2d_igemm_fp16(&L->s, L->cfg, t[n->in].d16, L->d_w16, L->d_bias, temb, res,
                                            t[n->out].d16, sc->gemm_ws, st));
            break;
        }
        case OP_ATTENTION: {
            if (n->attn_dpad > n->attn.d) {
                attention_padded(g, n, sc, st);
                break;
            }
            const uint16_t *kv = t[n->aux >= 0 ? n->aux : n->in].d16;
            // the main chain's split-K workspace (attention is never a side-branch node)
            cudaCheck(attention_fp16(&n->attn, n->attn_cfg, t[n->in].d16 + n->q_col, kv + n->k_col, kv + n->v_col,
                                     t[n->out].d16, n->attn_scale, sc->gemm_ws, st));
            break;
        }
    }
}

// --nvtx: every launch of a node's fast path sits in an NVTX range named
// like its report row ("conv1", "norm1+silu"), for nsys and ncu --nvtx-include.
static int s_nvtx = 0;
static void node_fast_gpu(Graph *g, Node *n, const Scratch *sc, cudaStream_t st) {
    if (s_nvtx) nvtxRangePushA(n->name);
    node_fast_gpu_launch(g, n, sc, st);
    if (s_nvtx) nvtxRangePop();
}

// FP32 reference of one node; in/aux/res/out are FP32 device tensors, and
// sx/sx2 a fused shortcut's inputs (Node.sc; NULL otherwise).
static void node_ref_gpu(const Graph *g, const Node *n, const float *in, const float *in2, const float *aux,
                         const float *res, const float *sx, const float *sx2, float *out, const Scratch *sc,
                         cudaStream_t st) {
    Tensor view = g->t[n->in];  // the input as the node reads it: concatenated with in2, or upsampled
    const Tensor *ti = &view;
    if (n->in2 >= 0 || n->up2x) {
        const Tensor *a = &g->t[n->in];
        const int c2 = n->in2 >= 0 ? g->t[n->in2].c : 0;
        cudaCheck(gather_view_f32(in, in2, a->c, c2, n->up2x, a->n, a->h, a->w, sc->s_view, st));
        in = sc->s_view;
        view.c += c2;
        view.h *= n->up2x ? 2 : 1;
        view.w *= n->up2x ? 2 : 1;
        view.numel = (size_t)view.n * view.h * view.w * view.c;
    }
    float *tmp = sc->s_tmp;
    switch (n->op) {
        case OP_LINEAR: {
            LinearLayer *L = n->lin;
            const float *x = in;
            if (L->silu_in) {
                cudaCheck(silu_ref_f32(in, tmp, ti->numel, st));
                x = tmp;
            }
            cudaCheck(linear_ref_f32(x, L->d_w_ref, L->d_bias, res, out, ti->n, L->k, L->n, st));
            break;
        }
        case OP_GEMM: {
            LinearLayer *L = n->lin;
            int rows = (int)(ti->numel / L->k);
            if (n->ln) {  // the folded LayerNorm first, into the view slot (GEGLU's projection takes s_tmp)
                const LayerNormLayer *N = n->ln;
                cudaCheck(layernorm_ref_f32(in, sc->s_view, N->d_gamma, N->d_beta, rows, N->c, N->eps, st));
                in = sc->s_view;
            }
            if (L->geglu) {
                cudaCheck(linear_ref_f32(in, L->d_w_ref, L->d_bias, NULL, tmp, rows, L->k, L->n, st));
                cudaCheck(geglu_ref_f32(tmp, out, rows, L->n / 2, st));
            } else {
                cudaCheck(linear_ref_f32(in, L->d_w_ref, L->d_bias, res, out, rows, L->k, L->n, st));
            }
            break;
        }
        case OP_GROUPNORM: {
            GroupNormLayer *L = n->gn;
            cudaCheck(groupnorm_ref_f32(in, out, L->d_gamma, L->d_beta, ti->n, ti->h * ti->w, ti->c, L->groups,
                                        L->eps, st));
            if (L->silu) cudaCheck(silu_ref_f32(out, out, ti->numel, st));
            break;
        }
        case OP_LAYERNORM: {
            LayerNormLayer *L = n->ln;
            cudaCheck(layernorm_ref_f32(in, out, L->d_gamma, L->d_beta, (int)(ti->numel / L->c), L->c, L->eps, st));
            break;
        }
        case OP_CONV: {
            Conv2dLayer *L = n->conv;
            if (n->gn) {  // the fused GroupNorm (+ SiLU) first, into the temporary slot
                const GroupNormLayer *G = n->gn;
                float *normed = tmp;
                cudaCheck(groupnorm_ref_f32(in, normed, G->d_gamma, G->d_beta, ti->n, ti->h * ti->w, ti->c, G->groups,
                                            G->eps, st));
                if (G->silu) cudaCheck(silu_ref_f32(normed, normed, ti->numel, st));
                in = normed;
            }
            if (n->sc) {  // the fused shortcut first, into the temporary slot, then added as the residual
                const Tensor *a = &g->t[n->sc_in];
                if (n->sc_in2 >= 0) {  // its concatenated input, into the view slot (the conv's own is one tensor)
                    cudaCheck(gather_view_f32(sx, sx2, a->c, g->t[n->sc_in2].c, 0, a->n, a->h, a->w, sc->s_view, st));
                    sx = sc->s_view;
                }
                cudaCheck(conv2d_ref_f32(&n->sc->s, sx, n->sc->d_w_ref, n->sc->d_bias, NULL, NULL, tmp, st));
                res = tmp;
            }
            cudaCheck(conv2d_ref_f32(&L->s, in, L->d_w_ref, L->d_bias, aux, res, out, st));
            break;
        }
        case OP_ATTENTION: {
            const float *kv = n->aux >= 0 ? aux : in;
            cudaCheck(attention_ref_f32(&n->attn, in + n->q_col, kv + n->k_col, kv + n->v_col, out, n->attn_scale,
                                        sc->scores, st));
            break;
        }
    }
}

// Side branch: nodes that read only block inputs and feed later nodes (the
// time-embedding projection, the cross-attention K/V projections of the
// context) run on a second stream, so in the CUDA graph they overlap the
// main chain instead of adding their launches to the critical path. Each
// side node records an event; the first main node that reads its output
// waits on it.
#define MAX_SIDE 128  // a whole SDXL UNet has 72 (70 cross-attention K/V projections)
typedef struct {
    cudaStream_t side;
    cudaEvent_t fork, join[MAX_SIDE];
} Branch;

static int is_side_node(const Graph *g, const Node *n) {
    return (n->op == OP_LINEAR || n->op == OP_GEMM) && g->t[n->in].is_input && n->res < 0;
}

static void fast_chain(Graph *g, const Scratch *sc, cudaStream_t st, const Branch *br) {
    int pending[MAX_SIDE], np = 0;  // side outputs not yet joined (tensor ids, event index = slot)
    if (br) {
        cudaCheck(cudaEventRecord(br->fork, st));
        cudaCheck(cudaStreamWaitEvent(br->side, br->fork, 0));
    }
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        if (br && n->side) {
            if (np == MAX_SIDE) die_internal("more than %d side-branch nodes", MAX_SIDE);
            node_fast_gpu(g, n, sc, br->side);
            cudaCheck(cudaEventRecord(br->join[np], br->side));
            pending[np++] = n->out;
            continue;
        }
        int rd[NODE_MAX_READS];
        const int nr = node_reads(n, rd);
        for (int k = 0; k < np; k++)
            for (int q = 0; q < nr && pending[k] >= 0; q++)
                if (rd[q] == pending[k]) {
                    cudaCheck(cudaStreamWaitEvent(st, br->join[k], 0));
                    pending[k] = -1;
                }
        node_fast_gpu(g, n, sc, st);
    }
    for (int k = 0; k < np; k++)
        if (pending[k] >= 0) cudaCheck(cudaStreamWaitEvent(st, br->join[k], 0));
}

static void ref_chain_gpu(Graph *g, const Scratch *sc, cudaStream_t st) {
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        node_ref_gpu(g, n, g->t[n->in].dref, n->in2 >= 0 ? g->t[n->in2].dref : NULL,
                     n->aux >= 0 ? g->t[n->aux].dref : NULL, n->res >= 0 ? g->t[n->res].dref : NULL,
                     n->sc ? g->t[n->sc_in].dref : NULL, n->sc && n->sc_in2 >= 0 ? g->t[n->sc_in2].dref : NULL,
                     g->t[n->out].dref, sc, st);
    }
}

// Times `iters` launches of fn(ctx, st) one at a time with CUDA events,
// after `warmup` untimed ones.
typedef void (*LaunchFn)(void *ctx, cudaStream_t st);
static void time_launches(LaunchFn fn, void *ctx, cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1, int warmup,
                          int iters, double *samples, TimeStats *out) {
    for (int w = 0; w < warmup; w++) fn(ctx, st);
    for (int it = 0; it < iters; it++) {
        cudaCheck(cudaEventRecord(e0, st));
        fn(ctx, st);
        cudaCheck(cudaEventRecord(e1, st));
        cudaCheck(cudaEventSynchronize(e1));
        float ms = 0.f;
        cudaCheck(cudaEventElapsedTime(&ms, e0, e1));
        samples[it] = ms * 1e-3;
    }
    time_stats(samples, iters, out);
}

typedef struct {
    Graph *g;
    Node *n;
    const Scratch *sc;
} NodeLaunch;

static void launch_node(void *ctx, cudaStream_t st) {
    NodeLaunch *nl = ctx;
    node_fast_gpu(nl->g, nl->n, nl->sc, st);
}

static void launch_graph(void *ctx, cudaStream_t st) { cudaCheck(cudaGraphLaunch(*(cudaGraphExec_t *)ctx, st)); }

// FP16 device tensor -> FP32 host array, ordered after the work on st.
static void download_f16(const Tensor *t, float *host, cudaStream_t st) {
    uint16_t *tmp = xmalloc(t->numel * sizeof(uint16_t));
    copy_to_host(tmp, t->d16, t->numel * sizeof(uint16_t), st);
    for (size_t i = 0; i < t->numel; i++) host[i] = f16_to_f32(tmp[i]);
    free(tmp);
}

// Launches per tuning candidate (--tune-reps, RunOptions.tune_reps; 0 =
// TUNE_REPS): `reps` back-to-back timed launches after two warm-up ones (none
// when reps is 1). Fewer than TUNE_REPS (1 under compute-sanitizer, where a
// candidate only has to run) also cut the attention confirmation and the
// in-context block replays to that many replays each, without warm-up.
#define TUNE_REPS 8
static int tune_replays(int reps, int full) { return reps < TUNE_REPS ? reps : full; }
static int tune_warmup(int reps) { return reps < TUNE_REPS ? 0 : 3; }

// Times `reps` back-to-back launches of a node's current config; returns seconds per launch.
static double time_config(Graph *g, Node *n, const Scratch *sc, int reps, cudaStream_t st, cudaEvent_t e0,
                          cudaEvent_t e1) {
    for (int i = 0; i < (reps > 1 ? 2 : 0); i++) node_fast_gpu(g, n, sc, st);
    cudaCheck(cudaEventRecord(e0, st));
    for (int i = 0; i < reps; i++) node_fast_gpu(g, n, sc, st);
    cudaCheck(cudaEventRecord(e1, st));
    cudaCheck(cudaEventSynchronize(e1));
    float ms = 0.f;
    cudaCheck(cudaEventElapsedTime(&ms, e0, e1));
    return ms * 1e-3 / reps;
}

// fp16_err of an INT8 node: its FP16 GEMM (heuristic config) on the same
// inputs, into FP32 scratch used as FP16 storage, against the layer
// reference `ref` (host). alt: host scratch of the output's size.
static void fp16_alt_err(Graph *g, Node *n, const Scratch *sc, int num_sms, cudaStream_t st, const float *ref,
                         float *alt) {
    const size_t numel = g->t[n->out].numel;
    uint16_t *y = (uint16_t *)sc->s_tmp;  // (out numel) FP16 in a 2 * maxt FP32 slot
    cudaCheck(fill_u16_dev(y, 0xFFFFu, numel, st));
    const Tensor *ti = &g->t[n->in];
    const uint16_t *a = ti->d16;
    if (node_ln_quant(n)) {  // the LayerNorm's FP16 rows after y (input numel, 16-byte aligned) in the same slot
        uint16_t *normed = y + (numel + 7) / 8 * 8;
        cudaCheck(layernorm_fp16(ti->d16, normed, n->ln->d_gamma, n->ln->d_beta, (int)(ti->numel / n->ln->c),
                                 n->ln->c, n->ln->eps, st));
        a = normed;
    }
    node_fp16_alt_gpu(g, n, a, y, sc->gemm_ws, num_sms, st);
    uint16_t *tmp = xmalloc(numel * sizeof(uint16_t));
    copy_to_host(tmp, y, numel * sizeof(uint16_t), st);
    for (size_t i = 0; i < numel; i++) alt[i] = f16_to_f32(tmp[i]);
    free(tmp);
    n->fp16_err = compare_outputs(alt, ref, numel);
    n->has_fp16_err = 1;
}

static void set_kernel_name(const Graph *g, Node *n) {
    if (node_i8_gemv(g, n)) {
        snprintf(n->kernel, sizeof(n->kernel), "linear_rows i8r%s%s", n->lin->silu_in ? " silu-in" : "",
                 n->res >= 0 ? " +res" : "");
        return;
    }
    if (n->prec == PREC_INT8 && n->i8_group) {  // e.g. "gemm-i8g i8g 128x160/4st geglu"
        snprintf(n->kernel, sizeof(n->kernel), "gemm-i8g %s%s", gemm_int8_group_tile_name(node_gemm_cfg(n)->tile),
                 n->op == OP_GEMM && n->lin->geglu ? " geglu" : "");
        return;
    }
    if (n->prec == PREC_INT8 && n->i8_rows) {  // e.g. "gemm-i8r i8r 128x256/4st geglu", "ln-quant + gemm-i8r ..."
        char split[24] = "";  // the cluster split-K tiles: " splitk=S"
        if (node_gemm_cfg(n)->splits > 1) snprintf(split, sizeof split, " splitk=%d", node_gemm_cfg(n)->splits);
        snprintf(n->kernel, sizeof(n->kernel), "%sgemm-i8r %s%s%s%s", node_ln_quant(n) ? "ln-quant + " : "",
                 gemm_int8_rows_tile_name(node_gemm_cfg(n)->tile), split,
                 n->op == OP_GEMM && n->lin->geglu ? " geglu" : "",
                 n->op == OP_LINEAR && n->lin->silu_in ? " silu-in" : "");
        return;
    }
    if (n->prec == PREC_INT8) {  // e.g. "gemm-i8 i8 128x128x64/8w splitk=2 geglu"
        const TileConfig *cc = node_gemm_cfg(n);
        char split[24] = "";
        if (cc->splits > 1) snprintf(split, sizeof split, " splitk=%d", cc->splits);
        snprintf(n->kernel, sizeof(n->kernel), "gemm-i8 %s%s%s%s", gemm_int8_tile_name(cc->tile), split,
                 n->op == OP_GEMM && n->lin->geglu ? " geglu" : "",
                 n->op == OP_LINEAR && n->lin->silu_in ? " silu-in" : "");
        return;
    }
    switch (n->op) {
        case OP_LINEAR:
            snprintf(n->kernel, sizeof(n->kernel), "linear_rows%s%s", n->lin->silu_in ? " silu-in" : "",
                     n->res >= 0 ? " +res" : "");
            break;
        case OP_GEMM: {
            const char *pre = n->ln ? "ln-stats + " : "";  // a LayerNorm folded in: its statistics pass first
            if (n->lin->cfg.splits > 1)
                snprintf(n->kernel, sizeof(n->kernel), "%sgemm %s splitk=%d%s", pre, conv2d_tile_name(n->lin->cfg.tile),
                         n->lin->cfg.splits, n->lin->geglu ? " geglu" : "");
            else
                snprintf(n->kernel, sizeof(n->kernel), "%sgemm %s%s", pre, conv2d_tile_name(n->lin->cfg.tile),
                         n->lin->geglu ? " geglu" : "");
            break;
        }
        case OP_GROUPNORM:
            if (gn_epilogue_slots(g, n))  // the statistics from the producer's epilogue: fold + apply
                snprintf(n->kernel, sizeof(n->kernel), "groupnorm%s fold+apply (%.24s stats)",
                         n->gn->silu ? "_silu" : "", g->nodes[n->gn_src].name);
            else if (n->gn_splits)
                snprintf(n->kernel, sizeof(n->kernel), "groupnorm%s splits=%d", n->gn->silu ? "_silu" : "",
                         n->gn_splits);
            else
                snprintf(n->kernel, sizeof(n->kernel), "groupnorm%s 1-pass cluster=%d", n->gn->silu ? "_silu" : "",
                         n->gn_cluster);
            break;
        case OP_LAYERNORM:
            snprintf(n->kernel, sizeof(n->kernel), "layernorm warp/row");
            break;
        case OP_ATTENTION: {
            AttnShape ks = kernel_attn_shape(n);
            if (ks.d > n->attn.d)  // the cost of padding shows in the name: d -> dpad
                snprintf(n->kernel, sizeof(n->kernel), "%s pad d%d->%d", attention_config_name(&ks, n->attn_cfg),
                         n->attn.d, ks.d);
            else
                snprintf(n->kernel, sizeof(n->kernel), "%s", attention_config_name(&ks, n->attn_cfg));
            break;
        }
        case OP_CONV:
            if (n->gn)  // the GroupNorm's statistics pass + the conv that applies it to its operand
                snprintf(n->kernel, sizeof(n->kernel), "gn-stats + igemm %s%s", conv2d_tile_name(n->conv->cfg.tile),
                         n->conv->cfg.splits > 1 ? " splitk" : "");
            else if (n->conv->s.cin % 8 || n->conv->s.cout % 8)
                snprintf(n->kernel, sizeof(n->kernel), "direct conv %d->%d", n->conv->s.cin, n->conv->s.cout);
            else if (n->gn_dst >= 0 && gn_epilogue_slots(g, &g->nodes[n->gn_dst]))  // + the GroupNorm's statistics
                snprintf(n->kernel, sizeof(n->kernel), "igemm %s +gn-stats", conv2d_tile_name(n->conv->cfg.tile));
            else if (n->conv->cfg.splits > 1)  // " +sc": a fused shortcut's K in the same kernel
                snprintf(n->kernel, sizeof(n->kernel), "igemm %s splitk=%d%s", conv2d_tile_name(n->conv->cfg.tile),
                         n->conv->cfg.splits, n->sc ? " +sc" : "");
            else
                snprintf(n->kernel, sizeof(n->kernel), "igemm %s%s", conv2d_tile_name(n->conv->cfg.tile),
                         n->sc ? " +sc" : "");
            break;
    }
}

// --- kernel choice ------------------------------------------------------------
// One tuned kernel family's candidates for a node: how many, how candidate i
// is installed on the node, and its column in the --verbose tuning table.
typedef struct {
    int count;
    const void *cand;
    void (*apply)(Node *n, const void *cand, int i);
    void (*label)(const void *cand, int i, const Node *n, char *buf, size_t len);
} Candidates;

static void apply_tile(Node *n, const void *cand, int i) { *node_gemm_cfg(n) = ((const TileConfig *)cand)[i]; }
static void apply_attn(Node *n, const void *cand, int i) { n->attn_cfg = ((const AttnConfig *)cand)[i]; }
static void label_int8_rows(const void *cand, int i, const Node *n, char *buf, size_t len) {
    const TileConfig *c = (const TileConfig *)cand + i;
    char name[64];  // as the report's kernel column names it: a ck tile with " splitk=S"
    if (n->i8_group) snprintf(name, sizeof name, "%s", gemm_int8_group_tile_name(c->tile));
    else if (c->splits > 1) snprintf(name, sizeof name, "%s splitk=%d", gemm_int8_rows_tile_name(c->tile), c->splits);
    else snprintf(name, sizeof name, "%s", gemm_int8_rows_tile_name(c->tile));
    snprintf(buf, len, "%-22s", name);
}

static void label_int8(const void *cand, int i, const Node *n, char *buf, size_t len) {
    (void)n;
    const TileConfig *c = (const TileConfig *)cand + i;
    snprintf(buf, len, "%-22s splitk=%-3d", gemm_int8_tile_name(c->tile), c->splits);
}
static void label_tile(const void *cand, int i, const Node *n, char *buf, size_t len) {
    (void)n;
    const TileConfig *c = (const TileConfig *)cand + i;
    snprintf(buf, len, "%-16s splitk=%-3d", conv2d_tile_name(c->tile), c->splits);
}
static void label_attn(const void *cand, int i, const Node *n, char *buf, size_t len) {
    const AttnShape ks = kernel_attn_shape(n);
    snprintf(buf, len, "%-28s", attention_config_name(&ks, ((const AttnConfig *)cand)[i]));
}

// Times every candidate on the node (time_config on st) and installs the
// fastest; --verbose prints one line per candidate on stderr.
// times[i] (when not NULL) receives candidate i's time.
static cudaGraphExec_t capture_launches(LaunchFn fn, void *ctx, cudaStream_t st);

// The candidates timed within `window` of the fastest (t[i] <= min t *
// window), fastest first and the fastest itself first of all, at most max
// of them, into idx; returns how many (0 when count is 0; count <=
// CONV2D_MAX_CANDIDATES).
static int within_window(const double *t, int count, double window, int max, int *idx) {
    int n = 0, used[CONV2D_MAX_CANDIDATES] = {0};
    int best = 0;
    for (int i = 1; i < count; i++)
        if (t[i] < t[best]) best = i;
    while (n < max && count > 0) {
        int j = -1;
        for (int i = 0; i < count; i++)
            if (!used[i] && t[i] <= t[best] * window && (j < 0 || t[i] < t[j])) j = i;
        if (j < 0) break;
        used[j] = 1;
        idx[n++] = j;
    }
    return n;
}

// Confirmation of an attention or INT8 row-scale GEMM pick (confirm in
// keep_fastest): the back-to-back launches of time_config rank the
// candidates within about 10% of each other only roughly (SD1.5's
// 4096-token d40 b1 attention node, two runs of one build: picks 87.8 us and
// 95.1 us as the report times them, the second an mma.sync kernel screened
// at 91.9 us; the INT8 context projection 77 x 640 x 768 picked a tile that
// then timed 10.0 us where the heuristic's timed 7.5). So the screened
// candidates within CONFIRM_WINDOW of the fastest (at most CONFIRM_MAX, the
// fastest first) are timed again the way the report times a node: one CUDA
// graph replay at a time, median of CONFIRM_REPS; the fastest there is kept.
// INT8 row-scale nodes (CONFIRM_WIDE) take every candidate within twice the
// fastest: for their nodes of a few microseconds the screening is off by more
// than 10% (64 x 1280 x 5120: the 64 x 32 tile screened at 26.6 us against a
// fastest 20.5, then timed 13.6 us as a node where the confirmed pick took
// 16.1; docs/PERF.md), and their lists are short (about a dozen tiles).
#define CONFIRM_WINDOW 1.10
#define CONFIRM_MAX 6
#define CONFIRM_WIDE_WINDOW 2.0
#define CONFIRM_WIDE_MAX 16
#define CONFIRM_REPS 15
enum { CONFIRM_NONE = 0, CONFIRM_NARROW, CONFIRM_WIDE };

// A node's current config timed the way the report times a node: one CUDA graph replay at a time, median of
// CONFIRM_REPS (fewer under --tune-reps 1); seconds.
static double node_replay_median(Graph *g, Node *n, const Scratch *sc, int reps, cudaStream_t st, cudaEvent_t e0,
                                 cudaEvent_t e1) {
    double samples[CONFIRM_REPS];
    NodeLaunch nl = {g, n, sc};
    cudaGraphExec_t exec = capture_launches(launch_node, &nl, st);
    TimeStats ts;
    time_launches(launch_graph, &exec, st, e0, e1, tune_warmup(reps), tune_replays(reps, CONFIRM_REPS), samples, &ts);
    cudaCheck(cudaGraphExecDestroy(exec));
    return ts.median;
}

static int confirm_pick(Graph *g, Node *n, const Scratch *sc, const Candidates *c, const double *times, int pick,
                        int wide, int reps, int verbose, cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1) {
    int fin[CONFIRM_WIDE_MAX];
    const int nf = within_window(times, c->count, wide ? CONFIRM_WIDE_WINDOW : CONFIRM_WINDOW,
                                 wide ? CONFIRM_WIDE_MAX : CONFIRM_MAX, fin);
    if (nf < 2) return pick;
    double best = 1e30;
    for (int f = 0; f < nf; f++) {
        c->apply(n, c->cand, fin[f]);
        const double t = node_replay_median(g, n, sc, reps, st, e0, e1);
        if (verbose) {
            char label[96];
            c->label(c->cand, fin[f], n, label, sizeof label);
            fprintf(stderr, "confirm %-11s %s %8.2f us (graph replay, median of %d)\n", n->name, label, t * 1e6,
                    tune_replays(reps, CONFIRM_REPS));
        }
        if (t < best) {
            best = t;
            pick = fin[f];
        }
    }
    return pick;
}

static void keep_fastest(Graph *g, Node *n, const Scratch *sc, const Candidates *c, int confirm, int reps, int verbose,
                         cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1, double *times) {
    double best = 1e30;
    int pick = 0;
    for (int i = 0; i < c->count; i++) {
        c->apply(n, c->cand, i);
        double t = time_config(g, n, sc, reps, st, e0, e1);
        if (times) times[i] = t;
        if (verbose) {
            char label[96];
            c->label(c->cand, i, n, label, sizeof label);
            fprintf(stderr, "tune %-14s %s %8.2f us\n", n->name, label, t * 1e6);
        }
        if (t < best) {
            best = t;
            pick = i;
        }
    }
    if (confirm != CONFIRM_NONE && times)
        pick = confirm_pick(g, n, sc, c, times, pick, confirm == CONFIRM_WIDE, reps, verbose, st, e0, e1);
    if (c->count > 0) c->apply(n, c->cand, pick);
}

// The ConvShape a conv or GEMM node runs as on the implicit-GEMM kernel.
static ConvShape node_conv_shape(const Graph *g, const Node *n) {
    if (n->op == OP_CONV) return n->conv->s;
    ConvShape cs = gemm_as_conv((int)(g->t[n->in].numel / n->lin->k), n->lin->n, n->lin->k);
    if (conv2d_shape_init(&cs)) die_internal("GEMM shape of %s unsupported", n->name);
    return cs;
}

// In-context refinement (--kernel-select tune). The tuner times each node
// alone, but inside the block's CUDA graph a node also pays for its
// neighbours (PDL overlap with the previous kernel, what the L2 holds, a
// split-K reduce launch), and candidates within a few percent of each other
// alone can be 10% apart there: SD1.5's 1280->1280 @8 b2 ResBlock replayed
// in 70.6 us with the convs' isolated pick (128x128 split 12, 18.08 us alone)
// and in 63.9 us with 128x64 split 6 (18.63 us alone). So the conv/GEMM
// tiles within REFINE_WINDOW of a node's fastest become its alternatives;
// after every node has its pick, each alternative is tried in the whole
// block's graph replay, one node at a time in chain order, and kept when
// the block gets faster by more than 1 - REFINE_GAIN, in that replay and
// again in a second pair (kept picks, then the alternative). Graphs of more than
// REFINE_MAX_NODES nodes (a whole UNet) keep the per-node picks.
#define REFINE_MAX_ALT 3
#define REFINE_WINDOW 1.10
#define REFINE_GAIN 0.99
#define REFINE_REPS 30
#define REFINE_MAX_NODES 64
typedef struct {
    int n;
    TileConfig cfg[REFINE_MAX_ALT];
} Alternatives;

// The tile candidates within REFINE_WINDOW of the fastest, fastest first,
// other than the pick.
static void collect_alternatives(const TileConfig *tiles, const double *t, int count, Alternatives *alt) {
    int idx[REFINE_MAX_ALT + 1];
    const int n = within_window(t, count, REFINE_WINDOW, REFINE_MAX_ALT + 1, idx);  // idx[0]: the pick
    alt->n = 0;
    for (int k = 1; k < n; k++) alt->cfg[alt->n++] = tiles[idx[k]];
}

// Picks the kernel configuration of one node: INT8 GEMM tile, conv / GEMM
// tile and split-K, attention variant (timed candidates or the heuristic).
// alt (tuning only, may be NULL): the node's conv/GEMM alternatives.
static void select_node_tiles(Graph *g, Node *n, const Scratch *sc, KernelSelect sel, int num_sms, int reps,
                              int verbose, cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1, Alternatives *alt) {
    TileConfig tiles[CONV2D_MAX_CANDIDATES];  // also the INT8 GEMM's (at most 128)
    double times[CONV2D_MAX_CANDIDATES];
    AttnConfig attn[32];
    Candidates c;
    const int heuristic = sel == KERNEL_SELECT_HEURISTIC;
    if (node_i8_gemv(g, n)) return;  // linear_rows_int8: one kernel
    if (n->prec == PREC_INT8 && n->i8_group) {  // A per (row, 128-K group): the group tiles
        int m, nn, k;
        node_gemm_dims(g, n, &m, &nn, &k);
        if (!gemm_int8_group_usable(k))
            die_user("--int8-scales group runs on the Hopper engine only (a cc 9.0 GPU, K a multiple of 16, not "
                     "--engine portable), and %s has K %d on this one; use --int8-scales row", n->name, k);
        if (heuristic) {
            *node_gemm_cfg(n) = gemm_int8_group_heuristic(m, nn, k);
            return;
        }
        c = (Candidates){gemm_int8_group_candidates(m, nn, k, tiles, 128), tiles, apply_tile, label_int8_rows};
        if (c.count <= 0) die_internal("no INT8 group-scale GEMM tile for %s (M %d N %d K %d)", n->name, m, nn, k);
    } else if (n->prec == PREC_INT8 && n->i8_rows) {  // per-row / per-channel INT8 GEMM (ck tiles: split-K)
        int m, nn, k;
        node_gemm_dims(g, n, &m, &nn, &k);
        if (heuristic) {
            *node_gemm_cfg(n) = gemm_int8_rows_heuristic(
                m, nn, k, n->op == OP_GEMM && n->lin->geglu ? GEMM_EPI_GEGLU : GEMM_EPI_NONE, node_i8_a16(g, n),
                num_sms);
            return;
        }
        c = (Candidates){gemm_int8_rows_candidates(m, nn, k, node_i8_a16(g, n), num_sms, tiles, 128), tiles,
                         apply_tile, label_int8_rows};
        if (c.count <= 0) die_internal("no INT8 row-scale GEMM tile for %s (M %d N %d K %d)", n->name, m, nn, k);
    } else if (n->prec == PREC_INT8) {  // online-quantized INT8 GEMM: its own tiles and split-K
        int m, nn, k;
        node_gemm_dims(g, n, &m, &nn, &k);
        if (heuristic) {
            *node_gemm_cfg(n) = gemm_int8_heuristic(m, nn, k, num_sms);
            return;
        }
        c = (Candidates){gemm_int8_candidates(m, nn, k, num_sms, tiles, 128), tiles, apply_tile, label_int8};
        if (c.count <= 0) die_internal("no INT8 GEMM configuration for %s (M %d N %d K %d)", n->name, m, nn, k);
    } else if (n->op == OP_CONV && (n->conv->s.cin % 8 || n->conv->s.cout % 8)) {
        return;  // conv_in / conv_out: the direct kernel, nothing to choose
    } else if (n->op == OP_CONV || n->op == OP_GEMM) {
        ConvShape cs = node_conv_shape(g, n);
        if (heuristic) {
            *node_gemm_cfg(n) = conv2d_heuristic_ln(&cs, num_sms, node_ln_fold(n));
            return;
        }
        c = (Candidates){conv2d_candidates(&cs, num_sms, tiles, CONV2D_MAX_CANDIDATES), tiles, apply_tile, label_tile};
    } else if (n->op == OP_ATTENTION) {
        const AttnShape ks = kernel_attn_shape(n);
        if (heuristic) {
            n->attn_cfg = attention_heuristic(&ks, num_sms);
            return;
        }
        c = (Candidates){attention_candidates(&ks, num_sms, attn, 32), attn, apply_attn, label_attn};
        if (c.count <= 0) die_internal("no attention kernel for head dim %d", n->attn.d);
    } else {
        return;  // GroupNorm, LayerNorm, linear_rows: one kernel
    }
    // attention and INT8 row-scale nodes: the screened finalists confirmed by graph replays (confirm_pick)
    const int confirm = n->op == OP_ATTENTION                     ? CONFIRM_NARROW
                        : (n->prec == PREC_INT8 && n->i8_rows) ? CONFIRM_WIDE
                                                                 : CONFIRM_NONE;
    keep_fastest(g, n, sc, &c, confirm, reps, verbose, st, e0, e1, times);
    if (alt && c.cand == tiles) collect_alternatives(tiles, times, c.count, alt);
}

// The kernel configuration of one node (select_node_tiles). --linear auto with tuning: a node whose A is plain
// FP16 rows (prec_auto) runs in whichever precision is faster: each precision's configs are chosen as usual,
// then the two picks are timed as one-node graph replays and the faster one kept, with its alternatives.
static void select_node_config(Graph *g, Node *n, const Scratch *sc, KernelSelect sel, int num_sms, int reps,
                               int verbose, cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1, Alternatives *alt) {
    if (!n->prec_auto || sel == KERNEL_SELECT_HEURISTIC) {
        select_node_tiles(g, n, sc, sel, num_sms, reps, verbose, st, e0, e1, alt);
        return;
    }
    static const GemmPrecision prec[2] = {PREC_FP16, PREC_INT8};
    TileConfig pick[2];
    Alternatives alts[2] = {{0}};
    double t[2];
    for (int p = 0; p < 2; p++) {
        n->prec = prec[p];
        select_node_tiles(g, n, sc, sel, num_sms, reps, verbose, st, e0, e1, alt ? &alts[p] : NULL);
        pick[p] = *node_gemm_cfg(n);
        t[p] = node_replay_median(g, n, sc, reps, st, e0, e1);
        if (verbose)
            fprintf(stderr, "auto %-14s %s %8.2f us (graph replay, median of %d)\n", n->name,
                    prec[p] == PREC_INT8 ? "int8" : "fp16", t[p] * 1e6, tune_replays(reps, CONFIRM_REPS));
    }
    const int keep = t[1] < t[0];
    n->prec = prec[keep];
    *node_gemm_cfg(n) = pick[keep];
    if (alt) *alt = alts[keep];
}

// --- the FP32 references a fast output is compared with ----------------------
// Node n's FP32 reference fed the fast path's own inputs (the layer error),
// into host[out numel]: on the GPU through the FP32 scratch slots on st, or
// with node_cpu on the host copies (--ref cpu). Returns 0 with --ref none.
static int node_reference(Graph *g, const Node *n, RefMode ref, const Scratch *sc, float *host, cudaStream_t st) {
    if (ref == REF_NONE) return 0;
    const Tensor *t = g->t, *to = &g->t[n->out];
    if (ref == REF_CPU) {
        node_cpu(g, n, 1, host, 0);
        return 1;
    }
    cudaCheck(f16_to_f32_dev(t[n->in].d16, sc->s_in, t[n->in].numel, st));
    if (n->in2 >= 0) cudaCheck(f16_to_f32_dev(t[n->in2].d16, sc->s_in2, t[n->in2].numel, st));
    if (n->aux >= 0) cudaCheck(f16_to_f32_dev(t[n->aux].d16, sc->s_aux, t[n->aux].numel, st));
    if (n->res >= 0) cudaCheck(f16_to_f32_dev(t[n->res].d16, sc->s_res, t[n->res].numel, st));
    // a fused shortcut's inputs take the residual's and the second input's slots (it has neither)
    if (n->sc) cudaCheck(f16_to_f32_dev(t[n->sc_in].d16, sc->s_res, t[n->sc_in].numel, st));
    if (n->sc && n->sc_in2 >= 0) cudaCheck(f16_to_f32_dev(t[n->sc_in2].d16, sc->s_in2, t[n->sc_in2].numel, st));
    cudaCheck(fill_f32_dev(sc->s_out, NAN, to->numel, st));
    node_ref_gpu(g, n, sc->s_in, n->in2 >= 0 ? sc->s_in2 : NULL, n->aux >= 0 ? sc->s_aux : NULL,
                 n->res >= 0 ? sc->s_res : NULL, n->sc ? sc->s_res : NULL,
                 n->sc && n->sc_in2 >= 0 ? sc->s_in2 : NULL, sc->s_out, sc, st);
    copy_to_host(host, sc->s_out, to->numel * sizeof(float), st);
    return 1;
}

// Tensor t of the FP32 reference chain into host[t numel] (copied on st from
// the GPU chain, or from the host chain of --ref cpu). 0 with --ref none.
static int chain_reference(const Tensor *t, RefMode ref, float *host, cudaStream_t st) {
    if (ref == REF_GPU) copy_to_host(host, t->dref, t->numel * sizeof(float), st);
    else if (ref == REF_CPU) memcpy(host, t->h_ref, t->numel * sizeof(float));
    return ref != REF_NONE;
}

// --vs cudnn: the FP32 reference a baseline output is compared with (see
// BaselineRefFn): node i's reference fed the fast path's inputs, exactly as
// the layer error computes it, or (i = -1) the reference chain's block output.
typedef struct {
    Graph *g;
    const Scratch *sc;
    cudaStream_t st;
    RefMode ref;
} BaselineRef;

static int baseline_ref(void *ctx, int i, float *host) {
    BaselineRef *c = ctx;
    if (i < 0) return chain_reference(&c->g->t[c->g->out], c->ref, host, c->st);
    return node_reference(c->g, &c->g->nodes[i], c->ref, c->sc, host, c->st);
}

// --- stages of run_gpu, in order; each is ordered on the stream it takes ------
// The device, timing events and the arena a run shares between its stages.
typedef struct {
    struct cudaDeviceProp prop;
    cudaStream_t st;  // every fast-path, reference and copy stage runs on it
    cudaEvent_t e0, e1;
    char *arena;
    char *i8;  // --int8-scales row: the per-row A scratch (Scratch.i8_*), or NULL
    Scratch sc;
    int tune_reps;  // launches per tuning candidate (time_config; TUNE_REPS unless --tune-reps)
    int tune;       // --kernel-select tune / tune-node: a prec_auto node may run either precision
} GpuRun;

static void gpu_begin(GpuRun *run, const RunOptions *opt, RunResult *r) {
    memset(r, 0, sizeof(*r));
    int dev = 0;
    cudaCheck(cudaGetDevice(&dev));
    cudaCheck(cudaGetDeviceProperties(&run->prop, dev));
    snprintf(r->device_name, sizeof(r->device_name), "%s", run->prop.name);
    r->num_sms = run->prop.multiProcessorCount;
    r->cc_major = run->prop.major;
    r->cc_minor = run->prop.minor;
    r->on_gpu = 1;
    r->ref = opt->ref;
    r->tol = opt->tol_fp16;
    r->pdl = opt->pdl && run->prop.major >= 9;
    kernels_set_pdl(r->pdl);
    kernels_set_engine(opt->engine ? KERNEL_ENGINE_PORTABLE : KERNEL_ENGINE_AUTO);
    kernels_set_tile_walk(opt->tile_walk - 1);
    s_nvtx = opt->nvtx;
    cudaCheck(cudaStreamCreateWithFlags(&run->st, cudaStreamNonBlocking));
    cudaCheck(cudaEventCreate(&run->e0));
    cudaCheck(cudaEventCreate(&run->e1));
    run->tune_reps = opt->tune_reps > 0 ? opt->tune_reps : TUNE_REPS;
    run->tune = opt->kernel_select != KERNEL_SELECT_HEURISTIC;
}

// Allocates the arena of graph_arena_plan and points every tensor, scratch
// slot and workspace into it; GroupNorm counters are zeroed on st.
// --int8-scales row: each INT8 node's weight quantized per output channel,
// once (d_w8, d_sw of its layer), and the per-row A scratch of the main chain
// and of the side branch (the largest M x K of the nodes; run->i8).
static void int8_rows_alloc(Graph *g, GpuRun *run, cudaStream_t st) {
    size_t qa_bytes = 0, sa_rows = 0;
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        // a prec_auto node FP16 by the rule: its INT8 weights only where tuning may take INT8
        if ((n->prec != PREC_INT8 && !(n->prec_auto && run->tune)) || !n->i8_rows) continue;
        int m, nn, k;
        node_gemm_dims(g, n, &m, &nn, &k);
        const size_t scales = (size_t)m * (n->i8_group ? (k + 127) / 128 : 1);  // group nodes: (M, G)
        if ((size_t)m * k > qa_bytes) qa_bytes = (size_t)m * k;
        if (scales > sa_rows) sa_rows = scales;
        const uint16_t *w16 = n->op == OP_CONV ? n->conv->d_w16 : n->lin->d_w16;  // (N, K)
        int8_t **w8 = n->op == OP_CONV ? &n->conv->d_w8 : &n->lin->d_w8;
        float **sw = n->op == OP_CONV ? &n->conv->d_sw : &n->lin->d_sw;
        if (*w8) continue;
        cudaCheck(cudaMalloc((void **)w8, (size_t)nn * k));
        cudaCheck(cudaMalloc((void **)sw, (size_t)nn * sizeof(float)));
        cudaCheck(quantize_rows_int8(w16, nn, k, 0, *w8, *sw, st));
    }
    run->i8 = NULL;
    if (!qa_bytes) return;
    const size_t qa_pad = (qa_bytes + 255) / 256 * 256, sa_pad = (sa_rows * sizeof(float) + 255) / 256 * 256;
    cudaCheck(cudaMalloc((void **)&run->i8, 2 * (qa_pad + sa_pad)));
    Scratch *sc = &run->sc;
    sc->i8_qa = (int8_t *)run->i8;
    sc->i8_side_qa = (int8_t *)(run->i8 + qa_pad);
    sc->i8_sa = (float *)(run->i8 + 2 * qa_pad);
    sc->i8_side_sa = (float *)(run->i8 + 2 * qa_pad + sa_pad);
}

static void arena_alloc(Graph *g, GpuRun *run, int ref_gpu, int two_pass, cudaStream_t st) {
    ArenaPlan plan;
    graph_arena_plan(g, run->prop.multiProcessorCount, ref_gpu, &plan);
    cudaError_t aerr = cudaMalloc((void **)&run->arena, plan.total);
    if (aerr == cudaErrorMemoryAllocation)
        die_user("out of GPU memory allocating the %.1f MiB activation arena on %s; %s", plan.total / 1048576.0,
                 run->prop.name, block_size_hint(&g->cfg));
    cudaCheck(aerr);
    char *a = run->arena;
    for (int i = 0; i < g->nt; i++) {
        g->t[i].d16 = (uint16_t *)(a + plan.t16[i]);
        if (ref_gpu) g->t[i].dref = (float *)(a + plan.tref[i]);
    }
    Scratch *sc = &run->sc;
    float *s = (float *)(a + plan.scratch);
    const size_t each = plan.scratch_each / sizeof(float);
    sc->s_in = s;
    sc->s_aux = s + each;
    sc->s_res = s + 2 * each;
    sc->s_out = s + 3 * each;
    sc->s_tmp = s + 4 * each;  // two slots
    sc->s_in2 = s + 6 * each;
    sc->s_view = s + 7 * each;
    sc->scores = plan.scores_bytes ? (float *)(a + plan.scores) : NULL;
    sc->gemm_ws = plan.gemm_ws_bytes ? (float *)(a + plan.gemm_ws) : NULL;
    sc->side_ws = plan.gemm_ws_bytes ? (float *)(a + plan.side_ws) : NULL;
    // The stream-K flags (kernels/gemm_wgmma.cu, attention_wgmma.cu) hold a per-node value and work on any contents, but a
    // fresh arena is zeroed once so that no kernel ever reads memory nothing wrote (compute-sanitizer initcheck).
    if (plan.gemm_ws_bytes) {
        cudaCheck(cudaMemsetAsync(sc->gemm_ws, 0, plan.gemm_ws_bytes, st));
        cudaCheck(cudaMemsetAsync(sc->side_ws, 0, plan.gemm_ws_bytes, st));
    }
    sc->attn_pad = plan.attn_pad_bytes ? (uint16_t *)(a + plan.attn_pad) : NULL;
    int nside = 0;
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        n->side = nside < MAX_SIDE && is_side_node(g, n);
        nside += n->side;
        if (n->op == OP_ATTENTION) n->attn_dpad = attention_gpu_head_dim(n->attn.d);
        if (node_ln_fold(n)) n->ln_stats = (float *)(a + plan.ln_stats[i]);
        if (!n->gn) continue;  // a GroupNorm, or a conv with its GroupNorm in the operand path
        n->gn_splits = plan.gn_splits[i];
        n->gn_cluster = 0;
        if (n->op == OP_GROUPNORM && !two_pass) {  // one kernel where the tile fits (splits 0)
            const Tensor *x = &g->t[n->in];
            const int c = x->c + (n->in2 >= 0 ? g->t[n->in2].c : 0);
            n->gn_cluster = groupnorm_one_pass(x->n, x->h * x->w, c, n->in2 >= 0 ? x->c : 0, n->gn->groups,
                                               run->prop.multiProcessorCount);
            if (n->gn_cluster) n->gn_splits = 0;
        }
        n->gn_ws = a + plan.gn_ws[i];
        n->gn_part = NULL, n->gn_slot = NULL;
        if (n->op == OP_GROUPNORM && n->gn_src >= 0) {  // after the GroupNorm's own workspace (graph_arena_plan)
            const Tensor *x = &g->t[n->in];
            char *p = (char *)n->gn_ws + groupnorm_workspace_bytes(x->n, n->gn->groups, plan.gn_splits[i], x->c);
            n->gn_part = (float *)p;
            n->gn_slot = (int *)(p + gn_stats_slot_offset(n->gn_slots, x->c));
        }
        // the kernels keep the counter at zero between launches
        cudaCheck(cudaMemsetAsync(n->gn_ws, 0, plan.gn_ws_bytes[i], st));
    }
    arena_plan_free(&plan);
    int8_rows_alloc(g, run, st);
}

// Inputs: N(0,1) or --input values, rounded to FP16 for both chains. Staged
// on the host and copied on st, the stream of every kernel that reads them
// (copy_to_device returns once the copy has landed).
static void stage_inputs(Graph *g, int ref_gpu, cudaStream_t st) {
    for (int i = 0; i < g->nt; i++) {
        Tensor *t = &g->t[i];
        if (!t->is_input) continue;
        float *v = xmalloc(t->numel * sizeof(float));
        uint16_t *v16 = xmalloc(t->numel * sizeof(uint16_t));
        graph_input_values(g, t, v);
        for (size_t k = 0; k < t->numel; k++) v16[k] = f32_to_f16(v[k]);
        copy_to_device(t->d16, v16, t->numel * sizeof(uint16_t), st);
        if (t->exact) memcpy(v, t->h_init, t->numel * sizeof(float));  // the FP32 chain's sinusoids: unrounded
        if (ref_gpu) copy_to_device(t->dref, v, t->numel * sizeof(float), st);
        free(v);
        free(v16);
    }
}

// The launches of fn(ctx, st) captured from st into an instantiated CUDA graph.
static cudaGraphExec_t capture_launches(LaunchFn fn, void *ctx, cudaStream_t st) {
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaCheck(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
    fn(ctx, st);
    cudaCheck(cudaStreamEndCapture(st, &graph));
    cudaCheck(cudaGraphInstantiate(&exec, graph, 0));
    cudaCheck(cudaGraphDestroy(graph));
    return exec;
}

typedef struct {
    Graph *g;
    const Scratch *sc;
    const Branch *br;
} ChainLaunch;

static void launch_chain(void *ctx, cudaStream_t st) {
    ChainLaunch *cl = ctx;
    fast_chain(cl->g, cl->sc, st, cl->br);
}

// The fast chain captured from st into an instantiated CUDA graph, side
// nodes on br's stream.
static cudaGraphExec_t capture_block(Graph *g, const Scratch *sc, const Branch *br, cudaStream_t st) {
    ChainLaunch cl = {g, sc, br};
    return capture_launches(launch_chain, &cl, st);
}

static void branch_create(Branch *br) {
    cudaCheck(cudaStreamCreateWithFlags(&br->side, cudaStreamNonBlocking));
    cudaCheck(cudaEventCreateWithFlags(&br->fork, cudaEventDisableTiming));
    for (int k = 0; k < MAX_SIDE; k++) cudaCheck(cudaEventCreateWithFlags(&br->join[k], cudaEventDisableTiming));
}

static void branch_destroy(Branch *br) {
    cudaCheck(cudaStreamDestroy(br->side));
    cudaCheck(cudaEventDestroy(br->fork));
    for (int k = 0; k < MAX_SIDE; k++) cudaCheck(cudaEventDestroy(br->join[k]));
}

// Median graph-replay time of the block with the nodes' current picks.
static double block_latency(Graph *g, GpuRun *run, const Branch *br, cudaStream_t st) {
    cudaGraphExec_t exec = capture_block(g, &run->sc, br, st);
    double samples[REFINE_REPS];
    TimeStats ts;
    time_launches(launch_graph, &exec, st, run->e0, run->e1, tune_warmup(run->tune_reps),
                  tune_replays(run->tune_reps, REFINE_REPS), samples, &ts);
    cudaCheck(cudaGraphExecDestroy(exec));
    return ts.median;
}

// The in-context refinement (see REFINE_WINDOW): --verbose prints one line
// per alternative tried.
static void refine_in_context(Graph *g, GpuRun *run, const Alternatives *alt, int verbose, cudaStream_t st) {
    int any = 0;
    for (int i = 0; i < g->nn; i++) any |= alt[i].n > 0;
    if (!any) return;
    Branch br;
    branch_create(&br);
    double best = block_latency(g, run, &br, st);
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        for (int a = 0; a < alt[i].n; a++) {
            const TileConfig keep = *node_gemm_cfg(n);
            *node_gemm_cfg(n) = alt[i].cfg[a];
            const double t = block_latency(g, run, &br, st);
            char label[96] = "";  // the tuning table's label of the candidate
            if (verbose) {
                (n->prec != PREC_INT8 ? label_tile : n->i8_rows ? label_int8_rows : label_int8)(alt[i].cfg, a, n,
                                                                                                 label, sizeof label);
                fprintf(stderr, "refine %-12s %s block %8.2f us (with the current picks %8.2f us)\n", n->name, label,
                        t * 1e6, best * 1e6);
            }
            if (t < best * REFINE_GAIN) {
                // confirmed in a second pair of replays (kept config, then the alternative): a
                // momentary slowdown of the GPU during the first replay of the kept picks must not
                // decide it (SD1.5 960->640 @32 b1 once kept a portable conv_shortcut at 2.2x the
                // time of the Hopper one that way)
                *node_gemm_cfg(n) = keep;
                const double t_keep = block_latency(g, run, &br, st);
                *node_gemm_cfg(n) = alt[i].cfg[a];
                const double t_alt = block_latency(g, run, &br, st);
                if (verbose)
                    fprintf(stderr, "refine %-12s %s confirm block %8.2f us (with the current picks %8.2f us)\n",
                            n->name, label, t_alt * 1e6, t_keep * 1e6);
                if (t_alt < t_keep * REFINE_GAIN) {
                    best = t_alt;
                } else {
                    *node_gemm_cfg(n) = keep;
                    best = t_keep;
                }
            } else {
                *node_gemm_cfg(n) = keep;
            }
        }
    }
    branch_destroy(&br);
}

// Every non-input tensor poisoned: FP16 NaN, and FP32 NaN in the reference
// copies where ref_gpu.
static void poison_tensors(Graph *g, int ref_gpu, cudaStream_t st) {
    for (int i = 0; i < g->nt; i++) {
        Tensor *t = &g->t[i];
        if (t->is_input) continue;
        cudaCheck(fill_u16_dev(t->d16, 0xFFFFu, t->numel, st));  // FP16 NaN
        if (ref_gpu) cudaCheck(fill_f32_dev(t->dref, NAN, t->numel, st));
    }
}

// Kernel configuration per node: conv / GEMM tile and split-K, attention
// variant. Nodes are visited in chain order and each runs once with its pick,
// so every candidate is timed on inputs that an earlier node wrote. The fast
// tensors are poisoned first, as before the first run: a node that read
// anything its producer did not write would read NaN here too, not what the
// allocation held. (compute-sanitizer's initcheck does not record the copy
// engine's stores, TMA tensor stores included, as initializing memory:
// tests/initcheck_tma_probe.cu. Without the poison it reported the readers of
// TMA-stored tensors in this stage, and only here: later stages run on
// poisoned tensors.)
static void choose_kernels(Graph *g, GpuRun *run, const RunOptions *opt, cudaStream_t st) {
    poison_tensors(g, 0, st);
    const int refine = opt->kernel_select == KERNEL_SELECT_TUNE && g->nn <= REFINE_MAX_NODES;
    Alternatives *alt = refine ? xcalloc((size_t)g->nn, sizeof(Alternatives)) : NULL;
    for (int i = 0; i < g->nn; i++) {
        select_node_config(g, &g->nodes[i], &run->sc, opt->kernel_select, run->prop.multiProcessorCount,
                           run->tune_reps, opt->verbose, st, run->e0, run->e1, alt ? &alt[i] : NULL);
        node_fast_gpu(g, &g->nodes[i], &run->sc, st);
    }
    if (alt) refine_in_context(g, run, alt, opt->verbose, st);
    free(alt);
    for (int i = 0; i < g->nn; i++) set_kernel_name(g, &g->nodes[i]);
    graph_set_tolerances(g, opt);  // --linear auto: tuning may have changed a node's precision
}

// Every non-input tensor poisoned (FP16 and FP32 NaN), then one fast chain
// run; returns its block output (host, FP32).
static float *first_run(Graph *g, const Scratch *sc, int ref_gpu, cudaStream_t st) {
    poison_tensors(g, ref_gpu, st);
    fast_chain(g, sc, st, NULL);
    const Tensor *tout = &g->t[g->out];
    float *out = xmalloc(tout->numel * sizeof(float));
    download_f16(tout, out, st);
    return out;
}

// The FP32 reference chain: on the GPU (a warm-up run, then one timed run on
// st), or on the host from the fast path's input values (--ref cpu; the fast
// tensors are downloaded for the layer error).
static void reference_chain(Graph *g, GpuRun *run, RefMode ref, RunResult *r, cudaStream_t st) {
    if (ref == REF_GPU) {
        ref_chain_gpu(g, &run->sc, st);  // first run also warms up
        cudaCheck(cudaEventRecord(run->e0, st));
        ref_chain_gpu(g, &run->sc, st);
        cudaCheck(cudaEventRecord(run->e1, st));
        cudaCheck(cudaEventSynchronize(run->e1));
        float ms = 0.f;
        cudaCheck(cudaEventElapsedTime(&ms, run->e0, run->e1));
        r->ref_time = ms * 1e-3;
        r->ref_on_gpu = 1;
    } else if (ref == REF_CPU) {
        for (int i = 0; i < g->nt; i++) {
            Tensor *t = &g->t[i];
            t->h_fast = xmalloc(t->numel * sizeof(float));
            t->h_ref = xmalloc(t->numel * sizeof(float));
            if (t->is_input) {
                download_f16(t, t->h_ref, st);
                memcpy(t->h_fast, t->h_ref, t->numel * sizeof(float));
                if (t->exact) memcpy(t->h_ref, t->h_init, t->numel * sizeof(float));  // unrounded sinusoids
            }
        }
        double t0 = wall_seconds();
        for (int i = 0; i < g->nn; i++) {
            Node *n = &g->nodes[i];
            node_cpu(g, n, 0, g->t[n->out].h_ref, 0);
        }
        r->ref_time = wall_seconds() - t0;
        for (int i = 0; i < g->nt; i++)
            if (!g->t[i].is_input) download_f16(&g->t[i], g->t[i].h_fast, st);
    }
}

// Per node: layer error (node_reference), chain error (chain_reference) and,
// for INT8 nodes, the FP16 GEMM's layer error; the run passes when every
// node is within its tolerance (node_pass).
static void compare_nodes(Graph *g, const Scratch *sc, RefMode ref, int num_sms, RunResult *r, cudaStream_t st) {
    r->checked = ref != REF_NONE;
    r->pass = 1;
    if (!r->checked) return;
    size_t maxt = 0;
    for (int i = 0; i < g->nt; i++)
        if (g->t[i].numel > maxt) maxt = g->t[i].numel;
    float *fast = xmalloc(maxt * sizeof(float));
    float *want = xmalloc(maxt * sizeof(float));
    float *alt = xmalloc(maxt * sizeof(float));  // FP16 GEMM output of an INT8 node
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        const Tensor *to = &g->t[n->out];
        download_f16(to, fast, st);
        node_reference(g, n, ref, sc, want, st);
        n->layer_err = compare_outputs(fast, want, to->numel);
        if (n->prec == PREC_INT8) fp16_alt_err(g, n, sc, num_sms, st, want, alt);
        chain_reference(to, ref, want, st);
        n->chain_err = compare_outputs(fast, want, to->numel);
        if (!node_pass(n, node_tol(n, r))) r->pass = 0;
    }
    free(fast);
    free(want);
    free(alt);
}

// Per-node timing: warm-up runs, then `iters` runs timed one by one. A run
// is one replay of the node captured in a CUDA graph (the --vs cudnn nodes
// are timed the same way: baseline.c), or with --node-timing eager the
// node's own launches, whose host-side launch latency an idle GPU waits for.
static void time_nodes(Graph *g, GpuRun *run, const RunOptions *opt, RunResult *r, cudaStream_t st) {
    double *samples = xcalloc((size_t)opt->iters, sizeof(double));
    r->sum_nodes = 0.0;
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        NodeLaunch nl = {g, n, &run->sc};
        if (opt->node_timing_eager) {
            time_launches(launch_node, &nl, st, run->e0, run->e1, opt->warmup, opt->iters, samples, &n->time);
        } else {  // one node's launches in a CUDA graph
            cudaGraphExec_t exec = capture_launches(launch_node, &nl, st);
            time_launches(launch_graph, &exec, st, run->e0, run->e1, opt->warmup, opt->iters, samples, &n->time);
            cudaCheck(cudaGraphExecDestroy(exec));
        }
        r->sum_nodes += n->time.median;
    }
    free(samples);
}

// Block latency: the fast chain captured from st into one CUDA graph (side
// nodes on a forked stream), replayed and timed. The replay must reproduce
// the first eager run bit for bit (every kernel is deterministic; a mismatch
// means a workspace or counter that is not safe to replay).
static void replay_graph(Graph *g, GpuRun *run, const RunOptions *opt, const float *first_out, RunResult *r,
                         cudaStream_t st) {
    Branch br;
    branch_create(&br);
    cudaGraphExec_t exec = capture_block(g, &run->sc, &br, st);
    double *samples = xcalloc((size_t)opt->iters, sizeof(double));
    time_launches(launch_graph, &exec, st, run->e0, run->e1, opt->warmup, opt->iters, samples, &r->block);
    free(samples);

    const Tensor *tout = &g->t[g->out];
    float *again = xmalloc(tout->numel * sizeof(float));
    download_f16(tout, again, st);
    r->replay_identical = memcmp(again, first_out, tout->numel * sizeof(float)) == 0;
    if (!r->replay_identical) r->pass = 0;
    free(again);

    branch_destroy(&br);
    cudaCheck(cudaGraphExecDestroy(exec));
}

static void gpu_end(Graph *g, GpuRun *run) {
    cudaCheck(cudaEventDestroy(run->e0));
    cudaCheck(cudaEventDestroy(run->e1));
    cudaCheck(cudaStreamDestroy(run->st));
    cudaCheck(cudaFree(run->arena));
    if (run->i8) cudaCheck(cudaFree(run->i8));
    for (int i = 0; i < g->nt; i++) g->t[i].d16 = NULL, g->t[i].dref = NULL;
}

void run_gpu(Graph *g, const RunOptions *opt, RunResult *r) {
    GpuRun run;
    gpu_begin(&run, opt, r);
    graph_set_precision(g, opt, conv2d_hopper_usable());  // --linear auto: INT8 only with the INT8 row TMA tiles
    if (opt->fuse_norm && conv2d_hopper_usable()) graph_fuse_norms(g, conv2d_norm_shape_ok);
    if (opt->fuse_shortcut == FUSE_ON && !conv2d_hopper_usable())
        die_user("--fuse-shortcut on needs the Hopper engine (an sm_90a build on a cc 9.0 GPU, --engine auto); "
                 "use --fuse-shortcut auto or off");
    if (opt->fuse_shortcut != FUSE_OFF && conv2d_hopper_usable()) graph_fuse_shortcuts(g, conv2d_shortcut_shape_ok);
    // both engines: the fold is in the shared epilogue; auto: the Hopper engine's C >= 1280 blocks
    // --int8-scales row GEMMs quantize their LayerNorm's rows on both engines unless --fuse-ln off
    if (opt->fuse_ln == FUSE_ON) graph_fuse_layernorms(g, 0, 0);
    else if (opt->fuse_ln == FUSE_AUTO)
        graph_fuse_layernorms(g, conv2d_hopper_usable() ? LNFOLD_AUTO_MIN_C : INT_MAX, 0);
    // last (node indices): GroupNorm statistics from the epilogue of the conv that writes the GroupNorm's input
    if (opt->gn_stats && conv2d_hopper_usable()) graph_link_gn_stats(g, conv2d_gn_stats_max_slots);
    const int ref_gpu = opt->ref == REF_GPU;
    const cudaStream_t st = run.st;

    graph_init_weights(g, opt->params, 1, opt->ref == REF_CPU, ref_gpu || opt->vs != VS_NONE);
    arena_alloc(g, &run, ref_gpu, opt->gn_two_pass, st);
    stage_inputs(g, ref_gpu, st);
    choose_kernels(g, &run, opt, st);
    float *first_out = first_run(g, &run.sc, ref_gpu, st);
    reference_chain(g, &run, opt->ref, r, st);
    compare_nodes(g, &run.sc, opt->ref, r->num_sms, r, st);
    time_nodes(g, &run, opt, r, st);
    if (opt->vs == VS_CUDNN) {  // same inputs and weights on cuDNN / cuBLAS
        BaselineRef br = {g, &run.sc, st, opt->ref};
        baseline_run(g, opt, st, baseline_ref, &br, r);
    }
    replay_graph(g, &run, opt, first_out, r, st);

    const Tensor *tout = &g->t[g->out];
    r->h_out_fast = first_out;  // the block output of the checked eager run
    if (opt->ref != REF_NONE) {
        r->h_out_ref = xmalloc(tout->numel * sizeof(float));
        chain_reference(tout, opt->ref, r->h_out_ref, st);
    }
    gpu_end(g, &run);
}
