/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.h - the grid of `cyclesim sweep` (docs/sweep.md): the swept keys, the
 * points (one complete model each), the runs they share and their results.
 * Built from the option values and run here (sweep.c), written by
 * src/output/sweep_report.c; the command (src/cli/cmd_sweep.c) parses the
 * options and prints.  Errors come back as a csim_err with the message.
 */
#ifndef CYCLESIM_ANALYSIS_SWEEP_H
#define CYCLESIM_ANALYSIS_SWEEP_H

#include <fnmatch.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/model/model.h"
#include "cyclesim/analysis/shard.h"

#define MAX_CLOCKS 1024
#define MAX_VALUES 64   /* values of one --latency/--cache/--prefetch/--set list */
#define MAX_DIMS 66      /* every --set (CLI_MAX_LIST), --cache and --prefetch */
#define MAX_POINTS 4096

/* One swept key and its values. */
typedef struct dim {
    const char *key;
    char *text;         /* owns the value strings */
    const char *vals[MAX_VALUES];
    unsigned n;
    bool column;        /* a column of its own (--set keys; cache and prefetch always have one) */
} dim;

typedef struct point {
    csim_model m;       /* complete: clock and latency applied */
    unsigned config;    /* everything but the clock: one chart line per (config, case) */
    int rm_min;         /* RM minimum latency at this clock; -1 above the maximum, -2 no table */
    bool outside;
    char reason[160];
    size_t run;         /* the emulator run that gives its cycles */
} point;

typedef struct grid {
    uint32_t clocks[MAX_CLOCKS];
    unsigned n_clocks;
    bool auto_latency;
    unsigned latencies[MAX_VALUES];
    unsigned n_latencies;
    dim dims[MAX_DIMS];
    unsigned n_dims;
} grid;

/* The points of a grid on one base model, and the runs that give their cycles. */
typedef struct sweep {
    point *pts;
    size_t n_pts;
    size_t n_configs;   /* points per clock: everything but the clock */
    size_t *reps;       /* per run: the point whose model it runs */
    csim_job *jobs;     /* per run; results after sweep_run */
    size_t n_runs;
} sweep;

/** sweep_grid_init - an empty grid: no clock (the model's), latency auto, no key. */
void sweep_grid_init(grid *g);
/** sweep_grid_free - the value lists the grid owns. */
void sweep_grid_free(grid *g);
/** sweep_parse_clocks - --clock LIST, each item a frequency (32M, 110MHz,
 *  4000000) or START:STOP:STEP; added to the grid's clocks. */
csim_err sweep_parse_clocks(grid *g, const char *arg, csim_diag *d);
/** sweep_parse_latencies - --latency auto|LIST (wait states). */
csim_err sweep_parse_latencies(grid *g, const char *arg, csim_diag *d);
/** sweep_add_dim - the values of one swept key, given by option `opt`;
 *  `column` for --set keys (which may not name the keys with options of their own). */
csim_err sweep_add_dim(grid *g, const char *opt, const char *key, const char *list, bool column, csim_diag *d);
/** sweep_parse_set - --set KEY=V1,V2,... (arg is split in place). */
csim_err sweep_parse_set(grid *g, char *arg, csim_diag *d);

/** sweep_plan - every point of the grid on `base` (the model's clock when the
 *  grid has none), each checked against the part (cache, prefetch) and the
 *  reference manual (outside, reason), and the runs they share: one per
 *  clock-less model, or one per point when `independent`.  Free with sweep_free. */
csim_err sweep_plan(grid *g, const csim_model *base, bool independent, sweep *s, csim_diag *d);
/** sweep_run - every run with the options `ro` (its case range), spread by `jo`. */
void sweep_run(sweep *s, const csim_elf *elf, const csim_run_opts *ro, const csim_jobs_opts *jo);
void sweep_free(sweep *s);

/* Is the case selected by the --case globs (none: every case)? */
static inline bool sweep_selected(const char *name, const char *const *globs, unsigned n, unsigned shard_k,
                                  unsigned shard_n)
{
    if (!csim_case_in_shard(name, shard_k, shard_n)) {
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        if (fnmatch(globs[i], name, 0) == 0) {
            return true;
        }
    }
    return n == 0;
}

#endif
