/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_report.h - the output of `cyclesim sweep`: the table, JSON or CSV of
 * every point and case, and the SVG chart of time against clock; with
 * --range, each case's ends and a band on the chart.
 */
#ifndef CYCLESIM_OUTPUT_SWEEP_REPORT_H
#define CYCLESIM_OUTPUT_SWEEP_REPORT_H

#include <stdio.h>

#include "analysis/sweep.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/output/formats.h"

typedef struct sweep_out {
    FILE *f;
    const csim_output_format *fmt; /* a CSIM_REPORT_SWEEP format */
    const grid *g;
    const point *pts;
    size_t n_pts, n_runs;
    const csim_job *jobs;
    const char *const *globs;
    unsigned n_globs;
    const csim_elf *elf;
    unsigned shard_k, shard_n; /* --shard K/N, 0/0 without */
    bool warm;                 /* --warm: the start state every output names */
    bool range;                /* --range: each case's low and high (csim_case_result.ranged) */
    bool interval;             /* --range over every uncertain key: the calibrated interval too */
    const char *const *range_keys; /* --range-keys: the only keys of the range (none: every uncertain key) */
    size_t n_range_keys;
    const csim_model *base;    /* the model before the grid: its provenance (the grid's values are columns) */
} sweep_out;

/** sweep_range_over - what the range is over, for a caption: "the model's
 *  uncertain keys", or "the keys K, K only (--range-keys)". */
const char *sweep_range_over(const sweep_out *o, char *buf, size_t len);

/** sweep_write_rows - the table, JSON or CSV, with its header. */
void sweep_write_rows(const sweep_out *o);

/** sweep_write_svg - the chart (one line per configuration and case); false on a write error. */
bool sweep_write_svg(const sweep_out *o, FILE *f, size_t n_configs);

#endif
