// cpu_gpu_parts.c: tests/test_gpu_parts.sh (make test-gpu-parts) with stub
// programs in place of test_gpu and the sanitizer suite, the outcome known in
// advance:
//   - every part runs once, on the card its slot gives (slot mod GPUS, or the
//     k-th entry of CUDA_VISIBLE_DEVICES);
//   - the last line sums the parts' counts; a part stopped before its end
//     counts one failure more, a part with no summary line one failure;
//   - exit 0 only when nothing failed; a bad GPUS is one line and exit 2;
//   - SANITIZE_ALONE=1: the sanitizer suite ends before any other part starts;
//   - PARTS=REGEX: only the parts so named run, and their counts alone are summed;
// and tests/sanitize.sh with a stub compute-sanitizer: every (run, tool) pair
// passes once, the heavy racecheck runs begin last, each with no other run
// active (SANITIZE_HEAVY_JOBS=1), and a selection of no run or a bad setting is one line and exit 1.
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// The stubs. test_gpu: records "CARD ARGS" and prints 3 passed; with STUB_FAIL=1, streamk fails one test,
// blocks shard 3 is stopped by a signal and golden shard 2 dies without output.
static const char *k_stub_test_gpu =
    "#!/bin/sh\n"
    "echo \"$CUDA_VISIBLE_DEVICES $*\" >> \"$STUB_REC\"\n"
    "if [ \"$STUB_FAIL\" = 1 ]; then case \"$*\" in\n"
    "  *'--section streamk'*) echo 'FAIL stub streamk case'; echo '2 passed, 1 failed'; exit 1;;\n"
    "  *'--section blocks --shard 3/4'*) echo '1 passed, 0 failed (stopped by signal 15 before the end)'; exit 143;;\n"
    "  *'--golden-shard 2/3'*) exit 139;;\n"
    "esac; fi\n"
    "echo '3 passed, 0 failed'\n";
// sanitize: 5 passed, its start and end recorded 0.3 s apart (the other parts must not start between them when it
// runs alone).
static const char *k_stub_sanitize =
    "echo \"$CUDA_VISIBLE_DEVICES sanitize start $*\" >> \"$STUB_REC\"\nsleep 0.3\n"
    "echo \"$CUDA_VISIBLE_DEVICES sanitize end\" >> \"$STUB_REC\"\necho '5 passed, 0 failed'\n";

static int write_text(const char *path, const char *text, int exec) {
    FILE *f = fopen(path, "w");
    if (!f) return 0;
    const int ok = fputs(text, f) >= 0;
    if (fclose(f) != 0 || !ok) return 0;
    return !exec || chmod(path, 0755) == 0;
}

// The card the record file gives for the part whose arguments contain `args` ("" if none, "many" if more than one).
static void card_of(const char *rec, const char *args, char *card, size_t n) {
    snprintf(card, n, "%s", "");
    int hits = 0;
    for (const char *l = rec; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *end = strchr(l, '\n') ? strchr(l, '\n') : l + strlen(l);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(end - l), l);
        if (strstr(line, args)) {
            hits++;
            snprintf(card, n, "%.*s", (int)strcspn(line, " "), line);
        }
    }
    if (hits > 1) snprintf(card, n, "%s", "many");
}

static const char *last_line(const char *out, char *buf, size_t n) {
    size_t len = strlen(out);
    while (len && out[len - 1] == '\n') len--;
    size_t b = len;
    while (b && out[b - 1] != '\n') b--;
    snprintf(buf, n, "%.*s", (int)(len - b), out + b);
    return buf;
}

// One run of the script: env assignments, then the script's arguments. The record file is emptied first.
static Cmd run_parts(const char *dir, const char *env, const char *args) {
    char rec[600], cmd[2048];
    snprintf(rec, sizeof rec, "%s/rec.txt", dir);
    write_text(rec, "", 0);
    snprintf(cmd, sizeof cmd,
             "CUDA_VISIBLE_DEVICES= STUB_REC=%s/rec.txt TEST_GPU=%s/test_gpu SANITIZE_SH=%s/sanitize.sh "
             "PARTS_LOG=%s/logs %s "
             "sh tests/test_gpu_parts.sh %s",
             dir, dir, dir, dir, env, args);
    return run_cli("/usr/bin/env", cmd);
}

