// perf_table.c: turn unetrun --json reports into the Markdown tables of
// docs/PERF.md, next to a peer's times.
//
// usage: perf_table PEER.csv REPORT.json...        ResBlocks
//   PEER.csv rows: cin,cout,hw,batch,eager_us,graph_us,compile_us ('#' lines
//   are comments). Reports without a peer row print '-' in the peer columns.
// usage: perf_table PEER.json UNET_REPORT.json...  whole UNet steps (--unet)
//   PEER.json: bench/unet_peer.py's output (entries[]: model, latent, batch,
//   mode eager / graph / compile / compile+graph, median_ms). Each report's
//   unet.step_us (one CUDA graph of the step) and unet.sum_of_blocks_us are
//   matched on model (from unet.description), latent (config.h) and batch;
//   speedup = peer time / unetrun time (> 1: unetrun is faster). Files among
//   the reports that are the peer's own JSON are skipped, so a glob such as
//   unet-*.json may take it in.
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int cin, cout, hw, batch;
    double graph_us;
} PeerRow;

static int load_peer(const char *path, PeerRow *rows, int max) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "perf_table: cannot open '%s': %s\n", path, strerror(errno));
        exit(2);
    }
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        if (line[0] == '#' || line[0] == '\n') continue;
        double eager, graph, comp;
        PeerRow r;
        if (sscanf(line, "%d,%d,%d,%d,%lf,%lf,%lf", &r.cin, &r.cout, &r.hw, &r.batch, &eager, &graph, &comp) == 7) {
            r.graph_us = graph;
            rows[n++] = r;
        }
    }
    fclose(f);
    return n;
}

// name is `want`, or ends in "+want" (a row with a GroupNorm fused in).
static int ends_with_name(const char *name, const char *want) {
    size_t n = strlen(name), w = strlen(want);
    return !strcmp(name, want) || (n > w && name[n - w - 1] == '+' && !strcmp(name + n - w, want));
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0 || n > (64L << 20)) {
        fclose(f);
        return NULL;
    }
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    buf[n] = 0;
    fclose(f);
    return buf;
}

static double num(const cJSON *o, const char *path) {
    // path like "block.graph_replay_us.median"
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *cur = o;
    for (char *tok = strtok(buf, "."); tok && cur; tok = strtok(NULL, ".")) cur = cJSON_GetObjectItemCaseSensitive(cur, tok);
    return cJSON_IsNumber(cur) ? cur->valuedouble : NAN;
}

static cJSON *load_json(const char *path) {
    char *text = slurp(path);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    return root;
}

// --- whole UNet: unetrun --unet reports against bench/unet_peer.py's JSON ---

#define PEER_MODES 4
static const char *const peer_modes[PEER_MODES] = {"eager", "graph", "compile", "compile+graph"};

// The peer's median (ms) of one (model, latent, batch, mode), NAN when absent or failed.
static double peer_ms(const cJSON *peer, const char *model, int latent, int batch, const char *mode) {
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(peer, "entries")) {
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "model"), *md = cJSON_GetObjectItemCaseSensitive(e, "mode");
        if (!cJSON_IsString(m) || !cJSON_IsString(md) || strcmp(m->valuestring, model) || strcmp(md->valuestring, mode))
            continue;
        const double ms = num(e, "median_ms");  // absent in a failed entry
        if ((int)num(e, "latent") == latent && (int)num(e, "batch") == batch && !isnan(ms)) return ms;
    }
    return NAN;
}

// The string o.a (b NULL) or o.a.b, "?" when absent.
static const char *str_at(const cJSON *o, const char *a, const char *b) {
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b) s = cJSON_GetObjectItemCaseSensitive(s, b);
    return cJSON_IsString(s) ? s->valuestring : "?";
}

// "12.34 ms" or "-" (NAN).
static const char *fms(double ms, char *buf, size_t n) {
    if (isnan(ms)) snprintf(buf, n, "-");
    else snprintf(buf, n, "%.2f ms", ms);
    return buf;
}

// "1.23x" (peer / unetrun) or "-".
static const char *fratio(double peer, double ours, char *buf, size_t n) {
    if (isnan(peer) || !(ours > 0.0)) snprintf(buf, n, "-");
    else snprintf(buf, n, "%.2fx", peer / ours);
    return buf;
}

static const char *model_title(const char *m) {
    return !strcmp(m, "sd15") ? "SD1.5" : !strcmp(m, "sd21") ? "SD2.1" : !strcmp(m, "sdxl") ? "SDXL" : m;
}

// One table row for a --unet report; 0 printed, 1 skipped (the peer file), 2 unreadable.
static int unet_row(const cJSON *peer, const char *path) {
    cJSON *root = load_json(path);
    if (!root) {
        fprintf(stderr, "perf_table: '%s' is not a readable JSON report\n", path);
        return 2;
    }
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(root, "unet");
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(u, "description");
    if (!cJSON_IsString(desc)) {
        int is_peer = cJSON_GetObjectItemCaseSensitive(root, "entries") != NULL;
        if (!is_peer) fprintf(stderr, "perf_table: '%s' is not a unetrun --unet report (no unet.description)\n", path);
        cJSON_Delete(root);
        return is_peer ? 1 : 2;
    }
    char model[32] = "?";
    if (sscanf(desc->valuestring, "UNet %31s", model) != 1) snprintf(model, sizeof model, "?");
    const int latent = (int)num(root, "config.h"), batch = (int)num(root, "config.batch");
    const double step = num(root, "unet.step_us") / 1e3, sum = num(root, "unet.sum_of_blocks_us") / 1e3;
    const char *dev = str_at(root, "device", "name"), *pdev = str_at(peer, "device", "name");
    if (strcmp(dev, pdev)) fprintf(stderr, "perf_table: note: '%s' ran on %s, the peer on %s\n", path, dev, pdev);
    double p[PEER_MODES];
    for (int k = 0; k < PEER_MODES; k++) p[k] = peer_ms(peer, model, latent, batch, peer_modes[k]);
    char b[8][32];
    printf("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", model_title(model), latent, batch,
           fms(step, b[0], 32), fms(sum, b[1], 32), fms(p[0], b[2], 32), fms(p[1], b[3], 32),
           fratio(p[1], step, b[4], 32), fms(p[3], b[5], 32), fratio(p[3], step, b[6], 32));
    cJSON_Delete(root);
    return 0;
}

