// harness.h: the tiny test harness shared by the CPU and GPU test programs.
// result(ok, fmt, ...) counts a test whose name spells out its parameters;
// failures always print, passes only with VERBOSE set.
//
// Test suites live in several files (tests/cpu_*.c, tests/gpu_*.c) and are
// called from the mains in test_cpu.c / test_gpu.c; they share the counters
// defined in harness.c.
#ifndef UNETRUN_TEST_HARNESS_H
#define UNETRUN_TEST_HARNESS_H

extern int g_pass, g_fail, g_verbose;

void result(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Suites in other files.
void cpu_suite_attention(void);               // tests/cpu_attention.c
void cpu_suite_transformer(const char *bin);  // tests/cpu_transformer.c
void cpu_suite_weights(const char *bin);      // tests/cpu_weights.c
void gpu_suite_attention(int num_sms);        // tests/gpu_attention.c

#endif
