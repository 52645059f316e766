// cpu_weights.c: checkpoint files (weights/safetensors, names, blockinfo,
// synth) and tools/mkcheckpoint.
//
//   - write/read round trips for F32, F16, BF16 (non-square, rank 0 and 4,
//     empty tensors, metadata), NCHW <-> NHWC
//   - hostile files: every header/data rule of the reader gives its error
//     code and a message naming the file and the problem; the dying wrapper
//     exits 2 with one line
//   - block names both ways for every resnet and attention block of the
//     SD1.5, SD2.1 and SDXL UNets, hand-checked pairs, ResBlock part renames,
//     whole-UNet keys (samplers, conv_in, ...)
//   - listing of synthetic checkpoints of each family and naming lists
//     exactly the expected blocks with the right shapes and family
//   - block descriptions of real-size synthetic blocks, and their values
//     equal to the random-weight path's (same names, seed and ranges)
//   - missing / wrong-shape / non-finite block tensors
//   - mkcheckpoint: bad command lines exit 2 with one error line
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/common.h"
#include "../weights/blockinfo.h"
#include "../weights/names.h"
#include "../weights/random.h"
#include "../weights/safetensors.h"
#include "../weights/synth.h"

#include "harness.h"

static char g_dir[256];     // temporary directory of this suite
static char g_mkckpt[1024]; // path of the mkcheckpoint binary

static const char *tmp_path(const char *name) {
    static char buf[8][512];
    static int k;
    char *p = buf[k++ % 8];
    snprintf(p, 512, "%s/%s", g_dir, name);
    return p;
}

static void write_bytes(const char *path, const void *p, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) die_internal("cannot create %s", path);
    if (n && fwrite(p, 1, n, f) != n) die_internal("cannot write %s", path);
    fclose(f);
}

// A safetensors file from a header string and data_len bytes of data
// (filled with 0x3c, so F16 data reads as finite numbers).
static void write_st(const char *path, const char *json, size_t data_len) {
    size_t hl = strlen(json);
    uint8_t *b = xmalloc(8 + hl + data_len);
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)((uint64_t)hl >> (8 * i));
    memcpy(b + 8, json, hl);
    memset(b + 8 + hl, 0x3c, data_len);
    write_bytes(path, b, 8 + hl + data_len);
    free(b);
}

static int contains(const char *s, const char *sub) { return s && strstr(s, sub) != NULL; }

// ---------------------------------------------------------------------------
// round trips
// ---------------------------------------------------------------------------
static float bf16_round(float v) { return bf16_to_f32(f32_to_bf16(v)); }

static int same_bits(float a, float b) { return memcmp(&a, &b, 4) == 0; }

static void test_roundtrip_dtype(StDtype dt, int ndim, const int64_t *shape) {
    size_t n = 1;
    for (int i = 0; i < ndim; i++) n *= (size_t)shape[i];
    float *v = xmalloc((n ? n : 1) * sizeof(float));
    random_uniform("roundtrip", 7, v, n, 0.0f, 3.0f, 0);
    static const float special[] = {0.0f, -0.0f, 1.0f, -2.5f, 65504.0f, 1e-7f, 0.333333343f, 3.0e38f};
    for (size_t i = 0; i < n && i < 8; i++) v[i] = special[i];
    StWriteTensor t[2] = {{"t", dt, ndim, {0}, v}, {"other.bias", ST_F32, 1, {3}, (const float[]){1, 2, 3}}};
    if (ndim) memcpy(t[0].shape, shape, (size_t)ndim * sizeof(int64_t));
    const char *path = tmp_path("roundtrip.safetensors");
    StError e;
    char sh[128];
    st_shape_str(ndim, shape, sh, sizeof sh);
    int rc = safetensors_write(path, 2, t, &e);
    StFile f;
    int rc2 = rc ? -1 : st_open(path, &f, &e);
    int ok = rc == 0 && rc2 == 0;
    float *back = NULL;
    if (ok) {
        const StTensor *x = st_find(&f, "t");
        ok = x && x->dtype == dt && st_shape_equal(x, ndim, shape) && x->numel == n && f.ntensors == 2;
        // non-finite check off: 3e38 overflows F16 to inf
        back = xmalloc((n ? n : 1) * sizeof(float));
        ok = ok && !st_read_f32(&f, x, back, 0, &e);
        for (size_t i = 0; ok && i < n; i++) {
            float want = dt == ST_F32 ? v[i] : dt == ST_F16 ? round_f16(v[i]) : bf16_round(v[i]);
            ok = same_bits(back[i], want);
        }
        float *o = NULL;
        ok = ok && !st_load_f32(&f, "other.bias", 1, (const int64_t[]){3}, &o, &e) && o[0] == 1 && o[2] == 3;
        free(o);
        st_close(&f);
    }
    result(ok, "safetensors write/read round trip %s shape %s (+ an F32 [3] tensor): values bit-exact after %s rounding%s%s",
           st_dtype_name(dt), sh, st_dtype_name(dt), ok ? "" : ": ", ok ? "" : e.msg);
    free(back);
    free(v);
}

static void test_roundtrips(void) {
    const int64_t s23[] = {2, 3}, s4d[] = {3, 5, 2, 7}, s0[] = {0, 4}, s1[] = {1};
    StDtype dts[] = {ST_F32, ST_F16, ST_BF16};
    for (int i = 0; i < 3; i++) {
        test_roundtrip_dtype(dts[i], 2, s23);
        test_roundtrip_dtype(dts[i], 4, s4d);
        test_roundtrip_dtype(dts[i], 0, NULL);
        test_roundtrip_dtype(dts[i], 2, s0);
        test_roundtrip_dtype(dts[i], 1, s1);
    }
    // BF16 rounding: ties to even, NaN stays NaN
    result(f32_to_bf16(1.0f) == 0x3f80 && f32_to_bf16(-2.0f) == 0xc000 && f32_to_bf16(1.00390625f) == 0x3f80 &&
               f32_to_bf16(1.01171875f) == 0x3f82 && isnan(bf16_to_f32(f32_to_bf16(NAN))) &&
               isinf(bf16_to_f32(f32_to_bf16(INFINITY))),
           "f32_to_bf16: 1 -> 0x3f80, -2 -> 0xc000, 1+2^-8 (tie) -> 0x3f80 (even), 1+3*2^-8 (tie) -> 0x3f82, NaN, Inf");

    // streaming writer with metadata; header padded to 8 bytes; metadata skipped on read
    const char *path = tmp_path("meta.safetensors");
    StWriteTensor d[1] = {{"w\"q\\x", ST_F16, 2, {3, 2}, NULL}};
    const char *meta[] = {"format", "pt", "note", "a \"quoted\" value"};
    StError e;
    StWriter *w = st_writer_open(path, 1, d, 2, meta, &e);
    const float vals[6] = {1, 2, 3, 4, 5, 6};
    int ok = w && !st_writer_put(w, vals, &e) && !st_writer_close(w, &e);
    StFile f;
    ok = ok && !st_open(path, &f, &e);
    if (ok) {
        const StTensor *t = st_find(&f, "w\"q\\x");
        uint8_t hdr[8];
        FILE *fp = fopen(path, "rb");
        ok = t && f.ntensors == 1 && fp && fread(hdr, 1, 8, fp) == 8 && (hdr[0] % 8) == 0;
        if (fp) fclose(fp);
        float *o = NULL;
        ok = ok && !st_load_f32(&f, t->name, 2, (const int64_t[]){3, 2}, &o, &e) && o[5] == 6.0f;
        free(o);
        st_close(&f);
    }
    result(ok, "st_writer with __metadata__ and a name with quote and backslash: reads back, header length a multiple of 8");

    // writer refuses bad descriptors
    StWriteTensor bad[2] = {{"a", ST_F32, 1, {2}, vals}, {"a", ST_F32, 1, {2}, vals}};
    int rc1 = safetensors_write(tmp_path("dup.safetensors"), 2, bad, &e);
    int dupmsg = contains(e.msg, "twice");
    bad[1].name = "b";
    bad[1].dtype = ST_I64;
    int rc2 = safetensors_write(tmp_path("dup.safetensors"), 2, bad, &e);
    struct stat sb;
    result(rc1 == ST_ERR_ARG && dupmsg && rc2 == ST_ERR_ARG && stat(tmp_path("dup.safetensors"), &sb) != 0,
           "safetensors_write refuses a duplicate name and dtype I64, leaves no file");
    int rc3 = safetensors_write("/nonexistent-dir/x.safetensors", 1, bad, &e);
    result(rc3 == ST_ERR_IO && contains(e.msg, "/nonexistent-dir/x.safetensors"),
           "safetensors_write to a missing directory: ST_ERR_IO naming the path (%s)", e.msg);

    // NCHW <-> NHWC
    const int N = 2, C = 3, H = 4, W = 5;
    float a[120], b[120], c[120];
    for (int i = 0; i < 120; i++) a[i] = (float)i;
    nchw_to_nhwc(a, b, N, C, H, W);
    nhwc_to_nchw(b, c, N, H, W, C);
    ok = memcmp(a, c, sizeof a) == 0;
    // element (n=1, c=2, h=3, w=4) of NCHW sits at ((1*4+3)*5+4)*3+2 in NHWC
    ok = ok && b[((1 * 4 + 3) * 5 + 4) * 3 + 2] == a[((1 * 3 + 2) * 4 + 3) * 5 + 4];
    result(ok, "nchw_to_nhwc / nhwc_to_nchw N=2 C=3 H=4 W=5: round trip identity, element (1,2,3,4) placed right");
}

