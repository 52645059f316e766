// cpu_unet.c: the whole UNet (--unet) on the CPU path:
//   - layout inference from the tensors of synthetic checkpoints of all three
//     families in both namings (small channel counts): levels, channels,
//     attention depth, projection, added embeddings, as the header prints them;
//   - bad checkpoints and configs (a missing tensor, inconsistent channels, a
//     config.json that disagrees with the tensors) and bad command lines: exit
//     2 with one error line;
//   - the CPU path's attention at any head dim (--block transformer --heads 4
//     at 64 channels: head dim 16).
// The diffusers golden cases of whole tiny UNets are in tests/golden
// (unet-cases.txt), run by suite_golden.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/safetensors.h"
#include "../weights/synth.h"
#include "../src/graph/unet.h"
#include "harness.h"

#define TINY "tests/golden/unet_tiny_sd_b2"

static void layout_case(const char *bin, WeightsFamily fam, NameScheme naming, const int *ch, const char *want1,
                        const char *want2) {
    char path[512];
    if (!make_tmp_file(path, sizeof path, "unet_ck")) {
        result(0, "temporary file");
        return;
    }
    SynthOptions o = {.family = fam, .naming = naming, .ldm_root = naming == SCHEME_LDM, .dtype = ST_F16, .seed = 3};
    for (int i = 0; i < NAMES_MAX_LEVELS; i++) o.channels[i] = ch[i];
    StError e;
    int rc = synth_checkpoint(path, &o, NULL, NULL, &e);
    char args[1024];
    snprintf(args, sizeof args, "--unet --weights '%s' --device cpu --latent 8 --context-len 3 --ref none --iters 1 "
             "--warmup 0", path);
    Cmd r = rc ? (Cmd){-1, 0, NULL} : run_cli(bin, args);
    int ok = r.rc == 0 && r.out && strstr(r.out, want1) && strstr(r.out, want2) && strstr(r.out, "conv_out");
    result(ok, "--unet --weights (%s, %s naming): layout from the tensors \"%s\", \"%s\" (exit %d)",
           names_family_flag(fam), naming == SCHEME_LDM ? "LDM" : "diffusers", want1, want2, r.rc);
    if (!ok && r.out) printf("%s\n", r.out);
    free(r.out);
    unlink(path);
}

static void test_layouts(const char *bin) {
    static const int c15[4] = {32, 64, 64, 64}, c21[4] = {64, 128, 128, 128}, cxl[4] = {64, 128, 128, 0};
    for (int nm = 0; nm < 2; nm++) {
        NameScheme s = nm ? SCHEME_LDM : SCHEME_DIFFUSERS;
        layout_case(bin, FAMILY_SD1, s, c15, "channels 32, 64, 64, 64  resnets 2  attention depth 1, 1, 1, 0, mid 1",
                    "context 3 x 768  proj conv");
        layout_case(bin, FAMILY_SD2, s, c21, "channels 64, 128, 128, 128  resnets 2  attention depth 1, 1, 1, 0",
                    "heads 1, 2, 2, 2  context 3 x 1024  proj linear");
        layout_case(bin, FAMILY_SDXL, s, cxl, "channels 64, 128, 128  resnets 2  attention depth 0, 2, 10, mid 10",
                    "context 3 x 2048  proj linear  +text_time");
    }
}

// The tiny golden UNet's tensors into path, one dropped (drop) or reshaped (grow: its dim 0 + 8).
static int rewrite(const char *path, const char *drop, const char *grow) {
    StFile f;
    StError e;
    if (st_open(TINY ".weights.safetensors", &f, &e)) return -1;
    StWriteTensor *t = xcalloc((size_t)f.ntensors, sizeof(StWriteTensor));
    float **data = xcalloc((size_t)f.ntensors, sizeof(float *));
    int n = 0, rc = 0;
    for (int i = 0; i < f.ntensors && !rc; i++) {
        const StTensor *s = &f.tensors[i];
        if (drop && !strcmp(s->name, drop)) continue;
        rc = st_load_f32(&f, s->name, -1, NULL, &data[n], &e);
        t[n] = (StWriteTensor){s->name, ST_F16, s->ndim, {0}, NULL};
        for (int d = 0; d < s->ndim; d++) t[n].shape[d] = s->shape[d];
        if (grow && !strcmp(s->name, grow)) {  // a wider tensor: 8 more rows of zeros
            size_t row = (size_t)s->numel / (size_t)s->shape[0];
            data[n] = realloc(data[n], ((size_t)s->numel + 8 * row) * sizeof(float));
            memset(data[n] + s->numel, 0, 8 * row * sizeof(float));
            t[n].shape[0] += 8;
        }
        t[n].data = data[n];
        n++;
    }
    if (!rc) rc = safetensors_write(path, n, t, &e);
    for (int i = 0; i < n; i++) free(data[i]);
    free(data);
    free(t);
    st_close(&f);
    return rc;
}

