/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * published_internal.h - what the two readers of measured results share:
 * published.c (ST's pages as JSON) and published_board.c (a board's output).
 */
#ifndef CSIM_ANALYSIS_PUBLISHED_INTERNAL_H
#define CSIM_ANALYSIS_PUBLISHED_INTERNAL_H

#include "cyclesim/analysis/published.h"

/* Row keys already read, by kind: a hash set of row indices, so that a
 * duplicate check costs the same for the 40,000th row as for the first. */
typedef struct rowset {
    uint32_t *slot; /* row index + 1; 0: empty */
    size_t cap, n;
} rowset;

csim_err pub_read_text(const char *path, char **out, csim_diag *d);
void pub_table_init(csim_pub_table *t, const char *path);
csim_pub_row *pub_add_row(csim_pub_table *t, size_t *cap);
const csim_pub_row *pub_rowset_add(rowset *set, const csim_pub_table *t, size_t i, bool *nomem);

#endif