// ---------------------------------------------------------------------------
// hostile files
// ---------------------------------------------------------------------------
static void hostile(const char *what, const char *file, int want_code, const char *want_msg) {
    StFile f;
    StError e = {0, ""};
    const char *path = tmp_path(file);
    int rc = st_open(path, &f, &e);
    int ok = rc == want_code && contains(e.msg, path) && contains(e.msg, want_msg) && f.ntensors == 0 &&
             f.tensors == NULL;
    result(ok, "hostile file (%s): error code %d (got %d), message names the file and says \"%s\" (%s)", what,
           want_code, rc, want_msg, e.msg);
    if (!rc) st_close(&f);
}

static void hostile_json(const char *what, const char *json, size_t data_len, int want_code, const char *want_msg) {
    write_st(tmp_path("hostile.safetensors"), json, data_len);
    hostile(what, "hostile.safetensors", want_code, want_msg);
}

static void test_hostile(void) {
    write_bytes(tmp_path("empty.safetensors"), "", 0);
    hostile("0 bytes", "empty.safetensors", ST_ERR_SHORT, "too short");
    write_bytes(tmp_path("h5.safetensors"), "\x02\0\0\0\0", 5);
    hostile("5 bytes", "h5.safetensors", ST_ERR_SHORT, "5 bytes");
    {
        uint8_t b[16] = {0x00, 0x01, 0, 0, 0, 0, 0, 0, '{', '}'};
        write_bytes(tmp_path("len.safetensors"), b, 10);
        hostile("header length 256 in a 10-byte file", "len.safetensors", ST_ERR_HEADER_LEN, "runs past the end");
        uint8_t c[16] = {0x01, 0xe1, 0xf5, 0x05, 0, 0, 0, 0, '{', '}'};  // 100000001
        write_bytes(tmp_path("len.safetensors"), c, 10);
        hostile("header length 100000001", "len.safetensors", ST_ERR_HEADER_LEN, "100 MB");
        uint8_t d[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, '{', '}'};
        write_bytes(tmp_path("len.safetensors"), d, 10);
        hostile("header length 2^64-1", "len.safetensors", ST_ERR_HEADER_LEN, "100 MB");
        uint8_t z[8] = {0};
        write_bytes(tmp_path("len.safetensors"), z, 8);
        hostile("header length 0", "len.safetensors", ST_ERR_JSON, "empty");
        uint8_t nul[13] = {5, 0, 0, 0, 0, 0, 0, 0, '{', '}', 0, ' ', ' '};
        write_bytes(tmp_path("len.safetensors"), nul, 13);
        hostile("NUL byte inside the header", "len.safetensors", ST_ERR_JSON, "after the JSON");
    }
    hostile_json("invalid JSON '{'", "{", 0, ST_ERR_JSON, "not valid JSON");
    hostile_json("invalid JSON, unterminated string", "{\"a", 0, ST_ERR_JSON, "not valid JSON");
    hostile_json("JSON array", "[1, 2]", 0, ST_ERR_JSON, "not an object");
    hostile_json("JSON string", "\"x\"", 0, ST_ERR_JSON, "not an object");
    hostile_json("bytes after the object", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}xy", 4,
                 ST_ERR_JSON, "after the JSON");
    {
        char deep[4100];
        memset(deep, '[', 4096);
        deep[4096] = 0;
        hostile_json("4096 nested arrays", deep, 0, ST_ERR_JSON, "not valid JSON");
    }
    hostile_json("empty header {}", "{}", 0, ST_ERR_EMPTY, "no tensors");
    hostile_json("empty header {} with data", "{}", 16, ST_ERR_EMPTY, "no tensors");
    hostile_json("only __metadata__", "{\"__metadata__\":{\"format\":\"pt\"}}", 0, ST_ERR_EMPTY, "no tensors");
    hostile_json("unknown dtype F17", "{\"a\":{\"dtype\":\"F17\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4,
                 ST_ERR_DTYPE, "unknown dtype 'F17'");
    hostile_json("lowercase dtype f32", "{\"a\":{\"dtype\":\"f32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4,
                 ST_ERR_DTYPE, "unknown dtype 'f32'");
    hostile_json("dtype a number", "{\"a\":{\"dtype\":7,\"shape\":[1],\"data_offsets\":[0,4]}}", 4, ST_ERR_ENTRY,
                 "dtype is not a string");
    hostile_json("entry not an object", "{\"a\":5}", 0, ST_ERR_ENTRY, "not an object");
    hostile_json("entry an array", "{\"a\":[\"F32\",[1],[0,4]]}", 4, ST_ERR_ENTRY, "not an object");
    hostile_json("missing data_offsets", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1]}}", 4, ST_ERR_ENTRY,
                 "lacks \"data_offsets\"");
    hostile_json("missing shape", "{\"a\":{\"dtype\":\"F32\",\"data_offsets\":[0,4]}}", 4, ST_ERR_ENTRY,
                 "lacks \"shape\"");
    hostile_json("empty name", "{\"\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4, ST_ERR_ENTRY,
                 "empty name");
    hostile_json("shape not an array", "{\"a\":{\"dtype\":\"F32\",\"shape\":4,\"data_offsets\":[0,16]}}", 16,
                 ST_ERR_ENTRY, "shape is not an array");
    hostile_json("negative dimension", "{\"a\":{\"dtype\":\"F32\",\"shape\":[-1,4],\"data_offsets\":[0,16]}}", 16,
                 ST_ERR_SHAPE, "dimension 0 is not a non-negative integer");
    hostile_json("fractional dimension", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2.5],\"data_offsets\":[0,10]}}", 10,
                 ST_ERR_SHAPE, "not a non-negative integer");
    hostile_json("dimension 1e300", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1e300],\"data_offsets\":[0,4]}}", 4,
                 ST_ERR_SHAPE, "below 2^53");
    hostile_json("dimension a string", "{\"a\":{\"dtype\":\"F32\",\"shape\":[\"4\"],\"data_offsets\":[0,16]}}", 16,
                 ST_ERR_SHAPE, "not a non-negative integer");
    hostile_json("rank 9", "{\"a\":{\"dtype\":\"U8\",\"shape\":[1,1,1,1,1,1,1,1,1],\"data_offsets\":[0,1]}}", 1,
                 ST_ERR_SHAPE, "rank 9");
    hostile_json("element count overflows 64 bits",
                 "{\"a\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,16],\"data_offsets\":[0,0]}}", 0,
                 ST_ERR_SIZE, "more elements");
    hostile_json("bytes overflow 64 bits", "{\"a\":{\"dtype\":\"F64\",\"shape\":[4503599627370495,4096],\"data_offsets\":[0,0]}}",
                 0, ST_ERR_SIZE, "more elements");
    hostile_json("size 16 bytes vs range 12", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,12]}}",
                 12, ST_ERR_SIZE, "needs 16 bytes but data_offsets [0, 12] span 12");
    hostile_json("F16 size vs range", "{\"a\":{\"dtype\":\"F16\",\"shape\":[3],\"data_offsets\":[0,12]}}", 12,
                 ST_ERR_SIZE, "needs 6 bytes");
    hostile_json("offsets reversed", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[8,4]}}", 8,
                 ST_ERR_OFFSETS, "reversed");
    hostile_json("offsets past the data", "{\"a\":{\"dtype\":\"F32\",\"shape\":[250],\"data_offsets\":[0,1000]}}", 8,
                 ST_ERR_OFFSETS, "run past the data section (8 bytes)");
    hostile_json("negative offset", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[-4,4]}}", 8,
                 ST_ERR_OFFSETS, "not non-negative integers");
    hostile_json("fractional offset", "{\"a\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[0.5,4.5]}}", 8,
                 ST_ERR_OFFSETS, "not non-negative integers");
    hostile_json("three offsets", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4,8]}}", 8,
                 ST_ERR_OFFSETS, "array of two integers");
    hostile_json("offsets 2^64", "{\"a\":{\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[18446744073709551616,18446744073709551616]}}",
                 0, ST_ERR_OFFSETS, "below 2^53");
    hostile_json("overlap", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
                            "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}",
                 12, ST_ERR_OVERLAP, "'a' [0, 8] and 'b' [4, 12] overlap");
    hostile_json("identical ranges", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
                                     "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}",
                 8, ST_ERR_OVERLAP, "overlap");
    hostile_json("empty tensor inside another", "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
                                                "\"b\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[4,4]}}",
                 8, ST_ERR_OVERLAP, "overlap");
    hostile_json("gap between tensors", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
                                        "\"b\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[8,12]}}",
                 12, ST_ERR_COVERAGE, "bytes [4, 8) of the data section belong to no tensor");
    hostile_json("data not starting at 0", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", 8,
                 ST_ERR_COVERAGE, "bytes [0, 4)");
    hostile_json("trailing data bytes", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 9,
                 ST_ERR_COVERAGE, "5 trailing bytes");
    hostile_json("duplicate name", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
                                   "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}",
                 8, ST_ERR_DUPLICATE, "'a' appears more than once");
    hostile_json("name with control characters", "{\"a\\u0001\\n\":{\"dtype\":\"F99\",\"shape\":[1],\"data_offsets\":[0,4]}}",
                 4, ST_ERR_DTYPE, "'a?\?'");

    // accepted: metadata of any type skipped, zero-size tensors, unusual dtypes, space padding
    write_st(tmp_path("ok.safetensors"),
             "{\"__metadata__\":[1,2],\"e\":{\"dtype\":\"F32\",\"shape\":[0,3],\"data_offsets\":[0,0]},"
             "\"i\":{\"dtype\":\"I64\",\"shape\":[2],\"data_offsets\":[0,16]},"
             "\"h\":{\"dtype\":\"F16\",\"shape\":[2],\"data_offsets\":[16,20]},\"extra\":{\"dtype\":\"BOOL\","
             "\"shape\":[],\"data_offsets\":[20,21],\"comment\":1}}   ",
             21);
    StFile f;
    StError e;
    int rc = st_open(tmp_path("ok.safetensors"), &f, &e);
    result(rc == 0 && f.ntensors == 4 && st_find(&f, "e") && st_find(&f, "e")->numel == 0 && f.data_size == 21,
           "accepted: __metadata__ not an object (skipped), [0, 3] tensor, I64, BOOL scalar, extra keys, space padding (%s)",
           rc ? e.msg : "ok");
    if (!rc) {
        float *p = NULL;
        int r1 = st_load_f32(&f, "i", -1, NULL, &p, &e);
        result(r1 == ST_ERR_UNSUPPORTED_DTYPE && contains(e.msg, "dtype I64") && contains(e.msg, "ok.safetensors"),
               "loading an I64 tensor: ST_ERR_UNSUPPORTED_DTYPE naming the file (%s)", e.msg);
        int r2 = st_load_f32(&f, "nope", -1, NULL, &p, &e);
        result(r2 == ST_ERR_MISSING && contains(e.msg, "'nope' is not in the file"),
               "loading a tensor that is not there: ST_ERR_MISSING (%s)", e.msg);
        int r3 = st_load_f32(&f, "h", 2, (const int64_t[]){1, 2}, &p, &e);
        result(r3 == ST_ERR_WRONG_SHAPE && contains(e.msg, "expected [1, 2], found [2]"),
               "loading with the wrong expected shape: ST_ERR_WRONG_SHAPE \"expected [1, 2], found [2]\" (%s)", e.msg);
        int r4 = st_load_f32(&f, "h", 1, (const int64_t[]){2}, &p, &e);
        result(r4 == 0 && p && p[0] == f16_to_f32(0x3c3c) && p[1] == p[0], "loading F16 [2]: 0x3c3c = %g", p ? p[0] : -1.0);
        free(p);
        st_close(&f);
    }
    // non-finite values
    {
        const float nanv[3] = {1.0f, NAN, 2.0f}, infv[2] = {INFINITY, 0.0f};
        StWriteTensor t[2] = {{"nan32", ST_F32, 1, {3}, nanv}, {"inf16", ST_F16, 1, {2}, infv}};
        safetensors_write(tmp_path("nonfinite.safetensors"), 2, t, &e);
        rc = st_open(tmp_path("nonfinite.safetensors"), &f, &e);
        float *p = NULL;
        int r1 = rc ? -1 : st_load_f32(&f, "nan32", 1, (const int64_t[]){3}, &p, &e);
        result(r1 == ST_ERR_NONFINITE && contains(e.msg, "NaN at element 1") && contains(e.msg, "nonfinite.safetensors"),
               "F32 tensor with a NaN: ST_ERR_NONFINITE, element 1 (%s)", e.msg);
        int r2 = rc ? -1 : st_load_f32(&f, "inf16", 1, (const int64_t[]){2}, &p, &e);
        result(r2 == ST_ERR_NONFINITE && contains(e.msg, "Inf at element 0"),
               "F16 tensor with an Inf: ST_ERR_NONFINITE, element 0 (%s)", e.msg);
        if (!rc) st_close(&f);
    }
    // files that are not there or not files
    rc = st_open(tmp_path("does-not-exist.safetensors"), &f, &e);
    result(rc == ST_ERR_IO && contains(e.msg, "cannot open") && contains(e.msg, "does-not-exist.safetensors"),
           "missing file: ST_ERR_IO \"cannot open ...\" (%s)", e.msg);
    rc = st_open(g_dir, &f, &e);
    result(rc == ST_ERR_IO && contains(e.msg, "not a regular file"), "a directory: ST_ERR_IO (%s)", e.msg);
    // a truncated real file
    {
        const char *src = tmp_path("roundtrip.safetensors");
        FILE *fp = fopen(src, "rb");
        uint8_t buf[4096];
        size_t n = fp ? fread(buf, 1, sizeof buf, fp) : 0;
        if (fp) fclose(fp);
        write_bytes(tmp_path("trunc.safetensors"), buf, n > 3 ? n - 3 : 0);
        hostile("valid file minus its last 3 bytes", "trunc.safetensors", ST_ERR_OFFSETS, "run past the data section");
    }
}