static int unet_table(int argc, char **argv) {
    cJSON *peer = load_json(argv[1]);
    if (!peer || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(peer, "entries"))) {
        fprintf(stderr, "perf_table: '%s' is not a bench/unet_peer.py JSON (no entries[])\n", argv[1]);
        cJSON_Delete(peer);
        return 2;
    }
    char cudnn[32] = "?";
    const double cv = num(peer, "versions.cudnn");
    if (!isnan(cv)) snprintf(cudnn, sizeof cudnn, "%.0f", cv);
    printf("Peer: %s (diffusers %s, PyTorch %s, CUDA %s, cuDNN %s) on %s, %s.\n\n", str_at(peer, "peer", NULL),
           str_at(peer, "versions", "diffusers"), str_at(peer, "versions", "torch"), str_at(peer, "versions", "cuda"),
           cudnn, str_at(peer, "device", "name"), str_at(peer, "date", NULL));
    printf("| model | latent | batch | unetrun step (graph) | sum of blocks | diffusers eager | diffusers graph | speedup "
           "| torch.compile + graph | vs compile |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int status = 0, rows = 0;
    for (int i = 2; i < argc; i++) {
        int r = unet_row(peer, argv[i]);
        if (r == 2) status = 2;
        if (r == 0) rows++;
    }
    cJSON_Delete(peer);
    if (!rows) {
        fprintf(stderr, "perf_table: no --unet report among the files given\n");
        return 2;
    }
    return status;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

// --- SD1.5 ResBlocks: single-block reports against the peer CSV ---

static int resblock_table(int argc, char **argv) {
    PeerRow peer[256];
    int np = load_peer(argv[1], peer, 256);
    printf("| block | batch | unetrun graph (us) | PyTorch graph (us) | speedup | conv1 | conv2 | conv_shortcut | worst chain rel-L2 | --check |\n");
    printf("|---|---:|---:|---:|---:|---|---|---|---:|---|\n");
    int status = 0;
    for (int i = 2; i < argc; i++) {
        char *text = slurp(argv[i]);
        cJSON *root = text ? cJSON_Parse(text) : NULL;
        free(text);
        if (!root) {
            fprintf(stderr, "perf_table: '%s' is not a readable JSON report\n", argv[i]);
            status = 2;
            continue;
        }
        int cin = (int)num(root, "config.c"), cout = (int)num(root, "config.cout"), hw = (int)num(root, "config.h"),
            b = (int)num(root, "config.batch");
        double us = num(root, "block.graph_replay_us.median");
        double peer_us = NAN;
        for (int k = 0; k < np; k++)
            if (peer[k].cin == cin && peer[k].cout == cout && peer[k].hw == hw && peer[k].batch == b) peer_us = peer[k].graph_us;
        char convs[3][96] = {"-", "-", "-"};
        const char *names[3] = {"conv1", "conv2", "conv_shortcut"};
        double worst = 0.0;
        const cJSON *node;
        cJSON_ArrayForEach(node, cJSON_GetObjectItemCaseSensitive(root, "nodes")) {
            const cJSON *nm = cJSON_GetObjectItemCaseSensitive(node, "name");
            double ce = num(node, "chain_error.rel_l2");
            if (!isnan(ce) && ce > worst) worst = ce;
            for (int c = 0; c < 3; c++)  // also a fused row, e.g. "norm1+silu+conv1"
                if (cJSON_IsString(nm) && ends_with_name(nm->valuestring, names[c]))
                    snprintf(convs[c], sizeof convs[c], "%.0f us, %.0f TFLOP/s", num(node, "time_us.median"),
                             num(node, "tflops"));
        }
        const cJSON *pass = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "block"), "pass");
        char peer_s[32] = "-", ratio_s[32] = "-";
        if (!isnan(peer_us)) {
            snprintf(peer_s, sizeof peer_s, "%.0f", peer_us);
            snprintf(ratio_s, sizeof ratio_s, "%.2fx", peer_us / us);
        }
        printf("| %d->%d @%d | %d | %.1f | %s | %s | %s | %s | %s | %.1e | %s |\n", cin, cout, hw, b, us, peer_s, ratio_s,
               convs[0], convs[1], convs[2], worst, cJSON_IsTrue(pass) ? "pass" : "FAIL");
        cJSON_Delete(root);
    }
    return status;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: perf_table PEER.csv REPORT.json...   (ResBlocks)\n"
                        "       perf_table PEER.json UNET_REPORT.json...   (whole UNet; PEER.json from bench/unet_peer.py)\n");
        return 2;
    }
    return ends_with(argv[1], ".json") ? unet_table(argc, argv) : resblock_table(argc, argv);
}
