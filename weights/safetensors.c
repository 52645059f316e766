// safetensors.c: reader (mmap + cJSON, fully validated) and streaming writer
// for .safetensors files; see safetensors.h for the rules enforced.
#define _POSIX_C_SOURCE 200809L
#include "safetensors.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/common.h"
#include "../common/outfile.h"

// ---------------------------------------------------------------------------
// errors
// ---------------------------------------------------------------------------
int st_error(StError *e, int code, const char *fmt, ...) {
    if (e) {
        e->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
        va_end(ap);
    }
    return code;
}

// A tensor name as it may appear in a message: at most 160 characters,
// anything outside printable ASCII shown as '?'.
static const char *printable(const char *s, char *buf, size_t n) {
    size_t i = 0;
    for (; s && s[i] && i + 1 < n && i < 160; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    buf[i] = 0;
    if (s && s[i] && i >= 160 && n > 164) memcpy(buf + i, "...", 4);
    return buf;
}

// ---------------------------------------------------------------------------
// dtypes
// ---------------------------------------------------------------------------
static const struct {
    const char *name;
    size_t size;
} kDtypes[ST_NUM_DTYPES] = {
    [ST_BOOL] = {"BOOL", 1}, [ST_U8] = {"U8", 1},         [ST_I8] = {"I8", 1},
    [ST_F8_E4M3] = {"F8_E4M3", 1}, [ST_F8_E5M2] = {"F8_E5M2", 1}, [ST_I16] = {"I16", 2},
    [ST_U16] = {"U16", 2},   [ST_F16] = {"F16", 2},       [ST_BF16] = {"BF16", 2},
    [ST_I32] = {"I32", 4},   [ST_U32] = {"U32", 4},       [ST_F32] = {"F32", 4},
    [ST_F64] = {"F64", 8},   [ST_I64] = {"I64", 8},       [ST_U64] = {"U64", 8},
};

const char *st_dtype_name(StDtype d) { return (unsigned)d < ST_NUM_DTYPES ? kDtypes[d].name : "?"; }
size_t st_dtype_size(StDtype d) { return (unsigned)d < ST_NUM_DTYPES ? kDtypes[d].size : 0; }
int st_dtype_loadable(StDtype d) { return d == ST_F32 || d == ST_F16 || d == ST_BF16; }

int st_dtype_parse(const char *s, StDtype *out) {
    for (int i = 0; i < ST_NUM_DTYPES; i++)
        if (!strcmp(s, kDtypes[i].name)) {
            *out = (StDtype)i;
            return 0;
        }
    return -1;
}

float bf16_to_f32(uint16_t h) {
    uint32_t x = (uint32_t)h << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

uint16_t f32_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);  // NaN, quiet
    uint32_t lsb = (x >> 16) & 1u;
    x += 0x7fffu + lsb;  // overflow of the largest finite values rounds to inf, as it should
    return (uint16_t)(x >> 16);
}

// ---------------------------------------------------------------------------
// reader
// ---------------------------------------------------------------------------
// JSON numbers are doubles: accept integers in [0, 2^53) only, where the
// double holds the exact value.
static int json_uint(const cJSON *v, uint64_t *out) {
    if (!cJSON_IsNumber(v)) return -1;
    double d = v->valuedouble;
    if (!(d >= 0.0) || !(d < 9007199254740992.0)) return -1;
    uint64_t u = (uint64_t)d;
    if ((double)u != d) return -1;
    *out = u;
    return 0;
}

static int cmp_name(const void *a, const void *b) {
    return strcmp(((const StTensor *)a)->name, ((const StTensor *)b)->name);
}

static const StTensor *g_sort_tensors;  // for cmp_range (qsort has no context argument in C11)
static int cmp_range(const void *a, const void *b) {
    const StTensor *x = &g_sort_tensors[*(const int *)a], *y = &g_sort_tensors[*(const int *)b];
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    if (x->end != y->end) return x->end < y->end ? -1 : 1;
    return 0;
}

