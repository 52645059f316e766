// harness.h: the tiny test harness shared by the CPU and GPU test programs.
// result(ok, fmt, ...) counts a test whose name spells out its parameters;
// failures always print, passes only with VERBOSE set.
//
// Test suites live in several files (tests/cpu_*.c, tests/gpu_*.c) and are
// called from the mains in test_cpu.c / test_gpu.c; they share the counters
// defined in harness.c.
#ifndef UNETRUN_TEST_HARNESS_H
#define UNETRUN_TEST_HARNESS_H

#include <stddef.h>

extern int g_pass, g_fail, g_verbose;
extern int g_have_gpu;  // a GPU is visible: CPU-suite CLI runs are pinned to --device cpu

void result(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
// On SIGTERM / SIGINT (a `timeout` around a long suite), print the counts so far as the last line,
// "N passed, N failed (stopped by signal S before the end)", and exit 128 + S.
void report_counts_on_signal(void);

// Running unetrun (or another tool) from a test.
typedef struct {
    int rc;     // exit status, -1 if killed by a signal
    int sig;    // signal number, 0 if none
    char *out;  // stdout and stderr together (free it)
} Cmd;
Cmd run_cli(const char *bin, const char *args);
int count_lines_with_prefix(const char *s, const char *prefix, const char **first);
// A bad command line: exit 2, no signal, exactly one "unetrun: error: " line
// and that line contains `want`.
void cli_bad(const char *bin, const char *args, const char *want);
const char *dev_args(void);  // " --device cpu" when a GPU is present, else ""

// GPU test mains: 1 and the device's name and SM count when a CUDA GPU is
// present; else prints the "GPU tests skipped / 0 passed, 0 failed" lines and returns 0.
int harness_gpu(char *name, size_t n, int *num_sms);
// A non-negative integer command-line argument of a test program; dies on anything else.
int harness_arg_int(const char *s);

// Files the tests write and read back.
struct cJSON;
// A new empty file $TMPDIR/<tag>_XXXXXX (default /tmp); path receives its name. 0 on failure.
int make_tmp_file(char *path, size_t n, const char *tag);
// The whole file, NUL-terminated (free it), its length in *len (may be NULL); NULL if unreadable.
char *read_whole_file(const char *path, size_t *len);
// The JSON document of a file, or NULL (missing, empty or not JSON). cJSON_Delete it.
struct cJSON *read_json_file(const char *path);
// o[a] (or o[a][b] when b is not NULL) as a number; NAN when absent or not a number.
double json_num(const struct cJSON *o, const char *a, const char *b);
// The `output` tensor (any shape, FP32) of a --save-output file into a new
// array of *n floats (free it); NULL when unreadable.
float *read_saved_output(const char *path, size_t *n);
// Runs `bin args --json TMP` and reads the report: its rows' names,
// comma-separated, into names[len]; the kernel of the row named `row` (NULL:
// none) into kernel[klen]; *pass = exit 0 and a "verdict  PASS" line. Returns
// 1 when the JSON was read.
int cli_report_rows(const char *bin, const char *args, char *names, size_t len, const char *row, char *kernel,
                    size_t klen, int *pass);

// Suites in other files.
void cpu_suite_attention(void);               // tests/cpu_attention.c
void cpu_suite_transformer(const char *bin);  // tests/cpu_transformer.c
void cpu_suite_weights(const char *bin);      // tests/cpu_weights.c
void cpu_suite_checkpoint_cli(const char *bin);  // tests/cpu_checkpoint_cli.c
void gpu_suite_attention(int num_sms);        // tests/gpu_attention.c
void cpu_suite_reports(const char *bin);      // tests/cpu_reports.c
void gpu_suite_reports(const char *bin);      // tests/gpu_reports.c
void cpu_suite_gemm_block(const char *bin);   // tests/cpu_gemm_block.c
void gpu_suite_int8_cli(const char *bin);     // tests/gpu_int8_cli.c
void cpu_suite_vendor(const char *bin);       // tests/cpu_vendor.c
void gpu_suite_vendor(const char *bin);       // tests/gpu_vendor.c
void cpu_suite_int8(const char *bin);         // tests/cpu_int8.c
void gpu_suite_int8(int num_sms);             // tests/gpu_int8.c
void gpu_suite_int8_rows(int num_sms);        // tests/gpu_int8.c (--int8-scales row and group)
void gpu_suite_int8_group(int num_sms);       // tests/gpu_int8.c (--int8-scales group alone)
void cpu_suite_outputs(const char *bin);      // tests/cpu_outputs.c
void cpu_suite_unet(const char *bin);         // tests/cpu_unet.c
void cpu_suite_fuse(void);                    // tests/cpu_fuse.c
void cpu_suite_fuse_shortcut(const char *bin);  // tests/cpu_fuse_shortcut.c
void cpu_suite_lnfold(const char *bin);       // tests/cpu_lnfold.c
void cpu_suite_streamk(void);                 // tests/cpu_streamk.c
void cpu_suite_pp_rule(void);                 // tests/cpu_pp_rule.c
void cpu_suite_i8r_rule(void);                // tests/cpu_i8r_rule.c
void cpu_suite_ts_layout(void);               // tests/cpu_ts_layout.c
void cpu_suite_im2col(void);                 // tests/cpu_im2col.c
void cpu_suite_ktrace(void);                 // tests/cpu_ktrace.c
void cpu_suite_gpu_parts(void);              // tests/cpu_gpu_parts.c

// Golden cases written by diffusers (tests/golden.c, tests/golden/make_golden.py).
typedef struct {
    const char *device;       // "cpu" or "cuda"
    double tol_fast, tol_ref; // relative L2 of the fast path / the FP32 reference vs float64
    int repeat;               // run twice: bit-identical --save-output files
    int xcheck;               // xcheck cases also on the CPU path: FP32 references agree to 1e-5
    const char *manifest;     // file name of the manifest in the folder (NULL: cases.txt)
    const char *extra;        // more unetrun arguments for every run, e.g. "--engine portable" (NULL: none)
} GoldenOptions;
void suite_golden(const char *bin, const char *dir, const GoldenOptions *o);
void golden_set_shard(int k, int n);  // run only the cases whose manifest index is k mod n

#endif