// A stub compute-sanitizer: records at its start "H L R" in STUB_DIR/starts.txt (H: 1 for racecheck on one of the
// heavy runs, which the stub knows by their arguments; L, R: the light and heavy runs active then, files l* and h*
// in STUB_DIR/active), stays 0.2 s and prints the tool's clean summary.
static const char *k_stub_compute_sanitizer =
    "#!/bin/sh\n"
    "l=$(ls \"$STUB_DIR/active\" | grep -c '^l'); r=$(ls \"$STUB_DIR/active\" | grep -c '^h'); h=0\n"
    "case \"$*\" in *'--hw 48 '* | *'--m 8257 '* | *'--m 4177 --n 1040 --k 64 '*) [ \"$2\" = racecheck ] && h=1 ;; "
    "esac\n"
    "echo \"$h $l $r\" >> \"$STUB_DIR/starts.txt\"\n"
    "f=l$$; [ $h = 1 ] && f=h$$\n"
    "touch \"$STUB_DIR/active/$f\"; sleep 0.2; rm -f \"$STUB_DIR/active/$f\"\n"
    "if [ \"$2\" = racecheck ]; then echo '========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)'\n"
    "else echo '========= ERROR SUMMARY: 0 errors'; fi\n";

// Of the stub's record (the text of starts.txt): how many runs began, how many of them heavy, whether every heavy
// one began with no light run active and after every light run had begun, and the most heavy runs active when a
// heavy one began.
typedef struct {
    int runs, heavy, heavy_alone, heavy_beside;
} StubStarts;

static StubStarts stub_starts(const char *rec) {
    StubStarts st = {0, 0, 1, 0};
    for (const char *a = rec; a && *a; a = strchr(a, '\n') ? strchr(a, '\n') + 1 : NULL) {
        long v[3];
        const char *q = a;
        int ok = 1;
        for (int i = 0; i < 3 && ok; i++) {
            char *end = NULL;
            v[i] = strtol(q, &end, 10);
            ok = end != q && v[i] >= 0 && (*end == (i < 2 ? ' ' : '\n') || (i == 2 && *end == '\0'));
            q = end + 1;
        }
        if (!ok || v[0] > 1) {
            st.heavy_alone = 0;  // not the stub's line: it went wrong
            continue;
        }
        st.runs++;
        if (v[0]) {
            st.heavy++;
            if (v[1]) st.heavy_alone = 0;
            if (v[2] > st.heavy_beside) st.heavy_beside = (int)v[2];
        } else if (st.heavy) {
            st.heavy_alone = 0;  // a light run began after a heavy one
        }
    }
    return st;
}