// The dying wrappers: exit 2 with exactly one "unetrun: error: " line that
// names the file.
static void die_case(const char *file, int which, const char *want) {
    const char *path = tmp_path(file);
    int pfd[2];
    if (pipe(pfd)) die_internal("pipe failed");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(pfd[1], 2);
        close(pfd[0]);
        FILE *null = fopen("/dev/null", "w");
        if (which == 0) weights_list(path, null ? null : stdout);
        else {
            StFile f;
            st_open_or_die(path, &f);
        }
        _exit(0);
    }
    close(pfd[1]);
    char out[4096];
    size_t len = 0;
    ssize_t k;
    while ((k = read(pfd[0], out + len, sizeof out - 1 - len)) > 0) len += (size_t)k;
    out[len] = 0;
    close(pfd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    int lines = 0;
    for (size_t i = 0; i < len; i++) lines += out[i] == '\n';
    int ok = WIFEXITED(st) && WEXITSTATUS(st) == 2 && lines == 1 && !strncmp(out, "unetrun: error: ", 16) &&
             contains(out, path) && contains(out, want);
    result(ok, "%s on %s: exit 2, one \"unetrun: error:\" line naming the file and \"%s\" (%.*s)",
           which == 0 ? "weights_list" : "st_open_or_die", file, want, (int)strcspn(out, "\n"), out);
}

