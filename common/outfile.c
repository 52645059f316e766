// outfile.c: atomic outputs and the checks on the command line's files
// (see outfile.h).
#define _GNU_SOURCE
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"

// --- temporary files removed at exit and on a fatal signal --------------------
enum { MAX_PENDING = 32, TMP_MAX_LEN = 4200 };
static char g_pending[MAX_PENDING][TMP_MAX_LEN];
static volatile sig_atomic_t g_used[MAX_PENDING];

// Async-signal-safe: unlink only.
void outfile_remove_pending(void) {
    for (int i = 0; i < MAX_PENDING; i++)
        if (g_used[i]) {
            unlink(g_pending[i]);
            g_used[i] = 0;
        }
}

static void on_fatal_signal(int sig) {
    outfile_remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

// Installed once; a handler the program set itself (the sweep's Ctrl-C) is left
// in place.
static void install_cleanup(void) {
    static int done = 0;
    if (done) return;
    done = 1;
    atexit(outfile_remove_pending);
    const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
    for (int k = 0; k < 3; k++) {
        struct sigaction old;
        if (sigaction(sigs[k], NULL, &old) || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[k], &sa, NULL);
    }
}

static int track(const char *tmp) {
    for (int i = 0; i < MAX_PENDING; i++)
        if (!g_used[i]) {
            snprintf(g_pending[i], TMP_MAX_LEN, "%s", tmp);
            g_used[i] = 1;
            return 0;
        }
    return -1;
}

static void untrack(const char *tmp) {
    for (int i = 0; i < MAX_PENDING; i++)
        if (g_used[i] && !strcmp(g_pending[i], tmp)) g_used[i] = 0;
}

// --- paths ------------------------------------------------------------------------
// dir and base of path ("x" -> ".", "x"; "/x" -> "/", "x"); -1 if too long.
static int split_path(const char *path, char *dir, size_t dn, char *base, size_t bn) {
    const char *slash = strrchr(path, '/');
    int r1, r2;
    if (!slash) {
        r1 = snprintf(dir, dn, ".");
        r2 = snprintf(base, bn, "%s", path);
    } else {
        r1 = slash == path ? snprintf(dir, dn, "/") : snprintf(dir, dn, "%.*s", (int)(slash - path), path);
        r2 = snprintf(base, bn, "%s", slash + 1);
    }
    return (r1 < 0 || (size_t)r1 >= dn || r2 < 0 || (size_t)r2 >= bn) ? -1 : 0;
}

// The file a write to path lands in: a symbolic link's target, else path.
static int resolve_target(const char *path, char *target, size_t tn) {
    struct stat lst;
    char real[PATH_MAX];
    const char *use = path;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && realpath(path, real)) use = real;
    int r = snprintf(target, tn, "%s", use);
    if (r < 0 || (size_t)r >= tn) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

// --- atomic outputs -------------------------------------------------------------
int outfile_reserve(const char *path, char *tmp, size_t n, char *target, size_t tn) {
    char dir[TMP_MAX_LEN], base[256];
    if (resolve_target(path, target, tn)) return -1;
    if (split_path(target, dir, sizeof dir, base, sizeof base) || !base[0]) {
        errno = base[0] ? ENAMETOOLONG : EISDIR;
        return -1;
    }
    int r = snprintf(tmp, n, "%s/.%.200s.unetrun-XXXXXX", dir, base);
    if (r < 0 || (size_t)r >= n || (size_t)r >= TMP_MAX_LEN) {
        errno = ENAMETOOLONG;
        return -1;
    }
    struct stat cur;  // a device, FIFO or directory is never replaced by a regular file
    if (stat(target, &cur) == 0 && !S_ISREG(cur.st_mode)) {
        errno = S_ISDIR(cur.st_mode) ? EISDIR : EEXIST;
        return -1;
    }
    install_cleanup();
    int fd = mkstemp(tmp);
    if (fd < 0) return -1;
    // The mode a plain fopen() would give, or the mode of the file replaced.
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    mode_t mode = stat(target, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask);
    if (fchmod(fd, mode)) { /* keep mkstemp's 0600 */ }
    close(fd);
    if (track(tmp)) {
        unlink(tmp);
        errno = EMFILE;
        return -1;
    }
    return 0;
}

int outfile_commit(const char *tmp, const char *target, int ok) {
    if (ok && rename(tmp, target) == 0) {
        untrack(tmp);
        return 0;
    }
    int err = ok ? errno : EIO;
    outfile_discard(tmp);
    errno = err;
    return -1;
}

void outfile_discard(const char *tmp) {
    unlink(tmp);
    untrack(tmp);
}

FILE *outfile_open(OutFile *o, const char *path) {
    o->f = NULL;
    if (outfile_reserve(path, o->tmp, sizeof o->tmp, o->target, sizeof o->target)) return NULL;
    o->f = fopen(o->tmp, "wb");
    if (!o->f) {
        int err = errno;
        outfile_discard(o->tmp);
        errno = err;
    }
    return o->f;
}

int outfile_close(OutFile *o) {
    if (!o->f) return -1;
    int ok = fflush(o->f) == 0 && !ferror(o->f);
    int err = errno;
    ok = (fclose(o->f) == 0) && ok;
    o->f = NULL;
    if (!ok) {
        outfile_discard(o->tmp);
        errno = err ? err : EIO;
        return -1;
    }
    return outfile_commit(o->tmp, o->target, 1);
}

void outfile_abort(OutFile *o) {
    if (o->f) fclose(o->f);
    o->f = NULL;
    outfile_discard(o->tmp);
}

// --- checks -----------------------------------------------------------------------
static const char *kind_of(mode_t m) {
    if (S_ISDIR(m)) return "a directory";
    if (S_ISFIFO(m)) return "a FIFO (named pipe)";
    if (S_ISSOCK(m)) return "a socket";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    return "not a regular file";
}

int input_file_check(const char *path, char *err, size_t n) {
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) return 0;
    snprintf(err, n, "'%s' is %s, not a regular file; give the file itself", path, kind_of(st.st_mode));
    return -1;
}

