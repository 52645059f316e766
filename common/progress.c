// progress.c: see progress.h.
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

static struct {
    int tty;            // stderr is a terminal
    long total;
    double t0, last;    // start, last redraw (wall_seconds)
    int shown;          // width of the line on screen (0 = none)
    char label[96], prefix[128];
} P;

void progress_prefix(const char *prefix) { snprintf(P.prefix, sizeof P.prefix, "%s", prefix ? prefix : ""); }

void progress_begin(long total, const char *label) {
    P.tty = isatty(STDERR_FILENO);
    P.total = total > 0 ? total : 1;
    P.t0 = P.last = wall_seconds();
    snprintf(P.label, sizeof P.label, "%s", label ? label : "");
}

static void fmt_secs(double s, char *buf, size_t n) {
    if (s < 90) snprintf(buf, n, "%.0f s", s);
    else snprintf(buf, n, "%.0f min %02.0f s", (double)(long)(s / 60), s - 60.0 * (long)(s / 60));
}

void progress_step(long k, const char *name) {
    if (!P.tty) return;
    double now = wall_seconds(), el = now - P.t0;
    if (el < 1.0 || (now - P.last < 0.25 && k < P.total)) return;  // quiet for short runs; redraw 4x a second
    P.last = now;
    char e[32], left[32], line[320];
    fmt_secs(el, e, sizeof e);
    fmt_secs(k > 0 ? el / k * (P.total - k) : 0.0, left, sizeof left);
    int len = snprintf(line, sizeof line, "%s%s%s: node %ld of %ld (%s), %s elapsed, about %s left", P.prefix,
                       P.prefix[0] ? " " : "", P.label, k, P.total, name ? name : "", e, left);
    if (len < 0) return;
    if (len >= (int)sizeof line) len = (int)sizeof line - 1;
    fprintf(stderr, "\r%s%*s", line, P.shown > len ? P.shown - len : 0, "");
    fflush(stderr);
    P.shown = len;
}

void progress_end(void) {
    if (P.tty && P.shown) {
        fprintf(stderr, "\r%*s\r", P.shown, "");
        fflush(stderr);
    }
    P.shown = 0;
}
