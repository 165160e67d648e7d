/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.h - what `cyclesim merge` computes (docs/ci.md): the JSON outputs of
 * the shards of one run or compare (--shard K/N, shard.h) read back, checked
 * to be every shard of one command on the same images, models, --set lists
 * and measured results, and joined into the results one run of every case
 * gives.  The command (src/cli/cmd_merge.c) hands them to the report writers.
 * Errors come back as a csim_err with the message (CSIM_ERR_INPUT for shards
 * that do not belong together).
 */
#ifndef CYCLESIM_ANALYSIS_MERGE_H
#define CYCLESIM_ANALYSIS_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/common/diag.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model.h"

/* One shard file. */
typedef struct merge_shard {
    const char *path;
    csim_json *doc;
    const csim_json *sh; /* its "shard" member */
    unsigned k;
} merge_shard;

#define MERGE_MAX_RANGE_KEYS CSIM_RANGE_MAX_DIMS /* --range-keys takes no more */

/* Every shard of one command. */
typedef struct merge_input {
    merge_shard *in;
    unsigned n;
    const char *command; /* "run" or "compare" */
    /* --range-keys, the same on every shard (in the first one's document; none: every uncertain key) */
    const char *range_keys[MERGE_MAX_RANGE_KEYS];
    size_t n_range_keys;
} merge_input;

/** merge_load - reads every path (up to 256 MiB each) and checks that they are
 *  the shards 1..N of one command's run with the same --set list.  Free with
 *  merge_input_free, also after an error. */
csim_err merge_load(merge_input *m, char *const *paths, unsigned n, csim_diag *d);
void merge_input_free(merge_input *m);

/* ---- run ---------------------------------------------------------------- */

/* What the shards of a run give the report: the image, then per model. */
typedef struct merged_run {
    csim_elf elf;   /* path, digest and architecture only */
    const char *rt; /* in the first shard's document */
    size_t n_models;
} merged_run;

/** merge_run_image - the image and the models of run shards, checked to be
 *  the same in every shard (start states included). */
csim_err merge_run_image(const merge_input *m, merged_run *r, csim_diag *d);
/** merge_run_model - model g of the shards: its figures, every case in table
 *  order and the totals of every shard (each counts its own start-up), and
 *  its start state.  Free the cases with merge_cases_free. */
csim_err merge_run_model(const merge_input *m, size_t g, csim_model *model, csim_run_result *res, bool *warm,
                         csim_diag *d);
/** merge_cases_free - the cases a merge read (and their profiles). */
void merge_cases_free(csim_case_result *c, size_t n);

/* ---- compare ------------------------------------------------------------ */

/* The comparison the shards of a compare give; cmp points into the rest. */
typedef struct merged_compare {
    csim_comparison cmp;
    csim_model model;
    csim_run_result res[3]; /* the model's cases; the other start state; zero wait */
    csim_elf *elfs;
    csim_cmp_image *images;
    csim_pub_table page;
} merged_compare;

/** merge_compare - the comparison of compare shards, with the measured results
 *  file `published` (NULL: the one the shards name), which must be the one
 *  they compared with (its SHA-256).  `mc` must not move until
 *  merge_compare_free, also after an error. */
csim_err merge_compare(const merge_input *m, const char *published, merged_compare *mc, csim_diag *d);
void merge_compare_free(merged_compare *mc);

/** csim_file_sha256 - the SHA-256 of a file's bytes as hex (what names the
 *  measured results file in a compare shard); CSIM_ERR_IO ("PATH: cannot read"). */
csim_err csim_file_sha256(const char *path, char hex[65], csim_diag *d);

#endif