static void test_die_paths(void) {
    write_st(tmp_path("d1.safetensors"), "{\"a\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,12]}}", 12);
    die_case("d1.safetensors", 1, "needs 16 bytes");
    die_case("d1.safetensors", 0, "needs 16 bytes");
    write_st(tmp_path("d2.safetensors"), "{\"x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4);
    die_case("d2.safetensors", 0, "no UNet resnet or attention tensors");
    write_bytes(tmp_path("d3.safetensors"), "abc", 3);
    die_case("d3.safetensors", 0, "too short");
}

// ---------------------------------------------------------------------------
// names
// ---------------------------------------------------------------------------
static void pair(const char *diff, const char *ldm) {
    char a[64] = "", b[64] = "", c[64] = "", d[64] = "", full[96];
    int r1 = names_to_ldm(diff, a, sizeof a), r2 = names_to_diffusers(ldm, b, sizeof b);
    snprintf(full, sizeof full, "model.diffusion_model.%s.", ldm);
    int r3 = names_to_diffusers(full, c, sizeof c), r4 = names_to_ldm(ldm, d, sizeof d);
    result(!r1 && !r2 && !r3 && !r4 && !strcmp(a, ldm) && !strcmp(b, diff) && !strcmp(c, diff) && !strcmp(d, ldm),
           "names: %s <-> %s (and model.diffusion_model.%s. -> %s): got %s, %s, %s", diff, ldm, ldm, diff, a, b, c);
}

static void test_names_family(WeightsFamily fam, int want_blocks) {
    UnetLayout L;
    names_layout(fam, &L);
    LayoutBlock b[NAMES_MAX_BLOCKS];
    int n = names_layout_blocks(&L, b), ok = n == want_blocks, bad = -1;
    int prev = -1;
    for (int i = 0; i < n; i++) {
        char d[64], l[64], d2[64], l2[64];
        names_diffusers(&b[i].id, d, sizeof d);
        names_ldm(&b[i].id, l, sizeof l);
        int good = !names_to_ldm(d, l2, sizeof l2) && !strcmp(l, l2) && !names_to_diffusers(l2, d2, sizeof d2) &&
                   !strcmp(d, d2) && !names_to_diffusers(d, d2, sizeof d2) && !strcmp(d, d2);
        int o = names_exec_order(&b[i].id);
        good = good && o > prev;
        prev = o;
        if (!good && bad < 0) bad = i;
        ok &= good;
    }
    char d[64] = "";
    if (bad >= 0) names_diffusers(&b[bad].id, d, sizeof d);
    result(ok, "names: all %d resnet/attention blocks of the %s UNet: diffusers -> LDM -> diffusers identity, "
           "execution order increasing (got %d blocks%s%s)",
           want_blocks, names_family_name(fam), n, bad >= 0 ? ", first bad " : "", d);
}

static void test_names(void) {
    test_names_family(FAMILY_SD1, 38);
    test_names_family(FAMILY_SD2, 38);
    test_names_family(FAMILY_SDXL, 28);
    // SD1.5 / SD2.1 (4 levels)
    pair("down_blocks.0.resnets.0", "input_blocks.1.0");
    pair("down_blocks.0.attentions.1", "input_blocks.2.1");
    pair("down_blocks.1.attentions.0", "input_blocks.4.1");
    pair("down_blocks.3.resnets.1", "input_blocks.11.0");
    pair("mid_block.resnets.0", "middle_block.0");
    pair("mid_block.attentions.0", "middle_block.1");
    pair("mid_block.resnets.1", "middle_block.2");
    pair("up_blocks.0.resnets.0", "output_blocks.0.0");
    pair("up_blocks.1.attentions.2", "output_blocks.5.1");
    pair("up_blocks.3.resnets.2", "output_blocks.11.0");
    pair("up_blocks.3.attentions.2", "output_blocks.11.1");
    // SDXL (3 levels): same formulas, fewer levels
    pair("down_blocks.1.attentions.0", "input_blocks.4.1");
    pair("down_blocks.2.resnets.1", "input_blocks.8.0");
    pair("up_blocks.0.attentions.2", "output_blocks.2.1");
    pair("up_blocks.2.resnets.2", "output_blocks.8.0");
    {
        UnetLayout L;
        BlockId id;
        LayoutBlock lb;
        names_layout(FAMILY_SDXL, &L);
        int a = !names_block_id("down_blocks.0.attentions.0", &id) && names_layout_find(&L, &id, &lb) != 0;
        int c = !names_block_id("up_blocks.2.attentions.0", &id) && names_layout_find(&L, &id, &lb) != 0;
        int d = !names_block_id("down_blocks.3.resnets.0", &id) && names_layout_find(&L, &id, &lb) != 0;
        int m = !names_block_id("middle_block.1", &id) && !names_layout_find(&L, &id, &lb) && lb.depth == 10 &&
                lb.c == 1280;
        int x = !names_block_id("input_blocks.4.1", &id) && !names_layout_find(&L, &id, &lb) && lb.depth == 2 &&
                lb.c == 640;
        result(a && c && d && m && x, "SDXL layout: no attention at level 0 (down_blocks.0, up_blocks.2), no level 3; "
               "middle_block.1 depth 10 C 1280; input_blocks.4.1 depth 2 C 640");
    }
    // SD1.5 ResBlock channels against docs/sd-reference.md
    {
        UnetLayout L;
        names_layout(FAMILY_SD1, &L);
        LayoutBlock b[NAMES_MAX_BLOCKS];
        int n = names_layout_blocks(&L, b), k = 0, ok = 1;
        static const int up_in[12] = {2560, 2560, 2560, 2560, 2560, 1920, 1920, 1280, 960, 960, 640, 640};
        static const int up_out[12] = {1280, 1280, 1280, 1280, 1280, 1280, 640, 640, 640, 320, 320, 320};
        static const int dn_in[8] = {320, 320, 320, 640, 640, 1280, 1280, 1280};
        static const int dn_out[8] = {320, 320, 640, 640, 1280, 1280, 1280, 1280};
        int kd = 0;
        for (int i = 0; i < n; i++) {
            if (b[i].id.kind != UNET_RESBLOCK) continue;
            if (b[i].id.part == PART_UP) ok &= b[i].cin == up_in[k] && b[i].cout == up_out[k], k++;
            if (b[i].id.part == PART_DOWN) ok &= b[i].cin == dn_in[kd] && b[i].cout == dn_out[kd], kd++;
        }
        result(ok && k == 12 && kd == 8, "SD1.5 layout: ResBlock cin->cout of the 8 down and 12 up resnets match "
               "sd-reference.md (2560->1280 ... 640->320)");
        names_layout(FAMILY_SDXL, &L);
        n = names_layout_blocks(&L, b);
        static const int xl_in[9] = {2560, 2560, 1920, 1920, 1280, 960, 960, 640, 640};
        k = 0, ok = 1;
        for (int i = 0; i < n; i++)
            if (b[i].id.kind == UNET_RESBLOCK && b[i].id.part == PART_UP) ok &= b[i].cin == xl_in[k++];
        result(ok && k == 9, "SDXL layout: up resnets cin 2560, 2560, 1920, 1920, 1280, 960, 960, 640, 640");
    }
    // rejected prefixes
    static const char *const badp[] = {"down_blocks.4.resnets.0", "down_blocks.0.resnets.2", "down_blocks.0.attentions.2",
                                       "up_blocks.0.resnets.3", "mid_block.attentions.1", "mid_block.resnets.2",
                                       "input_blocks.0.0", "input_blocks.3.0", "input_blocks.6.1", "input_blocks.12.0",
                                       "input_blocks.1.2", "output_blocks.12.0", "output_blocks.2.2", "middle_block.3",
                                       "down_blocks.01.resnets.0", "down_blocks.0.resnets.0x", "down_blocks.0.resnets",
                                       "", "down_blocks..resnets.0", "model.diffusion_model.down_blocks.0.resnets.0",
                                       "down_blocks.0.resnets.0.conv1", "input_blocks.-1.0", "down_blocks.99999999999.resnets.0"};
    int ok = 1;
    const char *first = "";
    for (size_t i = 0; i < sizeof badp / sizeof badp[0]; i++) {
        BlockId id;
        if (!names_block_id(badp[i], &id)) {
            if (ok) first = badp[i];
            ok = 0;
        }
    }
    result(ok, "names: %zu malformed or out-of-range prefixes rejected (downsampler input_blocks.3.0, conv_in "
           "input_blocks.0.0, upsampler output_blocks.2.2, leading zeros, ...)%s%s",
           sizeof badp / sizeof badp[0], ok ? "" : "; accepted ", first);
    // inner renames
    static const char *const inner[][2] = {{"norm1.weight", "in_layers.0.weight"},   {"conv1.bias", "in_layers.2.bias"},
                                           {"time_emb_proj.weight", "emb_layers.1.weight"},
                                           {"norm2.bias", "out_layers.0.bias"},     {"conv2.weight", "out_layers.3.weight"},
                                           {"conv_shortcut.weight", "skip_connection.weight"}};
    ok = 1;
    for (size_t i = 0; i < 6; i++) {
        char a[64], b[64];
        ok &= !names_inner_to_ldm(UNET_RESBLOCK, inner[i][0], a, sizeof a) && !strcmp(a, inner[i][1]);
        ok &= !names_inner_from_ldm(UNET_RESBLOCK, inner[i][1], b, sizeof b) && !strcmp(b, inner[i][0]);
    }
    char t[96];
    ok &= names_inner_to_ldm(UNET_RESBLOCK, "conv10.weight", t, sizeof t) != 0;
    ok &= names_inner_from_ldm(UNET_RESBLOCK, "in_layers.20.weight", t, sizeof t) != 0;
    ok &= !names_inner_to_ldm(UNET_TRANSFORMER, "transformer_blocks.0.attn1.to_q.weight", t, sizeof t) &&
          !strcmp(t, "transformer_blocks.0.attn1.to_q.weight");
    result(ok, "names: ResBlock parts norm1/conv1/time_emb_proj/norm2/conv2/conv_shortcut <-> in_layers.0/in_layers.2/"
           "emb_layers.1/out_layers.0/out_layers.3/skip_connection both ways; conv10, in_layers.20 rejected; "
           "transformer names unchanged");
    // whole-UNet keys
    UnetLayout sd1, xl;
    names_layout(FAMILY_SD1, &sd1);
    names_layout(FAMILY_SDXL, &xl);
    static const struct {
        int xl;
        const char *d, *l;
    } keys[] = {
        {0, "conv_in.weight", "input_blocks.0.0.weight"},
        {0, "time_embedding.linear_1.bias", "time_embed.0.bias"},
        {0, "time_embedding.linear_2.weight", "time_embed.2.weight"},
        {0, "down_blocks.0.downsamplers.0.conv.weight", "input_blocks.3.0.op.weight"},
        {0, "down_blocks.2.downsamplers.0.conv.bias", "input_blocks.9.0.op.bias"},
        {0, "up_blocks.0.upsamplers.0.conv.weight", "output_blocks.2.1.conv.weight"},
        {0, "up_blocks.1.upsamplers.0.conv.weight", "output_blocks.5.2.conv.weight"},
        {0, "up_blocks.2.upsamplers.0.conv.bias", "output_blocks.8.2.conv.bias"},
        {0, "conv_norm_out.weight", "out.0.weight"},
        {0, "conv_out.bias", "out.2.bias"},
        {0, "down_blocks.1.resnets.0.conv_shortcut.weight", "input_blocks.4.0.skip_connection.weight"},
        {0, "up_blocks.3.attentions.2.proj_out.bias", "output_blocks.11.1.proj_out.bias"},
        {1, "add_embedding.linear_1.weight", "label_emb.0.0.weight"},
        {1, "add_embedding.linear_2.bias", "label_emb.0.2.bias"},
        {1, "up_blocks.0.upsamplers.0.conv.weight", "output_blocks.2.2.conv.weight"},
        {1, "up_blocks.1.upsamplers.0.conv.weight", "output_blocks.5.2.conv.weight"},
        {1, "down_blocks.1.downsamplers.0.conv.weight", "input_blocks.6.0.op.weight"},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char got[128] = "";
        int r = names_key_to_ldm(keys[i].xl ? &xl : &sd1, keys[i].d, got, sizeof got);
        result(!r && !strcmp(got, keys[i].l), "names_key_to_ldm %s: %s -> %s (got %s)", keys[i].xl ? "SDXL" : "SD1.5",
               keys[i].d, keys[i].l, got);
    }
    char got[128];
    result(names_key_to_ldm(&xl, "down_blocks.2.downsamplers.0.conv.weight", got, sizeof got) != 0 &&
               names_key_to_ldm(&sd1, "unknown.weight", got, sizeof got) != 0,
           "names_key_to_ldm rejects SDXL's non-existent level-2 downsampler and unknown keys");
}

// ---------------------------------------------------------------------------
// synthetic checkpoints: listing and descriptions
// ---------------------------------------------------------------------------
static SynthOptions synth_opts(WeightsFamily fam, NameScheme naming, int root, StDtype dt, uint64_t seed) {
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = fam;
    o.naming = naming;
    o.ldm_root = root;
    o.dtype = dt;
    o.seed = seed;
    return o;
}

static const char *naming_name(NameScheme n, int root) {
    return n == SCHEME_DIFFUSERS ? "diffusers" : root ? "ldm" : "ldm-bare";
}

// The listing as text (free() it); *nprinted = blocks printed.
static char *listing(const WeightsFile *w, int *nprinted) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    *nprinted = weights_print_blocks(w, m);
    fclose(m);
    return buf;
}

