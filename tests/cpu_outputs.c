// cpu_outputs.c: a user's files are never lost (common/outfile.h): outputs that
// are the same file as an input or as another output are refused before
// anything is opened; an option error or Ctrl-C leaves an existing report
// byte-identical and no temporary file behind; FIFOs as inputs are refused
// at once; --save-inputs then --input replays a run bit for bit; unsupported
// dtypes are named; the out-of-memory hints name the block's own options.
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/common.h"
#include "../src/graph/blockkinds.h"
#include "../src/graph/graph.h"
#include "../weights/names.h"
#include "../weights/safetensors.h"
#include "../weights/synth.h"
#include "harness.h"

static const char *g_bin;
static char g_dir[256];

static const char *tmp_path(const char *name) {
    static char buf[16][512];
    static int k;
    char *p = buf[k++ % 16];
    snprintf(p, 512, "%s/%s", g_dir, name);
    return p;
}

static int contains(const char *s, const char *sub) { return s && strstr(s, sub) != NULL; }

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f)) die_internal("cannot write %s", path);
}

// 1 when the file holds exactly `want` (len bytes).
static int file_is(const char *path, const char *want, size_t len) {
    size_t n = 0;
    char *s = read_whole_file(path, &n);
    int same = s && n == len && memcmp(s, want, len) == 0;
    free(s);
    return same;
}

static int same_file(const char *a, const char *b) {
    size_t na = 0, nb = 0;
    char *x = read_whole_file(a, &na), *y = read_whole_file(b, &nb);
    int same = x && y && na == nb && na > 0 && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

// Entries of the suite directory, "." and ".." excepted.
static int dir_entries(void) {
    DIR *d = opendir(g_dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d) closedir(d);
    return n;
}

// Removes every entry of the suite directory (flat).
static void clear_dir(void) {
    DIR *d = opendir(g_dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) unlink(tmp_path(e->d_name));
    if (d) closedir(d);
}

// unetrun with space-separated args (CPU path) in a child; killed with
// SIGINT after kill_after seconds (0: never) and with SIGKILL after limit
// seconds. Returns the exit status, or -signal; *secs: wall time; *out: the
// combined stdout and stderr (free it) when out != NULL.
static int spawn(const char *args, double kill_after, double limit, double *secs, char **out) {
    char line[2048], *argv[64];
    snprintf(line, sizeof line, "%s%s", args, dev_args());
    int argc = 0;
    argv[argc++] = (char *)g_bin;
    for (char *t = strtok(line, " "); t && argc < 63; t = strtok(NULL, " ")) argv[argc++] = t;
    argv[argc] = NULL;
    const char *log = tmp_path("../cpu-outputs-child.log");
    double t0 = wall_seconds();
    pid_t pid = fork();
    if (pid < 0) die_internal("fork failed");
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) _exit(127);
        dup2(fd, 1);
        dup2(fd, 2);
        // a shell's background job (make test &) starts with SIGINT ignored, and exec keeps that; unetrun
        // leaves an ignored signal ignored, so the SIGINT tests would see a run that never stops
        signal(SIGINT, SIG_DFL);
        execv(g_bin, argv);
        _exit(127);
    }
    int st = 0, sent = 0;
    for (;;) {
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid) break;
        double el = wall_seconds() - t0;
        if (kill_after > 0 && !sent && el >= kill_after) kill(pid, SIGINT), sent = 1;
        if (el >= limit) kill(pid, SIGKILL);
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    if (secs) *secs = wall_seconds() - t0;
    if (out) *out = read_whole_file(log, NULL);
    unlink(log);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st);
}

static int error_lines(const char *out, const char **first) { return count_lines_with_prefix(out, "unetrun: error: ", first); }

static void write_ckpt(const char *path, StDtype dt) {
    static const char *blocks[] = {"down_blocks.0.resnets.0"};
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = FAMILY_SD1;
    o.naming = SCHEME_DIFFUSERS;
    o.dtype = dt;
    o.seed = 3;
    BlockId id;
    if (names_block_id(blocks[0], &id)) die_internal("bad block");
    o.nblocks = 1;
    o.blocks = &id;
    const int ch[4] = {32, 64, 64, 64};
    for (int i = 0; i < 4; i++) o.channels[i] = ch[i];
    StError e;
    long long nt, bytes;
    if (synth_checkpoint(path, &o, &nt, &bytes, &e)) die_internal("synth_checkpoint %s: %s", path, e.msg);
}