void st_close(StFile *f) {
    if (!f) return;
    for (int i = 0; i < f->ntensors; i++) free(f->tensors[i].name);
    free(f->tensors);
    free(f->path);
    if (f->map) munmap(f->map, f->map_len);
    memset(f, 0, sizeof(*f));
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n);
    memcpy(p, s, n);
    return p;
}

// One header entry into t. Returns 0 or a code with the message set.
static int parse_entry(const cJSON *item, const char *label, uint64_t data_size, StTensor *t, StError *e) {
    char nb[200];
    const char *nm = printable(item->string, nb, sizeof nb);
    if (!cJSON_IsObject(item))
        return st_error(e, ST_ERR_ENTRY, "%s: header entry '%s' is not an object with dtype, shape and data_offsets",
                       label, nm);
    const cJSON *dt = cJSON_GetObjectItemCaseSensitive(item, "dtype");
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(item, "shape");
    const cJSON *off = cJSON_GetObjectItemCaseSensitive(item, "data_offsets");
    if (!dt || !sh || !off)
        return st_error(e, ST_ERR_ENTRY, "%s: tensor '%s' lacks %s in the header", label, nm,
                       !dt ? "\"dtype\"" : !sh ? "\"shape\"" : "\"data_offsets\"");
    if (!cJSON_IsString(dt) || !dt->valuestring)
        return st_error(e, ST_ERR_ENTRY, "%s: tensor '%s': dtype is not a string", label, nm);
    if (st_dtype_parse(dt->valuestring, &t->dtype)) {
        char db[200];
        return st_error(e, ST_ERR_DTYPE,
                       "%s: tensor '%s' has unknown dtype '%s' (known: F32, F16, BF16, F64, I64, I32, I16, I8, U8, "
                       "BOOL, ...)",
                       label, nm, printable(dt->valuestring, db, sizeof db));
    }
    if (!cJSON_IsArray(sh)) return st_error(e, ST_ERR_ENTRY, "%s: tensor '%s': shape is not an array", label, nm);
    int nd = cJSON_GetArraySize(sh);
    if (nd > ST_MAX_DIMS)
        return st_error(e, ST_ERR_SHAPE, "%s: tensor '%s' has rank %d; at most %d dimensions are supported", label, nm,
                       nd, ST_MAX_DIMS);
    t->ndim = nd;
    uint64_t numel = 1;
    int k = 0, overflow = 0;
    for (const cJSON *d = sh->child; d; d = d->next, k++) {
        uint64_t v;
        if (json_uint(d, &v))
            return st_error(e, ST_ERR_SHAPE,
                           "%s: tensor '%s': shape dimension %d is not a non-negative integer below 2^53", label, nm,
                           k);
        t->shape[k] = (int64_t)v;
        if (!overflow && __builtin_mul_overflow(numel, v, &numel)) overflow = 1;
    }
    // A zero dimension makes the count 0 whatever the others are.
    for (int i = 0; i < nd; i++)
        if (t->shape[i] == 0) numel = 0, overflow = 0;
    if (!cJSON_IsArray(off) || cJSON_GetArraySize(off) != 2)
        return st_error(e, ST_ERR_OFFSETS, "%s: tensor '%s': data_offsets is not an array of two integers", label, nm);
    if (json_uint(off->child, &t->begin) || json_uint(off->child->next, &t->end))
        return st_error(e, ST_ERR_OFFSETS, "%s: tensor '%s': data_offsets are not non-negative integers below 2^53",
                       label, nm);
    if (t->begin > t->end)
        return st_error(e, ST_ERR_OFFSETS, "%s: tensor '%s': data_offsets [%llu, %llu] are reversed", label, nm,
                       (unsigned long long)t->begin, (unsigned long long)t->end);
    if (t->end > data_size)
        return st_error(e, ST_ERR_OFFSETS,
                       "%s: tensor '%s': data_offsets [%llu, %llu] run past the data section (%llu bytes)", label, nm,
                       (unsigned long long)t->begin, (unsigned long long)t->end, (unsigned long long)data_size);
    uint64_t bytes = 0;
    char sb[256];
    st_shape_str(t->ndim, t->shape, sb, sizeof sb);
    if (overflow || __builtin_mul_overflow(numel, (uint64_t)st_dtype_size(t->dtype), &bytes))
        return st_error(e, ST_ERR_SIZE, "%s: tensor '%s': shape %s has more elements than any file can hold", label,
                       nm, sb);
    if (bytes != t->end - t->begin && !st_dtype_loadable(t->dtype))
        return st_error(e, ST_ERR_SIZE,
                       "%s: tensor '%s' has dtype %s; unetrun reads F32, F16 or BF16 (and shape %s of %s needs %llu "
                       "bytes but data_offsets span %llu)", label, nm, st_dtype_name(t->dtype), sb,
                       st_dtype_name(t->dtype), (unsigned long long)bytes, (unsigned long long)(t->end - t->begin));
    if (bytes != t->end - t->begin)
        return st_error(e, ST_ERR_SIZE,
                       "%s: tensor '%s': shape %s of %s needs %llu bytes but data_offsets [%llu, %llu] span %llu",
                       label, nm, sb, st_dtype_name(t->dtype), (unsigned long long)bytes,
                       (unsigned long long)t->begin, (unsigned long long)t->end,
                       (unsigned long long)(t->end - t->begin));
    t->numel = numel;
    return 0;
}

