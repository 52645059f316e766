// progress.h: a one-line progress display on stderr for long runs.
//
// Shown only when stderr is a terminal, and only once a run has taken more
// than a second (short runs print nothing extra): "node k of N (name),
// elapsed, estimated time left", rewritten in place and erased by
// progress_end, so the report on stdout is unchanged. The sweep sets a
// prefix naming the block it is on.
#ifndef UNETRUN_PROGRESS_H
#define UNETRUN_PROGRESS_H

// Starts counting `total` steps; label says what they are ("CPU fast chain").
void progress_begin(long total, const char *label);
// Step k (1-based) of the total is done; name is the node just run.
void progress_step(long k, const char *name);
// Erases the line (if one was shown).
void progress_end(void);
// Text shown before the label, e.g. "[3/12] res 320->640 @32x32" (NULL: none).
void progress_prefix(const char *prefix);

#endif
