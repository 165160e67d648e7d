/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * selection.h - which benchmark cases of one or more images a subcommand
 * runs: those matching any --case glob (none: every case) that lie in the
 * --shard, as ranges of each image's bench_cases table, and whether two
 * images would give a measured row the same key.  Nothing here prints.
 */
#ifndef CYCLESIM_ANALYSIS_SELECTION_H
#define CYCLESIM_ANALYSIS_SELECTION_H

#include <stdint.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/common/diag.h"

/* Consecutive cases of the ELF's bench_cases table (a run's case_first/count). */
typedef struct case_range {
    uint32_t first, count;
} case_range;

/* Which cases a subcommand runs: those matching any --case glob (none:
 * every case) that lie in the --shard. */
typedef struct case_selection {
    const char *const *globs;
    unsigned n_globs;
    unsigned shard_k, shard_n; /* shard k of n (csim_case_in_shard, shard.h); 0/0: every case */
} case_selection;

/** case_table_missing - the one message of an ELF without a benchmark case
 *  table, in d; returns CSIM_ERR_ELF. */
csim_err case_table_missing(const csim_elf *elf, csim_diag *d);

/** case_ranges - the table ranges of the selected cases (globs by fnmatch),
 *  in table order; no glob and no shard: one range of every case (count 0).
 *  *out: a malloc'ed array, *n ranges (0: the shard holds no case).
 *  CSIM_ERR_ELF: globs and no case table; CSIM_ERR_USAGE: a glob matches no
 *  case. */
csim_err case_ranges(const csim_elf *elf, const case_selection *sel, case_range **out, unsigned *n, csim_diag *d);

/** case_ranges_images - case_ranges for each of several images (ranges[i],
 *  n[i]): a glob must match a case of at least one of them.  One image:
 *  exactly case_ranges.  On an error no range is left allocated. */
csim_err case_ranges_images(const csim_elf *const *elfs, unsigned n_elfs, const case_selection *sel,
                            case_range **ranges, unsigned *n, csim_diag *d);

/** case_keys_unique - CSIM_ERR_USAGE when two images have a selected case
 *  with the same key (its row, or its name without one): a measured row
 *  would meet either.  Keys repeated within one image are left to the
 *  matching, as with a single image. */
csim_err case_keys_unique(const csim_elf *const *elfs, unsigned n_elfs, case_range *const *ranges,
                          const unsigned *n_ranges, csim_diag *d);

#endif
