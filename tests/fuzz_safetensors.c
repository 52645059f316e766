// fuzz_safetensors.c: libFuzzer target for the safetensors reader and the
// UNet block code on top of it (make fuzz).
//
// Each input is a whole file. It is parsed from memory; when the parse
// succeeds, the reader's guarantees are asserted (every byte range inside
// the data section, sizes matching dtype x shape, names sorted and unique),
// every loadable tensor is converted to FP32, and the file is opened as a
// UNet: naming/family detection, every block described and listed, and the
// tensors of described blocks loaded by their block-relative names. A parse
// failure must come with a message that names the file.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../weights/blockinfo.h"
#include "../weights/safetensors.h"

static const char *kLabel = "fuzz.safetensors";

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "fuzz_safetensors: invariant violated: %s\n", what);
        abort();
    }
}

static void load_block(const WeightsFile *w, const BlockInfo *b) {
    static const char *const res[] = {"norm1.weight", "conv1.weight", "time_emb_proj.weight", "conv2.weight",
                                      "conv_shortcut.weight"};
    static const char *const tr[] = {"norm.weight", "proj_in.weight", "transformer_blocks.0.attn2.to_k.weight",
                                     "transformer_blocks.0.ff.net.0.proj.weight", "proj_out.bias"};
    const char *const *names = b->kind == UNET_RESBLOCK ? res : tr;
    for (int i = 0; i < 5; i++) {
        char key[256];
        if (weights_key(w, b, names[i], key, sizeof key)) continue;
        const StTensor *t = st_find(&w->st, key);
        if (!t) continue;
        float *p = NULL;
        StError e;
        // as found (any shape), then with a wrong expected shape
        if (!weights_tensor(w, b, names[i], t->ndim, t->shape, &p, &e)) free(p);
        else check(strstr(e.msg, kLabel) != NULL, "weights_tensor error names the file");
        const int64_t wrong[1] = {(int64_t)t->numel + 1};
        check(weights_tensor(w, b, names[i], 1, wrong, &p, &e) != 0 && p == NULL, "wrong shape rejected");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    StFile f;
    StError e;
    if (st_parse(data, size, kLabel, &f, &e)) {
        check(e.code != 0 && strstr(e.msg, kLabel) != NULL, "parse error has a code and names the file");
        check(f.ntensors == 0 && f.tensors == NULL, "failed parse leaves the file empty");
        return 0;
    }
    check(f.ntensors > 0, "a parsed file has tensors");
    uint64_t covered = 0;
    for (int i = 0; i < f.ntensors; i++) {
        const StTensor *t = &f.tensors[i];
        check(t->begin <= t->end && t->end <= f.data_size, "byte range inside the data section");
        check(t->numel * st_dtype_size(t->dtype) == t->end - t->begin, "size matches dtype x shape");
        check(t->ndim >= 0 && t->ndim <= ST_MAX_DIMS, "rank within bounds");
        check(i == 0 || strcmp(f.tensors[i - 1].name, t->name) < 0, "names sorted and unique");
        check(st_find(&f, t->name) == t, "st_find finds every tensor");
        covered += t->end - t->begin;
        if (st_dtype_loadable(t->dtype) && t->numel <= (1u << 20)) {
            float *buf = malloc((size_t)t->numel * sizeof(float) + 1);
            if (!st_read_f32(&f, t, buf, 1, &e) && t->numel) check(buf[0] == buf[0], "finite check held");
            free(buf);
        }
    }
    check(covered == f.data_size, "tensors cover the data section exactly");

    WeightsFile w;
    if (weights_init(&w, &f, &e)) {
        check(strstr(e.msg, kLabel) != NULL, "weights_init error names the file");
        return 0;
    }
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull) {
        weights_print_blocks(&w, devnull);
        fclose(devnull);
    }
    BlockInfo *b = calloc(NAMES_MAX_BLOCKS, sizeof(BlockInfo));
    int n = weights_blocks(&w, b, NULL, NULL);
    for (int i = 0; i < n; i++) {
        BlockInfo again;
        check(!weights_describe(&w, b[i].ldm, &again, &e), "LDM prefix describes the same block");
        check(again.cin == b[i].cin && again.c == b[i].c && again.depth == b[i].depth, "same description");
        load_block(&w, &b[i]);
    }
    free(b);
    BlockInfo x;
    // tensor names (and their block prefixes) as user-given prefixes
    for (int i = 0; i < w.st.ntensors && i < 8; i++) {
        const char *name = w.st.tensors[i].name;
        weights_describe(&w, name, &x, &e);
        BlockId id;
        const char *rest = NULL;
        if (!names_parse_block(name, &id, NULL, &rest)) {
            char pre[256];
            size_t len = (size_t)(rest - name) < sizeof pre ? (size_t)(rest - name) : sizeof pre - 1;
            memcpy(pre, name, len);
            pre[len] = 0;
            check(names_block_id(pre, &id) == 0, "a parsed block prefix parses alone");
            weights_describe(&w, pre, &x, &e);
        }
    }
    weights_describe(&w, "up_blocks.0.attentions.2", &x, &e);
    weights_describe(&w, "not.a.block", &x, &e);
    weights_close(&w);
    return 0;
}
