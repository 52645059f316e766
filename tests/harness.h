// harness.h: the tiny test harness shared by test_cpu.c and test_gpu.c.
// result(ok, fmt, ...) counts a test whose name spells out its parameters;
// failures always print, passes only with VERBOSE set.
#ifndef UNETRUN_TEST_HARNESS_H
#define UNETRUN_TEST_HARNESS_H

#include <stdarg.h>
#include <stdio.h>

static int g_pass, g_fail, g_verbose;

static void result(int ok, const char *fmt, ...) {
    char name[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof(name), fmt, ap);
    va_end(ap);
    if (ok) g_pass++;
    else g_fail++;
    if (!ok || g_verbose) printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    fflush(stdout);
}

#endif