// An output: its directory exists and takes a new file; an existing target is
// a regular file. The probe is a temporary file of this run, removed at once.
static void check_output(const char *flag, const char *path) {
    char tmp[TMP_MAX_LEN], target[TMP_MAX_LEN], dir[TMP_MAX_LEN], base[256];
    struct stat st;
    if (resolve_target(path, target, sizeof target) || split_path(target, dir, sizeof dir, base, sizeof base))
        die_user("%s '%s': the path is too long", flag, path);
    if (stat(target, &st) == 0 && !S_ISREG(st.st_mode))
        die_user("%s '%s' is %s; give a regular file path to write", flag, path, kind_of(st.st_mode));
    if (!base[0]) die_user("%s '%s' names a directory; give a file path to write", flag, path);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        die_user("cannot write %s '%s': directory '%s' does not exist; create it or write elsewhere", flag, path, dir);
    if (outfile_reserve(path, tmp, sizeof tmp, dir, sizeof dir))
        die_user("cannot write %s '%s' (%s); check the directory exists and is writable", flag, path, strerror(errno));
    outfile_discard(tmp);
}

typedef struct {
    dev_t dev;
    ino_t ino;
    char base[256];  // "" when the file exists; else its name in directory (dev, ino)
    int known;
} FileKey;

static FileKey file_key(const char *path) {
    FileKey k;
    memset(&k, 0, sizeof k);
    struct stat st;
    char dir[TMP_MAX_LEN];
    if (stat(path, &st) == 0) {
        k.dev = st.st_dev, k.ino = st.st_ino, k.known = 1;
    } else if (split_path(path, dir, sizeof dir, k.base, sizeof k.base) == 0 && stat(dir, &st) == 0) {
        k.dev = st.st_dev, k.ino = st.st_ino, k.known = 1;
    }
    return k;
}

void files_check(const FileArg *files, int n) {
    char err[4400];
    FileKey *keys = xcalloc((size_t)(n > 0 ? n : 1), sizeof(FileKey));
    for (int i = 0; i < n; i++) {
        if (!files[i].path) continue;
        keys[i] = file_key(files[i].path);
        for (int j = 0; j < i; j++) {
            if (!files[j].path || !keys[i].known || !keys[j].known || (!files[i].output && !files[j].output)) continue;
            if (keys[i].dev == keys[j].dev && keys[i].ino == keys[j].ino && !strcmp(keys[i].base, keys[j].base))
                die_user("%s '%s' and %s '%s' are the same file; %s give %s a different file", files[j].flag,
                         files[j].path, files[i].flag, files[i].path,
                         files[j].output && files[i].output ? "each output needs its own file:" : "an output never overwrites an input:",
                         files[i].output ? files[i].flag : files[j].flag);
        }
    }
    free(keys);
    for (int i = 0; i < n; i++) {
        if (!files[i].path) continue;
        if (!files[i].output && input_file_check(files[i].path, err, sizeof err))
            die_user("%s %s", files[i].flag, err);
        if (files[i].output) check_output(files[i].flag, files[i].path);
    }
}
