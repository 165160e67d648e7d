/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hints.h - how long a case will run, before running it: the cycles the
 * published pages give for its row, so that with -j the longest cases start
 * first (a csim_case_cost_fn, cyclesim/engine/jobs.h).  A hint changes no
 * result, only the order runs start in.  Nothing here prints.
 */
#ifndef CYCLESIM_ANALYSIS_HINTS_H
#define CYCLESIM_ANALYSIS_HINTS_H

#include <stdint.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"

typedef struct hint_pages hint_pages;

/* The pages of a directory, read at the first hint asked for (one worker or
 * no case table asks for none); they belong to the caller, not the process. */
typedef struct hints {
    const char *dir;   /* the published pages' directory */
    hint_pages *pages; /* NULL until read */
} hints;

/** hints_case_cost - csim_case_cost_fn on a hints: the cycles of the case's
 *  row on the page of the model's own MCU, else on any page with that row
 *  (rows are the same operations on every part, and only the order matters);
 *  a row given as a time counts at its page's clock.  0 for a case no page
 *  has, and when out of memory: those start after the others, in job order. */
uint64_t hints_case_cost(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t case_index);

/** hints_free - the pages read; h may be asked again. */
void hints_free(hints *h);

#endif