static void test_listing_family(WeightsFamily fam, NameScheme naming, int root, const int *channels) {
    SynthOptions o = synth_opts(fam, naming, root, ST_F16, 3);
    for (int i = 0; i < NAMES_MAX_LEVELS; i++) o.channels[i] = channels[i];
    const char *path = tmp_path("unet.safetensors");
    StError e;
    long long nt = 0, bytes = 0;
    int rc = synth_checkpoint(path, &o, &nt, &bytes, &e);
    WeightsFile w;
    int rc2 = rc ? rc : weights_open(path, &w, &e);
    char chs[64];
    snprintf(chs, sizeof chs, "%d,%d,%d%s", channels[0], channels[1], channels[2], channels[3] ? ",.." : "");
    if (rc || rc2) {
        result(0, "listing whole %s UNet (%s naming, channels %s): write/open failed: %s", names_family_name(fam),
               naming_name(naming, root), chs, e.msg);
        return;
    }
    UnetLayout L;
    synth_layout(&o, &L, &e);
    LayoutBlock want[NAMES_MAX_BLOCKS];
    int nwant = names_layout_blocks(&L, want), nprinted = 0;
    char *text = listing(&w, &nprinted);
    // rows, in order
    int row = 0, ok = 1;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        char word[64] = "";
        sscanf(line, "%63s", word);
        BlockId id;
        if (!names_block_id(word, &id)) {
            char d[64];
            ok &= row < nwant;
            if (row < nwant) {
                names_diffusers(&want[row].id, d, sizeof d);
                ok &= !strcmp(d, word);
            }
            row++;
        }
        line = nl ? nl + 1 : NULL;
    }
    char fam_line[64];
    snprintf(fam_line, sizeof fam_line, "family   %s", names_family_name(fam));
    ok &= row == nwant && nprinted == nwant && contains(text, fam_line) && !contains(text, "skipped");
    result(ok, "listing whole %s UNet (%s naming, channels %s, %lld tensors): exactly its %d blocks in order "
           "(%d rows), family %s detected",
           names_family_name(fam), naming_name(naming, root), chs, nt, nwant, row, names_family_name(fam));
    free(text);

    // descriptions vs the layout
    BlockInfo *b = xcalloc(NAMES_MAX_BLOCKS, sizeof(BlockInfo));
    int n = weights_blocks(&w, b, NULL, NULL);
    ok = n == nwant && w.family == fam && w.scheme == naming && w.context_dim == L.context_dim;
    int bad = -1;
    for (int i = 0; ok && i < n; i++) {
        const LayoutBlock *x = &want[i];
        int g = names_same_block(&b[i].id, &x->id) && b[i].family == fam && b[i].dtype == ST_F16;
        if (x->id.kind == UNET_RESBLOCK)
            g = g && b[i].cin == x->cin && b[i].cout == x->cout && b[i].has_shortcut == (x->cin != x->cout) &&
                b[i].temb_dim == 1280;
        else
            g = g && b[i].c == x->c && b[i].depth == x->depth && b[i].context_dim == L.context_dim &&
                b[i].proj == (L.proj_linear ? PROJ_LINEAR : PROJ_CONV) && b[i].ff_inner == 4 * x->c &&
                b[i].heads * b[i].head_dim == x->c &&
                (fam == FAMILY_SD1 ? b[i].heads == 8 : b[i].head_dim == 64);
        if (!g && bad < 0) bad = i;
        ok &= g;
    }
    result(ok, "describe every block of the whole %s UNet (%s naming): kind, cin/cout, shortcut, temb 1280, C, "
           "depth, context %d, proj %s, ff 4C, heads (%s)%s%s",
           names_family_name(fam), naming_name(naming, root), L.context_dim, L.proj_linear ? "linear" : "conv",
           fam == FAMILY_SD1 ? "8" : "head_dim 64", bad >= 0 ? "; first bad " : "", bad >= 0 ? b[bad].diffusers : "");
    free(b);
    weights_close(&w);
    remove(path);
}