// --- outputs onto inputs and onto each other -----------------------------------
// A refused command line: exit 2, one error line containing both `a` and `b`,
// and `keep` (len bytes) unchanged.
static void refused(const char *args, const char *a, const char *b, const char *keep, const char *bytes, size_t len,
                    const char *what) {
    char *out = NULL;
    int rc = spawn(args, 0, 60, NULL, &out);
    const char *line = NULL;
    int nerr = error_lines(out, &line);
    int ok = rc == 2 && nerr == 1 && contains(line, a) && contains(line, b) && file_is(keep, bytes, len);
    result(ok, "%s: unetrun %s: exit 2, one error line naming %s and %s, the file byte-identical (exit %d, %d error "
           "lines%s%.300s)", what, args, a, b, rc, nerr, ok ? "" : ": ", ok ? "" : (out ? out : ""));
    free(out);
}

static void test_aliases(void) {
    const char *ck = tmp_path("ck.safetensors");
    write_ckpt(ck, ST_F32);
    size_t len = 0;
    char *bytes = read_whole_file(ck, &len);
    char args[1600];
    const char *outs[] = {"--save-output", "--json", "--csv", "--png", "--save-inputs"};
    for (int k = 0; k < 5; k++) {
        snprintf(args, sizeof args, "--weights %s --prefix down_blocks.0.resnets.0 --hw 4 %s %s", ck, outs[k], ck);
        refused(args, "--weights", outs[k], ck, bytes, len, "output onto the checkpoint");
    }
    // other spellings of the same file: ./, a symbolic link, a hard link
    char dotted[600], slink[600], hard[600];
    snprintf(dotted, sizeof dotted, "%s/./ck.safetensors", g_dir);
    snprintf(slink, sizeof slink, "%s", tmp_path("link.safetensors"));
    snprintf(hard, sizeof hard, "%s", tmp_path("hard.safetensors"));
    if (symlink(ck, slink) || link(ck, hard)) die_internal("cannot link in %s", g_dir);
    const char *alias[3] = {dotted, slink, hard}, *kind[3] = {"./ spelling", "symbolic link", "hard link"};
    for (int k = 0; k < 3; k++) {
        snprintf(args, sizeof args, "--weights %s --prefix down_blocks.0.resnets.0 --hw 4 --save-output %s", ck,
                 alias[k]);
        refused(args, "--weights", "--save-output", ck, bytes, len, kind[k]);
    }
    free(bytes);

    // --input X --save-output X
    const char *in = tmp_path("in.safetensors");
    snprintf(args, sizeof args, "--c 32 --hw 4 --save-inputs %s", in);
    int rc = spawn(args, 0, 60, NULL, NULL);
    bytes = read_whole_file(in, &len);
    result(rc == 0 && bytes && len > 8, "unetrun --c 32 --hw 4 --save-inputs FILE writes the inputs (exit %d)", rc);
    snprintf(args, sizeof args, "--c 32 --hw 4 --input %s --save-output %s", in, in);
    refused(args, "--input", "--save-output", in, bytes, len, "output onto the input");
    free(bytes);

    // two outputs on one file, existing or not
    const char *f = tmp_path("f"), *g = tmp_path("g.json");
    write_text(f, "keep me\n");
    snprintf(args, sizeof args, "--c 32 --hw 4 --json %s --csv %s", f, f);
    refused(args, "--json", "--csv", f, "keep me\n", 8, "--json f --csv f");
    snprintf(args, sizeof args, "--c 32 --hw 4 --json %s --csv %s/./g.json", g, g_dir);
    char *out = NULL;
    rc = spawn(args, 0, 60, NULL, &out);
    struct stat st;
    result(rc == 2 && contains(out, "--json") && contains(out, "--csv") && stat(g, &st) != 0,
           "--json g.json --csv ./g.json (not existing yet): exit 2 naming both, no file created (exit %d)", rc);
    free(out);
}

// --- existing files survive errors and Ctrl-C ------------------------------------
static const char kOld[] = "{\"old\": \"report\"}\n";

static void test_option_error_keeps_report(void) {
    clear_dir();
    const char *old = tmp_path("old.json");
    const char *late[] = {"--vs cudnn --device cpu", "--csv /proc/unetrun-x/r.csv", "--check --ref none",
                          "--error-png e.png --ref none"};
    for (int k = 0; k < 4; k++) {
        write_text(old, kOld);
        char args[1200], *out = NULL;
        snprintf(args, sizeof args, "--c 32 --hw 4 --json %s %s", old, late[k]);
        int rc = spawn(args, 0, 60, NULL, &out);
        int n = dir_entries();
        int ok = rc == 2 && file_is(old, kOld, strlen(kOld)) && n == 1;
        result(ok, "--json existing.json + %s: exit 2, existing.json byte-identical, no new file in its directory "
               "(exit %d, %d entries%s%.200s)", late[k], rc, n, ok ? "" : ": ", ok ? "" : (out ? out : ""));
        free(out);
    }
}