// Tensor names (sorted) must be unique.
static int check_unique_names(const StFile *f, const char *label, StError *e) {
    for (int i = 1; i < f->ntensors; i++)
        if (!strcmp(f->tensors[i - 1].name, f->tensors[i].name)) {
            char nb[200];
            return st_error(e, ST_ERR_DUPLICATE, "%s: tensor name '%s' appears more than once in the header", label,
                            printable(f->tensors[i].name, nb, sizeof nb));
        }
    return 0;
}

// The byte ranges must tile [0, data_size) exactly.
static int check_tiling(const StFile *f, const char *label, StError *e) {
    int rc = 0;
    int *ord = xmalloc((size_t)f->ntensors * sizeof(int));
    for (int i = 0; i < f->ntensors; i++) ord[i] = i;
    g_sort_tensors = f->tensors;
    qsort(ord, (size_t)f->ntensors, sizeof(int), cmp_range);
    uint64_t cursor = 0;
    int last = -1;
    for (int k = 0; k < f->ntensors && !rc; k++) {
        const StTensor *t = &f->tensors[ord[k]];
        char na[200], nb2[200];
        if (t->begin < cursor)
            rc = st_error(e, ST_ERR_OVERLAP, "%s: tensors '%s' [%llu, %llu] and '%s' [%llu, %llu] overlap", label,
                         printable(f->tensors[last].name, na, sizeof na),
                         (unsigned long long)f->tensors[last].begin, (unsigned long long)f->tensors[last].end,
                         printable(t->name, nb2, sizeof nb2), (unsigned long long)t->begin,
                         (unsigned long long)t->end);
        else if (t->begin > cursor)
            rc = st_error(e, ST_ERR_COVERAGE,
                         "%s: bytes [%llu, %llu) of the data section belong to no tensor (before '%s')", label,
                         (unsigned long long)cursor, (unsigned long long)t->begin,
                         printable(t->name, nb2, sizeof nb2));
        else if (t->end > t->begin || last < 0)
            cursor = t->end, last = ord[k];
    }
    free(ord);
    if (!rc && cursor != f->data_size)
        rc = st_error(e, ST_ERR_COVERAGE,
                     "%s: %llu trailing bytes after the last tensor (data section %llu bytes, tensors end at %llu)",
                     label, (unsigned long long)(f->data_size - cursor), (unsigned long long)f->data_size,
                     (unsigned long long)cursor);
    return rc;
}

