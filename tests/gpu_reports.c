// gpu_reports.c: the report features that need a GPU: peak calibration and
// its cache (fresh, cached, corrupt), an --nvtx run, and a roofline in the
// JSON of a GPU run.
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/common.h"
#include "harness.h"

static const char *peak_source(const cJSON *j, double *tf, double *bw) {
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(j, "peaks");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(p, "source");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(p, "tflops");
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(p, "gbps");
    *tf = cJSON_IsNumber(t) ? t->valuedouble : 0.0;
    *bw = cJSON_IsNumber(g) ? g->valuedouble : 0.0;
    return cJSON_IsString(s) ? s->valuestring : "";
}

void gpu_suite_reports(const char *bin) {
    char dir[256], args[1400], json[300], cache[300];
    const char *base = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/unetrun-gpu-reports-XXXXXX", base && base[0] ? base : "/tmp");
    if (!mkdtemp(dir)) die_internal("mkdtemp failed");
    snprintf(json, sizeof json, "%s/r.json", dir);
    snprintf(cache, sizeof cache, "%s/cache/unetrun/peaks.json", dir);

    // 1. empty cache: calibrated, plausible for any tensor-core GPU, cache written
    snprintf(args, sizeof args,
             "--block resblock --c 320 --hw 32 --warmup 2 --iters 10 --nvtx --json %s", json);
    char envargs[1600];
    snprintf(envargs, sizeof envargs, "%s", args);
    char cdir[300];
    snprintf(cdir, sizeof cdir, "%s/cache", dir);
    setenv("XDG_CACHE_HOME", cdir, 1);  // the child inherits it; cdir/unetrun does not exist yet
    Cmd c = run_cli(bin, envargs);
    result(c.rc == 0 && c.sig == 0, "unetrun %s (fresh peak cache) exits 0 (exit %d signal %d)", args, c.rc, c.sig);
    free(c.out);
    cJSON *j = read_json_file(json);
    double tf = 0, bw = 0;
    const char *src = j ? peak_source(j, &tf, &bw) : "";
    result(!strcmp(src, "calibrated") && tf > 20.0 && tf < 20000.0 && bw > 100.0 && bw < 100000.0,
           "calibration: %.0f TFLOP/s FP16 tensor core, %.0f GB/s copy bandwidth, source \"%s\" (want calibrated, "
           "20..20000 TFLOP/s, 100..100000 GB/s)", tf, bw, src);
    // the GPU run has a roofline on every node
    const cJSON *nodes = j ? cJSON_GetObjectItemCaseSensitive(j, "nodes") : NULL;
    int roof = cJSON_GetArraySize(nodes) > 0;
    for (int i = 0; roof && i < cJSON_GetArraySize(nodes); i++) {
        const cJSON *rl = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(nodes, i), "roofline");
        const cJSON *pct = cJSON_GetObjectItemCaseSensitive(rl, "achieved_pct");
        roof = cJSON_IsObject(rl) && cJSON_IsNumber(pct) && pct->valuedouble > 0 && pct->valuedouble <= 100.0;
    }
    result(roof, "GPU run: every node has a roofline with 0 < achieved %% <= 100");
    cJSON_Delete(j);
    result(access(cache, R_OK) == 0, "calibration wrote the peak cache %s", cache);

    // 2. second run: cached values, same numbers
    c = run_cli(bin, envargs);
    j = read_json_file(json);
    double tf2 = 0, bw2 = 0;
    src = j ? peak_source(j, &tf2, &bw2) : "";
    result(c.rc == 0 && !strcmp(src, "cached") && tf2 == tf && bw2 == bw,
           "second run reads the cache: source \"%s\", %.0f TFLOP/s, %.0f GB/s", src, tf2, bw2);
    free(c.out);
    cJSON_Delete(j);

    // 3. corrupt cache: one note, recalibrated, run succeeds
    FILE *f = fopen(cache, "w");
    if (f) {
        fputs("{not json", f);
        fclose(f);
    }
    c = run_cli(bin, envargs);
    j = read_json_file(json);
    src = j ? peak_source(j, &tf2, &bw2) : "";
    result(c.rc == 0 && count_lines_with_prefix(c.out, "unetrun: note: ignoring the peak cache", NULL) == 1 &&
               !strcmp(src, "calibrated"),
           "corrupt peak cache: one note, recalibrated, exit 0 (exit %d, source \"%s\")", c.rc, src);
    free(c.out);
    cJSON_Delete(j);

    // 4. given peaks win over the cache
    snprintf(envargs, sizeof envargs, "--block conv --c 64 --hw 16 --iters 3 --peak-tflops 500 --peak-gbps 2000 --json %s",
             json);
    c = run_cli(bin, envargs);
    j = read_json_file(json);
    src = j ? peak_source(j, &tf2, &bw2) : "";
    result(c.rc == 0 && !strcmp(src, "given") && tf2 == 500.0 && bw2 == 2000.0,
           "--peak-tflops 500 --peak-gbps 2000: source \"%s\", %.0f / %.0f", src, tf2, bw2);
    free(c.out);
    cJSON_Delete(j);
    unsetenv("XDG_CACHE_HOME");
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "note: could not remove %s\n", dir);
}