static void bad_checkpoint(const char *bin, const char *drop, const char *grow, const char *want) {
    char path[512], args[1024];
    if (!make_tmp_file(path, sizeof path, "unet_bad") || rewrite(path, drop, grow)) {
        result(0, "rewrite the tiny UNet without %s", drop ? drop : grow);
        return;
    }
    snprintf(args, sizeof args, "--unet --weights '%s' --config %s.config.json --device cpu --latent 8 --context-len 2",
             path, TINY);
    cli_bad(bin, args, want);
    unlink(path);
}

static void bad_config(const char *bin, const char *json, const char *want) {
    char path[512], args[1024];
    if (!make_tmp_file(path, sizeof path, "unet_cfg")) return;
    FILE *f = fopen(path, "w");
    if (!f) return;
    fputs(json, f);
    fclose(f);
    snprintf(args, sizeof args, "--unet --weights %s.weights.safetensors --config '%s' --device cpu --latent 8", TINY,
             path);
    cli_bad(bin, args, want);
    unlink(path);
}

static void test_bad(const char *bin) {
    bad_checkpoint(bin, "conv_out.weight", NULL, "tensor conv_out.weight is missing");
    bad_checkpoint(bin, "up_blocks.1.attentions.0.transformer_blocks.0.attn2.to_k.weight", NULL,
                   "up_blocks.1.attentions.0.transformer_blocks.0.attn2.to_k.weight is missing");
    bad_checkpoint(bin, NULL, "down_blocks.1.resnets.0.conv2.weight",
                   "down_blocks.1.resnets.0.conv2.weight: expected [32, 32, 3, 3], found [40, 32, 3, 3]");
    bad_checkpoint(bin, "down_blocks.0.resnets.0.conv1.weight", NULL, "down_blocks.0.resnets.0.conv1.weight is missing");
    bad_config(bin, "{\"block_out_channels\": [16, 48]}",
               "block_out_channels is 16, 48 but the checkpoint's tensors have 16, 32");
    bad_config(bin, "{\"block_out_channels\": [16, 32, 64]}", "block_out_channels is a list of another length");
    bad_config(bin, "{\"layers_per_block\": 2}", "layers_per_block is 2 but the checkpoint's tensors have 1");
    bad_config(bin, "{\"cross_attention_dim\": 768}", "cross_attention_dim is 768 but the checkpoint's tensors have 32");
    bad_config(bin, "{\"attention_head_dim\": 3}", "gives 3 heads at level 0, which do not divide its 16 channels");
    bad_config(bin, "{\"norm_num_groups\": 5}", "norm_num_groups 5 does not divide the 16 channels of level 0");
    bad_config(bin, "[1, 2]", "is not a JSON object");
    bad_config(bin, "{\"in_channels\": 8}", "in_channels is 8 but the checkpoint's tensors have 4");
}

static void test_cli(const char *bin) {
    static const char *bad[][2] = {
        {"--unet", "--unet needs a model (sd15, sd21 or sdxl) or --weights FILE"},
        {"--unet sd14", "--unet must be followed by sd15, sd21 or sdxl (got 'sd14')"},
        {"--unet sd15 --weights " TINY ".weights.safetensors", "--unet sd15 runs random weights"},
        {"--unet sd15 --c 320", "--c does not apply to --unet"},
        {"--unet sd15 --block resblock", "--block does not apply to --unet"},
        {"--unet sdxl --heads 4", "--heads does not apply to --unet"},
        {"--unet sd15 --latent 12", "needs height and width divisible by 8; try --latent 16"},
        {"--unet sd15 --latent 8 --h 8", "--latent 8 conflicts with --h/--w"},
        {"--unet sd15 --config " TINY ".config.json", "--config describes a checkpoint"},
        {"--block resblock --latent 8", "--latent applies to --unet only"},
        {"--block resblock --timestep 5", "--timestep applies to --unet only"},
        {"--block resblock --nodes", "--nodes applies to --unet only"},
        {"--unet sd15 --timestep -5", "--timestep"},
        {"--unet sd15 --latent 8 extra", "unexpected argument 'extra'"},
        {"--unet --weights " TINY ".weights.safetensors --config " TINY ".config.json --input " TINY
         ".expected.safetensors",
         "needs sample (B, 4, H, W) for --unet"},
        {"--unet --weights /nonexistent.safetensors", "/nonexistent.safetensors"},
        {"--unet --weights " TINY ".weights.safetensors", "level 0 has 16 channels, not divisible by 32 GroupNorm groups"},
        {"--unet sdxl --latent 512 --batch 2", "this UNet step needs about"},  // before any allocation
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char args[1024];
        snprintf(args, sizeof args, "%s --device cpu", bad[i][0]);
        cli_bad(bin, args, bad[i][1]);
    }
}

