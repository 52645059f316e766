// cpu_checkpoint_cli.c: the checkpoint and file options of the unetrun CLI
// (--weights/--prefix, --list-weights, --input, --save-output), CPU path.
//
//   - a block run from an F32 mkcheckpoint file gives the same output and
//     reference, bit for bit, as a run with random weights of the same seed
//     (the file holds exactly those values), for ResBlocks with and without
//     shortcut and an SD1.5 transformer; LDM and diffusers files and prefixes
//     give identical results
//   - block kind and shapes come from the tensors; the default activation
//     size is the block's level at the family's native resolution
//   - --list-weights prints exactly the blocks of each family's UNet
//   - --input / --save-output: NCHW <-> NHWC on a non-square tensor, checked
//     against a hand-computed 1x1 convolution; inputs equal to the seeded
//     random ones reproduce the random run bit for bit (x, temb, context)
//   - every user error: exit 2 with one line naming the problem
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/blockinfo.h"
#include "../weights/random.h"
#include "../weights/safetensors.h"
#include "../weights/synth.h"
#include "harness.h"

static const char *g_bin;
static char g_dir[256];

// Path of a file in the suite's directory (a ring of 32 buffers: callers
// keep at most a few alive at a time).
static const char *tmp_path(const char *name) {
    static char buf[32][512];
    static int k;
    char *p = buf[k++ % 32];
    snprintf(p, 512, "%s/%s", g_dir, name);
    return p;
}

static int contains(const char *s, const char *sub) { return s && strstr(s, sub) != NULL; }

// unetrun with args (CPU path); returns exit code, output in *out (free it) when out != NULL.
static int unetrun(const char *args, char **out) {
    char full[2048];
    snprintf(full, sizeof full, "%s%s", args, dev_args());
    Cmd c = run_cli(g_bin, full);
    int rc = c.sig ? -c.sig : c.rc;
    if (out) *out = c.out;
    else free(c.out);
    return rc;
}