static void test_sigint_keeps_report(void) {
    clear_dir();
    const char *old = tmp_path("old.json");
    write_text(old, kOld);
    char args[1200], *out = NULL;
    snprintf(args, sizeof args, "--block resblock --c 320 --hw 32 --iters 30 --json %s --csv %s --save-output %s",
             old, tmp_path("r.csv"), tmp_path("o.safetensors"));
    double secs = 0;
    int rc = spawn(args, 1.0, 60, &secs, &out);
    int n = dir_entries();
    int ok = (rc == -SIGINT || rc == 130) && secs < 30 && file_is(old, kOld, strlen(kOld)) && n == 1;
    result(ok, "SIGINT 1 s into a CPU run with --json existing.json --csv --save-output: stopped by the signal, "
           "existing.json byte-identical, no other file left in the directory (status %d after %.1f s, %d entries)",
           rc, secs, n);
    // the header was on stdout before the run started
    result(contains(out, "unetrun 0.1.0") && contains(out, "block    resblock  cin 320") && !contains(out, "verdict"),
           "SIGINT 1 s into a CPU run: the report header (version, block line) was printed before the run, "
           "the verdict not (output: %.200s)", out ? out : "");
    free(out);
}

// --- inputs that are not regular files ---------------------------------------------
static void test_fifo_inputs(void) {
    clear_dir();
    const char *fifo = tmp_path("pipe");
    if (mkfifo(fifo, 0600)) die_internal("mkfifo %s failed", fifo);
    char args[3][1200];
    snprintf(args[0], sizeof args[0], "--weights %s --prefix down_blocks.0.resnets.0", fifo);
    snprintf(args[1], sizeof args[1], "--c 32 --hw 4 --input %s", fifo);
    snprintf(args[2], sizeof args[2], "--list-weights %s", fifo);
    const char *flag[3] = {"--weights", "--input", "--list-weights"};
    for (int k = 0; k < 3; k++) {
        char *out = NULL;
        double secs = 0;
        int rc = spawn(args[k], 0, 5, &secs, &out);
        const char *line = NULL;
        int nerr = error_lines(out, &line);
        int ok = rc == 2 && secs < 1.0 && nerr == 1 && contains(line, "FIFO") && contains(line, flag[k]);
        result(ok, "a FIFO with no writer as %s: exit 2 within a second, one error line naming %s and 'FIFO' "
               "(exit %d after %.2f s: %.200s)", flag[k], flag[k], rc, secs, out ? out : "");
        free(out);
    }
    // outputs: a FIFO and a directory are refused too (never written through, never blocked on)
    const char *outs[2] = {fifo, g_dir};
    for (int k = 0; k < 2; k++) {
        char a[1200], *out = NULL;
        snprintf(a, sizeof a, "--c 32 --hw 4 --json %s", outs[k]);
        double secs = 0;
        int rc = spawn(a, 0, 5, &secs, &out);
        result(rc == 2 && secs < 1.0 && contains(out, k ? "a directory" : "a FIFO"),
               "--json onto %s: exit 2 within a second naming it (exit %d: %.200s)", k ? "a directory" : "a FIFO",
               rc, out ? out : "");
        free(out);
    }
    unlink(fifo);
}

// --- --save-inputs then --input replays the run -------------------------------------
static void replay(const char *block_args, const char *what) {
    const char *in = tmp_path("replay-in.safetensors"), *o1 = tmp_path("replay-o1.safetensors"),
               *o2 = tmp_path("replay-o2.safetensors");
    char a[1600], *out1 = NULL, *out2 = NULL;
    snprintf(a, sizeof a, "%s --seed 5 --save-inputs %s --save-output %s", block_args, in, o1);
    int rc1 = spawn(a, 0, 120, NULL, &out1);
    snprintf(a, sizeof a, "%s --seed 5 --input %s --save-output %s", block_args, in, o2);
    int rc2 = spawn(a, 0, 120, NULL, &out2);
    int ok = rc1 == 0 && rc2 == 0 && same_file(o1, o2);
    result(ok, "%s: unetrun %s --save-inputs F, then --input F: --save-output files bit-identical (exit %d/%d%s%.200s)",
           what, block_args, rc1, rc2, ok ? "" : ": ", ok ? "" : (rc1 ? out1 : out2));
    // the inputs are really read: other inputs give another output
    if (!strcmp(what, "resblock")) {
        snprintf(a, sizeof a, "%s --seed 6 --save-inputs %s", block_args, in);
        int rc3 = spawn(a, 0, 120, NULL, NULL);
        snprintf(a, sizeof a, "%s --seed 5 --input %s --save-output %s", block_args, in, o2);
        int rc4 = spawn(a, 0, 120, NULL, NULL);
        result(rc3 == 0 && rc4 == 0 && !same_file(o1, o2),
               "resblock: seed-6 inputs read with --input under --seed 5 give another output than seed-5 inputs "
               "(exit %d/%d)", rc3, rc4);
    }
    free(out1);
    free(out2);
}

