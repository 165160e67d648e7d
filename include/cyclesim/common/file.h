/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * file.h - a whole input file read into memory under a size cap: the one
 * reader that the model, overlay, budget and shard loaders share; each says
 * what a failure means for its own input.
 */
#ifndef CYCLESIM_COMMON_FILE_H
#define CYCLESIM_COMMON_FILE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum csim_read_status {
    CSIM_READ_OK = 0,
    CSIM_READ_OPEN,      /* cannot open (errno says why) */
    CSIM_READ_NOMEM,     /* no buffer of cap + 1 bytes */
    CSIM_READ_TOO_LARGE, /* more than cap bytes */
} csim_read_status;

/** csim_read_file - the file at path, at most cap bytes, NUL-terminated
 *  (malloc'd; NULL unless *st is CSIM_READ_OK).  *len: the bytes read;
 *  *read_error: the stream reported an error (a directory, an I/O error),
 *  the bytes before it read. */
char *csim_read_file(const char *path, size_t cap, size_t *len, bool *read_error, csim_read_status *st);

#endif