int st_parse(const void *buf, size_t size, const char *label, StFile *f, StError *e) {
    memset(f, 0, sizeof(*f));
    if (e) e->code = 0, e->msg[0] = 0;
    if (!label) label = "(buffer)";
    const uint8_t *p = buf;
    if (size < 8)
        return st_error(e, ST_ERR_SHORT,
                       "%s: file is %zu bytes, too short for safetensors (it starts with an 8-byte header length)",
                       label, size);
    uint64_t hlen = 0;
    for (int i = 7; i >= 0; i--) hlen = (hlen << 8) | p[i];
    if (hlen > ST_MAX_HEADER)
        return st_error(e, ST_ERR_HEADER_LEN,
                       "%s: header length %llu bytes is above the 100 MB limit (not a safetensors file?)", label,
                       (unsigned long long)hlen);
    if (hlen > size - 8)
        return st_error(e, ST_ERR_HEADER_LEN,
                       "%s: header length %llu bytes runs past the end of the file (%zu bytes; truncated or not a "
                       "safetensors file?)",
                       label, (unsigned long long)hlen, size);
    if (hlen == 0) return st_error(e, ST_ERR_JSON, "%s: header is empty (0 bytes of JSON)", label);

    // cJSON gets a NUL-terminated private copy, so it can never read past it.
    char *hdr = xmalloc((size_t)hlen + 1);
    memcpy(hdr, p + 8, (size_t)hlen);
    hdr[hlen] = 0;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(hdr, (size_t)hlen + 1, &end, 0);
    int rc = 0;
    if (!root) {
        long at = end && end >= hdr && end <= hdr + hlen ? (long)(end - hdr) : -1;
        rc = st_error(e, ST_ERR_JSON, "%s: header is not valid JSON (error near byte %ld of %llu)", label, at,
                     (unsigned long long)hlen);
        free(hdr);
        return rc;
    }
    // Only whitespace (writers pad with spaces) may follow the JSON object.
    for (const char *q = end; q && q < hdr + hlen; q++)
        if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') {
            rc = st_error(e, ST_ERR_JSON, "%s: header has bytes after the JSON object (at byte %ld of %llu)", label,
                         (long)(q - hdr), (unsigned long long)hlen);
            goto out;
        }
    if (!cJSON_IsObject(root)) {
        rc = st_error(e, ST_ERR_JSON, "%s: header is JSON but not an object of tensors", label);
        goto out;
    }

    f->path = dup_str(label);
    f->file_size = size;
    f->data = p + 8 + hlen;
    f->data_size = size - 8 - hlen;
    int n = 0;
    for (const cJSON *it = root->child; it; it = it->next)
        if (!it->string || strcmp(it->string, "__metadata__")) n++;
    if (n == 0) {
        rc = st_error(e, ST_ERR_EMPTY, "%s: header lists no tensors%s", label,
                     f->data_size ? " (but the data section is not empty)" : "");
        goto out;
    }
    f->tensors = xcalloc((size_t)n, sizeof(StTensor));
    for (const cJSON *it = root->child; it; it = it->next) {
        if (it->string && !strcmp(it->string, "__metadata__")) continue;
        if (!it->string || !it->string[0]) {
            rc = st_error(e, ST_ERR_ENTRY, "%s: header has a tensor with an empty name", label);
            goto out;
        }
        StTensor *t = &f->tensors[f->ntensors];
        if ((rc = parse_entry(it, label, f->data_size, t, e))) goto out;
        t->name = dup_str(it->string);
        f->ntensors++;
    }

    qsort(f->tensors, (size_t)f->ntensors, sizeof(StTensor), cmp_name);
    if ((rc = check_unique_names(f, label, e))) goto out;
    rc = check_tiling(f, label, e);

out:
    cJSON_Delete(root);
    free(hdr);
    if (rc) st_close(f);
    return rc;
}