static void test_listing_selected(void) {
    SynthOptions o = synth_opts(FAMILY_SD2, SCHEME_LDM, 1, ST_F32, 5);
    const int ch[4] = {64, 128, 128, 128};
    memcpy(o.channels, ch, sizeof ch);
    BlockId ids[3];
    names_block_id("up_blocks.2.attentions.1", &ids[0]);
    names_block_id("input_blocks.5.0", &ids[1]);
    names_block_id("mid_block.resnets.1", &ids[2]);
    o.blocks = ids;
    o.nblocks = 3;
    const char *path = tmp_path("sel.safetensors");
    StError e;
    WeightsFile w;
    int rc = synth_checkpoint(path, &o, NULL, NULL, &e);
    rc = rc ? rc : weights_open(path, &w, &e);
    if (rc) {
        result(0, "listing SD2.1 listed blocks: %s", e.msg);
        return;
    }
    int np = 0;
    char *text = listing(&w, &np);
    int ok = np == 3 && contains(text, "down_blocks.1.resnets.1 ") && contains(text, "mid_block.resnets.1 ") &&
             contains(text, "up_blocks.2.attentions.1 ") && contains(text, "input_blocks.5.0 ") &&
             contains(text, "output_blocks.7.1 ") && contains(text, "middle_block.2 ") &&
             contains(text, "family   SD2.x") && contains(text, "LDM naming (model.diffusion_model. prefix)") &&
             w.st.ntensors == 10 + 10 + 26;
    result(ok, "listing a file of 3 listed SD2.1 blocks (LDM naming, F32): exactly those 3, both prefixes, family SD2.x, "
           "46 tensors (got %d blocks, %d tensors)", np, w.st.ntensors);
    free(text);
    // describe by either scheme's prefix, with and without root and trailing dot
    BlockInfo a, b2, c;
    int r1 = weights_describe(&w, "up_blocks.2.attentions.1", &a, &e);
    int r2 = weights_describe(&w, "model.diffusion_model.output_blocks.7.1.", &b2, &e);
    int r3 = weights_describe(&w, "output_blocks.7.1", &c, &e);
    result(!r1 && !r2 && !r3 && a.c == 128 && b2.c == 128 && c.depth == 1 && a.proj == PROJ_LINEAR &&
               a.context_dim == 1024 && a.heads == 2 && a.head_dim == 64 && !strcmp(b2.diffusers, "up_blocks.2.attentions.1"),
           "describe up_blocks.2.attentions.1 = output_blocks.7.1 = model.diffusion_model.output_blocks.7.1.: C 128, "
           "linear, context 1024, 2x64 heads");
    int r4 = weights_describe(&w, "down_blocks.0.resnets.0", &a, &e);
    result(r4 == ST_ERR_BLOCK && contains(e.msg, "no block down_blocks.0.resnets.0 (input_blocks.1.0)") &&
               contains(e.msg, "sel.safetensors"),
           "describe a block that is not in the file: ST_ERR_BLOCK naming both prefixes (%s)", e.msg);
    int r5 = weights_describe(&w, "input_blocks.3.0", &a, &e);
    result(r5 == ST_ERR_BLOCK && contains(e.msg, "'input_blocks.3.0' is not a UNet resnet or attention block prefix"),
           "describe the downsampler prefix input_blocks.3.0: not a block prefix (%s)", e.msg);
    weights_close(&w);
    remove(path);
}

// synth_uniform (the generator's fast path) against random_uniform.
static void test_synth_uniform(void) {
    static const size_t sizes[] = {1, 3, 7, 320, 262143, 262145, 1000003};
    static const char *const names[] = {"conv1.weight", "transformer_blocks.0.attn2.to_k.weight", "x"};
    int ok = 1;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const size_t n = sizes[i];
        float *a = xmalloc(n * sizeof(float)), *b = xmalloc(n * sizeof(float));
        const char *nm = names[i % 3];
        const float center = i % 2 ? 1.0f : 0.0f, scale = i % 2 ? 0.25f : 1.0f / sqrtf((float)(i + 3));
        random_uniform(nm, 1000 + i, a, n, center, scale, 0);
        synth_uniform(nm, 1000 + i, b, n, center, scale);
        ok &= memcmp(a, b, n * sizeof(float)) == 0;
        free(a);
        free(b);
    }
    result(ok, "synth_uniform == random_uniform bit for bit (sizes 1, 3, 7, 320, 262143, 262145, 1000003; "
           "centers 0 and 1; several names and seeds)");
}

// Real-size blocks: description, and values equal to the random path.
static void test_real_block(WeightsFamily fam, NameScheme naming, int root, const char *prefix, StDtype dt) {
    SynthOptions o = synth_opts(fam, naming, root, dt, 11);
    BlockId id;
    names_block_id(prefix, &id);
    o.blocks = &id;
    o.nblocks = 1;
    const char *path = tmp_path("real.safetensors");
    StError e;
    WeightsFile w;
    int rc = synth_checkpoint(path, &o, NULL, NULL, &e);
    rc = rc ? rc : weights_open(path, &w, &e);
    if (rc) {
        result(0, "real-size %s %s: %s", names_family_name(fam), prefix, e.msg);
        return;
    }
    UnetLayout L;
    names_layout(fam, &L);
    LayoutBlock lb;
    names_layout_find(&L, &id, &lb);
    BlockInfo b;
    rc = weights_describe(&w, prefix, &b, &e);
    // one ResBlock alone does not tell the family; a transformer's context width does
    const WeightsFamily want_fam = id.kind == UNET_RESBLOCK ? FAMILY_UNKNOWN : fam;
    int ok = !rc && b.family == want_fam && b.dtype == dt;
    char desc[160] = "";
    if (!rc && id.kind == UNET_RESBLOCK) {
        ok = ok && b.kind == UNET_RESBLOCK && b.cin == lb.cin && b.cout == lb.cout &&
             b.has_shortcut == (lb.cin != lb.cout) && b.temb_dim == 1280;
        snprintf(desc, sizeof desc, "resblock %d->%d shortcut %d temb %d", b.cin, b.cout, b.has_shortcut, b.temb_dim);
    } else if (!rc) {
        ok = ok && b.kind == UNET_TRANSFORMER && b.c == lb.c && b.depth == lb.depth &&
             b.context_dim == L.context_dim && b.proj == (L.proj_linear ? PROJ_LINEAR : PROJ_CONV) &&
             b.ff_inner == 4 * lb.c;
        snprintf(desc, sizeof desc, "transformer C %d depth %d context %d proj %s heads %dx%d", b.c, b.depth,
                 b.context_dim, b.proj == PROJ_LINEAR ? "linear" : "conv", b.heads, b.head_dim);
    }
    result(ok, "describe real-size %s %s (%s naming, %s): %s%s%s", names_family_name(fam), prefix,
           naming_name(naming, root), st_dtype_name(dt), desc, rc ? ": " : "", rc ? e.msg : "");
    if (rc) {
        weights_close(&w);
        return;
    }
    // values: every tensor of the block equals random_uniform(block-relative name, seed) (rounded to dt)
    SynthTensor *st = xmalloc(SYNTH_MAX_BLOCK_TENSORS * sizeof(SynthTensor));
    int nst = synth_block_tensors(&L, &lb, st), vok = 1, checked = 0;
    const char *badname = "";
    for (int i = 0; i < nst; i++) {
        size_t n = 1;
        for (int d = 0; d < st[i].ndim; d++) n *= (size_t)st[i].shape[d];
        float *got = NULL;
        if (weights_tensor(&w, &b, st[i].name, st[i].ndim, st[i].shape, &got, &e)) {
            vok = 0;
            badname = st[i].name;
            break;
        }
        float *ref = xmalloc(n * sizeof(float));
        random_uniform(st[i].name, o.seed, ref, n, st[i].center, st[i].scale, 0);
        for (size_t k = 0; k < n; k++) {
            float want = dt == ST_F32 ? ref[k] : dt == ST_F16 ? round_f16(ref[k]) : bf16_round(ref[k]);
            if (!same_bits(want, got[k])) {
                vok = 0;
                badname = st[i].name;
                break;
            }
        }
        checked++;
        free(ref);
        free(got);
        if (!vok) break;
    }
    result(vok && checked == nst, "values of all %d tensors of %s %s = random_uniform(block-relative name, seed 11) "
           "with PyTorch-default ranges%s%s",
           nst, names_family_name(fam), prefix, vok ? "" : "; first mismatch ", badname);
    // spot check of a range: conv1 / to_q weights within +-1/sqrt(fan_in)
    if (id.kind == UNET_RESBLOCK) {
        float *cw = weights_tensor_or_die(&w, &b, "conv1.weight", 4, (const int64_t[]){b.cout, b.cin, 3, 3});
        float bound = 1.0f / sqrtf((float)(b.cin * 9)), mx = 0;
        for (size_t k = 0; k < (size_t)b.cout * b.cin * 9; k++) mx = fmaxf(mx, fabsf(cw[k]));
        result(mx <= bound * 1.001f && mx > bound * 0.99f, "%s conv1.weight within +-1/sqrt(cin*9) = %.5f (max |w| %.5f)",
               prefix, bound, mx);
        free(cw);
    }
    free(st);
    weights_close(&w);
    remove(path);
}

