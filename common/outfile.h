// outfile.h: files the program writes and reads, handled so that a user's
// file is never lost.
//
// Outputs are written to a temporary file in the target's directory
// (".NAME.unetrun-XXXXXX") and renamed over the target only once complete,
// so an interrupted or failed run leaves every existing file as it was.
// Temporary files still open when the process exits (exit(), die_user(), or
// SIGINT/SIGTERM/SIGHUP) are removed. A target that is a symbolic link to a
// file is written through the link (the link stays).
//
// Before any file is opened, the command line's files are checked together
// (files_check): inputs must be regular files (a FIFO, socket, device or
// directory is refused instead of blocking in open()), output directories
// must exist and be writable (probed with a temporary file that is removed
// at once; the target itself is neither created nor truncated), and no output
// may be the same file as an input or as another output (device and inode,
// or for a file that does not exist yet its directory's device and inode and
// its name).
#ifndef UNETRUN_OUTFILE_H
#define UNETRUN_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

// --- atomic outputs ----------------------------------------------------------
// Creates the temporary file for `path` and returns its name in tmp (n bytes;
// the target to rename onto goes to target, tn bytes, symlinks resolved).
// Returns 0, or -1 with errno set. The temporary file is registered for
// removal at exit until outfile_commit or outfile_discard.
int outfile_reserve(const char *path, char *tmp, size_t n, char *target, size_t tn);
// ok != 0: renames tmp onto target (0 on success, -1 with errno set);
// ok == 0 or a failed rename: removes tmp and returns -1.
int outfile_commit(const char *tmp, const char *target, int ok);
void outfile_discard(const char *tmp);
// Removes every registered temporary file; async-signal-safe (for handlers
// that end the process with _exit).
void outfile_remove_pending(void);

// The same for stdio writers: fopen of a fresh temporary file ("wb"), and a
// close that checks every write, then renames (or removes on failure).
typedef struct {
    FILE *f;
    char tmp[4200], target[4200];
} OutFile;
FILE *outfile_open(OutFile *o, const char *path);  // NULL with errno set on failure
int outfile_close(OutFile *o);                     // 0 when the target is complete
void outfile_abort(OutFile *o);

// --- checks before a run -------------------------------------------------------
typedef struct {
    const char *flag;  // "--json", "--weights", ...
    const char *path;  // NULL: option not given
    int output;        // 1 = written, 0 = read
} FileArg;

// Checks every given file of the list as described above; the first problem
// is one error line naming the option(s) and exit 2 (die_user).
void files_check(const FileArg *files, int n);
// Input check alone: 0 when path is a regular file (or absent: left to the
// reader's own message), -1 with a message in err otherwise.
int input_file_check(const char *path, char *err, size_t n);

#endif
