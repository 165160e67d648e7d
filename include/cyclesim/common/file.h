/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * file.h - a whole input file read into memory under a size cap, checked
 * while reading: the one reader of every input (ELF, model, overlay, budget,
 * published page, board output, shard).  Each file it opens is remembered as
 * an input of the command, so that no output can replace it (outfile.h).
 */
#ifndef CYCLESIM_COMMON_FILE_H
#define CYCLESIM_COMMON_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "cyclesim/common/diag.h"

typedef enum csim_read_status {
    CSIM_READ_OK = 0,
    CSIM_READ_OPEN,      /* cannot open, or a directory (errnum says why) */
    CSIM_READ_ERROR,     /* an I/O error while reading (errnum) */
    CSIM_READ_NOMEM,     /* no buffer for what was read */
    CSIM_READ_TOO_LARGE, /* more than cap bytes: reading stopped one byte past the cap */
} csim_read_status;

typedef struct csim_read {
    csim_read_status st;
    int errnum;  /* CSIM_READ_OPEN, CSIM_READ_ERROR: the errno */
    size_t len;  /* the bytes read (CSIM_READ_OK) */
} csim_read;

/** csim_read_file - the file at path, at most cap bytes, NUL-terminated
 *  (malloc'd; NULL unless r->st is CSIM_READ_OK).  The buffer grows with what
 *  is read, so a file larger than the cap (/dev/zero, a sparse file) costs
 *  at most cap + 1 bytes. */
char *csim_read_file(const char *path, size_t cap, csim_read *r);

/** csim_read_fail - the one message of a failed csim_read_file, in diag:
 *  "PATH: cannot open: REASON" (a directory: "Is a directory") and "PATH:
 *  cannot read: REASON" (CSIM_ERR_IO), out of memory (CSIM_ERR_NOMEM), or
 *  "PATH: larger than CAP" returned as `too_large` (the reader's bad-input
 *  error). */
csim_err csim_read_fail(csim_diag *diag, const char *path, const csim_read *r, size_t cap, csim_err too_large);

/** csim_input_of - the path (as given) of the input read by this process that
 *  is the same file as st (st_dev, st_ino), or NULL. */
const char *csim_input_of(const struct stat *st);

#endif