static int same_file(const char *a, const char *b) {
    size_t na = 0, nb = 0;
    char *x = read_whole_file(a, &na), *y = read_whole_file(b, &nb);
    int same = x && y && na == nb && na > 0 && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

static void write_ckpt(const char *path, WeightsFamily fam, NameScheme naming, int root, StDtype dt, uint64_t seed,
                       const char *const *blocks, int nb, const int *channels) {
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = fam;
    o.naming = naming;
    o.ldm_root = root;
    o.dtype = dt;
    o.seed = seed;
    BlockId ids[8];
    for (int i = 0; i < nb; i++)
        if (names_block_id(blocks[i], &ids[i])) die_internal("bad block %s in test", blocks[i]);
    o.nblocks = nb;
    o.blocks = ids;
    if (channels)
        for (int i = 0; i < NAMES_MAX_LEVELS; i++) o.channels[i] = channels[i];
    StError e;
    long long nt, bytes;
    if (synth_checkpoint(path, &o, &nt, &bytes, &e)) die_internal("synth_checkpoint %s: %s", path, e.msg);
}

// ---------------------------------------------------------------------------
// checkpoint block == random weights of the same seed
// ---------------------------------------------------------------------------
static void same_as_random(const char *ckpt, const char *prefix, const char *random_args, const char *what) {
    char args[1024];
    const char *a = tmp_path("ckpt-out.safetensors"), *b = tmp_path("rand-out.safetensors");
    remove(a);
    remove(b);
    char *o1 = NULL, *o2 = NULL;
    snprintf(args, sizeof args, "--weights %s --prefix %s --hw 4 --seed 7 --iters 1 --save-output %s", ckpt, prefix, a);
    int rc1 = unetrun(args, &o1);
    snprintf(args, sizeof args, "%s --hw 4 --seed 7 --iters 1 --save-output %s", random_args, b);
    int rc2 = unetrun(args, &o2);
    int ok = rc1 == 0 && rc2 == 0 && same_file(a, b) && contains(o1, "weights") && contains(o1, strrchr(ckpt, '/') + 1);
    result(ok, "--weights %s --prefix %s (%s) == %s, same seed: exit %d/%d, output and reference bit-identical%s%.300s",
           strrchr(ckpt, '/') + 1, prefix, what, random_args, rc1, rc2, ok ? "" : "; output: ", ok ? "" : o1);
    free(o1);
    free(o2);
}

static void test_checkpoint_equals_random(void) {
    static const char *blocks[] = {"down_blocks.0.resnets.0", "down_blocks.1.resnets.0", "down_blocks.0.attentions.0"};
    const char *diff = tmp_path("sd15-diffusers.safetensors"), *ldm = tmp_path("sd15-ldm.safetensors");
    write_ckpt(diff, FAMILY_SD1, SCHEME_DIFFUSERS, 0, ST_F32, 7, blocks, 3, NULL);
    write_ckpt(ldm, FAMILY_SD1, SCHEME_LDM, 1, ST_F32, 7, blocks, 3, NULL);
    same_as_random(diff, "down_blocks.0.resnets.0", "--block resblock --c 320", "ResBlock 320->320, diffusers file");
    same_as_random(diff, "down_blocks.1.resnets.0", "--block resblock --c 320 --cout 640",
                   "ResBlock 320->640 with conv_shortcut, diffusers file");
    same_as_random(ldm, "input_blocks.4.0", "--block resblock --c 320 --cout 640",
                   "ResBlock 320->640, LDM file, LDM prefix");
    same_as_random(ldm, "down_blocks.0.attentions.0", "--block transformer --c 320",
                   "SD1.5 transformer, LDM file, diffusers prefix");
    same_as_random(diff, "model.diffusion_model.input_blocks.1.1", "--block transformer --c 320",
                   "SD1.5 transformer, diffusers file, LDM prefix with root");

    // the kind and shapes came from the tensors: the printed config says so
    char *out = NULL;
    char args[1024];
    snprintf(args, sizeof args, "--weights %s --prefix input_blocks.1.1 --hw 4 --iters 1 --ref none", ldm);
    int rc = unetrun(args, &out);
    result(rc == 0 && contains(out, "transformer  C 320") && contains(out, "heads 8 x 40") &&
               contains(out, "context 77 x 768") && contains(out, "proj conv"),
           "--weights sd15 --prefix input_blocks.1.1: transformer C 320, 8 heads x 40 (SD1 default), context 768, "
           "proj conv from the tensors (exit %d)", rc);
    free(out);
    snprintf(args, sizeof args, "--weights %s --prefix down_blocks.0.attentions.0 --head-dim 64 --hw 4 --iters 1 --ref none",
             diff);
    rc = unetrun(args, &out);
    result(rc == 0 && contains(out, "heads 5 x 64"), "--weights sd15 transformer --head-dim 64: 5 heads x 64 (exit %d)",
           rc);
    free(out);
    remove(diff);
    remove(ldm);
}

// default --hw: the block's level at the family's native latent size
static void test_default_hw(void) {
    // (a transformer in the file lets the family be detected from its context width)
    static const char *blocks[] = {"down_blocks.1.resnets.0", "mid_block.resnets.0", "up_blocks.1.resnets.0",
                                   "down_blocks.1.attentions.0"};
    static const int ch1[4] = {32, 64, 64, 64}, ch2[4] = {64, 128, 128, 128};
    const char *f1 = tmp_path("sd15-small.safetensors"), *f2 = tmp_path("sd21-small.safetensors");
    write_ckpt(f1, FAMILY_SD1, SCHEME_DIFFUSERS, 0, ST_F16, 3, blocks, 3, ch1);
    write_ckpt(f2, FAMILY_SD2, SCHEME_DIFFUSERS, 0, ST_F16, 3, blocks, 4, ch2);
    struct {
        const char *file, *prefix, *want;
    } cases[] = {
        {f1, "down_blocks.1.resnets.0", "cin 32 -> cout 64  32x32 (HxW)"},
        {f1, "mid_block.resnets.0", "cin 64 -> cout 64  8x8 (HxW)"},
        {f1, "up_blocks.1.resnets.0", "16x16 (HxW)"},
        {f2, "down_blocks.1.resnets.0", "cin 64 -> cout 128  48x48 (HxW)"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024], *out = NULL;
        snprintf(args, sizeof args, "--weights %s --prefix %s --iters 1 --ref none", cases[i].file, cases[i].prefix);
        int rc = unetrun(args, &out);
        result(rc == 0 && contains(out, cases[i].want), "--weights %s --prefix %s without --hw: runs at '%s' (exit %d)",
               strrchr(cases[i].file, '/') + 1, cases[i].prefix, cases[i].want, rc);
        free(out);
    }
    remove(f1);
    remove(f2);
}

// ---------------------------------------------------------------------------
// --list-weights
// ---------------------------------------------------------------------------
static void test_list_weights(WeightsFamily fam, const int *ch) {
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = fam;
    o.naming = SCHEME_LDM;
    o.ldm_root = 1;
    o.dtype = ST_F16;
    o.seed = 1;
    for (int i = 0; i < NAMES_MAX_LEVELS; i++) o.channels[i] = ch[i];
    const char *path = tmp_path("unet-list.safetensors");
    StError e;
    long long nt, bytes;
    if (synth_checkpoint(path, &o, &nt, &bytes, &e)) die_internal("synth_checkpoint: %s", e.msg);
    UnetLayout L;
    synth_layout(&o, &L, &e);
    LayoutBlock want[NAMES_MAX_BLOCKS];
    int nwant = names_layout_blocks(&L, want);
    char args[700], *out = NULL;
    snprintf(args, sizeof args, "--list-weights %s", path);
    Cmd c = run_cli(g_bin, args);
    out = c.out;
    // every expected block appears once, in both schemes, in order
    int ok = c.rc == 0, last = -1, found = 0;
    for (int i = 0; i < nwant; i++) {
        char d[64], l[64], row[160];
        names_diffusers(&want[i].id, d, sizeof d);
        names_ldm(&want[i].id, l, sizeof l);
        snprintf(row, sizeof row, "\n%s ", d);
        const char *p = strstr(out, row);
        int at = p ? (int)(p - out) : -1;
        if (p && at > last && strstr(p, l)) {
            found++;
            last = at;
        } else {
            ok = 0;
        }
    }
    char fam_line[64];
    snprintf(fam_line, sizeof fam_line, "%s", names_family_name(fam));
    ok = ok && found == nwant && contains(out, fam_line);
    result(ok, "unetrun --list-weights on a whole %s UNet (LDM naming): its %d blocks in order with both prefixes, "
           "family %s (found %d, exit %d)",
           names_family_name(fam), nwant, names_family_name(fam), found, c.rc);
    free(out);
    remove(path);
}

// ---------------------------------------------------------------------------
// --input / --save-output
// ---------------------------------------------------------------------------
static int load(const char *path, const char *name, int ndim, const int64_t *shape, float **out) {
    StFile f;
    StError e;
    if (st_open(path, &f, &e)) return -1;
    int rc = st_load_f32(&f, name, ndim, shape, out, &e);
    st_close(&f);
    return rc;
}

static void write_inputs(const char *path, int n, const char *const *names, const int *ndim, int64_t (*shape)[4],
                         float *const *data, StDtype dt) {
    StWriteTensor t[4];
    memset(t, 0, sizeof t);
    for (int i = 0; i < n; i++) {
        t[i].name = names[i];
        t[i].dtype = dt;
        t[i].ndim = ndim[i];
        memcpy(t[i].shape, shape[i], sizeof(int64_t) * 4);
        t[i].data = data[i];
    }
    StError e;
    if (safetensors_write(path, n, t, &e)) die_internal("safetensors_write %s: %s", path, e.msg);
}

// 1x1 conv, B 2, Cin 8 -> Cout 16, H 3 x W 5 (non-square): sizes from x,
// saved output and reference against y[b, o, h, w] = sum_i W[o, i] x16[b, i, h, w] + bias[o].
static void test_input_output_conv(StDtype dt) {
    const int B = 2, CI = 8, CO = 16, H = 3, W = 5;
    const size_t nx = (size_t)B * CI * H * W;
    float *x = xmalloc(nx * sizeof(float));
    for (size_t i = 0; i < nx; i++) x[i] = sinf(0.37f * (float)i + 0.1f) * 1.5f;  // distinct per position
    const char *in = tmp_path("conv-in.safetensors"), *out = tmp_path("conv-out.safetensors");
    const char *names[] = {"x"};
    int nd[] = {4};
    int64_t sh[1][4] = {{B, CI, H, W}};
    float *data[] = {x};
    write_inputs(in, 1, names, nd, sh, data, dt);
    remove(out);
    char args[1024], *o = NULL;
    snprintf(args, sizeof args, "--block conv --ksize 1 --c %d --cout %d --seed 11 --iters 1 --input %s --save-output %s",
             CI, CO, in, out);
    int rc = unetrun(args, &o);

    float *w = xmalloc((size_t)CO * CI * sizeof(float)), *bias = xmalloc(CO * sizeof(float));
    const float bound = 1.0f / sqrtf((float)CI);
    random_uniform("conv.weight", 11, w, (size_t)CO * CI, 0.0f, bound, 0);  // (Cout, Cin, 1, 1)
    random_uniform("conv.bias", 11, bias, CO, 0.0f, bound, 0);
    int64_t osh[4] = {B, CO, H, W};
    float *got = NULL, *ref = NULL;
    int l1 = rc == 0 ? load(out, "output", 4, osh, &got) : -1;
    int l2 = rc == 0 ? load(out, "reference", 4, osh, &ref) : -1;
    double max_ref = 0.0, max_fast = 0.0;
    if (!l1 && !l2) {
        for (int b = 0; b < B; b++)
            for (int co = 0; co < CO; co++)
                for (int h = 0; h < H; h++)
                    for (int ww = 0; ww < W; ww++) {
                        double acc = bias[co];
                        for (int ci = 0; ci < CI; ci++) {
                            float xv = x[(((size_t)b * CI + ci) * H + h) * W + ww];
                            xv = round_f16(xv);  // both chains start from the FP16-rounded inputs
                            acc += (double)w[co * CI + ci] * xv;
                        }
                        size_t k = (((size_t)b * CO + co) * H + h) * W + ww;
                        double dr = fabs(ref[k] - acc), df = fabs(got[k] - acc);
                        if (dr > max_ref) max_ref = dr;
                        if (df > max_fast) max_fast = df;
                    }
    }
    int ok = rc == 0 && !l1 && !l2 && max_ref < 1e-5 && max_fast < 4e-3 && contains(o, "batch 2");
    result(ok, "--input x %s [2, 8, 3, 5] NCHW, --block conv 1x1 8->16: batch and 3x5 from the file; saved output and "
           "reference [2, 16, 3, 5] NCHW match a hand 1x1 conv (max |ref - want| %.1e < 1e-5, |fast - want| %.1e < 4e-3, "
           "exit %d)",
           st_dtype_name(dt), max_ref, max_fast, rc);
    free(o);
    free(x);
    free(w);
    free(bias);
    free(got);
    free(ref);
    remove(in);
    remove(out);
}

// The seeded random inputs written to a file (NCHW / (B, L, D) / (B, C))
// reproduce the random run bit for bit.
static void test_input_equals_random(const char *block_args, int B, int C, int H, int W, int temb_dim, int L, int D) {
    const uint64_t seed = 5;
    const char *names[3];
    int nd[3];
    int64_t sh[3][4];
    float *data[3];
    int n = 0;
    size_t nx = (size_t)B * H * W * C;
    float *xn = xmalloc(nx * sizeof(float)), *xc = xmalloc(nx * sizeof(float));
    random_normal("x", seed, xn, nx);  // the executor's NHWC values
    nhwc_to_nchw(xn, xc, B, H, W, C);
    names[n] = "x", nd[n] = 4, sh[n][0] = B, sh[n][1] = C, sh[n][2] = H, sh[n][3] = W, data[n++] = xc;
    float *t = NULL, *ctx = NULL;
    if (temb_dim) {
        t = xmalloc((size_t)B * temb_dim * sizeof(float));
        random_normal("temb", seed, t, (size_t)B * temb_dim);
        names[n] = "temb", nd[n] = 2, sh[n][0] = B, sh[n][1] = temb_dim, data[n++] = t;
    }
    if (L) {
        ctx = xmalloc((size_t)B * L * D * sizeof(float));
        random_normal("context", seed, ctx, (size_t)B * L * D);
        names[n] = "context", nd[n] = 3, sh[n][0] = B, sh[n][1] = L, sh[n][2] = D, data[n++] = ctx;
    }
    const char *in = tmp_path("in.safetensors"), *a = tmp_path("a.safetensors"), *b = tmp_path("b.safetensors");
    write_inputs(in, n, names, nd, sh, data, ST_F32);
    remove(a);
    remove(b);
    char args[1024];
    snprintf(args, sizeof args, "%s --seed %llu --iters 1 --input %s --save-output %s", block_args,
             (unsigned long long)seed, in, a);
    int rc1 = unetrun(args, NULL);
    snprintf(args, sizeof args, "%s --seed %llu --iters 1 --batch %d --h %d --w %d%s --save-output %s", block_args,
             (unsigned long long)seed, B, H, W, L ? " --context-len 5" : "", b);
    int rc2 = unetrun(args, NULL);
    result(rc1 == 0 && rc2 == 0 && same_file(a, b),
           "%s --input {x [%d, %d, %d, %d] NCHW%s%s} == the seeded random inputs, bit for bit (exit %d/%d)", block_args,
           B, C, H, W, temb_dim ? ", temb (B, 1280)" : "", L ? ", context (B, 5, D)" : "", rc1, rc2);
    free(xn);
    free(xc);
    free(t);
    free(ctx);
    remove(in);
    remove(a);
    remove(b);
}

// ---------------------------------------------------------------------------
// user errors
// ---------------------------------------------------------------------------
static void bad(const char *args, const char *want) {
    char full[2048];
    snprintf(full, sizeof full, "%s%s", args, dev_args());
    cli_bad(g_bin, full, want);
}

// A small SD1 ResBlock file (diffusers names) whose conv2.weight holds one NaN.
static void write_nan_block(const char *path) {
    static const int ch[4] = {32, 64, 64, 64};
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = FAMILY_SD1;
    o.dtype = ST_F32;
    o.seed = 2;
    for (int i = 0; i < 4; i++) o.channels[i] = ch[i];
    UnetLayout L;
    StError e;
    if (synth_layout(&o, &L, &e)) die_internal("synth_layout: %s", e.msg);
    BlockId id;
    names_block_id("down_blocks.0.resnets.0", &id);
    LayoutBlock lb;
    if (names_layout_find(&L, &id, &lb)) die_internal("layout block");
    SynthTensor *st = xcalloc(SYNTH_MAX_BLOCK_TENSORS, sizeof(SynthTensor));
    int n = synth_block_tensors(&L, &lb, st);
    StWriteTensor *wt = xcalloc((size_t)n, sizeof(StWriteTensor));
    char (*names)[160] = xcalloc((size_t)n, 160);
    for (int i = 0; i < n; i++) {
        size_t cnt = 1;
        for (int d = 0; d < st[i].ndim; d++) cnt *= (size_t)st[i].shape[d];
        float *v = xmalloc(cnt * sizeof(float));
        synth_uniform(st[i].name, 2, v, cnt, st[i].center, st[i].scale);
        if (!strcmp(st[i].name, "conv2.weight")) v[cnt / 2] = NAN;
        snprintf(names[i], 160, "down_blocks.0.resnets.0.%s", st[i].name);
        wt[i].name = names[i];
        wt[i].dtype = ST_F32;
        wt[i].ndim = st[i].ndim;
        memcpy(wt[i].shape, st[i].shape, sizeof(int64_t) * 4);
        wt[i].data = v;
    }
    if (safetensors_write(path, n, wt, &e)) die_internal("write: %s", e.msg);
    for (int i = 0; i < n; i++) free((void *)wt[i].data);
    free(wt);
    free(names);
    free(st);
}

static void test_errors(void) {
    static const char *blocks[] = {"down_blocks.0.resnets.0", "down_blocks.0.attentions.0"};
    const char *f = tmp_path("sd15-err.safetensors");
    write_ckpt(f, FAMILY_SD1, SCHEME_DIFFUSERS, 0, ST_F16, 1, blocks, 2, NULL);
    char a[1024], w[512];
#define BAD(want, ...) (snprintf(a, sizeof a, __VA_ARGS__), bad(a, want))
    BAD("--prefix needs --weights FILE", "--prefix down_blocks.0.resnets.0");
    snprintf(w, sizeof w, "--weights needs --prefix BLOCK");
    BAD(w, "--weights %s", f);
    BAD("--c 640 conflicts with the checkpoint: down_blocks.0.resnets.0 has 320 input channels",
        "--weights %s --prefix down_blocks.0.resnets.0 --c 640 --hw 4", f);
    BAD("--cout 64 conflicts with the checkpoint", "--weights %s --prefix down_blocks.0.resnets.0 --cout 64 --hw 4", f);
    BAD("--block transformer conflicts with --prefix down_blocks.0.resnets.0, which is a resblock",
        "--block transformer --weights %s --prefix down_blocks.0.resnets.0", f);
    BAD("--block conv conflicts with --prefix", "--block conv --weights %s --prefix input_blocks.1.0", f);
    BAD("--depth 2 conflicts with the checkpoint: down_blocks.0.attentions.0 has 1 transformer_blocks",
        "--weights %s --prefix down_blocks.0.attentions.0 --depth 2", f);
    BAD("--context-dim 1024 conflicts with the checkpoint", "--weights %s --prefix down_blocks.0.attentions.0 --context-dim 1024", f);
    BAD("--proj linear conflicts with the checkpoint", "--weights %s --prefix down_blocks.0.attentions.0 --proj linear", f);
    BAD("down_blocks.2.resnets.0", "--weights %s --prefix down_blocks.2.resnets.0", f);
    BAD("foo.bar", "--weights %s --prefix foo.bar", f);
    BAD("/nonexistent/unet.safetensors", "--weights /nonexistent/unet.safetensors --prefix down_blocks.0.resnets.0");
    BAD("--list-weights FILE lists the blocks of a checkpoint and takes no other options", "--list-weights %s --hw 4", f);
    BAD("/nonexistent/x.safetensors", "--list-weights /nonexistent/x.safetensors");
    BAD("--weights needs a file name", "--weights '' --prefix x");
    BAD("cannot write --save-output '/nonexistent-dir/o.safetensors'",
        "--block conv --c 8 --hw 4 --save-output /nonexistent-dir/o.safetensors");

    const char *nanf = tmp_path("nan-block.safetensors");
    write_nan_block(nanf);
    BAD("non-finite", "--weights %s --prefix down_blocks.0.resnets.0 --hw 4", nanf);
    remove(nanf);

    // --input: missing tensor, wrong shape, conflicting sizes, bad file
    const char *in = tmp_path("bad-in.safetensors");
    float x[2 * 8 * 3 * 5];
    for (int i = 0; i < 2 * 8 * 3 * 5; i++) x[i] = (float)(i % 7) - 3.0f;
    const char *names[] = {"x"};
    int nd[] = {4};
    int64_t sh[1][4] = {{2, 8, 3, 5}};
    float *data[] = {x};
    write_inputs(in, 1, names, nd, sh, data, ST_F32);
    BAD("input tensor 'temb' [2, 1280] is missing", "--block resblock --c 8 --groups 8 --input %s", in);
    BAD("expected [2, 16, 3, 5], found [2, 8, 3, 5]", "--block conv --c 16 --input %s", in);
    BAD("--hw 4 conflicts with --input", "--block conv --c 8 --hw 4 --input %s", in);
    BAD("--batch 1 conflicts with --input", "--block conv --c 8 --batch 1 --input %s", in);
    BAD("/nonexistent/in.safetensors", "--block conv --c 8 --input /nonexistent/in.safetensors");
    BAD("--input needs a file name", "--block conv --c 8 --input ''");
    // a hostile input file: header length beyond the file
    FILE *h = fopen(in, "wb");
    const unsigned char hdr[16] = {0xff, 0xff, 0, 0, 0, 0, 0, 0, '{', '}'};
    fwrite(hdr, 1, sizeof hdr, h);
    fclose(h);
    BAD(in, "--block conv --c 8 --input %s", in);
#undef BAD
    remove(in);
    remove(f);
}

static void test_help(void) {
    Cmd c = run_cli(g_bin, "--help");
    int ok = c.rc == 0 && contains(c.out, "--weights FILE") && contains(c.out, "--prefix P") &&
             contains(c.out, "--list-weights FILE") && contains(c.out, "--input FILE") &&
             contains(c.out, "--save-output FILE");
    result(ok, "unetrun --help: documents --weights, --prefix, --list-weights, --input, --save-output (exit %d)", c.rc);
    free(c.out);
}

void cpu_suite_checkpoint_cli(const char *bin) {
    g_bin = bin;
    snprintf(g_dir, sizeof g_dir, "/tmp/unetrun-ckcli-XXXXXX");
    if (!mkdtemp(g_dir)) die_internal("cannot create a temporary directory under /tmp");

    test_help();
    test_checkpoint_equals_random();
    test_default_hw();
    static const int sd1ch[4] = {32, 64, 96, 96}, sd2ch[4] = {64, 128, 128, 128}, xlch[4] = {64, 64, 64, 0};
    test_list_weights(FAMILY_SD1, sd1ch);
    test_list_weights(FAMILY_SD2, sd2ch);
    test_list_weights(FAMILY_SDXL, xlch);
    test_input_output_conv(ST_F32);
    test_input_output_conv(ST_F16);
    test_input_equals_random("--block resblock --c 32 --cout 64", 2, 32, 3, 5, 1280, 0, 0);
    test_input_equals_random("--block transformer --c 64 --head-dim 64 --context-dim 32 --proj linear", 1, 64, 5, 3, 0,
                             5, 32);
    test_errors();

    DIR *d = opendir(g_dir);
    for (struct dirent *de; d && (de = readdir(d));)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) remove(tmp_path(de->d_name));
    if (d) closedir(d);
    rmdir(g_dir);
}
