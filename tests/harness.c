// harness.c: counters and result() of the test harness (see harness.h).
#include "harness.h"

#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/safetensors.h"
#include <cuda_runtime_api.h>
#include <errno.h>

int g_pass, g_fail, g_verbose, g_have_gpu;

void result(int ok, const char *fmt, ...) {
    char name[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof(name), fmt, ap);
    va_end(ap);
    if (ok) g_pass++;
    else g_fail++;
    if (!ok || g_verbose) printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    fflush(stdout);
}

// Decimal digits of v into buf (no terminator); returns their count. Async-signal-safe.
static int put_uint(char *buf, unsigned v) {
    char t[12];
    int n = 0, k = 0;
    do t[n++] = (char)('0' + v % 10), v /= 10;
    while (v);
    while (n) buf[k++] = t[--n];
    return k;
}

static void on_signal(int sig) {
    char line[128];
    int k = 0;
    const char *a = " passed, ", *b = " failed (stopped by signal ", *c = " before the end)\n";
    k += put_uint(line + k, (unsigned)g_pass);
    for (const char *q = a; *q; q++) line[k++] = *q;
    k += put_uint(line + k, (unsigned)g_fail);
    for (const char *q = b; *q; q++) line[k++] = *q;
    k += put_uint(line + k, (unsigned)sig);
    for (const char *q = c; *q; q++) line[k++] = *q;
    ssize_t w = write(STDOUT_FILENO, line, (size_t)k);
    (void)w;
    _exit(128 + sig);
}

void report_counts_on_signal(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

Cmd run_cli(const char *bin, const char *args) {
    Cmd r = {-1, 0, NULL};
    char cmd[2048];
    // exec: the shell becomes unetrun, so a crash shows up as a signal here
    snprintf(cmd, sizeof cmd, "exec '%s' %s 2>&1", bin, args);
    FILE *p = popen(cmd, "r");
    size_t cap = 1 << 14, len = 0;
    r.out = xmalloc(cap);
    r.out[0] = 0;
    if (!p) return r;
    size_t k;
    while ((k = fread(r.out + len, 1, cap - len - 1, p)) > 0) {
        len += k;
        if (cap - len < 4096) r.out = realloc(r.out, cap *= 2);
        if (!r.out) die_internal("out of memory reading unetrun output");
    }
    r.out[len] = 0;
    int st = pclose(p);
    if (st != -1 && WIFEXITED(st)) r.rc = WEXITSTATUS(st);
    if (st != -1 && WIFSIGNALED(st)) r.sig = WTERMSIG(st);
    return r;
}

int count_lines_with_prefix(const char *s, const char *prefix, const char **first) {
    int n = 0;
    size_t pl = strlen(prefix);
    for (const char *line = s; *line;) {
        if (!strncmp(line, prefix, pl)) {
            if (n++ == 0 && first) *first = line;
        }
        const char *nl = strchr(line, '\n');
        if (!nl) break;
        line = nl + 1;
    }
    return n;
}

// A bad command line: exit 2, no signal, exactly one "unetrun: error: " line
// and that line contains `want`.
void cli_bad(const char *bin, const char *args, const char *want) {
    Cmd r = run_cli(bin, args);
    const char *first = NULL;
    int nerr = count_lines_with_prefix(r.out, "unetrun: error: ", &first);
    char line[512] = "";
    if (first) snprintf(line, sizeof line, "%.*s", (int)strcspn(first, "\n"), first);
    int has = first && strstr(line, want) != NULL;
    result(r.sig == 0 && r.rc == 2 && nerr == 1 && has,
           "unetrun %s: exit 2 with one error line mentioning \"%s\" (exit %d signal %d, %d error lines: %s)", args,
           want, r.rc, r.sig, nerr, line);
    free(r.out);
}

const char *dev_args(void) { return g_have_gpu ? " --device cpu" : ""; }


int make_tmp_file(char *path, size_t n, const char *tag) {
    const char *dir = getenv("TMPDIR");
    snprintf(path, n, "%s/%s_XXXXXX", dir && *dir ? dir : "/tmp", tag);
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    close(fd);
    return 1;
}

char *read_whole_file(const char *path, size_t *len_out) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0, len = 0, k;
    do {
        if (cap - len < 4096) buf = realloc(buf, cap = cap ? cap * 2 : 65536);
        if (!buf) die_internal("out of memory reading %s", path);
        k = fread(buf + len, 1, cap - len - 1, f);
        len += k;
    } while (k > 0);
    fclose(f);
    buf[len] = 0;
    if (len_out) *len_out = len;
    return buf;
}

cJSON *read_json_file(const char *path) {
    size_t len = 0;
    char *buf = read_whole_file(path, &len);
    if (!buf) return NULL;
    cJSON *j = len ? cJSON_Parse(buf) : NULL;
    free(buf);
    return j;
}

double json_num(const cJSON *o, const char *a, const char *b) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b) v = cJSON_GetObjectItemCaseSensitive(v, b);
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

float *read_saved_output(const char *path, size_t *n) {
    StFile f;
    StError e;
    float *v = NULL;
    *n = 0;
    if (st_open(path, &f, &e)) return NULL;
    const StTensor *t = st_find(&f, "output");
    if (t && !st_load_f32(&f, "output", -1, NULL, &v, &e)) *n = t->numel;
    st_close(&f);
    return v;
}

int cli_report_rows(const char *bin, const char *args, char *names, size_t len, const char *row, char *kernel,
                    size_t klen, int *pass) {
    char path[256], a[1536];
    names[0] = 0;
    if (kernel && klen) kernel[0] = 0;
    *pass = 0;
    if (!make_tmp_file(path, sizeof path, "unetrun_rows")) return 0;
    snprintf(a, sizeof a, "%s --json '%s'", args, path);
    Cmd r = run_cli(bin, a);
    cJSON *j = r.rc == 0 ? read_json_file(path) : NULL;
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL, *n;
    cJSON_ArrayForEach(n, nodes) {
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(n, "name"), *k = cJSON_GetObjectItemCaseSensitive(n, "kernel");
        if (!cJSON_IsString(nm)) continue;
        snprintf(names + strlen(names), len - strlen(names), "%s%s", names[0] ? "," : "", nm->valuestring);
        if (row && kernel && klen && !strcmp(nm->valuestring, row) && cJSON_IsString(k))
            snprintf(kernel, klen, "%s", k->valuestring);
    }
    *pass = r.rc == 0 && strstr(r.out, "verdict  PASS") != NULL;
    const int ok = j != NULL;
    cJSON_Delete(j);
    free(r.out);
    unlink(path);
    return ok;
}

int harness_gpu(char *name, size_t n, int *num_sms) {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        printf("no CUDA GPU (%s): GPU tests skipped\n0 passed, 0 failed\n", cudaGetErrorString(e));
        return 0;
    }
    struct cudaDeviceProp prop;
    cudaCheck(cudaGetDeviceProperties(&prop, 0));
    snprintf(name, n, "%s", prop.name);
    *num_sms = prop.multiProcessorCount;
    return 1;
}

int harness_arg_int(const char *s) {
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE || v < 0 || v > 1L << 30)
        die_user("expected a non-negative integer argument, got '%s'", s);
    return (int)v;
}
