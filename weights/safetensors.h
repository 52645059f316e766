// safetensors.h: reading and writing .safetensors files.
//
// File format: 8-byte little-endian header length N, N bytes of JSON
//   {"name": {"dtype": "F16", "shape": [..], "data_offsets": [begin, end]},
//    "__metadata__": {...}}
// then the data section; offsets are relative to its start.
//
// The reader maps the file and checks everything before any tensor byte is
// touched: header length (at most 100 MB and within the file), JSON syntax,
// entry layout, known dtype, integer non-negative dimensions and offsets,
// element count x dtype size == byte range (no overflow), offsets inside the
// data section, and the tensors tiling the data section exactly (no overlap,
// no gap, no trailing bytes). "__metadata__" is skipped; duplicate names and
// a header without tensors are rejected.
//
// Errors are returned as an StError (code + one-line message that names the
// file and the problem), so a caller can test or fuzz the parser without the
// process exiting; the *_or_die wrappers pass the message to die_user().
//
// Tensor data is converted to FP32 on load (F32, F16, BF16); other dtypes are
// parsed and size-checked but cannot be loaded.
#ifndef UNETRUN_SAFETENSORS_H
#define UNETRUN_SAFETENSORS_H

#include <stddef.h>
#include <stdint.h>

#include "../common/common.h"

#define ST_MAX_DIMS 8
#define ST_MAX_HEADER 100000000ull  // 100 MB

typedef enum {
    ST_OK = 0,
    ST_ERR_IO,                 // cannot open / map / write the file
    ST_ERR_SHORT,              // fewer than 8 bytes
    ST_ERR_HEADER_LEN,         // header length above 100 MB or past the end of the file
    ST_ERR_JSON,               // header is not valid JSON, or not an object
    ST_ERR_ENTRY,              // a tensor entry lacks dtype/shape/data_offsets or has the wrong types
    ST_ERR_DTYPE,              // unknown dtype string
    ST_ERR_SHAPE,              // a dimension that is negative, non-integer, too large, or rank > 8
    ST_ERR_SIZE,               // element count x dtype size differs from the byte range
    ST_ERR_OFFSETS,            // offsets non-integer, reversed, or past the data section
    ST_ERR_OVERLAP,            // two tensors share bytes
    ST_ERR_COVERAGE,           // a gap between tensors, or trailing bytes after the last one
    ST_ERR_DUPLICATE,          // a tensor name appears twice
    ST_ERR_EMPTY,              // the header lists no tensors
    ST_ERR_MISSING,            // a tensor the caller needs is not in the file
    ST_ERR_WRONG_SHAPE,        // a tensor has another shape than the caller expects
    ST_ERR_UNSUPPORTED_DTYPE,  // a tensor to load is not F32, F16 or BF16
    ST_ERR_NONFINITE,          // a loaded tensor holds NaN or Inf
    ST_ERR_BLOCK,              // not a UNet block prefix, or no such block in the file
    ST_ERR_ARG,                // bad argument to a writer / generator call
} StErrorCode;

typedef struct {
    int code;  // StErrorCode
    char msg[1024];
} StError;

typedef enum {
    ST_BOOL, ST_U8, ST_I8, ST_F8_E4M3, ST_F8_E5M2, ST_I16, ST_U16, ST_F16, ST_BF16,
    ST_I32, ST_U32, ST_F32, ST_F64, ST_I64, ST_U64, ST_NUM_DTYPES
} StDtype;

typedef struct {
    char *name;
    StDtype dtype;
    int ndim;
    int64_t shape[ST_MAX_DIMS];
    uint64_t numel;
    uint64_t begin, end;  // byte range inside the data section
} StTensor;

typedef struct {
    char *path;              // file name used in messages
    const uint8_t *data;     // start of the data section
    uint64_t data_size;      // bytes in the data section
    uint64_t file_size;
    int ntensors;
    StTensor *tensors;       // sorted by name (strcmp)
    void *map;               // mmap of the file (NULL when parsed from a buffer)
    size_t map_len;
} StFile;

// Fills e (when not NULL) with code and a printf-style one-line message;
// returns code. Shared by the reader, the block description and the
// checkpoint generator.
int st_error(StError *e, int code, const char *fmt, ...) UNETRUN_PRINTF(3, 4);