static void test_save_inputs(void) {
    clear_dir();
    replay("--block resblock --c 32 --cout 64 --hw 6 --batch 2", "resblock");
    replay("--block transformer --c 64 --hw 4 --heads 1 --context-len 9 --context-dim 32", "transformer");
    replay("--block conv --c 16 --cout 24 --h 5 --w 7 --stride 2", "conv");
    replay("--block attention --kind cross --seq 20 --kv 9 --heads 2 --head-dim 64 --batch 2", "attention cross");
    replay("--block attention --kind self --seq 24 --heads 1 --head-dim 40", "attention self");
    replay("--block gemm --m 40 --n 32 --k 24 --epilogue residual", "gemm residual");
    // the layout: x as NCHW (B, C, H, W), temb (B, C), context (B, L, D)
    const char *in = tmp_path("layout.safetensors");
    char a[1200];
    snprintf(a, sizeof a, "--block transformer --c 64 --h 3 --w 5 --batch 2 --heads 1 --context-len 7 "
             "--context-dim 32 --save-inputs %s", in);
    int rc = spawn(a, 0, 60, NULL, NULL);
    StFile f;
    StError e;
    int ok = rc == 0 && st_open(in, &f, &e) == 0;
    if (ok) {
        const StTensor *x = st_find(&f, "x"), *ctx = st_find(&f, "context");
        const int64_t xs[4] = {2, 64, 3, 5}, cs[3] = {2, 7, 32};
        ok = x && ctx && x->dtype == ST_F32 && st_shape_equal(x, 4, xs) && st_shape_equal(ctx, 3, cs);
        st_close(&f);
    }
    result(ok, "--block transformer --c 64 --h 3 --w 5 --batch 2 --context-len 7 --context-dim 32 --save-inputs: "
           "x F32 [2, 64, 3, 5] (NCHW) and context [2, 7, 32] (exit %d)", rc);
}

// --- unsupported dtypes -------------------------------------------------------------
// Rewrites tensor `name` of a safetensors file as dtype I64 with shape `n`.
static void relabel_i64(const char *src, const char *dst, const char *name, long long n) {
    size_t len = 0;
    char *b = read_whole_file(src, &len);
    if (!b || len < 8) die_internal("cannot read %s", src);
    uint64_t hl = 0;
    for (int i = 0; i < 8; i++) hl |= (uint64_t)(unsigned char)b[i] << (8 * i);
    cJSON *h = cJSON_ParseWithLength(b + 8, (size_t)hl);
    cJSON *t = h ? cJSON_GetObjectItemCaseSensitive(h, name) : NULL;
    if (!t) die_internal("no %s in %s", name, src);
    cJSON_ReplaceItemInObjectCaseSensitive(t, "dtype", cJSON_CreateString("I64"));
    cJSON *shape = cJSON_CreateArray();
    cJSON_AddItemToArray(shape, cJSON_CreateNumber((double)n));
    cJSON_ReplaceItemInObjectCaseSensitive(t, "shape", shape);
    char *text = cJSON_PrintUnformatted(h);
    size_t tl = strlen(text), pad = (8 - (8 + tl) % 8) % 8;
    FILE *f = fopen(dst, "wb");
    uint8_t l8[8];
    for (int i = 0; i < 8; i++) l8[i] = (uint8_t)((uint64_t)(tl + pad) >> (8 * i));
    int ok = f && fwrite(l8, 1, 8, f) == 8 && fwrite(text, 1, tl, f) == tl;
    for (size_t i = 0; ok && i < pad; i++) ok = fputc(' ', f) != EOF;
    ok = ok && fwrite(b + 8 + hl, 1, len - 8 - hl, f) == len - 8 - hl;
    if (!f || fclose(f) || !ok) die_internal("cannot write %s", dst);
    free(text);
    cJSON_Delete(h);
    free(b);
}