// Broken block files: missing tensor, wrong shape, NaN in a weight.
static void test_broken_blocks(void) {
    // a small ResBlock 16 -> 32 (with shortcut) written tensor by tensor
    UnetLayout L;
    names_layout(FAMILY_SD1, &L);
    L.temb_dim = 24;
    LayoutBlock lb = {{PART_DOWN, 1, UNET_RESBLOCK, 0}, 16, 32, 0, 0};
    SynthTensor st[16];
    int n = synth_block_tensors(&L, &lb, st);
    StWriteTensor wt[16];
    float *vals[16];
    char keys[16][160];
    for (int mode = 0; mode < 5; mode++) {
        int nw = 0;
        for (int i = 0; i < n; i++) {
            size_t cnt = 1;
            for (int d = 0; d < st[i].ndim; d++) cnt *= (size_t)st[i].shape[d];
            vals[nw] = xmalloc(cnt * sizeof(float));
            random_uniform(st[i].name, 1, vals[nw], cnt, st[i].center, st[i].scale, 0);
            char inner[96];
            names_inner_to_ldm(UNET_RESBLOCK, st[i].name, inner, sizeof inner);
            snprintf(keys[nw], sizeof keys[nw], "model.diffusion_model.input_blocks.4.0.%s", inner);
            StWriteTensor t = {keys[nw], ST_F16, st[i].ndim, {0}, vals[nw]};
            memcpy(t.shape, st[i].shape, sizeof st[i].shape);
            if (mode == 1 && !strcmp(st[i].name, "conv2.bias")) {
                free(vals[nw]);
                continue;  // missing
            }
            if (mode == 2 && !strcmp(st[i].name, "conv2.weight")) t.shape[2] = t.shape[3] = 1;
            if (mode == 3 && !strcmp(st[i].name, "norm2.weight")) vals[nw][5] = NAN;
            if (mode == 4 && !strcmp(st[i].name, "conv_shortcut.weight")) {
                free(vals[nw]);
                continue;  // 16 -> 32 without a shortcut
            }
            wt[nw++] = t;
        }
        StError e;
        const char *path = tmp_path("broken.safetensors");
        int rc = safetensors_write(path, nw, wt, &e);
        for (int i = 0; i < nw; i++) free(vals[i]);
        WeightsFile w;
        rc = rc ? rc : weights_open(path, &w, &e);
        if (rc) {
            result(0, "broken block mode %d: %s", mode, e.msg);
            continue;
        }
        BlockInfo b;
        int rd = weights_describe(&w, "down_blocks.1.resnets.0", &b, &e);
        if (mode == 0) {
            float *p = NULL;
            int r = rd ? rd : weights_tensor(&w, &b, "conv1.weight", 4, (const int64_t[]){32, 16, 3, 3}, &p, &e);
            free(p);
            int r2 = rd ? rd : weights_tensor(&w, &b, "conv1.weight", 4, (const int64_t[]){320, 320, 3, 3}, &p, &e);
            result(!rd && b.cin == 16 && b.cout == 32 && b.has_shortcut && b.temb_dim == 24 && !r && r2 == ST_ERR_WRONG_SHAPE &&
                       contains(e.msg, "expected [320, 320, 3, 3], found [32, 16, 3, 3]") &&
                       contains(e.msg, "model.diffusion_model.input_blocks.4.0.in_layers.2.weight (down_blocks.1.resnets.0.conv1.weight)"),
                   "small ResBlock 16->32 temb 24 in LDM naming: described; conv1.weight loads; asking [320, 320, 3, 3] "
                   "gives \"expected [320, 320, 3, 3], found [32, 16, 3, 3]\" with both names (%s)", e.msg);
        } else if (mode == 1) {
            result(rd == ST_ERR_MISSING && contains(e.msg, "out_layers.3.bias (down_blocks.1.resnets.0.conv2.bias) is missing") &&
                       contains(e.msg, "broken.safetensors"),
                   "block without conv2.bias: ST_ERR_MISSING naming the file and the tensor (%s)", e.msg);
        } else if (mode == 2) {
            result(rd == ST_ERR_WRONG_SHAPE && contains(e.msg, "expected [32, 32, 3, 3], found [32, 32, 1, 1]"),
                   "block with a 1x1 conv2.weight: \"expected [32, 32, 3, 3], found [32, 32, 1, 1]\" (%s)", e.msg);
        } else if (mode == 3) {
            float *p = NULL;
            int r = rd ? rd : weights_tensor(&w, &b, "norm2.weight", 1, (const int64_t[]){32}, &p, &e);
            result(!rd && r == ST_ERR_NONFINITE && contains(e.msg, "NaN at element 5") &&
                       contains(e.msg, "out_layers.0.weight") && contains(e.msg, "broken.safetensors"),
                   "block with a NaN in norm2.weight: loading it gives ST_ERR_NONFINITE at element 5 (%s)", e.msg);
        } else {
            result(rd == ST_ERR_MISSING && contains(e.msg, "skip_connection.weight") && contains(e.msg, "16 to 32 channels"),
                   "16->32 block without its shortcut: ST_ERR_MISSING (%s)", e.msg);
        }
        weights_close(&w);
        remove(path);
    }

    // a transformer with a gap in transformer_blocks and a rank-3 proj_in
    {
        UnetLayout T;
        names_layout(FAMILY_SDXL, &T);
        T.context_dim = 24;
        LayoutBlock tb = {{PART_MID, 0, UNET_TRANSFORMER, 0}, 0, 0, 16, 3};
        SynthTensor *s = xmalloc(SYNTH_MAX_BLOCK_TENSORS * sizeof(SynthTensor));
        int ns = synth_block_tensors(&T, &tb, s);
        for (int mode = 0; mode < 3; mode++) {
            StWriteTensor *w2 = xcalloc((size_t)ns, sizeof(StWriteTensor));
            char (*k2)[128] = xcalloc((size_t)ns, sizeof *k2);
            float **v2 = xcalloc((size_t)ns, sizeof(float *));
            int nw = 0;
            for (int i = 0; i < ns; i++) {
                if (mode == 1 && !strncmp(s[i].name, "transformer_blocks.1.", 21)) continue;
                size_t cnt = 1;
                for (int d = 0; d < s[i].ndim; d++) cnt *= (size_t)s[i].shape[d];
                v2[nw] = xcalloc(cnt, sizeof(float));
                snprintf(k2[nw], sizeof k2[nw], "mid_block.attentions.0.%s", s[i].name);
                StWriteTensor t = {k2[nw], ST_BF16, s[i].ndim, {0}, v2[nw]};
                memcpy(t.shape, s[i].shape, sizeof s[i].shape);
                if (mode == 2 && !strcmp(s[i].name, "proj_in.weight")) t.ndim = 3, t.shape[2] = 1;
                w2[nw++] = t;
            }
            StError e;
            const char *path = tmp_path("tr.safetensors");
            int rc = safetensors_write(path, nw, w2, &e);
            WeightsFile w;
            rc = rc ? rc : weights_open(path, &w, &e);
            BlockInfo b;
            int rd = rc ? rc : weights_describe(&w, "middle_block.1", &b, &e);
            if (mode == 0)
                result(!rd && b.depth == 3 && b.c == 16 && b.context_dim == 24 && b.proj == PROJ_LINEAR &&
                           b.family == FAMILY_UNKNOWN && b.heads == 1 && b.head_dim == 16 && b.dtype == ST_BF16,
                       "transformer C 16 depth 3 context 24 (BF16, diffusers): described, family unknown, 1x16 heads "
                       "(64 does not divide 16) (%s)", rd ? e.msg : "ok");
            else if (mode == 1)
                result(rd == ST_ERR_MISSING && contains(e.msg, "transformer_blocks.1.norm1.weight is missing"),
                       "transformer with transformer_blocks.0 and .2 but not .1: missing .1 (%s)", e.msg);
            else
                result(rd == ST_ERR_WRONG_SHAPE && contains(e.msg, "expected [16, 16] (linear) or [16, 16, 1, 1] (1x1 conv), found [16, 16, 1]"),
                       "transformer with a rank-3 proj_in.weight: wrong shape (%s)", e.msg);
            if (!rc) weights_close(&w);
            for (int i = 0; i < nw; i++) free(v2[i]);
            free(v2);
            free(k2);
            free(w2);
            remove(path);
        }
        free(s);
    }
}

// ---------------------------------------------------------------------------
// mkcheckpoint command line
// ---------------------------------------------------------------------------
typedef struct {
    int rc, sig;
    char out[8192];
} Run;