// "F16" etc.; element size in bytes; parse the exact header spelling (0 ok).
const char *st_dtype_name(StDtype d);
size_t st_dtype_size(StDtype d);
int st_dtype_parse(const char *s, StDtype *out);
// 1 for the dtypes that load as FP32 (F32, F16, BF16).
int st_dtype_loadable(StDtype d);

// Parse a whole file held in memory (buf is not copied: it must outlive f).
// label names the file in messages. Returns 0, or an StErrorCode with e->msg
// set and f left empty (st_close is still safe).
int st_parse(const void *buf, size_t size, const char *label, StFile *f, StError *e);
// Open and map path, then st_parse. Returns 0 or an StErrorCode.
int st_open(const char *path, StFile *f, StError *e);
// st_open, or die_user with the message (exit 2).
void st_open_or_die(const char *path, StFile *f);
void st_close(StFile *f);

// The tensor called name, or NULL.
const StTensor *st_find(const StFile *f, const char *name);
// Index range [*lo, *hi) of the tensors whose names start with prefix.
void st_prefix_range(const StFile *f, const char *prefix, int *lo, int *hi);

// "[320, 320, 3, 3]" into buf.
void st_shape_str(int ndim, const int64_t *shape, char *buf, size_t n);
// 1 when the tensor has exactly this shape.
int st_shape_equal(const StTensor *t, int ndim, const int64_t *shape);

// Convert t's elements to FP32 into dst (t->numel floats). check_finite:
// fail with ST_ERR_NONFINITE on the first NaN/Inf. Returns 0 or a code.
int st_read_f32(const StFile *f, const StTensor *t, float *dst, int check_finite, StError *e);
// Find name, check its shape (ndim < 0: any shape; st_find gives it), load
// it as FP32 into a new array (*out, free() it) and reject non-finite values.
// Errors: missing, "expected [..], found [..]", unsupported dtype,
// non-finite. Block inputs (x NCHW, temb, context) load this way.
int st_load_f32(const StFile *f, const char *name, int ndim, const int64_t *shape, float **out, StError *e);
// st_load_f32, or die_user with the message.
float *st_load_f32_or_die(const StFile *f, const char *name, int ndim, const int64_t *shape);

// --- writing ---------------------------------------------------------------
// One tensor to write: values are given as FP32 and stored as dtype
// (ST_F32, ST_F16 or ST_BF16; round to nearest even). data may be NULL when
// the descriptor only declares the tensor for st_writer_open.
typedef struct {
    const char *name;
    StDtype dtype;
    int ndim;
    int64_t shape[ST_MAX_DIMS];
    const float *data;
} StWriteTensor;

typedef struct StWriter StWriter;

// Streaming writer: the header is written from the descriptors (names,
// dtypes, shapes), then each tensor's data in the same order with
// st_writer_put. meta: nmeta key/value string pairs for "__metadata__"
// (meta[2i] = key, meta[2i+1] = value), may be NULL. The data goes to a
// temporary file in path's directory that st_writer_close renames onto path
// once complete (common/outfile.h); on any error, or if the process ends first,
// the temporary file is removed and an existing file at path is untouched.
// Returns NULL on error.
StWriter *st_writer_open(const char *path, int n, const StWriteTensor *t, int nmeta, const char *const *meta,
                         StError *e);
// Data of the next tensor: numel floats. On an error, call st_writer_abort.
int st_writer_put(StWriter *w, const float *data, StError *e);
// Finish (all tensors must have been put); closes the file. Returns 0 or a code.
int st_writer_close(StWriter *w, StError *e);
// Give up: close and remove the partial file.
void st_writer_abort(StWriter *w);

// Write n tensors (with their data) to path in one call. Returns 0 or a code.
int safetensors_write(const char *path, int n, const StWriteTensor *t, StError *e);

// Float conversions used by the reader and writer.
float bf16_to_f32(uint16_t h);
uint16_t f32_to_bf16(float f);  // round to nearest even, NaN kept quiet

// --- activation layouts ------------------------------------------------------
// Files hold activations as NCHW (PyTorch); the executor keeps NHWC.
void nchw_to_nhwc(const float *src, float *dst, int n, int c, int h, int w);
void nhwc_to_nchw(const float *src, float *dst, int n, int h, int w, int c);

#endif