int st_open(const char *path, StFile *f, StError *e) {
    memset(f, 0, sizeof(*f));
    // A FIFO without a writer would block open() forever: check the kind
    // first, and open without blocking in case it changes in between.
    char kind[4400];
    if (input_file_check(path, kind, sizeof kind)) return st_error(e, ST_ERR_IO, "%s", kind);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return st_error(e, ST_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb)) {
        int err = errno;
        close(fd);
        return st_error(e, ST_ERR_IO, "cannot read %s: %s", path, strerror(err));
    }
    if (!S_ISREG(sb.st_mode)) {
        close(fd);
        return st_error(e, ST_ERR_IO, "'%s' is not a regular file; give the .safetensors file itself", path);
    }
    size_t size = (size_t)sb.st_size;
    if (size < 8) {
        close(fd);
        return st_parse("", size, path, f, e);  // short-file message; no bytes are read
    }
    void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int err = errno;
    close(fd);
    if (map == MAP_FAILED) return st_error(e, ST_ERR_IO, "cannot map %s: %s", path, strerror(err));
    int rc = st_parse(map, size, path, f, e);
    if (rc) {
        munmap(map, size);
        return rc;
    }
    f->map = map;
    f->map_len = size;
    return 0;
}

void st_open_or_die(const char *path, StFile *f) {
    StError e;
    if (st_open(path, f, &e)) die_user("%s", e.msg);
}