static void test_unsupported_dtype(void) {
    clear_dir();
    const char *ck = tmp_path("f32.safetensors"), *a = tmp_path("i64-fits.safetensors"),
               *b = tmp_path("i64-relabel.safetensors");
    write_ckpt(ck, ST_F32);
    const char *name = "down_blocks.0.resnets.0.conv1.bias";  // 32 F32 values = 128 bytes
    relabel_i64(ck, a, name, 16);  // 16 I64 values fill the same bytes
    relabel_i64(ck, b, name, 32);  // the dtype changed, the bytes not
    const char *files[2] = {a, b}, *what[2] = {"I64 tensor of consistent size", "F32 bytes labelled I64"};
    for (int k = 0; k < 2; k++) {
        char args[1200], *out = NULL;
        snprintf(args, sizeof args, "--weights %s --prefix down_blocks.0.resnets.0 --hw 4", files[k]);
        int rc = spawn(args, 0, 60, NULL, &out);
        const char *line = NULL;
        int nerr = error_lines(out, &line);
        int ok = rc == 2 && nerr == 1 && contains(line, "conv1.bias") &&
                 contains(line, "has dtype I64; unetrun reads F32, F16 or BF16");
        result(ok, "--weights with an %s in the block: exit 2, one line \"tensor ... has dtype I64; unetrun reads F32, "
               "F16 or BF16\" (exit %d: %.300s)", what[k], rc, out ? out : "");
        free(out);
    }
}

// --- hints --------------------------------------------------------------------------
static void test_size_hints(void) {
    BlockConfig c;
    memset(&c, 0, sizeof c);
    const BlockKind blocks[5] = {BLOCK_ATTENTION, BLOCK_GEMM, BLOCK_TRANSFORMER, BLOCK_RESBLOCK, BLOCK_CONV};
    const char *want[5][5] = {{"--seq", "--kv", "--heads", "--head-dim", "--batch"},
                              {"--m", "--n", "--k", NULL, NULL},
                              {"--hw", "--c", "--batch", "--context-len", NULL},
                              {"--hw", "--c", "--batch", NULL, NULL},
                              {"--hw", "--c", "--batch", NULL, NULL}};
    for (int b = 0; b < 5; b++) {
        c.kind = blocks[b];
        const char *h = block_size_hint(&c);
        int ok = h != NULL;
        for (int k = 0; ok && k < 5 && want[b][k]; k++) ok = contains(h, want[b][k]);
        if (b < 2) ok = ok && !contains(h, "--hw");
        result(ok, "block_size_hint(--block %s) names the block's own size options (%s)", block_kind_name(blocks[b]), h ? h : "NULL");
    }
}

// --- atomic writes through the writer API ----------------------------------------------
static void test_symlink_output(void) {
    clear_dir();
    const char *real = tmp_path("real.json"), *link = tmp_path("link.json");
    write_text(real, kOld);
    if (symlink(real, link)) die_internal("symlink failed");
    char args[1200];
    snprintf(args, sizeof args, "--c 32 --hw 4 --json %s", link);
    int rc = spawn(args, 0, 60, NULL, NULL);
    struct stat st;
    cJSON *j = read_json_file(real);
    int ok = rc == 0 && lstat(link, &st) == 0 && S_ISLNK(st.st_mode) && j && dir_entries() == 2;
    result(ok, "--json onto a symbolic link: the link stays, its target holds the new report, no temporary file left "
           "(exit %d)", rc);
    cJSON_Delete(j);
}

void cpu_suite_outputs(const char *bin) {
    g_bin = bin;
    const char *tmp = getenv("TMPDIR");
    char parent[200];
    snprintf(parent, sizeof parent, "%.150s/unetrun-outputs-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(parent)) die_internal("mkdtemp failed");
    // the suite's own directory inside, so that the child log sits beside it, not in it
    snprintf(g_dir, sizeof g_dir, "%s/d", parent);
    if (mkdir(g_dir, 0700)) die_internal("mkdir %s failed", g_dir);
    test_aliases();
    test_option_error_keeps_report();
    test_sigint_keeps_report();
    test_fifo_inputs();
    test_save_inputs();
    test_unsupported_dtype();
    test_size_hints();
    test_symlink_output();
    clear_dir();
    rmdir(g_dir);
    rmdir(parent);
}
