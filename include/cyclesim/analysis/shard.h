/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * shard.h - what the JSON output of a `--shard K/N` run adds (its "shard"
 * member, docs/ci.md) so that `cyclesim merge` rebuilds from the shards the
 * report one run of every case gives: each case in full, the images' case
 * tables (their order), the models and, for compare, the measured results
 * file and the extra runs.  src/output/shard_json.c writes it
 * (cyclesim/output/shard_json.h), src/analysis/shard.c reads it back.
 */
#ifndef CYCLESIM_SHARD_H
#define CYCLESIM_SHARD_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/backends/json.h"
#include "cyclesim/model/model.h"
#include "cyclesim/engine/sim.h"

#define CSIM_SHARD_VERSION 2 /* 2: the --case globs ("select"), so merge knows every case a shard must hold */

typedef struct csim_shard {
    unsigned k, n;               /* shard k of n */
    const char *const *sets;     /* the --set list, in order (a merge needs the same on every shard) */
    unsigned n_sets;
    const char *const *globs;    /* the --case globs (none: every case): with k and n, the cases it holds */
    unsigned n_globs;
    const char *const *range_keys; /* --range-keys (none: a range over every uncertain key, or no range) */
    size_t n_range_keys;
    /* compare only: */
    const char *published_sha256;         /* of the measured results file (page->source) */
    const csim_case_result *other_state;  /* the extra runs (NULL: not made), comparison cases order */
    const csim_case_result *zero_wait;
    bool state_check, baselines;
} csim_shard;

/** csim_case_in_shard - whether a case is in shard k of n (n = 0: every case
 *  is): the FNV-1a hash of its name alone modulo n equals k - 1, so that adding,
 *  removing or reordering other cases never moves it (docs/ci.md). */
bool csim_case_in_shard(const char *name, unsigned k, unsigned n);

/* The writers are the output layer's: cyclesim/output/shard_json.h. */

/** csim_shard_case_read - a case object into c; its profile (run-time
 *  helpers only, names pointing into the document) is malloc'ed when the
 *  object has "rt_helpers".  NULL, or the first member that is missing or
 *  bad ("cycles", "rt_helpers"...). */
const char *csim_shard_case_read(const csim_json *o, csim_case_result *c);
/** csim_shard_model_read - the model figures into a zeroed m. */
bool csim_shard_model_read(const csim_json *o, csim_model *m);

#endif