const StTensor *st_find(const StFile *f, const char *name) {
    int lo = 0, hi = f->ntensors;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(f->tensors[mid].name, name);
        if (c == 0) return &f->tensors[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

void st_prefix_range(const StFile *f, const char *prefix, int *lo_out, int *hi_out) {
    size_t pl = strlen(prefix);
    int lo = 0, hi = f->ntensors;
    while (lo < hi) {  // first name >= prefix
        int mid = lo + (hi - lo) / 2;
        if (strcmp(f->tensors[mid].name, prefix) < 0) lo = mid + 1;
        else hi = mid;
    }
    int end = lo;
    while (end < f->ntensors && !strncmp(f->tensors[end].name, prefix, pl)) end++;
    *lo_out = lo;
    *hi_out = end;
}

void st_shape_str(int ndim, const int64_t *shape, char *buf, size_t n) {
    size_t len = 0;
    if (n == 0) return;
    buf[0] = 0;
    len += (size_t)snprintf(buf + len, n - len, "[");
    for (int i = 0; i < ndim && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%lld", i ? ", " : "", (long long)shape[i]);
    if (len < n) snprintf(buf + len, n - len, "]");
}

int st_shape_equal(const StTensor *t, int ndim, const int64_t *shape) {
    if (t->ndim != ndim) return 0;
    for (int i = 0; i < ndim; i++)
        if (t->shape[i] != shape[i]) return 0;
    return 1;
}

int st_read_f32(const StFile *f, const StTensor *t, float *dst, int check_finite, StError *e) {
    char nb[200];
    if (!st_dtype_loadable(t->dtype))
        return st_error(e, ST_ERR_UNSUPPORTED_DTYPE, "%s: tensor '%s' has dtype %s; unetrun reads F32, F16 or BF16",
                       f->path, printable(t->name, nb, sizeof nb), st_dtype_name(t->dtype));
    const uint8_t *src = f->data + t->begin;
    const size_t n = (size_t)t->numel;
    if (t->dtype == ST_F32) {
        memcpy(dst, src, n * 4);
    } else {
        for (size_t i = 0; i < n; i++) {
            uint16_t h = (uint16_t)(src[2 * i] | (src[2 * i + 1] << 8));
            dst[i] = t->dtype == ST_F16 ? f16_to_f32(h) : bf16_to_f32(h);
        }
    }
    if (check_finite)
        for (size_t i = 0; i < n; i++)
            if (!isfinite(dst[i]))
                return st_error(e, ST_ERR_NONFINITE, "%s: tensor '%s' holds a non-finite value (%s at element %zu)",
                               f->path, printable(t->name, nb, sizeof nb), isnan(dst[i]) ? "NaN" : "Inf", i);
    return 0;
}

int st_load_f32(const StFile *f, const char *name, int ndim, const int64_t *shape, float **out, StError *e) {
    char nb[200];
    *out = NULL;
    const StTensor *t = st_find(f, name);
    if (!t)
        return st_error(e, ST_ERR_MISSING, "%s: tensor '%s' is not in the file", f->path,
                       printable(name, nb, sizeof nb));
    if (!st_dtype_loadable(t->dtype)) return st_read_f32(f, t, NULL, 0, e);  // the dtype line, before any shape
    if (ndim >= 0 && !st_shape_equal(t, ndim, shape)) {
        char want[256], found[256];
        st_shape_str(ndim, shape, want, sizeof want);
        st_shape_str(t->ndim, t->shape, found, sizeof found);
        return st_error(e, ST_ERR_WRONG_SHAPE, "%s: tensor '%s': expected %s, found %s", f->path,
                       printable(name, nb, sizeof nb), want, found);
    }
    float *buf = xmalloc((size_t)t->numel * sizeof(float));
    int rc = st_read_f32(f, t, buf, 1, e);
    if (rc) {
        free(buf);
        return rc;
    }
    *out = buf;
    return 0;
}

float *st_load_f32_or_die(const StFile *f, const char *name, int ndim, const int64_t *shape) {
    StError e;
    float *p = NULL;
    if (st_load_f32(f, name, ndim, shape, &p, &e)) die_user("%s", e.msg);
    return p;
}

// ---------------------------------------------------------------------------
// writer
// ---------------------------------------------------------------------------
struct StWriter {
    FILE *fp;     // the temporary file of `out` (common/outfile.h): renamed onto path when closed complete
    OutFile out;
    char *path;
    int n, next;
    StDtype *dtype;
    uint64_t *numel;
    char **names;
};

// Append s to the growing buffer as a JSON string literal.
typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) die_user("out of host memory building a safetensors header (%zu bytes)", cap);
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void buf_str(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }

static void buf_json_string(Buf *b, const char *s) {
    buf_str(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[8];
        if (c == '"') buf_str(b, "\\\"");
        else if (c == '\\') buf_str(b, "\\\\");
        else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            buf_str(b, esc);
        } else buf_put(b, (const char *)&c, 1);
    }
    buf_str(b, "\"");
}

static void writer_free(StWriter *w) {
    if (!w) return;
    for (int i = 0; i < w->n; i++) free(w->names ? w->names[i] : NULL);
    free(w->names);
    free(w->dtype);
    free(w->numel);
    free(w->path);
    free(w);
}

void st_writer_abort(StWriter *w) {
    if (!w) return;
    if (w->fp) outfile_abort(&w->out);
    w->fp = NULL;
    writer_free(w);
}

// Descriptor i of t: usable name (not given before), writable dtype, rank
// and shape; *numel and *bytes of its data. 0, or -1 with e set.
static int writer_check_tensor(const char *path, const StWriteTensor *t, int i, uint64_t *numel_out,
                               uint64_t *bytes_out, StError *e) {
    char nb[200];
    const StWriteTensor *x = &t[i];
    if (!x->name || !x->name[0] || !strcmp(x->name, "__metadata__")) {
        st_error(e, ST_ERR_ARG, "%s: tensor %d has no usable name", path, i);
        return -1;
    }
    if (x->dtype != ST_F32 && x->dtype != ST_F16 && x->dtype != ST_BF16) {
        st_error(e, ST_ERR_ARG, "%s: tensor '%s': dtype %s cannot be written (F32, F16 or BF16)", path,
                printable(x->name, nb, sizeof nb), st_dtype_name(x->dtype));
        return -1;
    }
    if (x->ndim < 0 || x->ndim > ST_MAX_DIMS) {
        st_error(e, ST_ERR_ARG, "%s: tensor '%s': rank %d is outside 0..%d", path,
                printable(x->name, nb, sizeof nb), x->ndim, ST_MAX_DIMS);
        return -1;
    }
    for (int j = 0; j < i; j++)
        if (!strcmp(t[j].name, x->name)) {
            st_error(e, ST_ERR_ARG, "%s: tensor name '%s' given twice", path, printable(x->name, nb, sizeof nb));
            return -1;
        }
    uint64_t numel = 1, bytes;
    for (int d = 0; d < x->ndim; d++) {
        if (x->shape[d] < 0 || __builtin_mul_overflow(numel, (uint64_t)x->shape[d], &numel)) {
            st_error(e, ST_ERR_ARG, "%s: tensor '%s': bad shape", path, printable(x->name, nb, sizeof nb));
            return -1;
        }
    }
    if (__builtin_mul_overflow(numel, (uint64_t)st_dtype_size(x->dtype), &bytes) || bytes > (1ull << 52)) {
        st_error(e, ST_ERR_ARG, "%s: tensor '%s' is too large", path, printable(x->name, nb, sizeof nb));
        return -1;
    }
    *numel_out = numel;
    *bytes_out = bytes;
    return 0;
}

// The header's entry of x: "name":{"dtype":..,"shape":[..],"data_offsets":[offset,offset+bytes]}.
static void header_entry(Buf *h, const StWriteTensor *x, uint64_t offset, uint64_t bytes) {
    char num[96];
    buf_json_string(h, x->name);
    buf_str(h, ":{\"dtype\":\"");
    buf_str(h, st_dtype_name(x->dtype));
    buf_str(h, "\",\"shape\":[");
    for (int d = 0; d < x->ndim; d++) {
        snprintf(num, sizeof num, "%s%lld", d ? "," : "", (long long)x->shape[d]);
        buf_str(h, num);
    }
    snprintf(num, sizeof num, "],\"data_offsets\":[%llu,%llu]}", (unsigned long long)offset,
             (unsigned long long)(offset + bytes));
    buf_str(h, num);
}

StWriter *st_writer_open(const char *path, int n, const StWriteTensor *t, int nmeta, const char *const *meta,
                         StError *e) {
    if (n <= 0 || !t) {
        st_error(e, ST_ERR_ARG, "%s: nothing to write (no tensors)", path);
        return NULL;
    }
    // Validate the descriptors and build the header.
    Buf h = {0};
    uint64_t offset = 0;
    StWriter *w = xcalloc(1, sizeof(StWriter));
    w->path = dup_str(path);
    w->n = n;
    w->dtype = xcalloc((size_t)n, sizeof(StDtype));
    w->numel = xcalloc((size_t)n, sizeof(uint64_t));
    w->names = xcalloc((size_t)n, sizeof(char *));
    buf_str(&h, "{");
    if (nmeta > 0) {
        buf_json_string(&h, "__metadata__");
        buf_str(&h, ":{");
        for (int i = 0; i < nmeta; i++) {
            if (i) buf_str(&h, ",");
            buf_json_string(&h, meta[2 * i]);
            buf_str(&h, ":");
            buf_json_string(&h, meta[2 * i + 1]);
        }
        buf_str(&h, "}");
    }
    for (int i = 0; i < n; i++) {
        const StWriteTensor *x = &t[i];
        uint64_t numel, bytes;
        if (writer_check_tensor(path, t, i, &numel, &bytes, e)) goto fail;
        w->dtype[i] = x->dtype;
        w->numel[i] = numel;
        w->names[i] = dup_str(x->name);
        if (i || nmeta > 0) buf_str(&h, ",");
        header_entry(&h, x, offset, bytes);
        offset += bytes;
        if (offset > (1ull << 52)) {
            st_error(e, ST_ERR_ARG, "%s: tensors too large in total", path);
            goto fail;
        }
    }
    buf_str(&h, "}");
    while ((8 + h.len) % 8) buf_str(&h, " ");  // data section 8-byte aligned
    if (h.len > ST_MAX_HEADER) {
        st_error(e, ST_ERR_ARG, "%s: header would be %zu bytes, above the 100 MB limit", path, h.len);
        goto fail;
    }
    w->fp = outfile_open(&w->out, path);
    if (!w->fp) {
        st_error(e, ST_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        free(h.p);
        writer_free(w);
        return NULL;
    }
    uint8_t len8[8];
    for (int i = 0; i < 8; i++) len8[i] = (uint8_t)((uint64_t)h.len >> (8 * i));
    if (fwrite(len8, 1, 8, w->fp) != 8 || fwrite(h.p, 1, h.len, w->fp) != h.len) {
        st_error(e, ST_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        free(h.p);
        st_writer_abort(w);
        return NULL;
    }
    free(h.p);
    return w;
fail:
    free(h.p);
    writer_free(w);
    return NULL;
}

int st_writer_put(StWriter *w, const float *data, StError *e) {
    if (w->next >= w->n) return st_error(e, ST_ERR_ARG, "%s: more tensors put than declared", w->path);
    const int i = w->next++;
    const size_t n = (size_t)w->numel[i];
    enum { CHUNK = 1 << 14 };
    uint8_t buf[CHUNK * 4];
    for (size_t s = 0; s < n; s += CHUNK) {
        size_t m = n - s < CHUNK ? n - s : CHUNK, bytes;
        if (w->dtype[i] == ST_F32) {
            memcpy(buf, data + s, m * 4);  // little-endian host
            bytes = m * 4;
        } else {
            for (size_t k = 0; k < m; k++) {
                uint16_t v = w->dtype[i] == ST_F16 ? f32_to_f16(data[s + k]) : f32_to_bf16(data[s + k]);
                buf[2 * k] = (uint8_t)v;
                buf[2 * k + 1] = (uint8_t)(v >> 8);
            }
            bytes = m * 2;
        }
        if (fwrite(buf, 1, bytes, w->fp) != bytes) {
            int err = errno;
            st_error(e, ST_ERR_IO, "cannot write %s: %s", w->path, strerror(err));
            return ST_ERR_IO;
        }
    }
    return 0;
}

int st_writer_close(StWriter *w, StError *e) {
    int rc = 0;
    if (w->next != w->n) {
        rc = st_error(e, ST_ERR_ARG, "%s: %d of %d tensors were written", w->path, w->next, w->n);
        st_writer_abort(w);
        return rc;
    }
    if (outfile_close(&w->out)) rc = st_error(e, ST_ERR_IO, "cannot write %s: %s", w->path, strerror(errno));
    w->fp = NULL;
    writer_free(w);
    return rc;
}

int safetensors_write(const char *path, int n, const StWriteTensor *t, StError *e) {
    for (int i = 0; i < n; i++)
        if (!t[i].data) return st_error(e, ST_ERR_ARG, "%s: tensor %d has no data", path, i);
    StWriter *w = st_writer_open(path, n, t, 0, NULL, e);
    if (!w) return e ? e->code : ST_ERR_IO;
    for (int i = 0; i < n; i++) {
        int rc = st_writer_put(w, t[i].data, e);
        if (rc) {
            st_writer_abort(w);
            return rc;
        }
    }
    return st_writer_close(w, e);
}

// ---------------------------------------------------------------------------
// layouts
// ---------------------------------------------------------------------------
void nchw_to_nhwc(const float *src, float *dst, int n, int c, int h, int w) {
    const size_t hw = (size_t)h * w;
    for (int b = 0; b < n; b++)
        for (int ch = 0; ch < c; ch++) {
            const float *s = src + ((size_t)b * c + ch) * hw;
            float *d = dst + (size_t)b * hw * c + ch;
            for (size_t i = 0; i < hw; i++) d[i * c] = s[i];
        }
}

void nhwc_to_nchw(const float *src, float *dst, int n, int h, int w, int c) {
    const size_t hw = (size_t)h * w;
    for (int b = 0; b < n; b++)
        for (int ch = 0; ch < c; ch++) {
            const float *s = src + (size_t)b * hw * c + ch;
            float *d = dst + ((size_t)b * c + ch) * hw;
            for (size_t i = 0; i < hw; i++) d[i] = s[i * c];
        }
}
