// report.h: the reports of a run beyond graph.h: roofline math, the peak
// calibration and its cache, the console report, JSON and CSV files, PNG
// charts. The cJSON form of the report is in report_json.h.
#ifndef UNETRUN_REPORT_H
#define UNETRUN_REPORT_H

#include <stdio.h>

#include "../graph/graph.h"

// --- roofline (src/report/roofline.c) ---------------------------------------
// Lower bound on a node's time from its FLOPs and its minimum DRAM bytes:
//   t_compute = flops / (peak_tflops * 1e12)      seconds
//   t_memory  = bytes / (peak_gbps * 1e9)         seconds
//   bound     = max(t_compute, t_memory); compute bound when t_compute >= t_memory
//   pct       = 100 * bound / measured median     (% of the roofline reached)
typedef struct {
    double t_compute, t_memory;  // seconds
    double bound;                // seconds, max of the two
    int compute;                 // 1 = compute bound, 0 = memory bound
    double pct;                  // 100 * bound / median; 0 when the median is 0
    int valid;                   // 0 when a peak is missing (no roofline)
} Roofline;

Roofline roofline_eval(double flops, double bytes, double median_s, double peak_tflops, double peak_gbps);
// Fills Node.bound_time / bound_compute of every node from r->peak_*; no-op without peaks.
void roofline_apply(Graph *g, const RunResult *r);
// The node's roofline from its stored fields (valid = 0 without peaks).
Roofline roofline_of(const Node *n, const RunResult *r);

// --- peaks (src/report/calib.c) ----------------------------------------------
typedef struct {
    double tflops, gbps;  // FP16 tensor-core TFLOP/s, DRAM GB/s; 0 = unknown
    char source[64];      // "calibrated", "cached", "given", "none"
    char cache_path[512]; // the cache file used or written ("" if none)
} Peaks;

// Resolves the roofline peaks once per process: given (--peak-tflops and
// --peak-gbps), else on a GPU the cache for this GPU (name + UUID), else a
// short calibration (device-to-device copy, cuBLAS FP16 GEMM) stored in the
// cache. On the CPU without given peaks: source "none", no roofline.
// Problems with the cache print one note on stderr and never stop the run.
void peaks_resolve(const RunOptions *opt, int on_gpu, Peaks *out);
void peaks_to_result(const Peaks *p, RunResult *r);
// The least tensor-core TFLOP/s a calibration may measure and still be
// cached: a quarter of the GPU's dense FP16 rate with FP32 accumulation by its
// compute capability, SM count and peak clock (kHz; per SM and clock: 1024 for
// cc 7.x, 2048 for 8.0, 256 for 8.6-8.9 (the GeForce rate, the lowest of
// those parts), 4096 for 9.0), or 0 for any other capability (no check). A
// calibration under it (a GPU shared with other work, or under
// compute-sanitizer or a profiler) is used for that run and not cached.
double peaks_tflops_floor(int cc_major, int cc_minor, int sms, double clock_khz);
// Where the cache lives: $XDG_CACHE_HOME/unetrun/peaks.json or
// $HOME/.cache/unetrun/peaks.json ("" when neither variable is set).
void peaks_cache_path(char *buf, size_t n);

// --- console, JSON file, CSV (src/report/report.c) -----------------------------
void print_report(const Graph *g, const RunOptions *opt, const RunResult *r);  // header, then body
// The verdict's note on the INT8 tolerance ("INT8 GEMMs and chains downstream 3e-02") where some node has a
// tolerance other than r->tol, else "".
void verdict_int8_note(const Graph *g, const RunResult *r, char *buf, size_t len);
// The report in two parts, so that the header (device, block, weights, peaks,
// timing) is on the screen before a long run: report_header_info fills, from
// the options alone, the fields of r that the header shows and the executors
// fill the same way (device, SMs, compute capability, reference, PDL); the
// caller adds weights_source and the peaks. The body is the node table, the
// totals and the verdict.
void report_header_info(RunResult *r, const RunOptions *opt, int on_gpu);
void print_report_header(const Graph *g, const RunOptions *opt, const RunResult *r);
void print_report_body(const Graph *g, const RunOptions *opt, const RunResult *r);
int write_json_report(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);
int write_csv_report(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);
// The per-node CSV header (no newline) and one row per node.
const char *csv_node_header(void);
void csv_node_rows(FILE *f, const Graph *g, const RunResult *r);
// s as one CSV field: double-quoted, inner quotes doubled.
void csv_str(FILE *f, const char *s);
void config_line(const Graph *g, char *buf, size_t n);
// How the per-node times were taken, for the "timing" line of the console reports.
const char *node_clock_name(const RunOptions *opt, const RunResult *r);
// Prints the roofline peaks line of the console report.
void print_peaks_line(const RunResult *r);

// --- PNG (src/report/png.c) ---------------------------------------------------
// Per-node timing chart: one horizontal bar per node (median), colored by
// roofline bound, the bound as a tick, vendor time as a second bar.
int write_timing_png(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);
// Heatmap of max over channels of |fast - reference| of the block output,
// batch images side by side (at most 4), with a labeled color scale.
int write_error_png(const Graph *g, const RunResult *r, const char *path);

// --- whole UNet (src/report/unet_report.c) -------------------------------------
typedef struct {
    double time, flops;   // sum of the block's node medians (s) and FLOPs
    double layer_worst;   // worst layer relative L2 of its nodes (NaN: non-finite)
    ErrMetrics chain;     // its output vs the FP32 chain
    int pass;
} UnetBlockStats;
void unet_block_stats(const Graph *g, const RunResult *r, int b, UnetBlockStats *s);
void unet_config_line(const Graph *g, char *buf, size_t n);
void print_unet_header(const Graph *g, const RunOptions *opt, const RunResult *r);
void print_unet_body(const Graph *g, const RunOptions *opt, const RunResult *r);
int write_unet_json(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);
int write_unet_csv(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);
// The timing chart with one bar per block (--nodes: per node).
int write_unet_png(const Graph *g, const RunOptions *opt, const RunResult *r, const char *path);

#endif