// The CPU path runs attention at any head dim; the tiny UNet's heads are 4 and 8 wide.
static void test_any_head_dim(const char *bin) {
    Cmd r = run_cli(bin, "--device cpu --block transformer --c 64 --heads 4 --hw 2 --context-len 3 --context-dim 16 "
                         "--groups 8 --check");
    result(r.rc == 0 && strstr(r.out, "heads 4 x 16") && strstr(r.out, "verdict  PASS"),
           "--device cpu --block transformer --c 64 --heads 4: head dim 16 runs and passes (exit %d)", r.rc);
    free(r.out);
    r = run_cli(bin, "--device cpu --block attention --kind cross --seq 5 --kv 3 --heads 2 --head-dim 12 --check");
    result(r.rc == 0 && strstr(r.out, "verdict  PASS"), "--device cpu --block attention --head-dim 12 passes (exit %d)",
           r.rc);
    free(r.out);
}

// A tiny run's reports: --nodes rows, block JSON and CSV.
static void test_reports(const char *bin) {
    char json[512], csv[512], args[2048];
    if (!make_tmp_file(json, sizeof json, "unet_json") || !make_tmp_file(csv, sizeof csv, "unet_csv")) return;
    snprintf(args, sizeof args, "--unet --weights %s.weights.safetensors --config %s.config.json --input "
             "%s.inputs.safetensors --device cpu --nodes --json '%s' --csv '%s' --check", TINY, TINY, TINY, json, csv);
    Cmd r = run_cli(bin, args);
    result(r.rc == 0 && strstr(r.out, "up_blocks.1.resnets.1") && strstr(r.out, "  conv_shortcut") &&
               strstr(r.out, "nearest2x+conv") && strstr(r.out, "verdict  PASS"),
           "--unet tiny --nodes: block rows, node rows under them, PASS (exit %d)", r.rc);
    free(r.out);
    char *j = read_whole_file(json, NULL), *c = read_whole_file(csv, NULL);
    result(j && strstr(j, "\"blocks\"") && strstr(j, "\"name\":\t\"down_blocks.0.attentions.0\"") &&
               strstr(j, "\"step_us\""),
           "--unet --json: a \"unet\" object with one entry per block");
    result(c && strstr(c, "block,") && strstr(c, "\"mid_block.attentions.0\""), "--unet --nodes --csv: node rows with their block");
    free(j);
    free(c);
    unlink(json);
    unlink(csv);
}

// The liveness arena of --unet --ref none on the GPU: tensors live at the
// same node (lifetimes derived here independently) never share bytes; the
// span is between the live peak and the sum of all tensors.
static void test_live_offsets(WeightsFamily fam, int latent, int batch) {
    UnetSpec u;
    unet_spec_family(fam, &u);
    BlockConfig cfg = {.batch = batch, .h = latent, .w = latent, .context_len = 77, .seed = 1};
    Graph g;
    build_unet(&g, &u, &cfg);
    size_t *off = xcalloc((size_t)g.nt, sizeof(size_t)), all = 0;
    const size_t span = graph_live_offsets(&g, off);
    int *lo = xcalloc((size_t)g.nt, sizeof(int)), *hi = xcalloc((size_t)g.nt, sizeof(int));
    for (int i = 0; i < g.nt; i++) lo[i] = g.t[i].is_input ? 0 : g.nn, hi[i] = g.t[i].is_input ? g.nn : 0;
    for (int i = 0; i < g.nn; i++) {
        const Node *n = &g.nodes[i];
        const int use[5] = {n->in, n->in2, n->aux, n->res, n->out};
        for (int k = 0; k < 5; k++)
            if (use[k] >= 0) lo[use[k]] = lo[use[k]] < i ? lo[use[k]] : i, hi[use[k]] = hi[use[k]] > i ? hi[use[k]] : i;
    }
    hi[g.out] = g.nn;
    int clash = 0;
    for (int a = 0; a < g.nt; a++) {
        all += g.t[a].numel * 2;
        for (int b = a + 1; b < g.nt; b++) {
            if (hi[a] < lo[b] || hi[b] < lo[a]) continue;
            if (off[a] < off[b] + g.t[b].numel * 2 && off[b] < off[a] + g.t[a].numel * 2) clash++;
        }
    }
    const size_t peak = unet_live_bytes(&g);
    result(!clash && span >= peak && span < all,
           "liveness arena %s latent %d batch %d: no overlap among %d tensors (%d clashes), %.1f MiB for a live peak "
           "of %.1f MiB (all tensors %.1f MiB)", names_family_flag(fam), latent, batch, g.nt, clash,
           span / 1048576.0, peak / 1048576.0, all / 1048576.0);
    free(off), free(lo), free(hi);
    graph_free(&g);
}

void cpu_suite_unet(const char *bin) {
    test_live_offsets(FAMILY_SD1, 64, 2);
    test_live_offsets(FAMILY_SDXL, 128, 2);
    test_cli(bin);
    test_any_head_dim(bin);
    test_bad(bin);
    test_layouts(bin);
    test_reports(bin);
}