// tests/sanitize.sh with the stub in place of compute-sanitizer (dir: a scratch folder holding the stub unetrun).
static void sanitize_script_suite(const char *dir, const char *bin) {
    char p[700], cmd[2048], line[256];
    snprintf(p, sizeof p, "%s/compute-sanitizer", dir);
    int ok = write_text(p, k_stub_compute_sanitizer, 1);
    snprintf(p, sizeof p, "%s/active", dir);
    ok &= mkdir(p, 0755) == 0;
    result(ok, "sanitize.sh: stub compute-sanitizer written to %s", dir);
    if (!ok) return;
    static const struct {
        const char *env, *want_last, *want_line;
        int rc, runs, heavy, beside;  // the runs the stub must see begin, of them heavy, and at most heavy beside one
    } cases[] = {
        // six runs x four tools, six workers; the four heavy racecheck runs last, one at a time, alone
        {"SANITIZE_JOBS=6 SANITIZE_HEAVY_JOBS=1 SANITIZE_ONLY='attention-self-d80-s100 |conv-1x1-s1-3x3 "
         "|groupnorm-one-pass-cluster-48x48 |gemm-int8-row-pp-m8257 |gemm-int8-row-pp-walk-n-m4177 "
         "|gemm-pp-walk-n-m4177 '",
         "24 passed, 0 failed", "sanitize: 6 at once, then 4 heavy racecheck runs 1 at once", 0, 24, 4, 0},
        // 150 GiB of host memory: two heavy runs at once, after every other
        {"SANITIZE_JOBS=6 SANITIZE_MEMTOTAL_KB=157286400 SANITIZE_ONLY='conv-1x1-s1-3x3 "
         "|groupnorm-one-pass-cluster-48x48 |gemm-int8-row-pp-m8257 '",
         "12 passed, 0 failed", "sanitize: 6 at once, then 2 heavy racecheck runs 2 at once", 0, 12, 2, 1},
        // 64 GiB: the heavy racecheck runs do not run, a SKIP line each
        {"SANITIZE_JOBS=6 SANITIZE_MEMTOTAL_KB=67108864 SANITIZE_ONLY='conv-1x1-s1-3x3 "
         "|groupnorm-one-pass-cluster-48x48 |gemm-int8-row-pp-m8257 '",
         "10 passed, 0 failed",
         "SKIP sanitize racecheck gemm-int8-row-pp-m8257: a heavy run (up to 65 GiB of host memory), this host "
         "has 64 GiB",
         0,
         10, 0, 0},
        {"SANITIZE_MEMTOTAL_KB=lots", "0 passed, 1 failed", "sanitize.sh: SANITIZE_MEMTOTAL_KB must be a count", 1, 0,
         0, 0},
        // no heavy run: three runs x four tools
        {"SANITIZE_JOBS=6 SANITIZE_ONLY='attention-self-d80-s100 |conv-1x1-s1-3x3 |unet-tiny-sd '",
         "12 passed, 0 failed", "sanitize: 6 at once, no heavy racecheck run,", 0, 12, 0, 0},
        // the up-path UNet has no racecheck run: three pairs
        {"SANITIZE_ONLY='unet-sd15-latent16-up-path '", "3 passed, 0 failed", NULL, 0, 3, 0, 0},
        {"SANITIZE_TOOLS=racecheck SANITIZE_ONLY='unet-sd15-latent16-up-path '", "0 passed, 1 failed",
         "sanitize.sh: SANITIZE_ONLY='unet-sd15-latent16-up-path ' and SANITIZE_TOOLS='racecheck' select no run", 1,
         0, 0, 0},
        {"SANITIZE_TOOLS=helgrind", "0 passed, 1 failed", "sanitize.sh: SANITIZE_TOOLS names 'helgrind'", 1, 0, 0, 0},
        {"SANITIZE_HEAVY_JOBS=0", "0 passed, 1 failed", "sanitize.sh: SANITIZE_HEAVY_JOBS must be a count", 1, 0, 0, 0},
        {"SANITIZE_JOBS=x", "0 passed, 1 failed", "sanitize.sh: SANITIZE_JOBS must be a count", 1, 0, 0, 0},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(p, sizeof p, "%s/starts.txt", dir);
        write_text(p, "", 0);
        snprintf(cmd, sizeof cmd, "STUB_DIR=%s COMPUTE_SANITIZER=%s/compute-sanitizer SANITIZE_LOG=%s/sanitize.log %s "
                 "sh tests/sanitize.sh %s", dir, dir, dir, cases[i].env, bin);
        Cmd r = run_cli("/usr/bin/env", cmd);
        char *rec = read_whole_file(p, NULL);
        const StubStarts st = stub_starts(rec);
        result(r.rc == cases[i].rc && !strcmp(last_line(r.out, line, sizeof line), cases[i].want_last) &&
                   (!cases[i].want_line || strstr(r.out, cases[i].want_line)) && st.runs == cases[i].runs &&
                   st.heavy == cases[i].heavy && st.heavy_alone && st.heavy_beside <= cases[i].beside,
               "sanitize.sh %s: exit %d (want %d), last line '%s' (want '%s'), %d runs began (want %d), %d heavy "
               "(want %d), heavy ones after and without light ones: %s, %d heavy beside one (at most %d)",
               cases[i].env, r.rc, cases[i].rc, line, cases[i].want_last, st.runs, cases[i].runs, st.heavy,
               cases[i].heavy, st.heavy_alone ? "yes" : "no", st.heavy_beside, cases[i].beside);
        free(rec);
        free(r.out);
    }
}

