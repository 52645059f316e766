// harness.c: counters and result() of the test harness (see harness.h).
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>

int g_pass, g_fail, g_verbose;

void result(int ok, const char *fmt, ...) {
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
