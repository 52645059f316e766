// perf_table.c: turn unetrun --json reports of ResBlocks into the Markdown
// table of docs/PERF.md, next to a peer's CUDA-graph times.
//
// usage: perf_table PEER.csv REPORT.json...
//   PEER.csv rows: cin,cout,hw,batch,eager_us,graph_us,compile_us ('#' lines
//   are comments). Reports without a peer row print '-' in the peer columns.
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

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: perf_table PEER.csv REPORT.json...\n");
        return 2;
    }
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
            for (int c = 0; c < 3; c++)
                if (cJSON_IsString(nm) && !strcmp(nm->valuestring, names[c]))
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
