/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * file.c - a whole input file under a size cap, and the inputs read so far
 * (include/cyclesim/common/file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclesim/common/file.h"

/* ---- the inputs of the command -------------------------------------------- */

typedef struct input_file {
    dev_t dev;
    ino_t ino;
    char *path;
} input_file;

/* Inputs may be read from job threads (the cost hints' pages). */
static pthread_mutex_t inputs_lock = PTHREAD_MUTEX_INITIALIZER;
static input_file *inputs;
static size_t n_inputs;

static const char *find_input(dev_t dev, ino_t ino)
{
    for (size_t i = 0; i < n_inputs; i++) {
        if (inputs[i].dev == dev && inputs[i].ino == ino) {
            return inputs[i].path;
        }
    }
    return NULL;
}

/* A file that cannot be remembered for want of memory is only not protected
 * from being named as an output; the read itself goes on. */
static void note_input(const struct stat *st, const char *path)
{
    pthread_mutex_lock(&inputs_lock);
    if (!find_input(st->st_dev, st->st_ino)) {
        input_file *n = realloc(inputs, (n_inputs + 1) * sizeof(*n));
        char *copy = strdup(path);
        if (n) {
            inputs = n;
        }
        if (n && copy) {
            inputs[n_inputs++] = (input_file){st->st_dev, st->st_ino, copy};
        } else {
            free(copy);
        }
    }
    pthread_mutex_unlock(&inputs_lock);
}

const char *csim_input_of(const struct stat *st)
{
    pthread_mutex_lock(&inputs_lock);
    const char *p = find_input(st->st_dev, st->st_ino);
    pthread_mutex_unlock(&inputs_lock);
    return p;
}

/* ---- the reader ----------------------------------------------------------- */

static char *fail(csim_read *r, csim_read_status st, int errnum, int fd, char *buf)
{
    *r = (csim_read){st, errnum, 0};
    if (fd >= 0) {
        close(fd);
    }
    free(buf);
    return NULL;
}

char *csim_read_file(const char *path, size_t cap, csim_read *r)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        return fail(r, CSIM_READ_OPEN, errno, fd, NULL);
    }
    if (S_ISDIR(st.st_mode)) {
        return fail(r, CSIM_READ_OPEN, EISDIR, fd, NULL);
    }
    note_input(&st, path);
    /* One byte past the cap tells a file of exactly cap bytes from a larger
     * one; the buffer starts at the file's size when it has one (a file that
     * grows while read still stops at the cap). */
    size_t size = 1 << 16, len = 0;
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size < cap) {
        size = (size_t)st.st_size + 1;
    } else if (S_ISREG(st.st_mode) || size > cap + 1) {
        size = cap + 1;
    }
    char *buf = NULL;
    for (;;) {
        if (len == size && size == cap + 1) {
            return fail(r, CSIM_READ_TOO_LARGE, 0, fd, buf);
        }
        if (!buf || len == size) {
            size = buf ? (size > (cap + 1) / 2 ? cap + 1 : 2 * size) : size;
            char *n = realloc(buf, size + 1);
            if (!n) {
                return fail(r, CSIM_READ_NOMEM, 0, fd, buf);
            }
            buf = n;
        }
        ssize_t k = read(fd, buf + len, size - len);
        if (k < 0 && errno == EINTR) {
            continue;
        }
        if (k < 0) {
            return fail(r, CSIM_READ_ERROR, errno, fd, buf);
        }
        if (k == 0) {
            break;
        }
        len += (size_t)k;
    }
    close(fd);
    buf[len] = 0;
    *r = (csim_read){CSIM_READ_OK, 0, len};
    return buf;
}

csim_err csim_read_fail(csim_diag *diag, const char *path, const csim_read *r, size_t cap, csim_err too_large)
{
    switch (r->st) {
    case CSIM_READ_OPEN: return csim_fail(diag, CSIM_ERR_IO, "%s: cannot open: %s", path, strerror(r->errnum));
    case CSIM_READ_ERROR: return csim_fail(diag, CSIM_ERR_IO, "%s: cannot read: %s", path, strerror(r->errnum));
    case CSIM_READ_NOMEM: return csim_fail(diag, CSIM_ERR_NOMEM, "%s: out of memory reading it", path);
    case CSIM_READ_TOO_LARGE:
        if (cap % (1u << 20) == 0) {
            return csim_fail(diag, too_large, "%s: larger than %zu MiB, the cap of this input", path, cap >> 20);
        }
        return csim_fail(diag, too_large, "%s: larger than %zu KiB, the cap of this input", path, cap >> 10);
    case CSIM_READ_OK: break;
    }
    return CSIM_OK;
}