static Run run_tool(const char *args) {
    Run r = {-1, 0, ""};
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "exec '%s' %s 2>&1", g_mkckpt, args);
    FILE *p = popen(cmd, "r");
    if (!p) return r;
    size_t len = 0, k;
    while (len + 1 < sizeof r.out && (k = fread(r.out + len, 1, sizeof r.out - 1 - len, p)) > 0) len += k;
    r.out[len] = 0;
    int st = pclose(p);
    if (st != -1 && WIFEXITED(st)) r.rc = WEXITSTATUS(st);
    if (st != -1 && WIFSIGNALED(st)) r.sig = WTERMSIG(st);
    return r;
}

static void tool_bad(const char *args, const char *want) {
    Run r = run_tool(args);
    int lines = 0;
    for (const char *s = r.out; *s; s++) lines += *s == '\n';
    int ok = r.rc == 2 && r.sig == 0 && lines == 1 && !strncmp(r.out, "mkcheckpoint: error: ", 21) && contains(r.out, want);
    result(ok, "mkcheckpoint %s: exit 2 with one \"mkcheckpoint: error:\" line mentioning \"%s\" (exit %d, %d lines: %.*s)",
           args, want, r.rc, lines, (int)strcspn(r.out, "\n"), r.out);
}

static void test_mkcheckpoint_cli(void) {
    struct stat sb;
    if (stat(g_mkckpt, &sb)) {
        result(0, "mkcheckpoint binary at %s (build it with make)", g_mkckpt);
        return;
    }
    char args[1024];
    const char *o = tmp_path("cli.safetensors");
    tool_bad("", "--family is required");
    tool_bad("--family sd3 -o x", "--family must be sd15, sd21 or sdxl (got 'sd3')");
    tool_bad("--family sd15", "-o FILE is required");
    snprintf(args, sizeof args, "--family sd15 --naming ldm2 -o %s", o);
    tool_bad(args, "--naming must be diffusers, ldm or ldm-bare");
    snprintf(args, sizeof args, "--family sd15 --dtype f64 -o %s", o);
    tool_bad(args, "--dtype must be f16, f32 or bf16");
    snprintf(args, sizeof args, "--family sd15 --seed -1 -o %s", o);
    tool_bad(args, "--seed expects a non-negative integer");
    snprintf(args, sizeof args, "--family sd15 --seed 12x -o %s", o);
    tool_bad(args, "--seed expects a non-negative integer, got '12x'");
    snprintf(args, sizeof args, "--family sdxl --blocks down_blocks.0.attentions.0 -o %s", o);
    tool_bad(args, "not in the SDXL UNet (SDXL has no attention at level 0)");
    snprintf(args, sizeof args, "--family sd15 --blocks down_blocks.0.resnet.0 -o %s", o);
    tool_bad(args, "'down_blocks.0.resnet.0' is not a resnet or attention block prefix");
    snprintf(args, sizeof args, "--family sd15 --blocks down_blocks.0.resnets.0,,mid_block.resnets.0 -o %s", o);
    tool_bad(args, "empty item");
    snprintf(args, sizeof args, "--family sd15 --blocks down_blocks.1.attentions.0,input_blocks.4.1 -o %s", o);
    tool_bad(args, "listed twice");
    snprintf(args, sizeof args, "--family sd15 --channels 33,64,128,128 -o %s", o);
    tool_bad(args, "multiple of 32");
    snprintf(args, sizeof args, "--family sd21 --channels 64,128 -o %s", o);
    tool_bad(args, "must be a positive multiple of 64");
    snprintf(args, sizeof args, "--family sdxl --channels 64,128,128,128 -o %s", o);
    tool_bad(args, "SDXL has 3 levels");
    snprintf(args, sizeof args, "--family sd15 --channels 64,x -o %s", o);
    tool_bad(args, "--channels expects");
    snprintf(args, sizeof args, "--family sd15 --bogus -o %s", o);
    tool_bad(args, "unknown option '--bogus'");
    snprintf(args, sizeof args, "--family sd15 -o %s extra", o);
    tool_bad(args, "unexpected argument 'extra'");
    tool_bad("--family sd15 --blocks mid_block.resnets.0 -o /nonexistent-dir/x.safetensors", "/nonexistent-dir");
    tool_bad("--family sd15 --seed", "needs a value");

    // good runs
    snprintf(args, sizeof args, "--family sd15 --naming ldm --dtype f32 --seed 4 --blocks input_blocks.1.0,down_blocks.0.attentions.0 -o %s", o);
    Run r = run_tool(args);
    WeightsFile w;
    StError e;
    int rc = r.rc == 0 ? weights_open(o, &w, &e) : -1;
    int ok = r.rc == 0 && contains(r.out, "wrote ") && rc == 0 && w.nblocks == 2 && w.scheme == SCHEME_LDM &&
             w.family == FAMILY_SD1;
    if (!rc) {
        BlockInfo b;
        ok = ok && !weights_describe(&w, "down_blocks.0.resnets.0", &b, &e) && b.cin == 320 && b.dtype == ST_F32;
        float *p = weights_tensor_or_die(&w, &b, "conv2.bias", 1, (const int64_t[]){320});
        float ref[320];
        random_uniform("conv2.bias", 4, ref, 320, 0.0f, 1.0f / sqrtf(320.0f * 9.0f), 0);
        ok = ok && !memcmp(p, ref, sizeof ref);
        free(p);
        weights_close(&w);
    }
    result(ok, "mkcheckpoint %s: exit 0, 2 blocks, LDM naming, SD1.x, conv2.bias = random_uniform(\"conv2.bias\", 4) "
           "(%.*s)", args, (int)strcspn(r.out, "\n"), r.out);
    r = run_tool("--family sdxl --list");
    result(r.rc == 0 && contains(r.out, "mid_block.attentions.0") && contains(r.out, "middle_block.1") &&
               contains(r.out, "C 1280, depth 10") && !contains(r.out, "down_blocks.0.attentions"),
           "mkcheckpoint --family sdxl --list: prints the SDXL blocks (mid transformer depth 10, none at level 0)");
    r = run_tool("--help");
    result(r.rc == 0 && contains(r.out, "usage: mkcheckpoint"), "mkcheckpoint --help: exit 0 with usage");
    remove(o);
}

// ---------------------------------------------------------------------------
void cpu_suite_weights(const char *bin) {
    snprintf(g_dir, sizeof g_dir, "/tmp/unetrun-weights-XXXXXX");
    if (!mkdtemp(g_dir)) die_internal("cannot create a temporary directory under /tmp");
    const char *slash = strrchr(bin, '/');
    if (slash) snprintf(g_mkckpt, sizeof g_mkckpt, "%.*s/mkcheckpoint", (int)(slash - bin), bin);
    else snprintf(g_mkckpt, sizeof g_mkckpt, "./mkcheckpoint");

    test_roundtrips();
    test_hostile();
    test_die_paths();
    test_names();
    test_synth_uniform();

    static const int sd1ch[4] = {32, 64, 96, 96}, sd2ch[4] = {64, 128, 128, 128}, xlch[4] = {64, 64, 64, 0};
    test_listing_family(FAMILY_SD1, SCHEME_DIFFUSERS, 0, sd1ch);
    test_listing_family(FAMILY_SD1, SCHEME_LDM, 1, sd1ch);
    test_listing_family(FAMILY_SD2, SCHEME_LDM, 0, sd2ch);
    test_listing_family(FAMILY_SDXL, SCHEME_LDM, 1, xlch);
    test_listing_family(FAMILY_SDXL, SCHEME_DIFFUSERS, 0, xlch);
    test_listing_selected();

    test_real_block(FAMILY_SD1, SCHEME_DIFFUSERS, 0, "down_blocks.1.resnets.0", ST_F32);
    test_real_block(FAMILY_SD1, SCHEME_LDM, 1, "input_blocks.1.1", ST_F16);
    test_real_block(FAMILY_SD1, SCHEME_LDM, 0, "output_blocks.11.0", ST_BF16);
    test_real_block(FAMILY_SD2, SCHEME_DIFFUSERS, 0, "up_blocks.3.attentions.2", ST_F16);
    test_real_block(FAMILY_SDXL, SCHEME_LDM, 1, "down_blocks.1.attentions.0", ST_F16);
    test_real_block(FAMILY_SDXL, SCHEME_DIFFUSERS, 0, "down_blocks.0.resnets.0", ST_F32);
    test_broken_blocks();

    test_mkcheckpoint_cli();

    // remove the temporary files and directory
    DIR *d = opendir(g_dir);
    for (struct dirent *de; d && (de = readdir(d));)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) remove(tmp_path(de->d_name));
    if (d) closedir(d);
    rmdir(g_dir);
}
