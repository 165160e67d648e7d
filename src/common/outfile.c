/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outfile.c - every written file through a temporary file and rename, never
 * over an input (include/cyclesim/common/outfile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cyclesim/common/file.h"
#include "cyclesim/common/outfile.h"

/* The temporary files open at once (a command writes a few reports). */
#define MAX_PENDING 16

/* Their names, removed by the signal handler or at exit when the process
 * ends before their rename (unlink is async-signal-safe). */
static char pending[MAX_PENDING][4200];
static volatile sig_atomic_t pending_used[MAX_PENDING];

static void remove_pending(void)
{
    for (int i = 0; i < MAX_PENDING; i++) {
        if (pending_used[i]) {
            unlink(pending[i]);
            pending_used[i] = 0;
        }
    }
}

static void remove_pending_and_die(int sig)
{
    remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Once per process: the handlers (unless the signal was ignored, as under
 * nohup) and the exit hook, for a command that returns without closing. */
static void install_cleanup(void)
{
    static bool installed;
    if (installed) {
        return;
    }
    installed = true;
    atexit(remove_pending);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        struct sigaction old, on = {0};
        on.sa_handler = remove_pending_and_die;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
            sigaction(sigs[i], &on, NULL);
        }
    }
}

static csim_err cannot_write(csim_diag *d, const char *path, int errnum)
{
    return csim_fail(d, CSIM_ERR_IO, "%s: cannot write: %s", path, strerror(errnum));
}

static csim_err same_as_input(csim_diag *d, const char *path, const char *input)
{
    return csim_fail(d, CSIM_ERR_USAGE, "%s: refused as an output: it is the same file as the input %s, which "
                     "writing would destroy", path, input);
}

/* Permissions of a new file as fopen would give them (mkstemp makes 0600). */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* A temporary file beside target, registered before it exists so that a
 * signal between its creation and the registration cannot leave it. */
static csim_err open_temporary(csim_out *o, const char *target, mode_t mode, csim_diag *d)
{
    int slot = 0;
    while (slot < MAX_PENDING && pending_used[slot]) {
        slot++;
    }
    if (slot == MAX_PENDING) {
        return csim_fail(d, CSIM_ERR_INTERNAL, "%s: more than %d outputs open at once", o->path, MAX_PENDING);
    }
    char dir_buf[4096], base_buf[4096];
    snprintf(o->target, sizeof(o->target), "%s", target);
    snprintf(dir_buf, sizeof(dir_buf), "%s", target);
    snprintf(base_buf, sizeof(base_buf), "%s", target);
    install_cleanup();
    sigset_t block, old_mask;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old_mask);
    snprintf(pending[slot], sizeof(pending[slot]), "%s/.%s.XXXXXX", dirname(dir_buf), basename(base_buf));
    int fd = mkstemp(pending[slot]);
    int errnum = errno;
    pending_used[slot] = fd >= 0;
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    if (fd < 0) {
        return cannot_write(d, o->path, errnum);
    }
    if (fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "w"))) {
        errnum = errno;
        close(fd);
        unlink(pending[slot]);
        pending_used[slot] = 0;
        return cannot_write(d, o->path, errnum);
    }
    o->slot = slot;
    return CSIM_OK;
}

static csim_err open_out(csim_out *o, const char *path, bool may_replace_input, csim_diag *d)
{
    *o = (csim_out){.slot = -1, .replaces_input = may_replace_input};
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        snprintf(o->path, sizeof(o->path), "-");
        return CSIM_OK;
    }
    if (strlen(path) >= sizeof(o->path)) {
        return cannot_write(d, path, ENAMETOOLONG);
    }
    snprintf(o->path, sizeof(o->path), "%s", path);
    struct stat st;
    if (stat(path, &st) != 0) {
        return errno == ENOENT ? open_temporary(o, path, new_file_mode(), d) : cannot_write(d, path, errno);
    }
    const char *input = csim_input_of(&st);
    if (input && !may_replace_input) {
        return same_as_input(d, path, input);
    }
    if (S_ISDIR(st.st_mode)) {
        return cannot_write(d, path, EISDIR);
    }
    /* Read-only by its mode, whoever runs the command (root may write it). */
    if (access(path, W_OK) != 0 || !(st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH))) {
        return cannot_write(d, path, EACCES);
    }
    if (!S_ISREG(st.st_mode)) {
        o->f = fopen(path, "w");
        return o->f ? CSIM_OK : cannot_write(d, path, errno);
    }
    /* A symbolic link stays one: its target is replaced. */
    char real[PATH_MAX];
    return open_temporary(o, realpath(path, real) ? real : path, st.st_mode & 07777, d);
}

csim_err csim_out_open(csim_out *o, const char *path, csim_diag *d)
{
    return open_out(o, path, false, d);
}

csim_err csim_out_open_replacing(csim_out *o, const char *path, csim_diag *d)
{
    return open_out(o, path, true, d);
}

/* The errno of the first failure among flush and close, 0 when none; a
 * write that failed earlier (ferror) without a reason left is EIO. */
static int finish_stream(FILE *f, bool sync)
{
    int errnum = 0;
    if (fflush(f) != 0) {
        errnum = errno;
    } else if (ferror(f)) {
        errnum = EIO;
    } else if (sync && fsync(fileno(f)) != 0 && errno != EINVAL) {
        errnum = errno;
    }
    if (f == stdout) {
        clearerr(f); /* reported once */
    } else if (fclose(f) != 0 && !errnum) {
        errnum = errno;
    }
    return errnum;
}

csim_err csim_out_close(csim_out *o, csim_diag *d)
{
    if (!o->f) {
        return CSIM_OK;
    }
    FILE *f = o->f;
    o->f = NULL;
    if (o->slot < 0) {
        int errnum = finish_stream(f, false);
        return errnum ? cannot_write(d, f == stdout ? "standard output" : o->path, errnum) : CSIM_OK;
    }
    const char *tmp = pending[o->slot];
    int errnum = finish_stream(f, true);
    /* An input read after the open (a page the cost hints read during the runs). */
    struct stat st;
    const char *input = !errnum && !o->replaces_input && stat(o->target, &st) == 0 ? csim_input_of(&st) : NULL;
    if (!errnum && !input && rename(tmp, o->target) != 0) {
        errnum = errno;
    }
    if (errnum || input) {
        unlink(tmp);
    }
    pending_used[o->slot] = 0;
    if (input) {
        return same_as_input(d, o->path, input);
    }
    if (errnum) {
        return cannot_write(d, o->path, errnum);
    }
    /* The rename itself is durable once the directory is synced. */
    int dfd = open(dirname(o->target), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return CSIM_OK;
}

void csim_out_discard(csim_out *o)
{
    if (!o->f) {
        return;
    }
    if (o->f != stdout) {
        fclose(o->f);
    }
    o->f = NULL;
    if (o->slot >= 0) {
        unlink(pending[o->slot]);
        pending_used[o->slot] = 0;
    }
}

csim_err csim_stdout_close(csim_diag *d)
{
    int errnum = finish_stream(stdout, false);
    return errnum ? cannot_write(d, "standard output", errnum) : CSIM_OK;
}