void cpu_suite_gpu_parts(void) {
    char dir[] = "/tmp/gpu_parts_XXXXXX";
    if (!mkdtemp(dir)) {
        result(0, "test_gpu_parts.sh: mkdtemp");
        return;
    }
    char p[800], golden[600], bin[600];
    snprintf(p, sizeof p, "%s/test_gpu", dir);
    int ok = write_text(p, k_stub_test_gpu, 1);
    snprintf(p, sizeof p, "%s/sanitize.sh", dir);
    ok &= write_text(p, k_stub_sanitize, 0);
    snprintf(bin, sizeof bin, "%s/unetrun", dir);
    ok &= write_text(bin, "#!/bin/sh\n", 1);
    snprintf(golden, sizeof golden, "%s/golden", dir);
    ok &= mkdir(golden, 0755) == 0;
    snprintf(p, sizeof p, "%s/cases.txt", golden);
    ok &= write_text(p, "stub\n", 0);
    result(ok, "test_gpu_parts.sh: stub programs written to a temporary folder (%s)", dir);
    if (!ok) return;
    char args[1300], line[256], card[64], rec_path[600];
    snprintf(rec_path, sizeof rec_path, "%s/rec.txt", dir);

    // four cards, goldens, failures: 19 parts; 5 + 15 * 3 + 2 + 1 passed, 1 + 1 + 1 failed
    snprintf(args, sizeof args, "%s %s", bin, golden);
    Cmd r = run_parts(dir, "GPUS=4 STUB_FAIL=1", args);
    char *rec = read_whole_file(rec_path, NULL);
    result(r.rc == 1 && !strcmp(last_line(r.out, line, sizeof line), "53 passed, 3 failed"),
           "test_gpu_parts.sh GPUS=4 goldens, three failing parts: exit %d, last line '%s' (want 1, '53 passed, 3 failed')",
           r.rc, line);
    result(strstr(r.out, "part blocks_3 ") && strstr(r.out, "(did not finish: one failure more)") &&
               strstr(r.out, "(no summary line: counted as one failure)") && strstr(r.out, "  FAIL stub streamk case"),
           "test_gpu_parts.sh GPUS=4: the stopped part, the silent part and the FAIL line are reported");
    static const struct {
        const char *args, *card;
    } want4[] = {{"sanitize start", "0"},
                 {"--section conv --shard 0/4", "0"},
                 {"--section conv --shard 1/4", "1"},
                 {"--section conv --shard 3/4", "1"},
                 {"--section ops", "2"},
                 {"--section lnfold", "2"},
                 {"--section blocks --shard 1/4", "2"},
                 {"--section blocks --shard 2/4", "3"},
                 {"--golden-shard 0/3", "1"}};
    for (unsigned i = 0; i < sizeof want4 / sizeof want4[0]; i++) {
        card_of(rec, want4[i].args, card, sizeof card);
        result(!strcmp(card, want4[i].card), "test_gpu_parts.sh GPUS=4: part '%s' ran once on card %s (got '%s')",
               want4[i].args, want4[i].card, card);
    }
    free(rec);
    free(r.out);

    // two cards named by CUDA_VISIBLE_DEVICES, no goldens, all passing: 16 parts, 5 + 15 * 3 passed
    r = run_parts(dir, "CUDA_VISIBLE_DEVICES=5,7", bin);
    rec = read_whole_file(rec_path, NULL);
    result(r.rc == 0 && !strcmp(last_line(r.out, line, sizeof line), "50 passed, 0 failed"),
           "test_gpu_parts.sh CUDA_VISIBLE_DEVICES=5,7 no goldens: exit %d, last line '%s' (want 0, '50 passed, 0 failed')",
           r.rc, line);
    static const struct {
        const char *args, *card;
    } want2[] = {{"sanitize start", "5"}, {"--section conv --shard 2/4", "7"}, {"--section gemm", "5"},
                 {"--section blocks --shard 3/4", "7"}, {"--golden-only", ""}};
    for (unsigned i = 0; i < sizeof want2 / sizeof want2[0]; i++) {
        card_of(rec, want2[i].args, card, sizeof card);
        result(!strcmp(card, want2[i].card),
               "test_gpu_parts.sh CUDA_VISIBLE_DEVICES=5,7: part '%s' on card '%s' (got '%s')", want2[i].args,
               want2[i].card, card);
    }
    free(rec);
    free(r.out);

    // one card, the sanitizer suite alone first: its start and end are the record's first two lines
    r = run_parts(dir, "GPUS=1 SANITIZE_ALONE=1", bin);
    rec = read_whole_file(rec_path, NULL);
    const char *nl = rec ? strchr(rec, '\n') : NULL;
    result(r.rc == 0 && !strcmp(last_line(r.out, line, sizeof line), "50 passed, 0 failed") && rec &&
               !strncmp(rec, "0 sanitize start", 16) && nl && !strncmp(nl + 1, "0 sanitize end", 14),
           "test_gpu_parts.sh GPUS=1 SANITIZE_ALONE=1: exit %d, last line '%s' (want 0, '50 passed, 0 failed'), the "
           "sanitizer suite started and ended before any other part",
           r.rc, line);
    free(rec);
    free(r.out);

    // PARTS: the sanitizer suite and the seven kernel sections, 5 + 7 * 3 passed; no conv, blocks or golden part
    snprintf(args, sizeof args, "%s %s", bin, golden);
    r = run_parts(dir, "GPUS=2 PARTS='sanitize|section_.*'", args);
    rec = read_whole_file(rec_path, NULL);
    card_of(rec, "--section ops", card, sizeof card);
    result(r.rc == 0 && !strcmp(last_line(r.out, line, sizeof line), "26 passed, 0 failed") && rec &&
               strstr(rec, "sanitize start") && !strcmp(card, "0") && !strstr(rec, "--section conv") &&
               !strstr(rec, "--section blocks") && !strstr(rec, "--golden") && strstr(r.out, "8 on 2 card(s)"),
           "test_gpu_parts.sh PARTS='sanitize|section_.*': exit %d, last line '%s' (want 0, '26 passed, 0 failed'), "
           "eight parts, nothing else run",
           r.rc, line);
    free(rec);
    free(r.out);

    // a bad card count and a golden folder without cases.txt: one line each, exit 2, nothing run
    static const struct {
        const char *env, *args_fmt, *want;
    } bad[] = {{"GPUS=x", "%s", "GPUS must be a count of cards"},
               {"GPUS=0", "%s", "GPUS must be a count of cards"},
               {"GPUS=1", "%s /nonexistent-golden", "cases.txt not found"},
               {"GPUS=1 PARTS_TIMEOUT=soon", "%s", "PARTS_TIMEOUT must be a positive count"},
               {"GPUS=1 PARTS=conv", "%s", "matches none of the parts"},
               {"GPUS=1 SANITIZE_ALONE=yes", "%s", "SANITIZE_ALONE must be 0 or 1"}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(args, sizeof args, bad[i].args_fmt, bin);
        r = run_parts(dir, bad[i].env, args);
        rec = read_whole_file(rec_path, NULL);
        const char *first = NULL;
        const int n = count_lines_with_prefix(r.out, "test_gpu_parts.sh: ", &first);
        result(r.rc == 2 && n == 1 && first && strstr(first, bad[i].want) && rec && !rec[0],
               "test_gpu_parts.sh %s: exit %d (want 2), one line containing '%s', nothing run", bad[i].env, r.rc,
               bad[i].want);
        free(rec);
        free(r.out);
    }
    sanitize_script_suite(dir, bin);
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    if (system(args) != 0) result(0, "test_gpu_parts.sh: removing %s", dir);
}
