/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * annotate.h - a case's profile by source line (`cyclesim annotate`,
 * docs/profile.md): the per-instruction costs of a line profile
 * (csim_profile.insns) grouped by function and DWARF source line, hottest
 * first.  The lines of a function add up to its self cost, all of them to the
 * profile total (the case's cycles + the region overhead).
 */
#ifndef CYCLESIM_ANALYSIS_ANNOTATE_H
#define CYCLESIM_ANALYSIS_ANNOTATE_H

#include <stddef.h>

#include "cyclesim/backends/dwarf.h"
#include "cyclesim/engine/sim.h"

/* One source line of one function and the instructions it compiled to. */
typedef struct csim_ann_line {
    uint32_t fn;         /* index into the profile's fns */
    const char *file;    /* "???" when DWARF does not cover the code */
    uint32_t line;       /* 0: no line (cycles between instructions: exception entry, return) */
    const char *inlined; /* the function inlined there, NULL when none */
    csim_breakdown bd;   /* the sum of its instructions' */
    csim_ms_stats ms;    /* and of the flash interface's events */
    const csim_insn_cost *const *insns; /* by address */
    size_t n_insns;
} csim_ann_line;

typedef struct csim_annotation {
    csim_ann_line *lines; /* by cycles, descending (then function, file, line) */
    size_t n_lines;
    uint64_t cycles;      /* the lines' sum */
    const csim_insn_cost **refs; /* storage of the lines' insns */
} csim_annotation;

/** csim_annotate - p's lines; `function`: only that function's (NULL: all);
 *  NULL when out of memory. */
csim_annotation *csim_annotate(const csim_profile *p, csim_lines *lines, const char *function);
void csim_annotation_free(csim_annotation *a);

#endif
