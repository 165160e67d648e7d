/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outfile.h - the one way a report or any other file is written: never over
 * an input of the command (file.h remembers each one read), into a temporary
 * file beside the target that is renamed over it once complete (removed if
 * SIGINT or SIGTERM ends the process first), every write, flush and close
 * checked, and every refusal naming the path and the reason.
 */
#ifndef CYCLESIM_COMMON_OUTFILE_H
#define CYCLESIM_COMMON_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/common/diag.h"

typedef struct csim_out {
    FILE *f;        /* where to write; NULL when not open */
    char path[4096]; /* the target as named ("-": standard output) */
    char target[4096]; /* the file the temporary one replaces (a link's target) */
    int slot;       /* the temporary file's (outfile.c), -1: written in place */
    bool replaces_input; /* csim_out_open_replacing */
} csim_out;

/** csim_out_open - opens path (NULL or "-": standard output) for writing, or
 *  refuses it: CSIM_ERR_USAGE when it is the same file (st_dev, st_ino) as an
 *  input read so far, CSIM_ERR_IO when it is a directory, a read-only file or
 *  in a directory where no file can be created.  Nothing is truncated: a
 *  regular file (or a new one) is written to a temporary file in its
 *  directory; a device or a FIFO in place. */
csim_err csim_out_open(csim_out *o, const char *path, csim_diag *d);

/** csim_out_open_replacing - csim_out_open for the one output that rewrites
 *  an input of the command (check --update's budget file). */
csim_err csim_out_open_replacing(csim_out *o, const char *path, csim_diag *d);

/** csim_out_close - flushes and closes, then renames the temporary file over
 *  the target; CSIM_ERR_IO (the path and the reason in d) when a write, the
 *  flush, the close or the rename failed, CSIM_ERR_USAGE when the target has
 *  become an input since the open (read during the runs), the target then
 *  left as it was.
 *  Standard output is flushed, not closed.  A closed or never opened o: OK. */
csim_err csim_out_close(csim_out *o, csim_diag *d);

/** csim_out_discard - closes and removes the temporary file: the target is
 *  left as it was (a command that failed before its report was complete). */
void csim_out_discard(csim_out *o);

/** csim_stdout_close - the final check of standard output: CSIM_ERR_IO when a
 *  write to it failed or its flush fails (a full disk, /dev/full). */
csim_err csim_stdout_close(csim_diag *d);

#endif
