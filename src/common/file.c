/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * file.c - a whole input file under a size cap (include/cyclesim/common/file.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cyclesim/common/file.h"

char *csim_read_file(const char *path, size_t cap, size_t *len, bool *read_error, csim_read_status *st)
{
    *len = 0;
    *read_error = false;
    FILE *f = fopen(path, "rb");
    if (!f) {
        *st = CSIM_READ_OPEN;
        return NULL;
    }
    /* One byte past the cap tells a file of exactly cap bytes from a larger one. */
    char *buf = malloc(cap + 1);
    size_t n = buf ? fread(buf, 1, cap + 1, f) : 0;
    *read_error = ferror(f) != 0;
    fclose(f);
    if (!buf) {
        *st = CSIM_READ_NOMEM;
        return NULL;
    }
    if (n > cap) {
        free(buf);
        *st = CSIM_READ_TOO_LARGE;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    *st = CSIM_READ_OK;
    return buf;
}
