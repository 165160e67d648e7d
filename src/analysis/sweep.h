/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.h - the grid of `cyclesim sweep` (docs/sweep.md): the swept keys, the
 * points (one complete model each) and the runs they share.  Built by the
 * command (src/cli/cmd_sweep.c), written by src/output/sweep_report.c.
 */
#ifndef CYCLESIM_ANALYSIS_SWEEP_H
#define CYCLESIM_ANALYSIS_SWEEP_H

#include <fnmatch.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
