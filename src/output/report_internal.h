/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_internal.h - the run report's writer interface and state, for the
 * files that hold its writers (report.c: table, JSON, CSV; pivot_report.c).
 */
#ifndef CYCLESIM_OUTPUT_REPORT_INTERNAL_H
#define CYCLESIM_OUTPUT_REPORT_INTERNAL_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/output/report.h"
#include "cyclesim/output/in_force.h"
#include "cyclesim/output/shard_json.h"

/* A format's writer: begin (the document), then per model a group of
 * records (one per case) closed by group_end after a completed run (not after
 * a run that stopped), then end.  shard: it writes the shard member. */
struct run_writer {
    void (*begin)(csim_report *r);
    void (*group)(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm);
    void (*record)(csim_report *r, const csim_model *m, const csim_case_result *c, bool warm);
    void (*group_end)(csim_report *r, const csim_run_result *res);
    void (*end)(csim_report *r);
    bool shard;
};

/* A model's results as a --shard JSON output repeats them (shard.h). */
typedef struct shard_group {
    const csim_model *m;
    bool warm, complete;
    csim_run_result res; /* the cases copied without their profiles */
} shard_group;

struct csim_report {
    FILE *out;
    const struct run_writer *w;
    const csim_elf *elf;
    unsigned records;
    csim_in_force group_cfg; /* the table's: what a model block's header shows */
    char rt[32]; /* its run-time helper set (bench_rt) */
    const csim_elf *rt_alt; /* --rt-alt: the image with the other helper set, NULL: none */
    char rt_alt_set[32];    /* and that set */
    const char *const *range_keys; /* --range-keys (n_range_keys 0: every uncertain key) */
    size_t n_range_keys;
    const csim_shard *shard; /* NULL: not a shard */
    shard_group *groups;
    size_t n_groups;
    bool shard_nomem;
    csim_model *models; /* a copy of each model reported (merge reuses one), for the provenance */
    size_t n_models;
    void *state; /* the writer's own (the pivot's gathered cells), freed by its end */
};

#endif
